import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";

/**
 * The booking engine (plan `motor`): one public page per business at /p/{slug} where guests see
 * prices and availability and book directly. Reservations it takes go through the bookings
 * service (channel `booking_engine`), so inventory and occupancy stay exact.
 */
export const bookingEngines = pgTable(
  "booking_engines",
  {
    businessId: uuid()
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Lower-case letters, digits and hyphens; unique across the product. */
    slug: text().notNull().unique(),
    /** Guests can book only while enabled (and while the business holds the motor plan). */
    enabled: boolean().notNull().default(false),
    /** One text per interface locale, e.g. `{ "pt-BR": "…", "en-US": "…" }`. */
    headline: jsonb().$type<Record<string, string>>().notNull().default({}),
    description: jsonb().$type<Record<string, string>>().notNull().default({}),
    policies: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** #rrggbb */
    accentColor: text().notNull().default("#0f766e"),
    contactEmail: text(),
    contactPhone: text(),
    /** Room categories offered; empty means all of them. */
    categoryIds: jsonb().$type<string[]>().notNull().default([]),
    minNights: integer().notNull().default(1),
    maxNights: integer().notNull().default(30),
    /** How far ahead guests may book. */
    maxAdvanceDays: integer().notNull().default(365),
    /** Shown to guests; the stay itself is counted in nights. */
    checkInTime: text().notNull().default("14:00"),
    checkOutTime: text().notNull().default("12:00"),
    /** New bookings arrive confirmed, or pending until the hotel confirms them. */
    autoConfirm: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_engines_slug", sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$'`),
    check("booking_engines_nights", sql`${t.minNights} >= 1 and ${t.maxNights} >= ${t.minNights} and ${t.maxNights} <= 90`),
    check("booking_engines_advance", sql`${t.maxAdvanceDays} between 1 and 730`),
  ],
);

/**
 * Every stay the booking engine priced for a would-be guest (one row per category shown), and
 * whether it was booked: the guests' answer to price that the revenue brain learns from
 * (domain/brain/response.ts, ADR 0064). `market` is the competitors' price of the same nights
 * scaled to the category, when competitors were known for every night; without it the quote
 * teaches the brain nothing (responseOf reads only quotes with a market).
 */
export const engineQuotes = pgTable(
  "engine_quotes",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    arrival: date({ mode: "string" }).notNull(),
    nights: integer().notNull(),
    /** The lowest total the engine showed for the stay in this category, cents. */
    price: integer().notNull(),
    market: integer(),
    quotedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the guest booked this stay from the engine. */
    bookedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("engine_quotes_business_quoted").on(t.businessId, t.quotedAt),
    check("engine_quotes_positive", sql`${t.nights} >= 1 and ${t.price} > 0 and (${t.market} is null or ${t.market} > 0)`),
  ],
);
