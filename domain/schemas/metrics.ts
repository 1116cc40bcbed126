import { z } from "zod";
import { MAX_METRICS_NIGHTS } from "#domain/metrics/periods.ts";
import { daysBetween, isIsoDate } from "#domain/pricing/dates.ts";
import { isoDate, isoMonth } from "#domain/validation.ts";

/**
 * Wire shapes of the intelligence calls (docs/api/intelligence.md), shared by the API and the web's
 * GET and POST forms. Messages are keys: `validation.*` or `intelligence:validation.*`.
 */

export const BREAKDOWN_DIMENSIONS = ["channel", "category", "lead_time", "length_of_stay", "weekday", "country"] as const;
export const EXPLORE_DIMENSIONS = ["night", "month", "weekday", "category", "channel", "lead_time", "length_of_stay", "country"] as const;
export type ExploreDimension = (typeof EXPLORE_DIMENSIONS)[number];

/** What the explorer can show for a group; stay figures per night, booking figures per reservation by arrival. */
export const EXPLORE_METRICS = [
  "occupancy",
  "adr",
  "revpar",
  "room_revenue",
  "total_revenue",
  "net_revenue",
  "commission",
  "room_nights_sold",
  "rooms_available",
  "reservations",
  "cancellations",
  "cancellation_rate",
  "no_shows",
  "average_lead_time",
  "average_length_of_stay",
] as const;
export type ExploreMetric = (typeof EXPLORE_METRICS)[number];
/** The most metrics one question shows side by side. */
export const MAX_EXPLORE_METRICS = 6;

export const COMPARISONS = ["none", "previous_period", "last_year", "custom"] as const;
export type Comparison = (typeof COMPARISONS)[number];


function periodRefine<T extends { from?: string; to?: string }>(q: T, ctx: z.RefinementCtx, fromKey = "from", toKey = "to") {
  const from = (q as Record<string, string | undefined>)[fromKey];
  const to = (q as Record<string, string | undefined>)[toKey];
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to)) return;
  if (from > to) ctx.addIssue({ code: "custom", message: "intelligence:validation.rangeReversed", path: [toKey] });
  else if (daysBetween(from, to) + 1 > MAX_METRICS_NIGHTS) ctx.addIssue({ code: "custom", message: "intelligence:validation.rangeTooLong", path: [toKey] });
}

export const yearQuerySchema = z.object({ year: z.coerce.number().int("validation.integer").min(2000).max(2100).optional() });

export const breakdownQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional(), dimension: z.enum(BREAKDOWN_DIMENSIONS) })
  .superRefine((q, ctx) => periodRefine(q, ctx));

/** `metrics` is a comma-separated list (the URL of the explorer holds the whole question). */
export const exploreQuerySchema = z
  .object({
    metrics: z
      .string()
      .default("occupancy,adr,revpar")
      .transform((v) => [...new Set(v.split(",").map((m) => m.trim()).filter(Boolean))])
      .refine((list) => list.length >= 1 && list.length <= MAX_EXPLORE_METRICS && list.every((m) => (EXPLORE_METRICS as readonly string[]).includes(m)), "intelligence:validation.metrics")
      .transform((list) => list as ExploreMetric[]),
    dimension: z.enum(EXPLORE_DIMENSIONS).default("month"),
    from: isoDate.optional(),
    to: isoDate.optional(),
    compare: z.enum(COMPARISONS).default("last_year"),
    compare_from: isoDate.optional(),
    compare_to: isoDate.optional(),
  })
  .superRefine((q, ctx) => {
    periodRefine(q, ctx);
    if (q.compare !== "custom") return;
    if (!q.compare_from) ctx.addIssue({ code: "custom", message: "validation.required", path: ["compare_from"] });
    if (!q.compare_to) ctx.addIssue({ code: "custom", message: "validation.required", path: ["compare_to"] });
    periodRefine(q, ctx, "compare_from", "compare_to");
  });
export type ExploreQuery = z.output<typeof exploreQuerySchema>;

const money = z.number().int("validation.integer").min(0).max(2_000_000_000).nullable();

/** One month's goals; null clears a goal. Occupancy in percent (0–100). */
export const goalMonthSchema = z.object({
  month: isoMonth("intelligence:validation.month"),
  revenue: money,
  occupancy: z.number().min(0).max(100).nullable(),
  adr: money,
});

export const goalsBodySchema = z
  .object({ months: z.array(goalMonthSchema).min(1).max(24) })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.months.forEach((m, i) => {
      if (seen.has(m.month)) ctx.addIssue({ code: "custom", message: "intelligence:validation.monthTwice", path: ["months", i, "month"] });
      seen.add(m.month);
    });
  });
export type GoalsBody = z.output<typeof goalsBodySchema>;
