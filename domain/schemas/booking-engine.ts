import { z } from "zod";
import { NIGHTS_LIMIT, ADVANCE_LIMIT, SLUG_PATTERN } from "#domain/booking-engine/rules.ts";
import { LOCALES } from "#domain/locale.ts";
import { isoDate } from "#domain/validation.ts";
import { checkStay, guestSchema, MAX_GUESTS } from "./bookings.ts";

/**
 * Booking engine schemas, shared by the API (JSON bodies, query strings) and the web's forms
 * (Conform turns form text into numbers and booleans, blanks into undefined). Messages are keys:
 * `validation.*` for generic ones, `bookingEngine:validation.*` for the ones below.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** One optional text per interface locale; blanks are dropped, so `{}` means "none". */
function perLocale(max: number) {
  const text = z.string().max(max).nullish();
  const shape = Object.fromEntries(LOCALES.map((l) => [l, text])) as Record<(typeof LOCALES)[number], typeof text>;
  return z
    .object(shape)
    .partial()
    .default({})
    .transform((texts) => {
      const out: Record<string, string> = {};
      for (const [locale, text] of Object.entries(texts)) if (typeof text === "string" && text.trim()) out[locale] = text.trim();
      return out;
    });
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()));

const nights = z.number().int().min(1).max(NIGHTS_LIMIT);

/** PUT /businesses/{id}/booking-engine (and the setup form). */
export const bookingEngineSettingsSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(SLUG_PATTERN, "bookingEngine:validation.slug"),
    enabled: z.boolean().default(false),
    headline: perLocale(160),
    description: perLocale(2000),
    policies: perLocale(4000),
    accent_color: z.string().trim().regex(COLOUR, "bookingEngine:validation.colour").transform((v) => v.toLowerCase()),
    contact_email: z
      .union([z.email().max(255), z.literal("")])
      .nullish()
      .transform((v) => (v ? v.trim().toLowerCase() : null)),
    contact_phone: optionalText(40),
    category_ids: z.array(z.uuid()).max(200).default([]),
    min_nights: nights,
    max_nights: nights,
    max_advance_days: z.number().int().min(1).max(ADVANCE_LIMIT),
    check_in_time: z.string().regex(TIME, "bookingEngine:validation.time"),
    check_out_time: z.string().regex(TIME, "bookingEngine:validation.time"),
    auto_confirm: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.max_nights < value.min_nights) ctx.addIssue({ code: "custom", path: ["max_nights"], message: "bookingEngine:validation.maxBelowMin" });
  });
export type BookingEngineSettingsInput = z.output<typeof bookingEngineSettingsSchema>;

const guestCounts = {
  adults: z.coerce.number().int().min(1).max(MAX_GUESTS),
  children: z.coerce.number().int().min(0).max(MAX_GUESTS).default(0),
};

/** GET /public/booking-engines/{slug}/offers (query string, so numbers arrive as text). */
export const offersQuerySchema = z
  .object({ arrival: isoDate, departure: isoDate, ...guestCounts })
  .superRefine(checkStay);
export type OffersQuery = z.output<typeof offersQuerySchema>;

/** The guest booking online: name, e-mail (for the confirmation) and phone are needed. */
export const publicGuestSchema = guestSchema.extend({
  email: z
    .email()
    .max(255)
    .transform((v) => v.trim().toLowerCase()),
  phone: z.string().trim().min(6).max(40),
});

/** POST /public/booking-engines/{slug}/reservations */
export const publicReservationSchema = z
  .object({
    category_id: z.uuid(),
    /** The rate plan of the chosen offer, when the hotel sells plans. */
    rate_plan_id: z.uuid().optional(),
    arrival: isoDate,
    departure: isoDate,
    adults: z.number().int().min(1).max(MAX_GUESTS),
    children: z.number().int().min(0).max(MAX_GUESTS).default(0),
    guest: publicGuestSchema,
    notes: optionalText(1000),
  })
  .superRefine(checkStay);
export type PublicReservationInput = z.output<typeof publicReservationSchema>;
