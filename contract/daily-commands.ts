import { z } from "zod";
import { day, timestamp } from "./primitives.ts";

/** The daily commands' answers (docs/api/daily-commands.md): doc({ response }), ADR 0022. */

export const dailyRunAnswer = z
  .object({
    uuid: z.uuid(),
    command: z.string(),
    business_uuid: z.uuid().nullable(),
    business_name: z.string().nullable(),
    day,
    attempt: z.number().int().min(1),
    outcome: z.enum(["running", "succeeded", "failed", "skipped"]),
    error: z.string().nullable(),
    started_at: timestamp,
    finished_at: timestamp.nullable(),
    duration_ms: z.number().int().nullable(),
  })
  .strict();
export type DailyRunJson = z.infer<typeof dailyRunAnswer>;

export const dailyOverviewAnswer = z
  .object({
    businesses: z.array(z.object({ uuid: z.uuid(), name: z.string() }).strict()),
    commands: z.array(z.object({ name: z.string(), cron: z.string().nullable(), scope: z.enum(["business", "global"]), last_runs: z.array(dailyRunAnswer) }).strict()),
  })
  .strict();
export type DailyOverviewJson = z.infer<typeof dailyOverviewAnswer>;

/** Run inline (web-only process): how many ran and how they ended. */
const ranAnswer = z.object({ ran: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }).strict();
/** With the job queue in this process the answer is 202 `{ queued }` (how many runs were enqueued). */
export const dailyRunNowAnswer = z.union([ranAnswer, z.object({ queued: z.number().int() }).strict()]);
