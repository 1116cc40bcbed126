import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businesses, roomCategories, type Translated } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * The tariff configuration of a business (spec section 3, issue 5; the model is docs/pricing.md).
 * Money is integer cents; percentages are numeric(7,2) read as numbers; nights are `date`
 * columns read as `YYYY-MM-DD` strings in the business's time zone.
 */

/** Occupancy bands ("fluctuation levels"); a business's bands partition 0–100 %. */
export const fluctuationLevels = pgTable(
  "fluctuation_levels",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    level: integer().notNull(),
    name: text().notNull(),
    roomCount: integer(),
    fromPercentage: numeric({ precision: 5, scale: 2, mode: "number" }).notNull(),
    toPercentage: numeric({ precision: 5, scale: 2, mode: "number" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fluctuation_levels_business_level_idx").on(t.businessId, t.level),
    check("fluctuation_levels_range", sql`${t.fromPercentage} >= 0 and ${t.toPercentage} <= 100 and ${t.fromPercentage} < ${t.toPercentage}`),
  ],
);

/** Seasons; exactly one per business is the reference (enforced here for "at most one", by the API for "at least one"). */
export const seasonalities = pgTable(
  "seasonalities",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** `#RRGGBB` */
    color: text().notNull(),
    /** The reference category's price in this season, cents. */
    rate: integer().notNull(),
    isReference: boolean().notNull().default(false),
    /** Season floor and ceiling (cents), overriding the categories' own. */
    minPrice: integer(),
    maxPrice: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("seasonalities_business_idx").on(t.businessId),
    uniqueIndex("seasonalities_one_reference_idx").on(t.businessId).where(sql`${t.isReference}`),
    check("seasonalities_rate_positive", sql`${t.rate} > 0`),
  ],
);

/** A season's date rules: inclusive range and weekdays (0 = Sunday … 6 = Saturday). */
export const seasonalityDates = pgTable(
  "seasonality_dates",
  {
    id: uuid().primaryKey().defaultRandom(),
    seasonalityId: uuid()
      .notNull()
      .references(() => seasonalities.id, { onDelete: "cascade" }),
    startsAt: date({ mode: "string" }).notNull(),
    endsAt: date({ mode: "string" }).notNull(),
    daysOfWeek: integer().array().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index("seasonality_dates_season_idx").on(t.seasonalityId), check("seasonality_dates_order", sql`${t.startsAt} <= ${t.endsAt}`)],
);

/** How a season's rate moves in one occupancy band. */
export const seasonalityLevelVariations = pgTable(
  "seasonality_level_variations",
  {
    id: uuid().primaryKey().defaultRandom(),
    seasonalityId: uuid()
      .notNull()
      .references(() => seasonalities.id, { onDelete: "cascade" }),
    fluctuationLevelId: uuid()
      .notNull()
      .references(() => fluctuationLevels.id, { onDelete: "cascade" }),
    /** `value`: cents; `percentage`: percent. */
    priceVariationType: text({ enum: ["value", "percentage"] }).notNull().default("percentage"),
    priceVariation: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
  },
  (t) => [uniqueIndex("seasonality_level_variations_pair_idx").on(t.seasonalityId, t.fluctuationLevelId)],
);

/** Guest-count rules and the manual-price switch, one row per business. */
export const occupancyPricing = pgTable("occupancy_pricing", {
  id: uuid().primaryKey().defaultRandom(),
  businessId: uuid()
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: "cascade" }),
  priceVariationType: text({ enum: ["value", "percentage"] }).notNull().default("value"),
  applySingleRate: boolean().notNull().default(false),
  singleRateVariation: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
  priceIncreasePerPerson: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
  referenceOccupation: integer().notNull().default(2),
  manualPricesEnabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Days-to-arrival bands (last-minute discounts, early-bird extras). */
export const leadTimeBands = pgTable(
  "lead_time_bands",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    fromDays: integer().notNull(),
    /** null = open-ended */
    toDays: integer(),
    percentage: numeric({ precision: 7, scale: 2, mode: "number" }).notNull(),
    maxOccupancy: numeric({ precision: 5, scale: 2, mode: "number" }),
    position: integer().notNull().default(0),
  },
  (t) => [index("lead_time_bands_business_idx").on(t.businessId)],
);

/** A price the owner typed for one night and category. */
export const manualPrices = pgTable(
  "manual_prices",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    price: integer().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomCategoryId, t.date] }),
    index("manual_prices_business_date_idx").on(t.businessId, t.date),
    check("manual_prices_price", sql`${t.price} >= 0`),
  ],
);

/** The rate the owner last published (sent to their channels) per night and category: days to update differ from it. */
export const publishedRates = pgTable(
  "published_rates",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    rate: integer().notNull(),
    publishedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomCategoryId, t.date] }), index("published_rates_business_date_idx").on(t.businessId, t.date)],
);

/**
 * The last computed rate and occupancy per night and category, so a recomputation can tell
 * what changed and append it to the occupation log.
 */
export const rateSnapshots = pgTable(
  "rate_snapshots",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    roomCategoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    rate: integer().notNull(),
    occupancy: numeric({ precision: 5, scale: 2, mode: "number" }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomCategoryId, t.date] }), index("rate_snapshots_business_date_idx").on(t.businessId, t.date)],
);

/** Append-only history of a night's occupancy (category null) and recommended rate (per category). */
export const occupationLogs = pgTable(
  "occupation_logs",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    /** `occupancy` (percent) or `rate` (cents). */
    kind: text({ enum: ["occupancy", "rate"] }).notNull(),
    roomCategoryId: uuid().references(() => roomCategories.id, { onDelete: "set null" }),
    /** Kept so the log still reads after a category is deleted. */
    roomCategoryName: text(),
    fromValue: numeric({ precision: 12, scale: 2, mode: "number" }),
    toValue: numeric({ precision: 12, scale: 2, mode: "number" }),
    /** What triggered it: settings, manual_price, booking. */
    reason: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("occupation_logs_business_date_idx").on(t.businessId, t.date), index("occupation_logs_business_created_idx").on(t.businessId, t.createdAt)],
);

/** National (state null) and regional holidays; names per locale. */
export const holidays = pgTable(
  "holidays",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text().notNull(),
    /** Subdivision code (e.g. SP), upper case; null for a national holiday. */
    state: text(),
    date: date({ mode: "string" }).notNull(),
    name: jsonb().$type<Translated>().notNull(),
    /** `package` (date-holidays), `csv` or `manual`. */
    source: text().notNull().default("manual"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("holidays_place_date_idx").on(t.country, sql`coalesce(${t.state}, '')`, t.date),
    index("holidays_country_date_idx").on(t.country, t.date),
  ],
);
