import { z } from "zod";
import { PICKUP_WINDOW_DAYS } from "#domain/metrics/pace.ts";
import { isIsoDate } from "#domain/pricing/dates.ts";
import { isoDate, isoMonth } from "#domain/validation.ts";

/**
 * Query strings of the tracking calls (pickup, pace, booking curves, forecast), shared by the API
 * and the /tracking page. Dates `YYYY-MM-DD`, stay months `YYYY-MM`. Messages are keys.
 */

/** The most stay nights one call reads: a year. */
export const MAX_TRACKING_NIGHTS = 366;
export const DEFAULT_TRACKING_NIGHTS = 90;
export const MAX_PACE_MONTHS = 24;

const month = isoMonth("tracking:validation.month");
const nights = z.coerce.number().int("validation.integer").min(1).max(MAX_TRACKING_NIGHTS);
const reversed = { message: "tracking:validation.rangeReversed", path: ["to"] };
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || !isIsoDate(q.from) || !isIsoDate(q.to) || q.from <= q.to;

export const onTheBooksQuerySchema = z
  .object({ as_of: isoDate.optional(), from: isoDate.optional(), to: isoDate.optional(), days: nights.optional(), category: z.uuid().optional() })
  .refine(inOrder, reversed);

export const pickupQuerySchema = z.object({
  as_of: isoDate.optional(),
  // An enum of the query's text, so the OpenAPI document lists the windows the API takes.
  window: z
    .enum(PICKUP_WINDOW_DAYS.map(String) as [string, ...string[]], { error: "tracking:validation.window" })
    .default("7")
    .transform(Number),
  days: nights.default(DEFAULT_TRACKING_NIGHTS),
});

export const paceQuerySchema = z.object({
  as_of: isoDate.optional(),
  from: month.optional(),
  months: z.coerce.number().int("validation.integer").min(1).max(MAX_PACE_MONTHS).default(12),
});

export const bookingCurvesQuerySchema = z.object({
  month: month.optional(),
  by: z.enum(["month", "category"]).default("month"),
});

export const forecastQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional(), days: nights.optional(), category: z.uuid().optional() })
  .refine(inOrder, reversed);

