import { z } from "zod";
import { ACTIVITY_AREAS, MACHINE_ACTORS } from "#domain/activity/index.ts";
import { isoDate } from "#domain/validation.ts";
import { uuidString } from "./business.ts";

export const ACTIVITY_PER_PAGE = 25;

/** Someone who changes things: a person's account id, or a kind of machinery (booking engine, channel, job). */
const actorFilter = z.union([uuidString, z.enum(MACHINE_ACTORS)]);

/** GET …/activity-log: filters by person, area and dates (the business's own calendar days), paginated. */
export const activityLogQuerySchema = z
  .object({
    actor: actorFilter.optional(),
    area: z.enum(ACTIVITY_AREAS).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PER_PAGE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "activity:validation.dateOrder" });

export type ActivityLogQuery = z.output<typeof activityLogQuerySchema>;
