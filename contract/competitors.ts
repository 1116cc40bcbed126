import { z } from "zod";
import { cents, currency, day, timestamp, namedRef, uuid } from "./primitives.ts";

/**
 * The JSON answers of the rate shopper and the market analysis (docs/api/competitors.md):
 * doc({ response }), ADR 0022. Rates in cents; occupancy in percent.
 */

export const competitorAnswer = z
  .object({
    uuid,
    name: z.string(),
    url: z.string().nullable(),
    stars: z.int().min(1).max(5).nullable(),
    distance_km: z.number().min(0).nullable(),
    room_label: z.string().nullable(),
    notes: z.string().nullable(),
    active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export type CompetitorJson = z.infer<typeof competitorAnswer>;

const band = z.enum(["below", "at", "above"]);
/** How a rate was recorded. */
export const rateSource = z.enum(["manual", "csv", "seed"]);

/** One night of the market: our rate, what each competitor asked (null: sold out), the market's figures and our position. */
export const marketNightAnswer = z
  .object({
    date: day,
    weekday: z.int().min(0).max(6),
    our_rate: cents.nullable(),
    occupancy: z.number().nullable(),
    rates: z.array(z.object({ competitor_uuid: uuid, rate: cents.nullable(), source: rateSource, captured_at: timestamp }).strict()),
    market: z
      .object({ count: z.int().min(0), sold_out: z.int().min(0), min: cents.nullable(), median: z.number().nullable(), mean: z.number().nullable(), max: cents.nullable() })
      .strict(),
    position: z.object({ rank: z.int().min(1), of: z.int().min(1), index: z.number(), band }).strict().nullable(),
  })
  .strict();
export type MarketNightJson = z.infer<typeof marketNightAnswer>;

/** Where our rate stood against the market's median over a period (market analysis, dashboard card). */
export const marketPositionFields = {
  average_index: z.number().nullable(),
  nights_above: z.int().min(0),
  nights_at: z.int().min(0),
  nights_below: z.int().min(0),
  average_rate: cents.nullable(),
  average_market_median: cents.nullable(),
};

/** What both period answers start with: the period, the currency and the category compared (null without categories). */
const marketPeriod = {
  from: day,
  to: day,
  today: day,
  currency,
  /** False until the business has prices and categories: `our_rate` is then null. */
  configured: z.boolean(),
  category: namedRef.nullable(),
  categories: z.array(namedRef),
};

/** GET /competitors/rates: the set and every night's observations. */
export const competitorRatesAnswer = z.object({ ...marketPeriod, competitors: z.array(competitorAnswer), nights: z.array(marketNightAnswer) }).strict();
export type CompetitorRatesJson = z.infer<typeof competitorRatesAnswer>;

const summary = { nights: z.int().min(0), average_rate: z.number().nullable(), average_market_median: z.number().nullable(), average_index: z.number().nullable(), average_occupancy: z.number().nullable() };

/** GET /market-analysis: the period's KPIs, nights, weekday profile and weeks. */
export const marketAnalysisAnswer = z
  .object({
    ...marketPeriod,
    competitors_count: z.int().min(0),
    kpis: z
      .object({
        nights: z.int().min(0),
        covered: z.int().min(0),
        coverage: z.number(),
        ...marketPositionFields,
        average_occupancy: z.number().nullable(),
      })
      .strict(),
    nights: z.array(marketNightAnswer),
    weekdays: z.array(z.object({ weekday: z.int().min(0).max(6), ...summary }).strict()),
    weeks: z.array(z.object({ week: z.string(), from: day, to: day, ...summary }).strict()),
  })
  .strict();
export type MarketAnalysisJson = z.infer<typeof marketAnalysisAnswer>;

/** PUT /competitors/rates: rates written and cleared (a null rate clears the night). */
export const ratesWrittenAnswer = z.object({ saved: z.int().min(0), cleared: z.int().min(0) }).strict();
/** POST /competitors/rates/import: rates saved of the CSV's lines. */
export const ratesImportedAnswer = z.object({ imported: z.int().min(0), lines: z.int().min(0) }).strict();
