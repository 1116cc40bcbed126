import { z } from "zod";
import { RESERVATION_ACTIONS, RESERVATION_STATUSES } from "#domain/bookings/status.ts";
import { BLOCK_REASONS } from "#domain/schemas/bookings.ts";
import { countryCode, currency, envelope, day, timestamp, maybeNamedRef, namedRef, paginated, uuid } from "./primitives.ts";

/**
 * The JSON answers of reservations, booking quotes, rooms and room blocks (doc({ response }),
 * ADR 0022). The serializers beside this file return `z.infer` of these, so a field added to one
 * and not here fails the typecheck, and an answer that drifts fails the API suite's contract check.
 */

export const roomAnswer = z
  .object({
    uuid,
    number: z.string(),
    room_category_uuid: uuid,
    room_category: namedRef,
    floor: z.string().nullable(),
    notes: z.string().nullable(),
    active: z.boolean(),
  })
  .strict();
export type RoomJson = z.infer<typeof roomAnswer>;

/** A room named by its number (null only if the room vanished between two reads). */
const roomRef = z.object({ uuid, number: z.string().nullable() }).strict();

export const roomBlockAnswer = z
  .object({
    uuid,
    room_category_uuid: uuid,
    room_category: namedRef,
    room_uuid: uuid.nullable(),
    room: roomRef.nullable(),
    count: z.int().min(1),
    starts_at: day,
    ends_at: day,
    nights: z.int().min(0),
    reason: z.enum(BLOCK_REASONS),
    notes: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export type RoomBlockJson = z.infer<typeof roomBlockAnswer>;

export const guestAnswer = z
  .object({
    uuid,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    document: z.string().nullable(),
    country: countryCode.nullable(),
  })
  .strict();

export const reservationAnswer = z
  .object({
    uuid,
    code: z.string(),
    status: z.enum(RESERVATION_STATUSES),
    arrival: day,
    departure: day,
    nights: z.int().min(1),
    room_category_uuid: uuid,
    room_category: namedRef,
    room_uuid: uuid.nullable(),
    room: roomRef.nullable(),
    guest: guestAnswer,
    adults: z.int().min(1),
    children: z.int().min(0),
    rate_per_night: z.int(),
    rate_overridden: z.boolean(),
    total: z.int(),
    currency,
    /** A built-in channel code or one of the business's sales channels. */
    channel: z.string(),
    /** The sales channel's name as the hotel wrote it (null for a code it no longer has). */
    channel_name: z.string().nullable(),
    rate_plan: maybeNamedRef.nullable(),
    notes: z.string().nullable(),
    quote_uuid: uuid.nullable(),
    overbooked: z.boolean(),
    created_by: maybeNamedRef.nullable(),
    cancelled_at: timestamp.nullable(),
    cancellation_reason: z.string().nullable(),
    checked_in_at: timestamp.nullable(),
    checked_out_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    /** The actions offered today (the screen's buttons). */
    actions: z.array(z.enum(RESERVATION_ACTIONS)),
    editable: z.enum(["all", "departure", "none"]),
  })
  .strict();
export type ReservationJson = z.infer<typeof reservationAnswer>;

/** One reservation with its nights' rates and its history (the detail screen). */
export const reservationDetailAnswer = reservationAnswer
  .extend({
    night_rates: z.array(z.object({ date: day, rate: z.int() }).strict()),
    history: z.array(
      z
        .object({
          action: z.string(),
          at: timestamp,
          user: maybeNamedRef.nullable(),
          /** What changed: `{ field: { from, to } }`, or the action's own facts. */
          changes: z.record(z.string(), z.unknown()),
        })
        .strict(),
    ),
  })
  .strict();
export type ReservationDetailJson = z.infer<typeof reservationDetailAnswer>;

const quoteNight = z.object({ date: day, rate: z.int(), season: z.string().nullable(), level: z.string().nullable() }).strict();

export const bookingQuoteAnswer = z
  .object({
    uuid,
    status: z.enum(["open", "converted", "expired"]),
    arrival: day,
    departure: day,
    nights: z.array(quoteNight),
    room_category_uuid: uuid,
    room_category: namedRef,
    adults: z.int().min(1),
    children: z.int().min(0),
    guest_name: z.string().nullable(),
    guest_email: z.string().nullable(),
    guest_phone: z.string().nullable(),
    notes: z.string().nullable(),
    total: z.int(),
    currency,
    valid_until: day,
    reservation_uuid: uuid.nullable(),
    reservation_code: z.string().nullable(),
    created_at: timestamp,
    /** Only on a single quote (GET /booking-quotes/{id}, the public offer page). */
    business_name: z.string().optional(),
    free_rooms: z.int().min(0).optional(),
  })
  .strict();
export type BookingQuoteJson = z.infer<typeof bookingQuoteAnswer>;

/** A room category with its size and guest limits. */
const categoryLimits = z.object({ uuid, name: z.string(), room_count: z.int().min(0), min_occupation: z.int(), max_occupation: z.int() }).strict();

/** What the booking forms need (GET /reservations/options). */
export const reservationOptionsAnswer = envelope(
  z
    .object({
      categories: z.array(categoryLimits),
      rooms: z.array(roomAnswer),
      channels: z.array(z.string()),
      channel_names: z.record(z.string(), z.string()),
      currency,
      today: day,
    })
    .strict(),
);

export type ReservationOptionsJson = z.infer<typeof reservationOptionsAnswer>["data"];

/** A price for a stay, before booking it (POST /reservations/quote-price). */
export const quotePriceAnswer = envelope(
  z
    .object({
      arrival: day,
      departure: day,
      room_category: namedRef,
      adults: z.int().min(1),
      children: z.int().min(0),
      nights: z.array(quoteNight),
      total: z.int(),
      rate_per_night: z.int(),
      rate_overridden: z.boolean(),
      currency,
      free_rooms: z.int().min(0),
      available: z.boolean(),
    })
    .strict(),
);

export type QuotePriceJson = z.infer<typeof quotePriceAnswer>["data"];

export const reservationPage = paginated(reservationAnswer);
export type ReservationPageJson = z.infer<typeof reservationPage>;
export const reservationWritten = z.object({ reservation: reservationDetailAnswer }).strict();
export const quoteConverted = z.object({ reservation: reservationDetailAnswer, booking_quote: bookingQuoteAnswer }).strict();
export const bookingQuoteWritten = z.object({ booking_quote: bookingQuoteAnswer }).strict();
export const roomWritten = z.object({ room: roomAnswer }).strict();
export const roomBlockWritten = z.object({ room_block: roomBlockAnswer }).strict();

/** Counters of one night: rooms, sold, blocked, free and occupancy (percent). */
const counters = { rooms: z.int().min(0), sold: z.int().min(0), blocked: z.int().min(0), free: z.int().min(0), occupancy: z.number().min(0).max(100) };

/** GET /availability: per night and category, with the engine's current rate (null when prices are not set up). */
export const availabilityAnswer = z
  .object({
    from: day,
    to: day,
    currency,
    priced: z.boolean(),
    categories: z.array(categoryLimits),
    nights: z.array(
      z
        .object({
          date: day,
          ...counters,
          categories: z.array(z.object({ uuid, ...counters, rate: z.int().nullable() }).strict()),
        })
        .strict(),
    ),
  })
  .strict();
export type AvailabilityJson = z.infer<typeof availabilityAnswer>;

/** GET /rooms-overview: which room holds which stay, night by night, with blocks. */
export const roomsOverviewAnswer = z
  .object({
    from: day,
    to: day,
    nights: z.array(day),
    rooms: z.array(z.object({ uuid, number: z.string(), room_category_uuid: uuid, room_category: namedRef, active: z.boolean() }).strict()),
    stays: z.array(
      z
        .object({
          reservation_uuid: uuid,
          code: z.string(),
          status: z.enum(RESERVATION_STATUSES),
          guest_name: z.string(),
          arrival: day,
          departure: day,
          room_uuid: uuid.nullable(),
          room_category_uuid: uuid,
          adults: z.int(),
          children: z.int(),
          channel: z.string(),
          overbooked: z.boolean(),
        })
        .strict(),
    ),
    blocks: z.array(
      z
        .object({ uuid, room_uuid: uuid.nullable(), room_category_uuid: uuid, count: z.int(), starts_at: day, ends_at: day, reason: z.enum(BLOCK_REASONS) })
        .strict(),
    ),
  })
  .strict();
export type RoomsOverviewJson = z.infer<typeof roomsOverviewAnswer>;
