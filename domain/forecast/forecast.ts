/**
 * The forecast of one room category's nights as of the end of a day (issue 26, docs/forecast.md):
 * every classical baseline and every method of ours for each night, the one to use at each
 * horizon chosen on the nights just before the forecast day (rolling origin: only what was known
 * then), a combination weighted by each method's recent error, expected cancellations, the
 * unconstrained demand and an 80 % interval from the past year's errors at that horizon.
 */
import { BASELINES, LAST_YEAR, type BaselineName } from "./baselines.ts";
import { booksAsOf } from "./books.ts";
import { expectedKept, survivalModel } from "./cancellations.ts";
import { NET_METHODS, SEASON_WEEKS_EITHER_SIDE, SMOOTHING_WEEKS, type NetMethodName, type View } from "./methods.ts";
import { fitRidge, type RidgeFit } from "./regression.ts";
import type { CategoryInput } from "./types.ts";

export type SingleMethod = BaselineName | NetMethodName;
/** "combination": the single methods weighted by their errors; "learned": a ridge regression of the sold rooms on their forecasts. */
export type MethodName = SingleMethod | "combination" | "learned";
export const SINGLE_METHODS = [...(Object.keys(NET_METHODS) as NetMethodName[]), ...(Object.keys(BASELINES) as BaselineName[])] as const;
export const METHODS: readonly MethodName[] = [...SINGLE_METHODS, "combination", "learned"];

/** Horizons (days before the night) at which methods are compared; a night uses the first at or beyond its lead. */
export const HORIZONS = [1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365] as const;
/**
 * The past nights each method is scored on at each horizon: every EVALUATION_STEP-th night of the
 * year before the forecast day, so every season speaks (errors grow in the busy months) at a
 * quarter of the cost of scoring every night.
 */
export const EVALUATION_DAYS = 365;
export const EVALUATION_STEP = 4;
/**
 * The prediction interval's coverage: the forecast ± the 80th percentile of the scored nights'
 * misses (|sold − forecast| ÷ forecast) at that horizon, capped by what can be sold. Symmetric
 * on purpose: the year scored may have run above or below the one ahead (docs/forecast.md).
 */
export const INTERVAL = 0.8;
/** Nights forecast by default: today and the year ahead. */
export const FORECAST_NIGHTS = 366;

export interface NightForecast {
  night: number;
  /** Days from the forecast day to the night. */
  lead: number;
  /** Rooms that can be sold, as known on the forecast day. */
  capacity: number;
  onTheBooks: number;
  /** Of the rooms on the books, how many are expected to be cancelled before the night. */
  expectedCancellations: number;
  /** The method used (chosen at this night's horizon). */
  method: MethodName;
  /** Rooms expected to be occupied: net of cancellations, capped by what can be sold. */
  forecast: number;
  /** The same before the cap: the rooms wanted. */
  unconstrained: number;
  /** The 80 % interval around `forecast`; null when no recent night could be scored at this horizon. */
  low: number | null;
  high: number | null;
  /** Every method's (capped) forecast, for the scorecard. */
  methods: Record<MethodName, number>;
}

export interface HorizonChoice {
  horizon: number;
  /** Recent nights scored. */
  nights: number;
  method: MethodName;
  /** Mean |forecast − sold| ÷ sold (sold below 1 counts as 1, so a night that sold nothing weighs its error in rooms), per method. */
  errors: Partial<Record<MethodName, number>> | null;
  /** Each single method's weight in the combination. */
  weights: Record<SingleMethod, number> | null;
  /** The interval's edges as relative errors (sold − forecast) ÷ forecast. */
  band: { low: number; high: number } | null;
}

export interface CategoryForecast {
  id: string;
  asOf: number;
  nights: NightForecast[];
  horizons: HorizonChoice[];
}

export interface ForecastOptions {
  /** Leads (days after `asOf`) to forecast; default 0 … FORECAST_NIGHTS − 1. */
  leads?: readonly number[];
  /** Horizons compared; default HORIZONS. */
  horizons?: readonly number[];
}

/** The compared horizon that speaks for a night `lead` days out: the first at or beyond it, the farthest beyond them. */
export function horizonFor(lead: number, horizons: readonly number[]): number {
  return horizons.find((h) => h >= lead) ?? horizons[horizons.length - 1]!;
}

