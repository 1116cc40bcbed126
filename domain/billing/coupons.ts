import type { BillingInterval } from "./periods.ts";

/**
 * Coupons (issue 7): a percentage or a fixed amount off, for one paid period, N months, or
 * forever; optionally expiring and limited in redemptions.
 */

export type CouponDuration = "once" | "repeating" | "forever";

export interface CouponTerms {
  percentOff: number | null;
  amountOffCents: number | null;
  duration: CouponDuration;
  durationInMonths: number | null;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  active: boolean;
}

/** Why a coupon cannot be redeemed now (an unknown code is the caller's "not found"). */
export type CouponProblem = "inactive" | "expired" | "exhausted";

/** Codes are typed by people: spaces around them are dropped and case does not matter. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const COUPON_CODE = /^[A-Z0-9_-]{3,40}$/;

export function couponProblem(coupon: CouponTerms, now: Date): CouponProblem | null {
  if (!coupon.active) return "inactive";
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return "expired";
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) return "exhausted";
  return null;
}

/** The discount on `amountCents`, never more than the amount itself. */
export function discountFor(amountCents: number, coupon: Pick<CouponTerms, "percentOff" | "amountOffCents">): number {
  if (amountCents <= 0) return 0;
  const off = coupon.percentOff !== null ? Math.round((amountCents * coupon.percentOff) / 100) : (coupon.amountOffCents ?? 0);
  return Math.min(amountCents, Math.max(0, off));
}

/**
 * How many paid periods the coupon discounts: once → 1; repeating N months → N monthly periods,
 * or the yearly periods that begin within those months (⌈N/12⌉); forever → null (no end).
 */
export function discountPeriods(coupon: Pick<CouponTerms, "duration" | "durationInMonths">, interval: BillingInterval): number | null {
  if (coupon.duration === "forever") return null;
  if (coupon.duration === "once") return 1;
  const months = Math.max(1, coupon.durationInMonths ?? 1);
  return interval === "year" ? Math.ceil(months / 12) : months;
}
