import { DAY_MS } from "./periods.ts";

/**
 * Proration on a plan change, by remaining days (issue 7): the unused part of the old price comes
 * back as a credit, the remaining part of the new price is charged, both for the days left in the
 * current period. Days are whole: a day that has begun counts as remaining, so changing plan
 * at 10:00 on the last day still credits that day.
 */

export interface ProrationInput {
  fromPriceCents: number;
  toPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}

export interface Proration {
  totalDays: number;
  remainingDays: number;
  /** Unused time on the old plan, ≥ 0. */
  creditCents: number;
  /** Remaining time on the new plan, ≥ 0. */
  chargeCents: number;
  /** charge − credit: what is due now when positive, the credit left over when negative. */
  netCents: number;
}

export function periodDays(periodStart: Date, periodEnd: Date): { totalDays: number } {
  return { totalDays: Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS)) };
}

export function remainingDays(periodStart: Date, periodEnd: Date, now: Date): number {
  const { totalDays } = periodDays(periodStart, periodEnd);
  const left = Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS);
  return Math.min(totalDays, Math.max(0, left));
}

/** The share of `priceCents` for `days` of a `totalDays` period, rounded to the cent. */
export function share(priceCents: number, days: number, totalDays: number): number {
  return Math.round((priceCents * days) / totalDays);
}

export function prorate(input: ProrationInput): Proration {
  const { totalDays } = periodDays(input.periodStart, input.periodEnd);
  const left = remainingDays(input.periodStart, input.periodEnd, input.now);
  const creditCents = share(input.fromPriceCents, left, totalDays);
  const chargeCents = share(input.toPriceCents, left, totalDays);
  return { totalDays, remainingDays: left, creditCents, chargeCents, netCents: chargeCents - creditCents };
}
