import { sql } from "drizzle-orm";
import { check, date, integer, numeric, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * The owner's monthly goals (/goals): room revenue, occupancy and ADR for one month of one
 * business. A blank goal is null; a month without a row has no goals. docs/metrics.md says how
 * the pages measure progress against them.
 */
export const businessGoals = pgTable(
  "business_goals",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The first day of the month. */
    month: date({ mode: "string" }).notNull(),
    /** Room revenue goal, cents. */
    revenue: integer(),
    /** Occupancy goal in percent, e.g. 72.50. */
    occupancy: numeric({ precision: 5, scale: 2, mode: "number" }),
    /** ADR goal, cents. */
    adr: integer(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.month] }),
    check("business_goals_month", sql`extract(day from ${t.month}) = 1`),
    check("business_goals_values", sql`(${t.revenue} is null or ${t.revenue} >= 0) and (${t.adr} is null or ${t.adr} >= 0) and (${t.occupancy} is null or (${t.occupancy} >= 0 and ${t.occupancy} <= 100))`),
  ],
);

export type BusinessGoalRow = typeof businessGoals.$inferSelect;
