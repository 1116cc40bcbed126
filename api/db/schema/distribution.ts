import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";
import { CANCELLATION_SOURCES, GUARANTEES, MEAL_PLANS, RATE_PLAN_KINDS, SALES_CHANNEL_CONNECTIONS } from "#domain/distribution/constants.ts";

/**
 * Distribution: where the hotel sells (sales channels), what it sells (rate plans derived from the
 * engine's price), how our categories and plans are known on each channel (mappings), and the
 * house rules guests see (hotel policies). Shared contract with the channels and reports helpers:
 * docs/api/distribution.md.
 */

/** A place a reservation comes from. `code` is the same text as `reservations.channel`. */
export const salesChannels = pgTable(
  "sales_channels",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    code: text().notNull(),
    name: text().notNull(),
    /** Percent the channel keeps, e.g. 15.00; a reservation's commission comes from here when its code has a row. */
    commission: numeric({ precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    /** Percent added to every rate pushed to the channel (to recover its commission). */
    markup: numeric({ precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    active: boolean().notNull().default(true),
    connection: text({ enum: SALES_CHANNEL_CONNECTIONS }).notNull().default("none"),
    /** The hotel's id on the channel (e.g. Booking.com hotel id), when connected. */
    externalPropertyId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sales_channels_business_code_idx").on(t.businessId, t.code),
    check("sales_channels_commission", sql`${t.commission} >= 0 and ${t.commission} <= 100`),
    check("sales_channels_markup", sql`${t.markup} >= 0 and ${t.markup} <= 100`),
  ],
);

/**
 * A way of selling a room: the engine's nightly price plus one rule (`kind`):
 * standard (the price itself), percent (± `adjustment_percent`), per_guest (+ `amount_per_guest`
 * cents per guest per night), long_stay (`adjustment_percent` from `long_stay_min_nights` nights).
 * The arithmetic lives in domain/pricing/rate-plans.ts.
 */
export const ratePlans = pgTable(
  "rate_plans",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    code: text().notNull(),
    kind: text({ enum: RATE_PLAN_KINDS }).notNull().default("standard"),
    /** Percent, negative for a discount (−10 = 10 % off); for percent and long_stay. */
    adjustmentPercent: numeric({ precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    /** Cents per guest per night; for per_guest. */
    amountPerGuest: integer().notNull().default(0),
    /** Nights from which a long_stay plan applies. */
    longStayMinNights: integer(),
    mealPlan: text({ enum: MEAL_PLANS }).notNull().default("room_only"),
    /** `hotel`: the hotel policies' cancellation rule; `custom`: `cancellation_text`. */
    cancellationSource: text({ enum: CANCELLATION_SOURCES }).notNull().default("hotel"),
    cancellationText: text(),
    minStay: integer(),
    maxStay: integer(),
    /** Weekdays (0 = Sunday … 6 = Saturday) on which a stay may not start / end. */
    closedToArrival: integer().array().notNull().default(sql`'{}'::integer[]`),
    closedToDeparture: integer().array().notNull().default(sql`'{}'::integer[]`),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rate_plans_business_code_idx").on(t.businessId, t.code),
    index("rate_plans_business_idx").on(t.businessId),
    check("rate_plans_adjustment", sql`${t.adjustmentPercent} >= -100 and ${t.adjustmentPercent} <= 500`),
    check("rate_plans_amount_per_guest", sql`${t.amountPerGuest} >= -100000000 and ${t.amountPerGuest} <= 100000000`),
    check("rate_plans_stay", sql`(${t.minStay} is null or ${t.minStay} >= 1) and (${t.maxStay} is null or ${t.maxStay} >= coalesce(${t.minStay}, 1))`),
    check("rate_plans_long_stay", sql`${t.longStayMinNights} is null or ${t.longStayMinNights} >= 2`),
  ],
);

/**
 * How a room category (room type) or a rate plan of ours is known on a sales channel. A row names
 * a category, a plan, or both: a (category, plan) pair is the channel's rate plan for that plan in
 * that room type (Channex rate plans belong to one room type; ADR 0015). `excluded` says
 * "deliberately not sold there" instead of an external id.
 */
export const channelMappings = pgTable(
  "channel_mappings",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    salesChannelId: uuid()
      .notNull()
      .references(() => salesChannels.id, { onDelete: "cascade" }),
    categoryId: uuid().references(() => roomCategories.id, { onDelete: "cascade" }),
    ratePlanId: uuid().references(() => ratePlans.id, { onDelete: "cascade" }),
    externalId: text(),
    excluded: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("channel_mappings_channel_idx").on(t.salesChannelId),
    uniqueIndex("channel_mappings_channel_category_idx").on(t.salesChannelId, t.categoryId).where(sql`${t.categoryId} is not null and ${t.ratePlanId} is null`),
    uniqueIndex("channel_mappings_channel_plan_idx").on(t.salesChannelId, t.ratePlanId).where(sql`${t.ratePlanId} is not null and ${t.categoryId} is null`),
    uniqueIndex("channel_mappings_channel_pair_idx").on(t.salesChannelId, t.categoryId, t.ratePlanId).where(sql`${t.categoryId} is not null and ${t.ratePlanId} is not null`),
    check("channel_mappings_target", sql`${t.categoryId} is not null or ${t.ratePlanId} is not null`),
    check("channel_mappings_external", sql`${t.excluded} or ${t.externalId} is not null`),
  ],
);

/** The house rules of a business, one row per business; shown on the booking page and in e-mails. */
export const hotelPolicies = pgTable(
  "hotel_policies",
  {
    businessId: uuid()
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** `HH:MM` in the business time zone. */
    checkInFrom: text().notNull().default("14:00"),
    checkInUntil: text(),
    checkOutUntil: text().notNull().default("12:00"),
    /** Days before arrival until which cancelling costs nothing; null = no free cancellation. */
    freeCancellationDays: integer(),
    cancellationPolicy: text(),
    noShowPolicy: text(),
    guarantee: text({ enum: GUARANTEES }).notNull().default("none"),
    /** Percent of the total asked at booking when `guarantee` is deposit. */
    depositPercent: numeric({ precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    childrenAllowed: boolean().notNull().default(true),
    childrenPolicy: text(),
    petsAllowed: boolean().notNull().default(false),
    petsPolicy: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("hotel_policies_deposit", sql`${t.depositPercent} >= 0 and ${t.depositPercent} <= 100`),
    check("hotel_policies_free_cancellation", sql`${t.freeCancellationDays} is null or ${t.freeCancellationDays} >= 0`),
  ],
);
