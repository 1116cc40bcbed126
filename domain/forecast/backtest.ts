/**
 * The forecast measured the way issue 26 defines it: for each night t of a window and horizon h,
 * the forecast made as of the end of t − h (forecastNights, which reads only what was known then)
 * against the rooms finally occupied by bookings never cancelled. MAPE over nights that sold
 * something; the interval's coverage over all.
 */
import { booksAsOf } from "./books.ts";
import { forecastNights, METHODS, type MethodName } from "./forecast.ts";
import type { CategoryInput } from "./types.ts";

export const ISSUE_HORIZONS = [1, 3, 7, 14, 30, 60, 90] as const;

export interface HorizonScore {
  horizon: number;
  /** Nights measured (that sold something). */
  nights: number;
  /** MAPE in % per method, and for the forecast as chosen ("chosen"). */
  mape: Record<MethodName | "chosen", number>;
  /** Mean absolute error in rooms of the chosen forecast. */
  maeRooms: number;
  /** Mean absolute error in rooms per method, and of the forecast as chosen (the scorecard's "in rooms"). */
  rooms: Record<MethodName | "chosen", number>;
  /** Share of nights (in %) whose outcome fell inside the 80 % interval, over the nights that had one. */
  coverage: number | null;
  /** How often each method was the one chosen. */
  chosen: Partial<Record<MethodName, number>>;
}

/** The backtest of nights `from` … `to` (day numbers) with the truth as known at the end of `today`. */
export function backtest(input: CategoryInput, window: { from: number; to: number; today: number }, horizons: readonly number[] = ISSUE_HORIZONS): HorizonScore[] {
  const truth = booksAsOf(input.stays, window.today, { first: window.from, last: window.to, maxLead: 0 });
  const maxH = Math.max(...horizons);
  const zeros = () => Object.fromEntries([...METHODS, "chosen"].map((m) => [m, 0])) as Record<MethodName | "chosen", number>;
  const sums = new Map(horizons.map((h) => [h, { nights: 0, err: zeros(), abs: zeros(), inside: 0, intervals: 0, chosen: {} as Partial<Record<MethodName, number>> }]));
  for (let asOf = window.from - maxH; asOf < window.to; asOf++) {
    const leads = horizons.filter((h) => asOf + h >= window.from && asOf + h <= window.to && asOf + h < window.today);
    if (leads.length === 0) continue;
    const result = forecastNights(asOf, input, { leads, horizons });
    for (const n of result.nights) {
      const sold = truth.final(n.night);
      const s = sums.get(n.lead)!;
      if (n.low !== null && n.high !== null) {
        s.intervals++;
        if (sold >= n.low && sold <= n.high) s.inside++;
      }
      if (sold <= 0) continue;
      s.nights++;
      for (const m of METHODS) {
        s.err[m] += Math.abs(n.methods[m] - sold) / sold;
        s.abs[m] += Math.abs(n.methods[m] - sold);
      }
      s.err.chosen += Math.abs(n.forecast - sold) / sold;
      s.abs.chosen += Math.abs(n.forecast - sold);
      s.chosen[n.method] = (s.chosen[n.method] ?? 0) + 1;
    }
  }
  return horizons.map((horizon) => {
    const s = sums.get(horizon)!;
    const mean = (totals: Record<MethodName | "chosen", number>, scale: number) => Object.fromEntries(Object.entries(totals).map(([m, e]) => [m, s.nights ? (scale * e) / s.nights : Number.NaN])) as Record<MethodName | "chosen", number>;
    const rooms = mean(s.abs, 1);
    return { horizon, nights: s.nights, mape: mean(s.err, 100), maeRooms: rooms.chosen, rooms, coverage: s.intervals ? (100 * s.inside) / s.intervals : null, chosen: s.chosen };
  });
}