/** The q-quantile of sorted values (linear between neighbours). */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

const relativeError = (forecast: number, sold: number) => Math.abs(forecast - sold) / Math.max(sold, 1);

function combine(values: Record<SingleMethod, number>, weights: Record<SingleMethod, number>): number {
  let sum = 0;
  for (const m of SINGLE_METHODS) sum += weights[m] * values[m];
  return sum;
}

/** Weights inversely proportional to each method's recent error (all on the exact ones when some made none). */
export function inverseErrorWeights(errors: Record<SingleMethod, number>): Record<SingleMethod, number> {
  const exact = SINGLE_METHODS.filter((m) => errors[m] === 0);
  const raw = SINGLE_METHODS.map((m) => (exact.length ? (errors[m] === 0 ? 1 : 0) : 1 / errors[m]));
  const total = raw.reduce((a, b) => a + b, 0);
  return Object.fromEntries(SINGLE_METHODS.map((m, i) => [m, raw[i]! / total])) as Record<SingleMethod, number>;
}

/** How many standard errors a method must beat the combination by to replace it. */
export const CLEAR_WIN = 2;

/**
 * The combination, unless one single method's errors on the same nights are lower by more than
 * CLEAR_WIN standard errors of the paired differences (a Diebold–Mariano style test): picking the
 * lowest of ten close, correlated scores on a few dozen nights mostly picks noise, and a
 * combination is the robust default (docs/forecast.md).
 */
export function chooseMethod(singles: readonly { method: MethodName; errors: readonly number[] }[], combined: readonly number[]): MethodName {
  let best: MethodName = "combination";
  let bestGain = 0;
  const n = combined.length;
  if (n < 2) return best;
  for (const { method, errors } of singles) {
    const diffs = errors.map((e, i) => combined[i]! - e);
    const mean = diffs.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1));
    if (mean > CLEAR_WIN * (sd / Math.sqrt(n)) && mean > bestGain) {
      best = method;
      bestGain = mean;
    }
  }
  return best;
}

