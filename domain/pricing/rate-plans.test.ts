import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RATE_PLAN_KINDS } from "#domain/distribution/constants.ts";
import { applyRatePlan, effectiveMinStay, stayRefusal, withMarkup, type RatePlanRule } from "./rate-plans.ts";
import type { DailyRate } from "./types.ts";

const plan = (over: Partial<RatePlanRule> = {}): RatePlanRule => ({
  uuid: "p1",
  code: "p1",
  name: "Plan",
  kind: "standard",
  adjustment_percent: 0,
  amount_per_guest: 0,
  long_stay_min_nights: null,
  min_stay: null,
  max_stay: null,
  closed_to_arrival: [],
  closed_to_departure: [],
  ...over,
});

const engineRate = (rate: number, guests = 2): DailyRate => ({
  date: "2027-01-10",
  categoryId: "c1",
  guests,
  rate,
  seasonId: "s",
  seasonTitle: "Base",
  seasonColor: "#000000",
  levelId: null,
  levelName: null,
  occupancy: 0,
  manual: false,
  explanation: [{ step: "season", amount: rate, detail: { seasonId: "s", title: "Base", rate, reference: true } }],
});

describe("applyRatePlan", () => {
  it("standard keeps the engine's price and adds a zero line", () => {
    const r = applyRatePlan(engineRate(35000), plan());
    expect(r.rate).toBe(35000);
    expect(r.explanation.at(-1)).toMatchObject({ step: "ratePlan", amount: 0 });
  });
  it("non-refundable −10 % takes a tenth off, in whole units", () => {
    expect(applyRatePlan(engineRate(35000), plan({ kind: "percent", adjustment_percent: -10 })).rate).toBe(31500);
    expect(applyRatePlan(engineRate(34900), plan({ kind: "percent", adjustment_percent: -10 })).rate).toBe(31400);
  });
  it("breakfast adds its amount per guest per night", () => {
    const r = applyRatePlan(engineRate(35000, 3), plan({ kind: "per_guest", amount_per_guest: 3500 }));
    expect(r.rate).toBe(45500);
    expect(r.explanation.at(-1)).toMatchObject({ amount: 10500, detail: { perGuest: 3500, guests: 3 } });
  });
  it("long stay discounts the night and raises the minimum stay", () => {
    const p = plan({ kind: "long_stay", adjustment_percent: -15, long_stay_min_nights: 7, min_stay: 2 });
    expect(applyRatePlan(engineRate(40000), p).rate).toBe(34000);
    expect(effectiveMinStay(p)).toBe(7);
    expect(stayRefusal(p, "2027-01-10", "2027-01-16")).toBe("minStay");
    expect(stayRefusal(p, "2027-01-10", "2027-01-17")).toBeNull();
  });
  it("a −100 % plan costs nothing, never less", () => {
    expect(applyRatePlan(engineRate(35000), plan({ kind: "percent", adjustment_percent: -100 })).rate).toBe(0);
  });
});

describe("stayRefusal", () => {
  it("checks the maximum stay and the weekdays closed to arrival and departure", () => {
    // 2027-01-10 is a Sunday (0); 2027-01-15 a Friday (5).
    expect(stayRefusal(plan({ max_stay: 3 }), "2027-01-10", "2027-01-15")).toBe("maxStay");
    expect(stayRefusal(plan({ closed_to_arrival: [0] }), "2027-01-10", "2027-01-15")).toBe("closedToArrival");
    expect(stayRefusal(plan({ closed_to_departure: [5] }), "2027-01-10", "2027-01-15")).toBe("closedToDeparture");
    expect(stayRefusal(plan({ closed_to_arrival: [1], closed_to_departure: [6], min_stay: 2, max_stay: 5 }), "2027-01-10", "2027-01-15")).toBeNull();
  });
});

describe("withMarkup", () => {
  it("raises a rate by the channel's markup, in whole units", () => {
    expect(withMarkup(35000, 15)).toBe(40300);
    expect(withMarkup(35000, 0)).toBe(35000);
  });
});

describe("properties", () => {
  const planArb = fc.record({
    kind: fc.constantFrom(...RATE_PLAN_KINDS),
    adjustment_percent: fc.oneof(fc.integer({ min: -100, max: 500 }), fc.double({ min: -100, max: 500, noNaN: true })),
    amount_per_guest: fc.integer({ min: 0, max: 10_000_000 }),
  });
  const rateArb = fc.record({ rate: fc.integer({ min: 0, max: 100_000_000 }), guests: fc.integer({ min: 1, max: 20 }) });

  it("a plan's price is never negative and the explanation's lines add up to it", () => {
    fc.assert(
      fc.property(planArb, rateArb, (p, r) => {
        const out = applyRatePlan(engineRate(r.rate, r.guests), plan(p));
        expect(out.rate).toBeGreaterThanOrEqual(0);
        expect(out.explanation.reduce((sum, s) => sum + s.amount, 0)).toBe(out.rate);
        expect(out.explanation).toHaveLength(2);
        expect(Object.is(out.explanation[1].amount, -0)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
