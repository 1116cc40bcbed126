import { describe, expect, it } from "vitest";
import {
  addMonths,
  couponProblem,
  discountFor,
  discountPeriods,
  intervalFor,
  invoiceAmounts,
  normalizeCouponCode,
  periodEnd,
  prorate,
  remainingDays,
  renewalAction,
  trialLength,
  type CouponTerms,
} from "./index.ts";

const at = (iso: string) => new Date(iso);

describe("periods", () => {
  it("maps payment_frequency to an interval, monthly by default", () => {
    expect(intervalFor("monthly")).toBe("month");
    expect(intervalFor(undefined)).toBe("month");
    expect(intervalFor("Yearly")).toBe("year");
    expect(intervalFor("annual")).toBe("year");
  });

  it("adds months keeping the time, clamping to the month's last day", () => {
    expect(addMonths(at("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(at("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(at("2026-11-15T00:00:00Z"), 2).toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(periodEnd(at("2026-03-01T12:00:00Z"), "year").toISOString()).toBe("2027-03-01T12:00:00.000Z");
  });
});

describe("proration by remaining days", () => {
  const periodStart = at("2026-04-01T00:00:00Z");
  const periodEndAt = at("2026-05-01T00:00:00Z"); // 30 days

  it("credits the unused old price and charges the new one for the days left", () => {
    // Essential R$ 149,00 → Pro R$ 299,00 with 20 of 30 days left.
    const result = prorate({ fromPriceCents: 14900, toPriceCents: 29900, periodStart, periodEnd: periodEndAt, now: at("2026-04-11T00:00:00Z") });
    expect(result).toEqual({ totalDays: 30, remainingDays: 20, creditCents: 9933, chargeCents: 19933, netCents: 10000 });
  });

  it("a downgrade leaves a credit (negative net)", () => {
    const result = prorate({ fromPriceCents: 29900, toPriceCents: 14900, periodStart, periodEnd: periodEndAt, now: at("2026-04-16T00:00:00Z") });
    expect(result.remainingDays).toBe(15);
    expect(result.netCents).toBe(7450 - 14950);
  });

  it("a started day counts as remaining; after the end nothing remains", () => {
    expect(remainingDays(periodStart, periodEndAt, at("2026-04-30T10:00:00Z"))).toBe(1);
    expect(remainingDays(periodStart, periodEndAt, at("2026-05-02T00:00:00Z"))).toBe(0);
    expect(remainingDays(periodStart, periodEndAt, at("2026-03-01T00:00:00Z"))).toBe(30);
  });
});

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  percentOff: 20,
  amountOffCents: null,
  duration: "once",
  durationInMonths: null,
  expiresAt: null,
  maxRedemptions: null,
  timesRedeemed: 0,
  active: true,
  ...over,
});

describe("coupons", () => {
  const now = at("2026-06-01T00:00:00Z");
  it("normalises codes", () => expect(normalizeCouponCode("  bemvindo20 ")).toBe("BEMVINDO20"));

  it("says why a coupon cannot be used", () => {
    expect(couponProblem(coupon(), now)).toBeNull();
    expect(couponProblem(coupon({ active: false }), now)).toBe("inactive");
    expect(couponProblem(coupon({ expiresAt: at("2026-06-01T00:00:00Z") }), now)).toBe("expired");
    expect(couponProblem(coupon({ expiresAt: at("2026-06-02T00:00:00Z") }), now)).toBeNull();
    expect(couponProblem(coupon({ maxRedemptions: 3, timesRedeemed: 3 }), now)).toBe("exhausted");
  });

  it("takes a percentage or a fixed amount off, never more than the amount", () => {
    expect(discountFor(14900, coupon())).toBe(2980);
    expect(discountFor(14900, coupon({ percentOff: null, amountOffCents: 5000 }))).toBe(5000);
    expect(discountFor(3000, coupon({ percentOff: null, amountOffCents: 5000 }))).toBe(3000);
    expect(discountFor(0, coupon())).toBe(0);
  });

  it("counts discounted periods by duration and interval", () => {
    expect(discountPeriods(coupon({ duration: "once" }), "month")).toBe(1);
    expect(discountPeriods(coupon({ duration: "repeating", durationInMonths: 3 }), "month")).toBe(3);
    expect(discountPeriods(coupon({ duration: "repeating", durationInMonths: 13 }), "year")).toBe(2);
    expect(discountPeriods(coupon({ duration: "forever" }), "year")).toBeNull();
  });
});

describe("invoice amounts", () => {
  it("applies the discount while periods are left, then the credit balance", () => {
    expect(invoiceAmounts({ subtotalCents: 14900, coupon: coupon(), discountPeriodsLeft: 1, balanceCents: 1000 })).toEqual({
      subtotalCents: 14900,
      discountCents: 2980,
      creditCents: 1000,
      totalCents: 10920,
      discountPeriodsLeft: 0,
      balanceCents: 0,
    });
    const spent = invoiceAmounts({ subtotalCents: 14900, coupon: coupon(), discountPeriodsLeft: 0 });
    expect(spent.discountCents).toBe(0);
    expect(spent.totalCents).toBe(14900);
  });

  it("a forever coupon never runs out; a large credit keeps its rest", () => {
    const result = invoiceAmounts({ subtotalCents: 10000, coupon: coupon({ duration: "forever" }), discountPeriodsLeft: null, balanceCents: 50000 });
    expect(result).toMatchObject({ discountCents: 2000, creditCents: 8000, totalCents: 0, discountPeriodsLeft: null, balanceCents: 42000 });
  });
});

describe("renewal", () => {
  const end = at("2026-07-01T00:00:00Z");
  const subject = { status: "active" as const, currentPeriodEnd: end, cancelAtPeriodEnd: false, pastDueSince: null };

  it("does nothing before the period ends, then charges or cancels", () => {
    expect(renewalAction(subject, at("2026-06-30T23:59:59Z"))).toBe("none");
    expect(renewalAction(subject, end)).toBe("charge");
    expect(renewalAction({ ...subject, status: "trialing" }, end)).toBe("charge");
    expect(renewalAction({ ...subject, cancelAtPeriodEnd: true }, end)).toBe("cancel");
    expect(renewalAction({ ...subject, status: "canceled" }, end)).toBe("none");
  });

  it("retries a past-due subscription for seven days, then expires it", () => {
    const pastDue = { ...subject, status: "past_due" as const, pastDueSince: end };
    expect(renewalAction(pastDue, at("2026-07-07T23:00:00Z"))).toBe("retry");
    expect(renewalAction(pastDue, at("2026-07-08T00:00:00Z"))).toBe("expire");
  });

  it("uses the plan's trial days when numeric, else the default", () => {
    expect(trialLength(null, 14)).toBe(14);
    expect(trialLength(30, 14)).toBe(30);
    expect(trialLength(0, 14)).toBe(0);
  });
});
