import { z } from "zod";
import { INITIAL_STATUSES, RESERVATION_STATUSES } from "#domain/bookings/status.ts";
import { daysBetween, MAX_RANGE_NIGHTS, MAX_STAY_NIGHTS } from "#domain/bookings/stay.ts";
import { isoDate } from "#domain/validation.ts";

/**
 * Booking schemas shared by the API (JSON bodies and query strings) and the web's forms
 * (Conform turns form text into numbers and blanks into undefined). Messages are translation
 * keys: `validation.*` for generic ones, `bookings:validation.*` for the ones below.
 */

/** The channels every business knows; a business adds its own as sales channels (PMS settings). */
export const CHANNELS = ["direct", "booking_com", "airbnb", "expedia", "decolar", "phone", "walk_in", "booking_engine", "other"] as const;
export type Channel = (typeof CHANNELS)[number];

/** A reservation's channel: a built-in code or one of the business's sales channels (the API checks which). */
const channel = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, "validation.choice")
  .default("direct");

export const BLOCK_REASONS = ["maintenance", "owner_use", "renovation", "other"] as const;

export const MAX_GUESTS = 20;

const uuid = z.uuid();
/** Optional free text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()));
const optionalUuid = z
  .union([uuid, z.literal("")])
  .nullish()
  .transform((v) => (v ? v : null));

type Stay = { arrival?: string; departure?: string };

/** Departure after arrival, and a stay of at most a year. */
export function checkStay(value: Stay, ctx: z.RefinementCtx) {
  if (!value.arrival || !value.departure) return;
  const nights = daysBetween(value.arrival, value.departure);
  if (!(nights > 0)) ctx.addIssue({ code: "custom", path: ["departure"], message: "bookings:validation.departureAfterArrival" });
  else if (nights > MAX_STAY_NIGHTS) ctx.addIssue({ code: "custom", path: ["departure"], message: "bookings:validation.stayTooLong" });
}

const guestCounts = {
  adults: z.number().int().min(1).max(MAX_GUESTS),
  children: z.number().int().min(0).max(MAX_GUESTS).default(0),
};

export const guestSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z
    .union([z.email().max(255), z.literal("")])
    .nullish()
    .transform((v) => (v ? v.trim().toLowerCase() : null)),
  phone: optionalText(40),
  document: optionalText(40),
  country: z
    .union([z.string().regex(/^[A-Za-z]{2}$/, "bookings:validation.country"), z.literal("")])
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
});

/** Cents the owner typed instead of the engine's rate (per night). */
const rateOverride = z.number().int().min(0).max(100_000_000).nullish();

const stayShape = {
  arrival: isoDate,
  departure: isoDate,
  room_category_uuid: uuid,
  ...guestCounts,
};

/** POST /reservations/quote-price: the engine's price for a stay before saving. */
export const quotePriceSchema = z.object({ ...stayShape, rate_per_night: rateOverride }).superRefine(checkStay);

/** The fields of a reservation, before the cross-field checks (the web's form adds its own). */
export const reservationFields = {
  ...stayShape,
  room_uuid: optionalUuid,
  guest: guestSchema,
  rate_per_night: rateOverride,
  channel,
  status: z.enum(INITIAL_STATUSES).default("confirmed"),
  notes: optionalText(2000),
};

/** POST /reservations; `override_stay_rules`: book a stay that breaks the stay rules anyway (the activity log keeps it). */
export const reservationCreateSchema = z.object({ ...reservationFields, override_stay_rules: z.boolean().optional() }).superRefine(checkStay);
export type ReservationCreateInput = z.output<typeof reservationCreateSchema>;

/**
 * PUT /reservations/{id}: the same fields; dates, category, guests and room are re-checked
 * against the inventory. `rate_per_night` null keeps the rates (re-priced only when the stay
 * changes); a number overrides every night.
 */
export const reservationUpdateSchema = reservationCreateSchema;
export type ReservationUpdateInput = z.output<typeof reservationUpdateSchema>;

export const cancelSchema = z.object({ reason: optionalText(500) });

