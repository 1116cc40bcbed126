import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** What an administrator did to someone's sign-in (docs/decisions/0031-admin-two-factor-reset.md). */
export const SECURITY_EVENT_KINDS = ["two_factor_reset"] as const;

/**
 * The account security log: one row per change to a person's sign-in made by someone else, written
 * in the same transaction as the change. Not per business (an account's sign-in is not a
 * business's), so it lives beside the activity log rather than in it; pruned with it.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    kind: text({ enum: SECURITY_EVENT_KINDS }).notNull(),
    /** Whose sign-in changed; the e-mail below keeps the line readable after the account goes. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    userEmail: text().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorLabel: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("security_events_user_at_idx").on(t.userId, t.at), index("security_events_at_idx").on(t.at)],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;
