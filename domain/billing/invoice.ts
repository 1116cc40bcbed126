import { discountFor, type CouponTerms } from "./coupons.ts";

/**
 * What one invoice comes to: subtotal, then the coupon's discount (while it still has periods
 * left), then the customer's credit balance.
 */

export interface InvoiceInput {
  subtotalCents: number;
  coupon?: Pick<CouponTerms, "percentOff" | "amountOffCents"> | null;
  /** Paid periods the coupon still discounts; null means forever. Ignored without a coupon. */
  discountPeriodsLeft?: number | null;
  /** Credit available to the customer (≥ 0). */
  balanceCents?: number;
}

export interface InvoiceAmounts {
  subtotalCents: number;
  discountCents: number;
  creditCents: number;
  totalCents: number;
  /** What to store after this invoice is paid. */
  discountPeriodsLeft: number | null;
  balanceCents: number;
}

export function invoiceAmounts(input: InvoiceInput): InvoiceAmounts {
  const subtotal = Math.max(0, input.subtotalCents);
  const periodsLeft = input.discountPeriodsLeft ?? null;
  const discounting = !!input.coupon && (periodsLeft === null || periodsLeft > 0);
  const discount = discounting ? discountFor(subtotal, input.coupon!) : 0;
  const balance = Math.max(0, input.balanceCents ?? 0);
  const credit = Math.min(balance, subtotal - discount);
  // A period billed at zero (all credit) still uses up a discounted period only if discounted.
  const nextPeriods = discounting && periodsLeft !== null && subtotal > 0 ? periodsLeft - 1 : periodsLeft;
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    creditCents: credit,
    totalCents: subtotal - discount - credit,
    discountPeriodsLeft: input.coupon ? nextPeriods : null,
    balanceCents: balance - credit,
  };
}
