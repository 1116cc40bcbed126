import { z } from "zod";
import { BREAKDOWN_DIMENSIONS, EXPLORE_DIMENSIONS, EXPLORE_METRICS } from "#domain/schemas/metrics.ts";
import { cents, currency, day } from "./primitives.ts";
import { marketPositionFields } from "./competitors.ts";

/**
 * The JSON answers of the intelligence routes (dashboard, monthly, breakdown, explorer, goals):
 * doc({ response }), ADR 0022. Money in cents, ratios with four decimals (0.8125 = 81.25 %).
 */

const ratio = z.number().nullable();
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** Stay figures of a period or a group (docs/api/intelligence.md). `rooms_available` is null for a group without supply of its own. */
export const stayFigures = {
  rooms_available: z.int().min(0).nullable(),
  room_nights_sold: z.int().min(0),
  occupancy: ratio,
  adr: cents.nullable(),
  revpar: cents.nullable(),
  room_revenue: cents,
  extras_revenue: cents,
  total_revenue: cents,
  commission: cents,
  net_revenue: cents,
};
export const stayAnswer = z.object(stayFigures).strict();
export type StayJson = z.infer<typeof stayAnswer>;

/** Booking figures (by booking date): counts, rates and averages in days. */
export const bookingFigures = {
  reservations: z.int().min(0),
  cancellations: z.int().min(0),
  cancellation_rate: ratio,
  no_shows: z.int().min(0),
  no_show_rate: ratio,
  average_lead_time: z.number().nullable(),
  average_length_of_stay: z.number().nullable(),
};
export const bookingAnswer = z.object(bookingFigures).strict();
export type BookingJson = z.infer<typeof bookingAnswer>;

/** A month's goals (null where not set); occupancy in percent, 0–100. */
export const goalAnswer = z.object({ month, revenue: cents.nullable(), occupancy: z.number().nullable(), adr: cents.nullable() }).strict();

const pickupAnswer = z
  .object({
    reservations: z.int(),
    room_nights: z.int(),
    revenue: cents,
    cancelled_room_nights: z.int(),
    cancelled_revenue: cents,
    net_room_nights: z.int(),
    net_revenue: cents,
  })
  .strict();
const period = { from: day, to: day };

/** GET /dashboard: everything the home page shows. */
export const dashboardAnswer = z
  .object({
    today: day,
    currency,
    timezone: z.string(),
    tonight: stayAnswer,
    next_7: stayAnswer,
    next_30: stayAnswer,
    /** The next 30 nights one by one, tonight first: the dashboard's chart and its table. */
    nights: z.array(
      z
        .object({
          date: day,
          rooms_available: z.int().min(0),
          room_nights_sold: z.int().min(0),
          occupancy: ratio,
          adr: cents.nullable(),
          revpar: cents.nullable(),
          room_revenue: cents,
        })
        .strict(),
    ),
    movements: z.object({ arrivals: z.int().min(0), departures: z.int().min(0), in_house: z.int().min(0) }).strict(),
    pickup: z.object({ last_24h: pickupAnswer, last_7d: pickupAnswer }).strict(),
    month_to_date: z
      .object({
        ...period,
        actual: stayAnswer,
        last_year: z.object({ ...period, ...stayFigures }).strict(),
        month: z.object({ ...period, on_the_books: stayAnswer }).strict(),
        goal: goalAnswer.nullable(),
      })
      .strict(),
    days_to_update: z.object({ count: z.int().min(0), first: day.nullable(), within_nights: z.int() }).strict(),
    /** The market position of the next nights; null until competitor rates are collected. */
    market: z
      .object({
        ...period,
        category: z.object({ uuid: z.uuid(), name: z.string() }).strict().nullable(),
        covered_nights: z.int().min(0),
        ...marketPositionFields,
      })
      .strict()
      .nullable(),
    actions: z.array(
      z
        .object({
          kind: z.enum(["raiseHighOccupancy", "fillWeakNights", "publishPrices", "goalGap", "belowMarketFull", "negativePickup"]),
          count: z.number(),
          first_night: day.nullable(),
          href: z.string(),
        })
        .strict(),
    ),
  })
  .strict();
export type DashboardJson = z.infer<typeof dashboardAnswer>;

/** GET /metrics/monthly: each month of a year against the same month a year earlier and its goals. */
export const monthlyAnswer = z
  .object({
    year: z.int(),
    currency,
    months: z.array(z.object({ month, this_year: stayAnswer, last_year: stayAnswer, goal: goalAnswer.nullable() }).strict()),
    totals: z.object({ this_year: stayAnswer, last_year: stayAnswer, goal_revenue: cents.nullable() }).strict(),
  })
  .strict();
export type MonthlyJson = z.infer<typeof monthlyAnswer>;

/** GET /metrics/breakdown: one dimension of a period with each group's share (the mix). */
export const breakdownAnswer = z
  .object({
    ...period,
    dimension: z.enum(BREAKDOWN_DIMENSIONS),
    currency,
    total: z.object({ ...stayFigures, ...bookingFigures }).strict(),
    rows: z.array(
      z.object({ key: z.string(), label: z.string().nullable(), ...stayFigures, ...bookingFigures, room_nights_share: ratio, revenue_share: ratio }).strict(),
    ),
  })
  .strict();
export type BreakdownJson = z.infer<typeof breakdownAnswer>;

/** The chosen metrics' values (only those asked for). */
const values = z.partialRecord(z.enum(EXPLORE_METRICS), z.number().nullable());
const periodObject = z.object(period).strict();

/** GET /metrics/explore: the chosen metrics by a dimension over a period, beside a comparison period. */
export const exploreAnswer = z
  .object({
    metrics: z.array(z.enum(EXPLORE_METRICS)),
    dimension: z.enum(EXPLORE_DIMENSIONS),
    currency,
    period: periodObject,
    compare_period: periodObject.nullable(),
    total: values,
    compare_total: values.nullable(),
    rows: z.array(z.object({ key: z.string(), label: z.string().nullable(), values, compare_key: z.string().nullable(), compare: values.nullable() }).strict()),
  })
  .strict();
export type ExploreJson = z.infer<typeof exploreAnswer>;

/** GET /goals: each month's goals with what it actually sold. */
export const goalsYearAnswer = z
  .object({
    year: z.int(),
    today: day,
    currency,
    editable: z.boolean(),
    months: z.array(goalAnswer.extend({ actual: stayAnswer }).strict()),
  })
  .strict();
export type GoalsYearJson = z.infer<typeof goalsYearAnswer>;

/** PUT /goals: the months written, as stored. */
export const goalsWrittenAnswer = z.object({ months: z.array(goalAnswer) }).strict();
