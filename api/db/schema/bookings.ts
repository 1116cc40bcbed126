import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";
import { ratePlans } from "./distribution.ts";
import { users } from "./users.ts";
import { RESERVATION_STATUSES } from "#domain/bookings/status.ts";

/**
 * Bookings: guests, numbered rooms, reservations with their nights, room blocks, booking quotes,
 * the per-(category, night) inventory that makes double-booking impossible, and an audit trail.
 * The rules behind them live in domain/bookings and api/services/bookings (docs/api/bookings.md).
 */


export const guests = pgTable(
  "guests",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    /** CPF, passport number… as the guest gave it. */
    document: text(),
    /** ISO 3166-1 alpha-2. */
    country: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("guests_business_idx").on(t.businessId)],
);

/** A numbered unit (101, 102…) of a room category. The category's room_count is what is sold. */
export const rooms = pgTable(
  "rooms",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    number: text().notNull(),
    floor: text(),
    notes: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rooms_category_idx").on(t.categoryId), uniqueIndex("rooms_business_number_idx").on(t.businessId, sql`lower(${t.number})`)],
);

export const reservations = pgTable(
  "reservations",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Short code the hotel reads on the phone, unique per business. */
    code: text().notNull(),
    status: text({ enum: RESERVATION_STATUSES }).notNull().default("confirmed"),
    /** First night. */
    arrival: date({ mode: "string" }).notNull(),
    /** The morning the guest leaves: not a night of the stay. */
    departure: date({ mode: "string" }).notNull(),
    // A category with reservations cannot be deleted: the history would lose its meaning.
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "restrict" }),
    roomId: uuid().references(() => rooms.id, { onDelete: "set null" }),
    guestId: uuid()
      .notNull()
      .references(() => guests.id, { onDelete: "restrict" }),
    adults: integer().notNull().default(1),
    children: integer().notNull().default(0),
    /** Average rate per night in cents; the nights hold each night's rate. */
    ratePerNight: integer().notNull(),
    /** The owner typed the rate instead of taking the engine's. */
    rateOverridden: boolean().notNull().default(false),
    total: integer().notNull(),
    currency: text().notNull().default("BRL"),
    /** direct, booking_com, airbnb, expedia, phone, walk_in, other. */
    channel: text().notNull().default("direct"),
    /** The rate plan sold (booking engine, or a channel's Channex rate plan mapped to ours); null: the engine's price. */
    ratePlanId: uuid().references(() => ratePlans.id, { onDelete: "set null" }),
    notes: text(),
    /** A channel sold a night that was already full: accepted (the guest paid the channel) and flagged. */
    overbooked: boolean().notNull().default(false),
    quoteId: uuid(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancellationReason: text(),
    checkedInAt: timestamp({ withTimezone: true }),
    checkedOutAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reservations_business_code_idx").on(t.businessId, t.code),
    index("reservations_business_arrival_idx").on(t.businessId, t.arrival),
    index("reservations_business_departure_idx").on(t.businessId, t.departure),
    index("reservations_guest_idx").on(t.guestId),
    // Pickup (docs/metrics.md) reads the reservations made or cancelled in the last days.
    index("reservations_business_created_idx").on(t.businessId, t.createdAt),
    index("reservations_business_cancelled_idx").on(t.businessId, t.cancelledAt),
    check("reservations_dates", sql`${t.departure} > ${t.arrival}`),
    check("reservations_guests", sql`${t.adults} >= 1 and ${t.children} >= 0`),
    check("reservations_money", sql`${t.ratePerNight} >= 0 and ${t.total} >= 0`),
  ],
);

/**
 * One row per night of a reservation, with its rate. `holds` is true while the reservation
 * takes a room that night (pending, confirmed, checked in, checked out); a room can be held by
 * one reservation per night, which the partial unique index guarantees.
 */
export const reservationNights = pgTable(
  "reservation_nights",
  {
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    businessId: uuid().notNull(),
    categoryId: uuid().notNull(),
    roomId: uuid(),
    rate: integer().notNull(),
    holds: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.night] }),
    index("reservation_nights_business_night_idx").on(t.businessId, t.night),
    uniqueIndex("reservation_nights_room_night_idx").on(t.roomId, t.night).where(sql`${t.holds} and ${t.roomId} is not null`),
  ],
);

/**
 * Every state a reservation had, from the time it became true (migration 0031,
 * docs/decisions/0041-reservation-versions-by-trigger.md): what the books held on any past day
 * (api/services/metrics/books-as-of.ts). Written only by the database's triggers on reservations
 * and reservation_nights, never by the application, so no path can forget it; a version lasts until
 * the next one's `valid_from`.
 */
export const reservationVersions = pgTable(
  "reservation_versions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reservationId: uuid()
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: RESERVATION_STATUSES }).notNull(),
    arrival: date({ mode: "string" }).notNull(),
    departure: date({ mode: "string" }).notNull(),
    /** No foreign key: a category may be deleted once no reservation is in it any more, its past stays remain. */
    categoryId: uuid().notNull(),
    total: integer().notNull(),
    /** Each night's rate from the arrival on, in cents (empty while the nights are not written). */
    nightRates: integer().array().notNull(),
    /** The transaction that wrote it: a later statement of the same one rewrites it. */
    writtenTx: bigint({ mode: "number" }).notNull(),
  },
  (t) => [index("reservation_versions_reservation_idx").on(t.reservationId, t.validFrom), index("reservation_versions_business_departure_idx").on(t.businessId, t.departure)],
);