export const roomBlockFields = {
  room_category_uuid: optionalUuid,
  room_uuid: optionalUuid,
  count: z.number().int().min(1).max(1000).default(1),
  starts_at: isoDate,
  ends_at: isoDate,
  reason: z.enum(BLOCK_REASONS).default("maintenance"),
  notes: optionalText(500),
};

/** Room block: one numbered room, or a count of a category's rooms; nights inclusive. */
export const roomBlockSchema = z.object(roomBlockFields).superRefine(checkBlock);
/** GET /room-blocks query: the blocks touching this range (open-ended when left out). */
export const roomBlockRangeQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** A block names a room or a category; its last night is on or after its first, within a year. */
export function checkBlock(value: { room_category_uuid?: string | null; room_uuid?: string | null; starts_at?: string; ends_at?: string }, ctx: z.RefinementCtx) {
  if (!value.room_category_uuid && !value.room_uuid) {
    ctx.addIssue({ code: "custom", path: ["room_category_uuid"], message: "bookings:validation.blockTarget" });
  }
  if (value.starts_at && value.ends_at) {
    const nights = daysBetween(value.starts_at, value.ends_at) + 1;
    if (!(nights > 0)) ctx.addIssue({ code: "custom", path: ["ends_at"], message: "bookings:validation.endsBeforeStart" });
    else if (nights > MAX_RANGE_NIGHTS) ctx.addIssue({ code: "custom", path: ["ends_at"], message: "bookings:validation.rangeTooLong" });
  }
}
export type RoomBlockInput = z.output<typeof roomBlockSchema>;

export const roomSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[\p{L}\p{N} ._-]+$/u, "bookings:validation.roomNumber"),
  room_category_uuid: uuid,
  floor: optionalText(20),
  notes: optionalText(500),
  active: z.boolean().default(true),
});
export type RoomInput = z.output<typeof roomSchema>;

/** POST /booking-quotes: a priced offer the hotel sends to a guest. */
export const bookingQuoteSchema = z
  .object({
    ...stayShape,
    guest_name: optionalText(120),
    guest_email: z
      .union([z.email().max(255), z.literal("")])
      .nullish()
      .transform((v) => (v ? v.trim().toLowerCase() : null)),
    guest_phone: optionalText(40),
    notes: optionalText(1000),
    valid_days: z.number().int().min(1).max(90).default(7),
  })
  .superRefine(checkStay);
export type BookingQuoteInput = z.output<typeof bookingQuoteSchema>;

/** POST /booking-quotes/{id}/convert */
export const quoteConvertSchema = z.object({
  guest: guestSchema.partial({ name: true }).optional(),
  channel,
  status: z.enum(INITIAL_STATUSES).default("confirmed"),
});

/** `from`…`to`, both nights included, at most 366 nights. */
export const rangeQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .superRefine((value, ctx) => {
    const nights = daysBetween(value.from, value.to) + 1;
    if (!(nights > 0)) ctx.addIssue({ code: "custom", path: ["to"], message: "bookings:validation.endsBeforeStart" });
    else if (nights > MAX_RANGE_NIGHTS) ctx.addIssue({ code: "custom", path: ["to"], message: "bookings:validation.rangeTooLong" });
  });

export const PER_PAGE_DEFAULT = 25;

/** GET /reservations: stays touching from…to, status, category, text (guest name, e-mail or code), page. */
export const reservationListSchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    status: z.enum(RESERVATION_STATUSES).optional(),
    category: uuid.optional(),
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(200).default(PER_PAGE_DEFAULT),
    sort: z.enum(["arrival", "-arrival", "created", "-created"]).default("arrival"),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to) {
      const nights = daysBetween(value.from, value.to) + 1;
      if (!(nights > 0)) ctx.addIssue({ code: "custom", path: ["to"], message: "bookings:validation.endsBeforeStart" });
      else if (nights > MAX_RANGE_NIGHTS) ctx.addIssue({ code: "custom", path: ["to"], message: "bookings:validation.rangeTooLong" });
    }
  });
export type ReservationListQuery = z.output<typeof reservationListSchema>;

/** Query strings arrive as text: blanks are "not given". */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== "") out[key] = value;
  return out;
}
