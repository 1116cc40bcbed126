import { addDays, daysBetween, isIsoDate } from "#domain/pricing/dates.ts";

/**
 * Periods of stay nights: `from`..`to`, both included, ISO dates in the business's time zone.
 */
export interface Period {
  from: string;
  to: string;
}

/** The longest period one metrics call reads: three years and a day (leap years). */
export const MAX_METRICS_NIGHTS = 366 * 3;

export function nightsIn(p: Period): number {
  return daysBetween(p.from, p.to) + 1;
}

/** The `n` nights starting at `from` (tonight = nightsFrom(today, 1)). */
export function nightsFrom(from: string, n: number): Period {
  return { from, to: addDays(from, n - 1) };
}

/** A whole month `YYYY-MM`. */
export function monthPeriod(month: string): Period {
  const from = `${month}-01`;
  const next = Number(month.slice(5, 7)) === 12 ? `${Number(month.slice(0, 4)) + 1}-01-01` : `${month.slice(0, 4)}-${String(Number(month.slice(5, 7)) + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

/** The same dates a year earlier (29 February becomes 28 February). */
export function yearBefore(date: string): string {
  const candidate = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return isIsoDate(candidate) ? candidate : `${Number(date.slice(0, 4)) - 1}-02-28`;
}

export function periodYearBefore(p: Period): Period {
  return { from: yearBefore(p.from), to: yearBefore(p.to) };
}

/**
 * The period right before `p` with as many nights (the default comparison of the explorer).
 */
export function previousPeriod(p: Period): Period {
  const n = nightsIn(p);
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
}

/** Month to date: the first of today's month through today (tonight included). */
export function monthToDate(today: string): Period {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The twelve months `YYYY-MM` of a year. */
export function monthsOf(year: number): string[] {
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
}
