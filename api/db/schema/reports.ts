import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REWARD_KINDS } from "#domain/reports/rewards.ts";
import { businesses } from "./businesses.ts";

/**
 * Achievements a business earned from measurable outcomes (docs/api/reports.md, "Rewards"). One
 * row per kind and period, written by evaluateRewards, which may run any number of times.
 * `notified_at` stays null until a notification has been sent for it: the notification centre
 * (not built yet) reads the earned rewards still waiting for one.
 */
export const businessRewards = pgTable(
  "business_rewards",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    kind: text({ enum: REWARD_KINDS }).notNull(),
    /** `YYYY-MM` for a month's reward; `YYYY-MM-DD..YYYY-MM-DD` for a run of days. */
    period: text().notNull(),
    /** The figures that earned it, so the page can say why. */
    evidence: jsonb().$type<Record<string, number | string | null>>().notNull().default({}),
    earnedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("business_rewards_business_kind_period_idx").on(t.businessId, t.kind, t.period),
    index("business_rewards_unnotified_idx").on(t.earnedAt).where(sql`${t.notifiedAt} is null`),
    check("business_rewards_kind", sql`${t.kind} in ('goal_met', 'prices_published', 'revpar_above_last_year')`),
  ],
);
