import { z } from "zod";
import { MAX_COMPETITOR_RATE_CENTS } from "#domain/competitors/csv.ts";
import { isIsoDate } from "#domain/pricing/dates.ts";
import { isoDate } from "#domain/validation.ts";

/**
 * Wire shapes of the competitor calls, shared by the API and the web's forms (Conform turns form
 * text into numbers and blanks into undefined). Money is integer cents, dates `YYYY-MM-DD`.
 * Messages are keys: `validation.*` or `competitors:validation.*`.
 */

/** The longest period one call reads: a year. */
export const MAX_MARKET_NIGHTS = 366;
/** The most rates one batch or CSV import writes. */
export const MAX_RATES_PER_WRITE = 5000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const competitorSchema = z.object({
  name: z.string().trim().min(1).max(120),
  url: z
    .union([z.url({ protocol: /^https?$/ }).max(500), z.literal("")])
    .nullish()
    .transform((v) => (v ? v : null)),
  stars: z.number().int("validation.integer").min(1).max(5).nullish().transform((v) => v ?? null),
  distance_km: z.number().min(0).max(9999).nullish().transform((v) => (v == null ? null : Math.round(v * 100) / 100)),
  room_label: optionalText(120),
  notes: optionalText(1000),
  active: z.boolean().default(true),
});
export type CompetitorInput = z.output<typeof competitorSchema>;

/**
 * A period of nights: `from` (today when left out) to `to`, or `days` nights from `from` when `to`
 * is left out (14 by default); optionally our room category to compare (the first by default).
 */
export const marketQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    days: z.coerce.number().int("validation.integer").min(1).max(MAX_MARKET_NIGHTS).optional(),
    category: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || !isIsoDate(q.from) || !isIsoDate(q.to) || q.from <= q.to, { message: "competitors:validation.rangeReversed", path: ["to"] });

/** Nights shown when a period names neither its end nor its length. */
export const DEFAULT_PERIOD_NIGHTS = 14;

export const rateEntrySchema = z.object({
  competitor_id: z.uuid(),
  date: isoDate,
  /** Cents; null = seen sold out. */
  rate: z.number().int("validation.integer").min(1).max(MAX_COMPETITOR_RATE_CENTS).nullable(),
  /** Forget the observation of that night instead (the rate is then ignored). */
  clear: z.boolean().optional(),
});

export const rateBatchSchema = z.object({ rates: z.array(rateEntrySchema).min(1).max(MAX_RATES_PER_WRITE) });
export type RateBatch = z.output<typeof rateBatchSchema>;

export const rateImportSchema = z.object({ csv: z.string().min(1).max(1_000_000) });
