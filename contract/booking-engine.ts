import { z } from "zod";
import { RESERVATION_STATUSES } from "#domain/bookings/status.ts";
import { CANCELLATION_SOURCES, MEAL_PLANS } from "#domain/distribution/constants.ts";
import { cents, currency, day, uuid } from "./primitives.ts";
import { hotelPoliciesAnswer } from "./distribution.ts";
import { stayRefusalAnswer } from "./stay-rules.ts";

/**
 * The JSON answers of the booking engine (docs/api/booking-engine.md): its settings, the public
 * hotel page, offers, an online booking and its confirmation. doc({ response }), ADR 0022.
 */

/** A text per locale (`{ "pt-BR": "…", "en-US": "…" }`). */
const localized = z.record(z.string(), z.string());
const time = z.string().regex(/^\d{2}:\d{2}$/);

/** The saved settings, or the defaults (`saved: false`) with a suggested slug. */
export const engineSettingsAnswer = z
  .object({
    slug: z.string(),
    enabled: z.boolean(),
    headline: localized,
    description: localized,
    policies: localized,
    accent_color: z.string(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    category_ids: z.array(uuid),
    min_nights: z.int().min(1),
    max_nights: z.int().min(1),
    max_advance_days: z.int().min(0),
    check_in_time: time,
    check_out_time: time,
    auto_confirm: z.boolean(),
    saved: z.boolean(),
  })
  .strict();
export type EngineSettingsJson = z.infer<typeof engineSettingsAnswer>;

const categoryLimits = { uuid, name: z.string(), min_occupation: z.int(), max_occupation: z.int() };

/** GET /businesses/{id}/booking-engine: the settings and the categories the owner may offer. */
export const engineSettingsWithChoicesAnswer = z
  .object({ data: engineSettingsAnswer, categories: z.array(z.object({ ...categoryLimits, room_count: z.int().min(0) }).strict()) })
  .strict();

/** GET /public/booking-engines/{slug}: what the public page shows, in the reader's language. */
export const publicProfileAnswer = z
  .object({
    slug: z.string(),
    business: z.object({ name: z.string(), logo: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable() }).strict(),
    headline: z.string(),
    description: z.string(),
    policies: z.string(),
    hotel_policies: hotelPoliciesAnswer,
    accent_color: z.string(),
    contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).strict(),
    check_in_time: time,
    check_out_time: time,
    min_nights: z.int(),
    max_nights: z.int(),
    today: day,
    last_arrival: day,
    currency,
    categories: z.array(z.object(categoryLimits).strict()),
  })
  .strict();
export type PublicProfileJson = z.infer<typeof publicProfileAnswer>;

const nightRate = z.object({ date: day, rate: cents }).strict();

/** GET /public/booking-engines/{slug}/offers: one offer per category and rate plan that sells the stay. */
export const offersAnswer = z
  .object({
    arrival: day,
    departure: day,
    adults: z.int(),
    children: z.int(),
    nights: z.int().min(0),
    currency,
    offers: z.array(
      z
        .object({
          category: z.object(categoryLimits).strict(),
          rate_plan: z
            .object({ uuid, name: z.string(), meal_plan: z.enum(MEAL_PLANS), cancellation_source: z.enum(CANCELLATION_SOURCES), cancellation_text: z.string().nullable() })
            .strict()
            .nullable(),
          free_rooms: z.int().min(0),
          nights: z.array(nightRate),
          total: cents,
          rate_per_night: cents,
        })
        .strict(),
    ),
    /**
     * Categories not offered because the stay breaks their stay rules (issue 28), with the nearest
     * stay that works; and categories with no room on a night of the stay (`noRoom`, that night)
     * when one of their orphan gaps lies near, the gap's stay as the suggestion.
     */
    refusals: z.array(
      stayRefusalAnswer.extend({ rule: z.enum([...stayRefusalAnswer.shape.rule.options, "noRoom"]), category: z.object({ uuid, name: z.string() }).strict() }).strict(),
    ),
  })
  .strict();
export type OffersJson = z.infer<typeof offersAnswer>;

/** What whoever holds the code may see of a booking: the stay, never the guest's details. */
export const publicReservationAnswer = z
  .object({
    code: z.string(),
    status: z.enum(RESERVATION_STATUSES),
    arrival: day,
    departure: day,
    adults: z.int(),
    children: z.int(),
    category: z.string(),
    total: cents,
    currency,
  })
  .strict();
export type PublicReservationJson = z.infer<typeof publicReservationAnswer>;

/** POST /public/booking-engines/{slug}/reservations: the booking with its nights. */
export const publicBookingAnswer = publicReservationAnswer.extend({ nights: z.int().min(1), night_rates: z.array(nightRate) }).strict();