/** The forecast of `input`'s nights as of the end of `asOf`, from what was known then only. */
export function forecastNights(asOf: number, input: CategoryInput, options: ForecastOptions = {}): CategoryForecast {
  const horizons = [...(options.horizons ?? HORIZONS)].sort((a, b) => a - b);
  const leads = options.leads ?? Array.from({ length: FORECAST_NIGHTS }, (_, i) => i);
  const maxLead = Math.max(horizons[horizons.length - 1]!, ...leads);
  const known = input.stays.filter((s) => s.bookedOn <= asOf);
  // The history the methods read: the scored nights, their horizons, a year of weeks and last year's season.
  const lookBack = EVALUATION_DAYS + maxLead + Math.max(7 * SMOOTHING_WEEKS, LAST_YEAR + 7 * SEASON_WEEKS_EITHER_SIDE) + 7;
  let firstArrival = Number.POSITIVE_INFINITY;
  for (const s of known) if (s.arrival < firstArrival) firstArrival = s.arrival;
  const first = Math.max(Number.isFinite(firstArrival) ? firstArrival : asOf, asOf - lookBack);
  const books = booksAsOf(known, asOf, { first, last: asOf + maxLead, maxLead });
  const model = survivalModel(known, asOf);

  const scored: number[] = [];
  for (let r = asOf - 1; r >= Math.max(asOf - EVALUATION_DAYS, first); r -= EVALUATION_STEP) scored.push(r);
  const asked = new Map<number, number[]>();
  for (const r of scored) asked.set(r, horizons.filter((h) => r - h >= books.firstKnownNight));
  for (const lead of leads) asked.set(asOf + lead, [lead]);
  const view: View = { books, expected: expectedKept(known, model, asOf, asked) };

  const capped = (night: number, lead: number, value: number) => {
    const ceiling = Math.max(input.capacity(night, night - lead), books.onBooks(night, lead));
    return Math.min(Math.max(0, value), ceiling);
  };
  const singles = (night: number, lead: number) => {
    const out = {} as Record<SingleMethod, number>;
    for (const [name, f] of Object.entries(BASELINES)) out[name as BaselineName] = f(books, night, lead);
    for (const [name, f] of Object.entries(NET_METHODS)) out[name as NetMethodName] = f(view, night, lead);
    return out;
  };

  const learnedAt = new Map<number, RidgeFit>();
  const choices: HorizonChoice[] = horizons.map((horizon) => {
    const rows = scored.filter((r) => asked.get(r)!.includes(horizon)).map((r) => {
      const raw = singles(r, horizon);
      const values = Object.fromEntries(SINGLE_METHODS.map((m) => [m, capped(r, horizon, raw[m])])) as Record<SingleMethod, number>;
      return { night: r, sold: books.final(r), values };
    });
    if (rows.length === 0) return { horizon, nights: 0, method: "keptPickup", errors: null, weights: null, band: null };
    // Each method's forecast of each scored night; the learned model's made without that night.
    const forecasts = Object.fromEntries(SINGLE_METHODS.map((m) => [m, rows.map((row) => row.values[m])])) as Record<MethodName, number[]>;
    const meanError = (values: readonly number[]) => values.reduce((s, v, i) => s + relativeError(v, rows[i]!.sold), 0) / rows.length;
    const weights = inverseErrorWeights(Object.fromEntries(SINGLE_METHODS.map((m) => [m, meanError(forecasts[m])])) as Record<SingleMethod, number>);
    forecasts.combination = rows.map((row) => combine(row.values, weights));
    // Its error is its leave-one-out error: a fitted model always looks good on its own rows.
    const learned = fitRidge(rows.map((row) => SINGLE_METHODS.map((m) => row.values[m])), rows.map((row) => row.sold));
    if (learned) learnedAt.set(horizon, learned);
    const candidates = learned ? METHODS : METHODS.filter((m) => m !== "learned");
    if (learned) forecasts.learned = learned.leaveOneOut.map((v, i) => capped(rows[i]!.night, horizon, v));
    const errors: Partial<Record<MethodName, number>> = Object.fromEntries(candidates.map((m) => [m, meanError(forecasts[m])]));
    const errorsOf = (m: MethodName) => forecasts[m].map((v, i) => relativeError(v, rows[i]!.sold));
    const method = chooseMethod(candidates.filter((m) => m !== "combination").map((m) => ({ method: m, errors: errorsOf(m) })), errorsOf("combination"));
    const misses = forecasts[method].map((v, i) => Math.abs(rows[i]!.sold - v) / Math.max(v, 1)).sort((a, b) => a - b);
    const reach = quantile(misses, INTERVAL);
    return { horizon, nights: rows.length, method, errors, weights, band: { low: -reach, high: reach } };
  });
  const choiceAt = new Map(choices.map((c) => [c.horizon, c]));

  const nights = leads.map((lead): NightForecast => {
    const night = asOf + lead;
    const choice = choiceAt.get(horizonFor(lead, horizons))!;
    const raw = singles(night, lead);
    const weights = choice.weights ?? inverseErrorWeights(Object.fromEntries(SINGLE_METHODS.map((m) => [m, 1])) as Record<SingleMethod, number>);
    const fit = learnedAt.get(choice.horizon);
    // The learned model was fitted on capped forecasts, so it reads them for the forecast; fed the
    // uncapped ones it gives the demand. Without a model, the combination stands in.
    const learned = (values: readonly number[]) => (fit ? fit.predict(values) : combine(raw, weights));
    const rawAll: Record<MethodName, number> = { ...raw, combination: combine(raw, weights), learned: learned(SINGLE_METHODS.map((m) => raw[m])) };
    const methods = Object.fromEntries(METHODS.map((m) => [m, capped(night, lead, rawAll[m])])) as Record<MethodName, number>;
    methods.learned = capped(night, lead, learned(SINGLE_METHODS.map((m) => capped(night, lead, raw[m]))));
    const capacity = input.capacity(night, asOf);
    const onTheBooks = books.onBooks(night, lead);
    const forecast = methods[choice.method];
    const interval = (edge: number) => capped(night, lead, forecast + edge * Math.max(forecast, 1));
    return {
      night,
      lead,
      capacity,
      onTheBooks,
      expectedCancellations: onTheBooks - view.expected(night, lead),
      method: choice.method,
      forecast,
      // Demand is at least what is expected to sell.
      unconstrained: Math.max(forecast, rawAll[choice.method]),
      low: choice.band ? interval(choice.band.low) : null,
      high: choice.band ? interval(choice.band.high) : null,
      methods,
    };
  });
  return { id: input.id, asOf, nights, horizons: choices };
}
