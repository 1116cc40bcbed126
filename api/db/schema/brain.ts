import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";
import { users } from "./users.ts";
import type { ResponseFit } from "#domain/brain/response.ts";

/**
 * The revenue brain (issue 27, docs/pricing.md "The revenue brain", migration 0035): its settings
 * per business and mode per category, the owner's events, the current recommendation of each
 * night × category × field, and the history of every manual price written, which undo reads.
 */

/** The business's guardrails and default mode (domain/brain/types.ts Guardrails). */
export const brainSettings = pgTable("brain_settings", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  /** `off`, `recommend` or `autopilot`: the mode of a category without its own. */
  mode: text({ enum: ["off", "recommend", "autopilot"] }).notNull().default("off"),
  maxDailyChangePercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  maxWeeklyChangePercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  freezeDays: integer().notNull(),
  maxIntervalPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  maxMovePerBookingPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  targetOccupancyPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  demandSensitivity: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  marketWeightPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  holidayEffectPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A category's own mode (absent: the business's). */
export const brainCategoryModes = pgTable("brain_category_modes", {
  roomCategoryId: uuid()
    .primaryKey()
    .references(() => roomCategories.id, { onDelete: "cascade" }),
  businessId: uuid()
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  mode: text({ enum: ["off", "recommend", "autopilot"] }).notNull(),
});

/** Events the owner expects to move demand. */
export const brainEvents = pgTable(
  "brain_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    startsAt: date({ mode: "string" }).notNull(),
    endsAt: date({ mode: "string" }).notNull(),
    effectPercent: numeric({ precision: 6, scale: 2, mode: "number" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("brain_events_business_idx").on(t.businessId, t.startsAt), check("brain_events_dates", sql`${t.endsAt} >= ${t.startsAt}`)],
);

/** The latest recommendation of a night × category × field; `pending` ones wait for the owner. */
export const brainRecommendations = pgTable(
  "brain_recommendations",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    field: text({ enum: ["price", "min_stay_arrival", "min_stay_through"] }).notNull(),
    current: integer().notNull(),
    value: integer().notNull(),
    /** `pending`, `accepted`, `rejected` or `applied` (by the autopilot). */
    status: text({ enum: ["pending", "accepted", "rejected", "applied"] }).notNull(),
    reasons: jsonb().notNull(),
    effect: jsonb().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.roomCategoryId, t.night, t.field] }), index("brain_recommendations_business_night_idx").on(t.businessId, t.night)],
);

/** Every write of a night's manual price (null: none), oldest first; undo restores a moment from it. */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    before: integer(),
    after: integer(),
    /** `owner` (a person typed it), `recommendation` (accepted), `autopilot` or `undo`. */
    source: text({ enum: ["owner", "recommendation", "autopilot", "undo"] }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("price_changes_category_night_idx").on(t.roomCategoryId, t.night, t.createdAt), index("price_changes_business_created_idx").on(t.businessId, t.createdAt)],
);

/**
 * The guests' answer to price learnt from the booking engine's quotes (domain/brain/response.ts,
 * ADR 0064), once a day per business: the first recomputation of a day fits it and keeps it here,
 * the others read it (a year of quotes takes a few hundred milliseconds to fit). `fit` null: the
 * quotes did not teach one that day.
 */
export const priceResponses = pgTable("price_responses", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  /** The business's day it was fitted on. */
  asOf: date({ mode: "string" }).notNull(),
  fit: jsonb().$type<ResponseFit | null>(),
});
