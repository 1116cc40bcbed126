import { z } from "zod";
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS, ACTOR_KINDS } from "#domain/activity/index.ts";
import { timestamp } from "./primitives.ts";

/** The activity log's answers (docs/api/activity-log.md). */

/** One line of the log as the API answers it (doc({ response }), ADR 0022). */
export const activityAnswer = z
  .object({
    uuid: z.uuid(),
    at: timestamp,
    actor: z.object({ kind: z.enum(ACTOR_KINDS), user_uuid: z.uuid().nullable(), name: z.string().nullable() }).strict(),
    area: z.enum(ACTIVITY_AREAS),
    action: z.enum(ACTIVITY_ACTIONS),
    entity: z.object({ uuid: z.string().nullable(), label: z.string().nullable() }).strict(),
    changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }).strict()),
  })
  .strict();

/** A page of the log, the people in it (for the filter) and the page numbers. */
export const activityPageAnswer = z
  .object({
    data: z.array(activityAnswer),
    people: z.array(z.object({ uuid: z.uuid(), name: z.string() }).strict()),
    pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), pages: z.number().int().min(1) }).strict(),
  })
  .strict();

/** GET /businesses/{id}/activity-log: a page, with the business's time zone and currency to show it in. */
export const activityLogAnswer = activityPageAnswer.extend({ timezone: z.string(), currency: z.string() }).strict();
export type ActivityLogJson = z.infer<typeof activityLogAnswer>;
