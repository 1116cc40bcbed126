import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";

/**
 * Distribution through Channex (docs/api/channels.md, ADR 0015): one connection per business,
 * the outbox of nights whose price or availability moved, what was last pushed per night, and
 * the booking revisions already turned into reservations.
 */

/** Until the channel mapping (pms-rates) lands: Channex's room type and rate plan per category. */
export type ChannexCategoryMapping = Record<string, { room_type_id: string; rate_plan_id: string }>;

export const channexConnections = pgTable("channex_connections", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  propertyId: text().notNull(),
  /** The user-api-key, AES-256-GCM encrypted (api/services/secrets.ts); never returned by the API. */
  apiKeyEncrypted: text().notNull(),
  mapping: jsonb().$type<ChannexCategoryMapping>().notNull().default({}),
  active: boolean().notNull().default(true),
  lastSyncAt: timestamp({ withTimezone: true }),
  lastFeedAt: timestamp({ withTimezone: true }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
  /** One pusher per business at a time across processes: whoever sets this into the future. */
  pushLeaseUntil: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Written in the same transaction as a change that moves a night's price or availability: the
 * nights `night_from..night_to` of one category (or of every category when null) must be
 * compared with what the channel has. Deleted once pushed.
 */
export const channelOutbox = pgTable(
  "channel_outbox",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid().references(() => roomCategories.id, { onDelete: "cascade" }),
    nightFrom: date({ mode: "string" }).notNull(),
    nightTo: date({ mode: "string" }).notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("channel_outbox_business_idx").on(t.businessId, t.id)],
);

/**
 * Per category, Channex rate plan and night: what the channel was last sent, and how the last
 * attempt went. `rate_plan_key` '' is the category's own row (availability and the connection's
 * one rate plan); otherwise it is the Channex rate plan of a mapped (category, rate plan) pair.
 */
export const channelAriState = pgTable(
  "channel_ari_state",
  {
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    ratePlanKey: text().notNull().default(""),
    night: date({ mode: "string" }).notNull(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Last values the channel accepted (null: never sent). */
    availability: integer(),
    rate: integer(),
    /** The stay restrictions last accepted for a pair's rate plan, as a comparable signature. */
    restrictions: text(),
    status: text({ enum: ["sent", "failed"] }).notNull(),
    error: text(),
    attempts: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.ratePlanKey, t.night] }), index("channel_ari_state_business_night_idx").on(t.businessId, t.night)],
);

/** Booking revisions from the feed already applied (idempotency by revision id). */
export const channexBookingRevisions = pgTable(
  "channex_booking_revisions",
  {
    revisionId: text().primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    bookingId: text().notNull(),
    status: text().notNull(),
    /** The reservations made for the booking's rooms, in the order of its `rooms`. */
    reservationIds: jsonb().$type<string[]>().notNull().default([]),
    overbooked: boolean().notNull().default(false),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("channex_booking_revisions_booking_idx").on(t.businessId, t.bookingId)],
);

