import { z } from "zod";
import { METHODS as FORECAST_METHODS, type MethodName } from "#domain/forecast/forecast.ts";
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
/** The forecast's methods (domain/forecast, docs/forecast.md): the classical baselines and ours. */
const forecastMethod = z.enum(FORECAST_METHODS as readonly MethodName[] as [MethodName, ...MethodName[]]);
/** An error over the scored nights: mean |forecast − sold| ÷ sold in % and in rooms, one decimal each. */
const errorFigures = z.object({ percent: z.number(), rooms: z.number() }).strict();

/**
 * The forecast's scorecard (issue 26 point 6): the hotel's own last year, each night forecast 1, 3,
 * 7 … 90 days before from what was known then, scored against what it sold. Computed by the daily
 * command forecast.scorecard (and after the seed and an import) and stored; null before the first.
 */
export const scorecardJson = z
  .object({
    computed_at: z.string(),
    as_of: day,
    /** `too_little_history`: fewer than four weeks of nights could be scored; no figures. */
    status: z.enum(["ready", "too_little_history"]),
    /** The nights scored (from is null without any booking). */
    from: day.nullable(),
    to: day,
    horizons: z.array(
      z
        .object({
          days: z.int().min(1),
          nights: z.int().min(0),
          /** The method used most often at this distance. */
          method: forecastMethod,
          forecast: errorFigures,
          /** The classical methods a spreadsheet would use (domain/forecast/baselines.ts). */
          baselines: z
            .object({ onTheBooks: errorFigures, sameWeekdayLastYear: errorFigures, additivePickup: errorFigures, multiplicativePickup: errorFigures, lastYearPickup: errorFigures })
            .strict(),
          /** % of nights that ended inside their 80 % range; null when none had a range. */
          coverage: z.int().min(0).max(100).nullable(),
        })
        .strict(),
    ),
  })
  .strict();

/** GET /tracking/forecast: rooms occupied per night (net of expected cancellations) with their 80 % range, and the scorecard. */
export const forecastAnswer = z
  .object({
    today: day,
    from: day,
    to: day,
    currency,
    category: namedRef.nullable(),
    categories: z.array(namedRef),
    /** The method used at each distance (a night uses the first at or beyond its days before). */
    horizons: z.array(z.object({ days: z.int().min(1), method: forecastMethod }).strict()),
    totals: z.object({ capacity, on_the_books: bookedShare, forecast, unconstrained: z.number() }).strict(),
    nights: z.array(
      z
        .object({
          date: day,
          days_before: z.int().min(0),
          capacity,
          on_the_books: bookedShare,
          /** Rooms expected occupied: on the books less expected cancellations plus what is still to come, capped by the rooms. */
          forecast,
          /** Of the rooms on the books, how many are expected to be cancelled before the night. */
          expected_cancellations: z.number(),
          /** The 80 % range of the rooms occupied; null before any night could be scored. */
          low: z.number().nullable(),
          high: z.number().nullable(),
          /** The rooms wanted, before the cap of the rooms that can be sold. */
          unconstrained: z.number(),
          method: forecastMethod,
        })
        .strict(),
    ),
    scorecard: scorecardJson.nullable(),
  })
  .strict();

/**
 * GET /tracking/forecast/accuracy: the stored scorecard — the forecast in use (each night by the
 * method chosen then) beside the classical baselines, per horizon, over the hotel's last year;
 * null before the first computation. The same figures /tracking/forecast carries.
 */
export const accuracyAnswer = z.object({ today: day, scorecard: scorecardJson.nullable() }).strict();
