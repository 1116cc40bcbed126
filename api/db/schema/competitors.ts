import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * Competitors and the rates they ask (rate shopper, feature `competitors`; market analysis, plan
 * `competitorAnalysis`). A competitor belongs to one business's competitive set; its rates are one
 * row per stay date: the latest observation wins, and `capturedAt` says when it was seen.
 */
export const competitors = pgTable(
  "competitors",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Where the owner checks its prices (its site or an OTA page). */
    url: text(),
    /** 1–5, when known. */
    stars: integer(),
    distanceKm: numeric({ precision: 6, scale: 2 }),
    /** The room the rates refer to, e.g. "Duplo standard". */
    roomLabel: text(),
    notes: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("competitors_business_name_idx").on(t.businessId, sql`lower(${t.name})`),
    check("competitors_stars", sql`${t.stars} is null or ${t.stars} between 1 and 5`),
    check("competitors_distance", sql`${t.distanceKm} is null or ${t.distanceKm} >= 0`),
  ],
);

export const competitorRates = pgTable(
  "competitor_rates",
  {
    id: uuid().primaryKey().defaultRandom(),
    competitorId: uuid()
      .notNull()
      .references(() => competitors.id, { onDelete: "cascade" }),
    /** Denormalised from the competitor, for the market queries over a date range. */
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    stayDate: date({ mode: "string" }).notNull(),
    /** Cents per night; null when the competitor was seen sold out that night. */
    rate: integer(),
    currency: text().notNull().default("BRL"),
    /** manual, csv, seed. */
    source: text().notNull().default("manual"),
    capturedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    capturedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("competitor_rates_competitor_date_idx").on(t.competitorId, t.stayDate),
    index("competitor_rates_business_date_idx").on(t.businessId, t.stayDate),
    check("competitor_rates_rate", sql`${t.rate} is null or ${t.rate} > 0`),
  ],
);
