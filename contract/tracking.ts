import { z } from "zod";
import { PICKUP_METHODS } from "#domain/metrics/forecast.ts";
import { cents, currency, day, namedRef } from "./primitives.ts";

/**
 * The JSON answers of the tracking routes (on the books, pickup, pace, booking curves, forecast
 * and its accuracy; docs/api/intelligence-tracking.md): doc({ response }), ADR 0022. Occupancy is
 * a 0–1 ratio with four decimals, null without rooms available; money in cents.
 */

const month = z.string().regex(/^\d{4}-\d{2}$/);
const occupancy = z.number().nullable();
/** Room nights and revenue booked (a difference, such as pickup, may be negative). */
const booked = z.object({ room_nights: z.int(), revenue: cents }).strict();
/** …with the occupancy they make of the rooms available. */
const bookedShare = booked.extend({ occupancy }).strict();
const capacity = z.int().min(0);
const method = z.enum(PICKUP_METHODS);

/** GET /tracking/on-the-books. */
export const onTheBooksAnswer = z
  .object({
    as_of: day,
    today: day,
    from: day,
    to: day,
    currency,
    category: namedRef.nullable(),
    totals: bookedShare.extend({ capacity }).strict(),
    nights: z.array(bookedShare.extend({ date: day, capacity }).strict()),
  })
  .strict();

/** GET /tracking/pickup. */
export const pickupAnswer = z
  .object({
    as_of: day,
    today: day,
    window: z.int().min(1),
    from: day,
    to: day,
    currency,
    totals: z.object({ booked, cancelled: booked, net: booked, last_year: z.object({ as_of: day, net: booked }).strict() }).strict(),
    by_stay_date: z.array(
      z
        .object({
          date: day,
          capacity,
          on_the_books: bookedShare,
          pickup: booked,
          last_year: z.object({ date: day, capacity, on_the_books: bookedShare }).strict(),
        })
        .strict(),
    ),
    by_booking_date: z.array(
      z.object({ date: day, booked, cancelled: booked, net: booked, last_year: z.object({ date: day, net: booked }).strict() }).strict(),
    ),
  })
  .strict();

/** GET /tracking/pace: months on the books against the same point last year. */
export const paceAnswer = z
  .object({
    as_of: day,
    last_year_as_of: day,
    today: day,
    currency,
    months: z.array(
      z
        .object({
          month,
          capacity,
          on_the_books: bookedShare,
          last_year: z.object({ month, capacity, on_the_books: bookedShare, final: bookedShare.nullable() }).strict(),
          change: z.object({ room_nights: z.int(), revenue: cents, room_nights_percent: z.number().nullable(), revenue_percent: z.number().nullable() }).strict(),
        })
        .strict(),
    ),
  })
  .strict();

/** GET /tracking/booking-curves: 366 points per curve (days before the nights); null where not known yet. */
export const bookingCurvesAnswer = z
  .object({
    month,
    by: z.enum(["month", "category"]),
    today: day,
    currency,
    curves: z.array(
      z
        .object({
          key: z.string(),
          name: z.string().nullable(),
          capacity,
          points: z.array(
            z.object({ days_before: z.int().min(0), room_nights: z.int().nullable(), revenue: cents.nullable(), occupancy }).strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();

/** Forecast room nights are rounded to one decimal; the revenue is an estimate in cents (not rounded). */
const forecast = z.object({ room_nights: z.number(), revenue: z.number(), occupancy }).strict();
const horizon = z.object({ days: z.int(), nights: z.int().min(0), mape: z.number().nullable(), mae_points: z.number().nullable() }).strict();
const methods = z.object({ additive: z.array(horizon), multiplicative: z.array(horizon) }).strict();

/** GET /tracking/forecast. */
export const forecastAnswer = z
  .object({
    today: day,
    from: day,
    to: day,
    currency,
    method,
    best_method: method,
    /** `stored`: the nightly forecast.refresh model with the live books; `computed`: from the whole history now. */
    model: z.enum(["stored", "computed"]),
    category: namedRef.nullable(),
    categories: z.array(namedRef),
    accuracy: z.object({ from: day, to: day, horizons: z.array(horizon), methods }).strict(),
    totals: z.object({ capacity, on_the_books: bookedShare, forecast }).strict(),
    nights: z.array(
      z
        .object({
          date: day,
          days_before: z.int().min(0),
          capacity,
          on_the_books: bookedShare,
          forecast,
          categories: z.array(
            z
              .object({ uuid: z.uuid(), name: z.string(), capacity, on_the_books: bookedShare, forecast, reference_nights: z.int().min(0) })
              .strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();

/** GET /tracking/forecast/accuracy: each past night's actual figures beside the forecast made N days before (keyed by N). */
export const accuracyAnswer = z
  .object({
    today: day,
    from: day,
    to: day,
    method,
    best_method: method,
    /** `stored`: the nightly forecast.refresh model with the live books; `computed`: from the whole history now. */
    model: z.enum(["stored", "computed"]),
    category: namedRef.nullable(),
    methods,
    nights: z.array(
      z
        .object({
          date: day,
          capacity,
          actual: z.object({ room_nights: z.number(), occupancy }).strict(),
          forecast: z.record(z.string().regex(/^\d+$/), z.object({ room_nights: z.number(), occupancy }).strict()),
        })
        .strict(),
    ),
  })
  .strict();
