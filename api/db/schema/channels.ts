import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";

/**
 * Distribution through Channex (docs/api/channels.md, ADR 0015): one connection per business,
 * the outbox of nights whose price or availability moved, what was last pushed per night, and
 * the booking revisions already turned into reservations.
 */

/** Until the channel mapping (pms-rates) lands: Channex's room type and rate plan per category. */
export type ChannexCategoryMapping = Record<string, { room_type_id: string; rate_plan_id: string }>;

/** Per Channex rate plan id: how it is sold (per_room / per_person, with its occupancies) and its currency. */
export type ChannexRatePlanInfo = Record<string, { sellMode: "per_room" | "per_person"; occupancies: number[]; currency: string | null }>;

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
  /**
   * What Channex says of the rate plans we feed (read when connecting and when a mapping is saved):
   * per-person plans and the occupancies they are priced for, and each plan's currency.
   */
  ratePlanInfo: jsonb().$type<ChannexRatePlanInfo>().notNull().default({}),
  /** The property's `settings.min_stay_type` read at connection: which min-stay field each value carries. */
  minStayType: text({ enum: ["arrival", "through", "both"] }).notNull().default("both"),
  /** Channex's rate limit: no ARI call before this (the last call + the spacing, or a 429's pause). */
  nextPushAt: timestamp({ withTimezone: true }),
  /** A push job is queued for `nextPushAt` (one at a time, so a backlog does not multiply jobs). */
  pushScheduledAt: timestamp({ withTimezone: true }),
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
    /**
     * Channex refused these very values (a warning of a 200 answer): the row holds what was
     * refused, so the same values are not sent again until something changes them.
     */
    rejected: boolean().notNull().default(false),
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
    /**
     * Why the revision could not be placed (unmapped_room, unknown_rate_plan, currency, invalid):
     * kept as a reservation needing attention, with what the guest booked; null when placed.
     */
    attention: text({ enum: ["unmapped_room", "unknown_rate_plan", "currency", "invalid"] }),
    /** What the channel sent, for a revision needing attention (and a record of every one). */
    guestName: text(),
    otaName: text(),
    otaReservationCode: text(),
    arrival: date({ mode: "string" }),
    departure: date({ mode: "string" }),
    /** Channex's decimal string and its currency, as received. */
    amount: text(),
    currency: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("channex_booking_revisions_booking_idx").on(t.businessId, t.bookingId), index("channex_booking_revisions_attention_idx").on(t.businessId).where(sql`attention is not null and resolved_at is null`)],
);

