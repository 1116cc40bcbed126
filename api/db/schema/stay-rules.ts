import { sql } from "drizzle-orm";
import { bigserial, boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * Stay rules (issue 28, docs/pricing.md "Stay rules", migration 0036): the business's gap fill
 * and mode, each category's base rules, the demand rules and the owner's overrides per night.
 * The effective rules are computed (domain/stay-rules), never stored.
 */

/** Gap fill and the brain mode of the rules (domain/brain BRAIN_MODES). */
export const stayRuleSettings = pgTable("stay_rule_settings", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  gapFill: boolean().notNull().default(true),
  gapMaxNights: integer().notNull().default(2),
  gapDiscountPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull().default(0),
  mode: text({ enum: ["off", "recommend", "autopilot"] }).notNull().default("off"),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A category's base rules (absent: no rule). */
export const stayRuleBases = pgTable("stay_rule_bases", {
  roomCategoryId: uuid()
    .primaryKey()
    .references(() => roomCategories.id, { onDelete: "cascade" }),
  businessId: uuid()
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  minStay: integer().notNull().default(1),
  weekendMinStay: integer(),
  maxStay: integer(),
  closedToArrival: integer().array().notNull().default(sql`'{}'::integer[]`),
  closedToDeparture: integer().array().notNull().default(sql`'{}'::integer[]`),
  minAdvanceDays: integer().notNull().default(0),
  maxAdvanceDays: integer(),
});

/** Demand rules (domain/stay-rules DemandRule); `source` says who made it (the owner or the brain's autopilot). */
export const stayDemandRules = pgTable(
  "stay_demand_rules",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid().references(() => roomCategories.id, { onDelete: "cascade" }),
    weekdays: integer().array().notNull().default(sql`'{}'::integer[]`),
    startsAt: date({ mode: "string" }),
    endsAt: date({ mode: "string" }),
    appliesTo: text({ enum: ["arrival", "through"] }).notNull(),
    minStay: integer().notNull(),
    relaxInsideDays: integer().notNull().default(0),
    relaxBelowOccupancyPercent: numeric({ precision: 6, scale: 2, mode: "number" }),
    relaxedMinStay: integer().notNull().default(1),
    source: text({ enum: ["owner", "recommendation", "autopilot"] }).notNull().default("owner"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stay_demand_rules_business_idx").on(t.businessId, t.createdAt), check("stay_demand_rules_dates", sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} >= ${t.startsAt}`)],
);

/** The owner's change of one night of one category; a null field is not overridden. */
export const stayRuleOverrides = pgTable(
  "stay_rule_overrides",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    minStayArrival: integer(),
    minStayThrough: integer(),
    maxStay: integer(),
    closedToArrival: boolean(),
    closedToDeparture: boolean(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomCategoryId, t.night] }), index("stay_rule_overrides_business_night_idx").on(t.businessId, t.night)],
);

/** Who wrote a stay-rule value through the brain (ADR 0050). */
export const STAY_RULE_SOURCES = ["recommendation", "autopilot", "undo"] as const;

/**
 * The minimum stays the brain applied to a night (migration 0040, ADR 0050): in the recommend and
 * autopilot modes a demand rule's or a gap's minimum takes effect only through this table.
 */
export const stayRuleBrainValues = pgTable(
  "stay_rule_brain_values",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    minStayArrival: integer(),
    minStayThrough: integer(),
    source: text({ enum: STAY_RULE_SOURCES }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomCategoryId, t.night] }), index("stay_rule_brain_values_business_night_idx").on(t.businessId, t.night)],
);

/** Every write of a brain value (null: none), oldest first; undo restores a moment from it. */
export const stayRuleChanges = pgTable(
  "stay_rule_changes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    field: text({ enum: ["min_stay_arrival", "min_stay_through"] }).notNull(),
    before: integer(),
    after: integer(),
    source: text({ enum: STAY_RULE_SOURCES }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("stay_rule_changes_category_night_idx").on(t.roomCategoryId, t.night, t.createdAt), index("stay_rule_changes_business_created_idx").on(t.businessId, t.createdAt)],
);
