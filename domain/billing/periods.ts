/**
 * Billing periods. A period runs from an instant to the same wall-clock instant one month (or
 * year) later, in UTC; a start on the 31st ends on the last day of a shorter month, as card
 * billing does.
 */

export type BillingInterval = "month" | "year";

export const DAY_MS = 86_400_000;

/** The business's payment_frequency (spec section 3, default monthly) as a billing interval. */
export function intervalFor(paymentFrequency: string | null | undefined): BillingInterval {
  const value = (paymentFrequency ?? "").trim().toLowerCase();
  return value === "yearly" || value === "annual" || value === "annually" || value === "year" ? "year" : "month";
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `date` plus `count` months, clamped to the last day of the target month. */
export function addMonths(date: Date, count: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + count;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** The end of a period that starts at `start`. */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  return addMonths(start, interval === "year" ? 12 : 1);
}
