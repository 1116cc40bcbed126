import { monthPeriod } from "#domain/metrics/periods.ts";
import { daysBetween } from "#domain/pricing/index.ts";

/**
 * Report periods are whole nights, `from` and `to` inclusive, in the business's time zone. A
 * report with no period shows the twelve months ending with the current one.
 */

/** "2026-03-10" → "2026-03". */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The first night of the month of `date`. */
export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The last night of the month of `date`. */
export function monthEnd(date: string): string {
  return monthPeriod(monthOf(date)).to;
}

/** The same month `months` later (negative for earlier), as YYYY-MM-01. */
export function shiftMonth(date: string, months: number): string {
  const [y, m] = date.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** Every month ("YYYY-MM") that has a night in from..to, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  // Counted as months, not compared as text: "10000-01" would sort before "9999-12".
  const [fromYear, fromMonth] = from.split("-").map(Number);
  const [toYear, toMonth] = to.split("-").map(Number);
  const count = (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
  for (let i = 0; i < count; i++) out.push(monthOf(shiftMonth(monthStart(from), i)));
  return out;
}

/** The twelve months ending with the month of `today`. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: shiftMonth(today, -11), to: monthEnd(today) };
}

export type PeriodProblem = "reversed" | "tooLong";

/** The asked period with defaults filled in, or what is wrong with it. */
export function resolvePeriod(q: { from?: string; to?: string }, today: string, maxDays: number): { from: string; to: string } | { problem: PeriodProblem } {
  const fallback = defaultPeriod(today);
  const from = q.from ?? (q.to ? monthStart(q.to) : fallback.from);
  const to = q.to ?? (q.from ? monthEnd(q.from) : fallback.to);
  if (to < from) return { problem: "reversed" };
  if (daysBetween(from, to) + 1 > maxDays) return { problem: "tooLong" };
  return { from, to };
}
