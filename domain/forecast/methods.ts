/**
 * Tarifa's own forecasts (issue 26 point 2). Each is net of cancellations: it starts from the
 * rooms on the books expected to be kept (cancellations.ts) and adds the rooms still to be booked
 * *and kept*, learnt from past nights as "final rooms less those already booked at this lead that
 * were kept". Uncapped: capacity is applied once, by the caller.
 */
import { LAST_YEAR, recentSameWeekdays } from "./baselines.ts";
import type { Books } from "./books.ts";

/** What a forecast reads: the books and the expected kept rooms of each night asked, by lead. */
export interface View {
  books: Books;
  expected(night: number, lead: number): number;
}

export type NetForecaster = (view: View, night: number, lead: number) => number;

/** Rooms of past night `r` booked after `lead` days before it and kept: what came after that lead. */
const lateKept = (books: Books, r: number, lead: number) => books.final(r) - books.kept(r, lead);

/** Expected kept + the average late kept rooms of the latest same weekdays (the additive pickup, net). */
export const keptPickup: NetForecaster = ({ books, expected }, night, lead) => {
  const refs = recentSameWeekdays(books, night, night - lead);
  let late = 0;
  for (const r of refs) late += lateKept(books, r, lead);
  return expected(night, lead) + (refs.length ? late / refs.length : 0);
};

/** Expected kept + what the same weekday last year still took after this lead. */
export const keptPickupLastYear: NetForecaster = ({ books, expected }, night, lead) => {
  const r = night - LAST_YEAR;
  return expected(night, lead) + (r < books.firstKnownNight ? 0 : lateKept(books, r, lead));
};

/** Smoothing weights tried; the one with the least one-step error on the series itself is used. */
export const SMOOTHING_WEIGHTS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] as const;
/** Same-weekday nights the smoothing reads: a year of them. */
export const SMOOTHING_WEEKS = 52;

/**
 * Simple exponential smoothing of the late kept rooms of this weekday's past nights (oldest
 * first), its weight chosen on the series by one-step-ahead squared error: recent weeks count
 * more when the series moves, all alike when it is noise.
 */
export function smoothedLevel(series: readonly number[]): number {
  if (series.length === 0) return 0;
  let best = Number.POSITIVE_INFINITY;
  let level = series[0]!;
  for (const alpha of SMOOTHING_WEIGHTS) {
    let l = series[0]!;
    let sse = 0;
    for (let i = 1; i < series.length; i++) {
      sse += (series[i]! - l) ** 2;
      l += alpha * (series[i]! - l);
    }
    if (sse < best) {
      best = sse;
      level = l;
    }
  }
  return level;
}

export const weekdaySmoothing: NetForecaster = ({ books, expected }, night, lead) => {
  const refs = recentSameWeekdays(books, night, night - lead, SMOOTHING_WEEKS);
  return expected(night, lead) + smoothedLevel(refs.reverse().map((r) => lateKept(books, r, lead)));
};

/** The season of a night: its weekday within this many weeks either side of the date last year. */
export const SEASON_WEEKS_EITHER_SIDE = 3;

/**
 * The booking curve by season and weekday: the share of a night's final rooms already booked
 * (and kept) at this lead, read on the same weekday around the date last year (the recent same
 * weekdays when the history is shorter); the forecast is the expected kept rooms ÷ that share.
 */
export const bookingCurve: NetForecaster = (view, night, lead) => {
  const { books, expected } = view;
  const asOf = night - lead;
  let refs: number[] = [];
  for (let w = -SEASON_WEEKS_EITHER_SIDE; w <= SEASON_WEEKS_EITHER_SIDE; w++) {
    const r = night - LAST_YEAR + 7 * w;
    if (r < asOf && r >= books.firstKnownNight && r >= books.first) refs.push(r);
  }
  if (refs.length === 0) refs = recentSameWeekdays(books, night, asOf);
  let finals = 0;
  let early = 0;
  for (const r of refs) {
    finals += books.final(r);
    early += books.kept(r, lead);
  }
  // No curve to read (nothing sold, or nothing ever booked this early): the additive pickup, net.
  return early > 0 && finals > 0 ? expected(night, lead) * (finals / early) : keptPickup(view, night, lead);
};

export const NET_METHODS = {
  keptPickup,
  keptPickupLastYear,
  weekdaySmoothing,
  bookingCurve,
} as const satisfies Record<string, NetForecaster>;
export type NetMethodName = keyof typeof NET_METHODS;
