import { date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";

/**
 * The Mews connector (issue 25 point 3, ADR 0049): one connection per business that chose Mews
 * as its PMS. The hotel's AccessToken stays sealed in `businesses.pms_credentials`; this row holds
 * what the sync learnt from Mews and how far its pull by update time has come.
 */
export const mewsConnections = pgTable("mews_connections", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  enterpriseId: text(),
  /** The bookable service (accommodation) whose reservations, categories and rates are read. */
  serviceId: text(),
  /** The enterprise's `TimeZoneIdentifier`: Mews times (UTC) become the hotel's dates in it. */
  timeZone: text(),
  /** The enterprise's `Pricing` (Gross or Net): which value of an amount is the revenue. */
  pricing: text(),
  /** Mews resource category id → Tarifa room category id (matched by name). */
  categoryMap: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** The root rate Tarifa's prices are pushed to (rates/updatePrice). */
  rateId: text(),
  /** Every reservation updated before this instant has been read; the next pull asks from here. */
  syncedThrough: timestamp({ withTimezone: true }),
  lastSyncAt: timestamp({ withTimezone: true }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The price Mews last accepted per category and night: only a different one is sent again. */
export const mewsPushedPrices = pgTable(
  "mews_pushed_prices",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    rate: integer().notNull(),
  },
  (t) => [primaryKey({ name: "mews_pushed_prices_pk", columns: [t.businessId, t.categoryId, t.night] })],
);