/**
 * Every room count a category had, from the time it became true (migration 0042,
 * docs/decisions/0053-capacity-versions-by-trigger.md); written only by the triggers on
 * room_categories. The first one also stands for the days before it (a hotel's history is older
 * than its categories in Tarifa).
 */
export const roomCountVersions = pgTable(
  "room_count_versions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    roomCount: integer().notNull(),
  },
  (t) => [index("room_count_versions_business_idx").on(t.businessId, t.categoryId, t.validFrom)],
);

/** Every state a room block had, `valid_from` until `valid_to` (null: in force); written only by the triggers on room_blocks (migration 0042). */
export const roomBlockVersions = pgTable(
  "room_block_versions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: a deleted block's past states remain. */
    blockId: uuid().notNull(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    startsAt: date({ mode: "string" }).notNull(),
    endsAt: date({ mode: "string" }).notNull(),
    count: integer().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validTo: timestamp({ withTimezone: true }),
  },
  (t) => [index("room_block_versions_business_idx").on(t.businessId, t.endsAt), index("room_block_versions_block_idx").on(t.blockId).where(sql`${t.validTo} is null`)],
);

/**
 * The inventory of one category on one night: what is sold and blocked. Every booking write
 * locks the rows of its nights (SELECT … FOR UPDATE, in (category, night) order) and checks
 * sold + blocked against the category's rooms before it changes them, so two requests for the
 * last room are serialised by PostgreSQL itself. A missing row means nothing sold or blocked.
 */
export const inventoryNights = pgTable(
  "inventory_nights",
  {
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    businessId: uuid().notNull(),
    sold: integer().notNull().default(0),
    blocked: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.night] }),
    index("inventory_nights_business_night_idx").on(t.businessId, t.night),
    check("inventory_nights_non_negative", sql`${t.sold} >= 0 and ${t.blocked} >= 0`),
  ],
);

/** Rooms taken out of sale: one numbered room, or a count of a category's rooms. Nights inclusive. */
export const roomBlocks = pgTable(
  "room_blocks",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    roomId: uuid().references(() => rooms.id, { onDelete: "cascade" }),
    /** Rooms blocked: 1 when a room is named. */
    count: integer().notNull().default(1),
    /** First blocked night. */
    startsAt: date({ mode: "string" }).notNull(),
    /** Last blocked night (inclusive). */
    endsAt: date({ mode: "string" }).notNull(),
    /** maintenance, owner_use, renovation, other. */
    reason: text().notNull().default("maintenance"),
    notes: text(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("room_blocks_business_idx").on(t.businessId, t.startsAt),
    check("room_blocks_dates", sql`${t.endsAt} >= ${t.startsAt}`),
    check("room_blocks_count", sql`${t.count} >= 1`),
  ],
);

export interface QuoteNight {
  date: string;
  rate: number;
  season: string | null;
  level: string | null;
}

/** A priced offer for dates and guests, viewable at /booking-quote/{id} and convertible into a reservation. */
export const bookingQuotes = pgTable(
  "booking_quotes",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    arrival: date({ mode: "string" }).notNull(),
    departure: date({ mode: "string" }).notNull(),
    adults: integer().notNull(),
    children: integer().notNull().default(0),
    guestName: text(),
    guestEmail: text(),
    guestPhone: text(),
    nights: jsonb().$type<QuoteNight[]>().notNull(),
    total: integer().notNull(),
    currency: text().notNull(),
    notes: text(),
    validUntil: date({ mode: "string" }).notNull(),
    /** open, converted. (Expiry is read from valid_until.) */
    status: text({ enum: ["open", "converted"] }).notNull().default("open"),
    reservationId: uuid().references(() => reservations.id, { onDelete: "set null" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_quotes_business_idx").on(t.businessId, t.createdAt), check("booking_quotes_dates", sql`${t.departure} > ${t.arrival}`)],
);

/** Who changed what and when, for reservations, blocks, rooms and quotes. Append-only. */
export const bookingAudit = pgTable(
  "booking_audit",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    entity: text({ enum: ["reservation", "room_block", "room", "booking_quote"] }).notNull(),
    entityId: uuid().notNull(),
    /** created, updated, cancelled, checked_in, checked_out, no_show, deleted, converted. */
    action: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** `{ field: { from, to } }` for updates, the created values for creations. */
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("booking_audit_entity_idx").on(t.entityId, t.at), index("booking_audit_business_idx").on(t.businessId, t.at)],
);

export type GuestRow = typeof guests.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationVersionRow = typeof reservationVersions.$inferSelect;
export type RoomBlockRow = typeof roomBlocks.$inferSelect;
export type BookingQuoteRow = typeof bookingQuotes.$inferSelect;
export type BookingAuditRow = typeof bookingAudit.$inferSelect;
