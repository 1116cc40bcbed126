import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS, ACTOR_KINDS, type FieldChange } from "#domain/activity/index.ts";
import { businesses } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * The business activity log: who changed what and when, one row per change, written in the
 * same transaction as the change (docs/decisions/0025-activity-log.md, docs/api/activity-log.md).
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // clock_timestamp(), not now(): lines written in one transaction keep their order.
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorKind: text({ enum: ACTOR_KINDS }).notNull(),
    /** Set when a person made the change; kept as the name below when the account is deleted. */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The person's name at the time, or the channel / job that acted. */
    actorLabel: text(),
    area: text({ enum: ACTIVITY_AREAS }).notNull(),
    action: text({ enum: ACTIVITY_ACTIONS }).notNull(),
    entityId: text(),
    /** What the reader recognises the record by: a season's title, a guest's name, a category. */
    entityLabel: text(),
    changes: jsonb().$type<FieldChange[]>().notNull().default([]),
  },
  (t) => [
    index("activity_log_business_at_idx").on(t.businessId, t.at),
    index("activity_log_business_area_idx").on(t.businessId, t.area, t.at),
    index("activity_log_business_actor_idx").on(t.businessId, t.actorUserId, t.at),
    // The daily prune deletes by age across every business (migration 0026).
    index("activity_log_at_idx").on(t.at),
  ],
);

export type ActivityLogRow = typeof activityLog.$inferSelect;
