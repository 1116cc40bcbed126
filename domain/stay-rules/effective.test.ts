import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays } from "#domain/pricing/dates.ts";
import { categoryRules, rulesByNight, type CategoryRulesInput } from "./effective.ts";
import { channexSells, channexStayFields } from "./channex.ts";
import { gapStayNear, judgeStay, stayBreak, stayThatWorks } from "./judge.ts";
import { planLimits } from "./plans.ts";
import { stayRulesWhatIf } from "./what-if.ts";
import { DEFAULT_BASE_RULES, DEFAULT_GAP_SETTINGS, type DemandRule, type StayLimits } from "./types.ts";

const TODAY = "2027-03-01"; // a Monday
const weekendRule: DemandRule = {
  id: "r1",
  categoryId: null,
  weekdays: [5, 6],
  from: null,
  to: null,
  appliesTo: "arrival",
  minStay: 2,
  relaxInsideDays: 7,
  relaxBelowOccupancyPercent: 40,
  relaxedMinStay: 1,
};

function input(over: Partial<CategoryRulesInput> = {}): CategoryRulesInput {
  return { categoryId: "c", from: TODAY, to: addDays(TODAY, 30), today: TODAY, base: DEFAULT_BASE_RULES, demandRules: [], gaps: DEFAULT_GAP_SETTINGS, ...over };
}
const night = (r: ReturnType<typeof categoryRules>, date: string) => r.nights.find((n) => n.night === date)!;

describe("categoryRules", () => {
  it("base: weekday and weekend minimums, closed weekdays, booking window", () => {
    const r = categoryRules(input({ base: { ...DEFAULT_BASE_RULES, minStay: 1, weekendMinStay: 2, closedToArrival: [0], closedToDeparture: [5], maxStay: 14, minAdvanceDays: 1, maxAdvanceDays: 300 } }));
    expect(night(r, "2027-03-03")).toMatchObject({ minStayArrival: 1, maxStay: 14, closedToArrival: false, minAdvanceDays: 1, maxAdvanceDays: 300 });
    expect(night(r, "2027-03-05")).toMatchObject({ minStayArrival: 2, closedToDeparture: true });
    expect(night(r, "2027-03-07")).toMatchObject({ closedToArrival: true });
    expect(night(r, "2027-03-05").steps).toEqual([{ step: "base", set: expect.objectContaining({ minStayArrival: 2 }), detail: { weekend: true } }]);
  });

  it("a demand rule holds far out and relaxes inside N days or below the occupancy threshold, saying which", () => {
    const occupancy = (d: string) => (d === "2027-03-19" ? 30 : 70);
    const r = categoryRules(input({ demandRules: [weekendRule], occupancy }));
    // Friday 5th: inside 7 days.
    expect(night(r, "2027-03-05").minStayArrival).toBe(1);
    expect(night(r, "2027-03-05").steps[1]).toMatchObject({ step: "demandRelaxed", detail: { reason: "leadTime", days: 7 } });
    // Friday 12th: 11 days out, occupancy 70 %: the rule holds.
    expect(night(r, "2027-03-12")).toMatchObject({ minStayArrival: 2 });
    expect(night(r, "2027-03-12").steps[1]).toMatchObject({ step: "demand", detail: { ruleId: "r1", minStay: 2 } });
    // Friday 19th: forecast 30 % < 40 %.
    expect(night(r, "2027-03-19").steps[1]).toMatchObject({ step: "demandRelaxed", detail: { reason: "occupancy", occupancyPercent: 30 } });
    // A Wednesday: no demand step.
    expect(night(r, "2027-03-17").steps).toHaveLength(1);
    // A rule of another category is not applied.
    expect(night(categoryRules(input({ demandRules: [{ ...weekendRule, categoryId: "other" }] })), "2027-03-12").minStayArrival).toBe(1);
  });

  it("an orphan gap lowers the minimum to fit it and opens its arrivals; an override has the last word", () => {
    // One room: full 03-10, 03-11, 03-13, 03-14, 03-20, 03-23 → 03-12 is a one-night gap, 03-21/22 a two-night one.
    const free = Array.from({ length: 40 }, (_, i) => ([9, 10, 12, 13, 19, 22].includes(i) ? 0 : 1));
    const base = { ...DEFAULT_BASE_RULES, minStay: 3, closedToArrival: [5] };
    const r = categoryRules(input({ base, inventory: { from: TODAY, free }, gaps: { enabled: true, maxNights: 2, discountPercent: 10 }, overrides: new Map([["2027-03-21", { minStayArrival: 2 }]]) }));
    expect(r.gaps.map((g) => [g.first, g.nights])).toEqual([["2027-03-12", 1], ["2027-03-21", 2]]);
    // 03-12 is a Friday (closed to arrival in the base): opened, minimum 1, discount shown.
    expect(night(r, "2027-03-12")).toMatchObject({ minStayArrival: 1, closedToArrival: false, inGap: true, discountPercent: 10 });
    expect(night(r, "2027-03-12").steps.map((s) => s.step)).toEqual(["base", "orphanGap"]);
    // Two-night gap: 2 on its first night (overridden to 2 anyway), 1 on its second.
    expect(night(r, "2027-03-22").minStayArrival).toBe(1);
    expect(night(r, "2027-03-21").steps.map((s) => s.step)).toEqual(["base", "orphanGap", "override"]);
    // Outside the gap the base holds.
    expect(night(r, "2027-03-16").minStayArrival).toBe(3);
    // Gap fill off: gaps still listed, rules untouched.
    const off = categoryRules(input({ base, inventory: { from: TODAY, free }, gaps: { enabled: false, maxNights: 2, discountPercent: 10 } }));
    expect(off.gaps).toHaveLength(2);
    expect(night(off, "2027-03-12")).toMatchObject({ minStayArrival: 3, inGap: false, discountPercent: 0 });
  });
});

describe("the judge", () => {
  const rules = categoryRules(input({ base: { ...DEFAULT_BASE_RULES, minStay: 2, closedToDeparture: [0] }, to: addDays(TODAY, 60) }));
  const rulesOf = rulesByNight(rules.nights);

  it("names the rule and the night a stay breaks", () => {
    expect(stayBreak(rulesOf, { arrival: "2027-03-10", departure: "2027-03-11" }, TODAY)).toEqual({ rule: "minStayArrival", night: "2027-03-10", limit: 2 });
    expect(stayBreak(rulesOf, { arrival: "2027-03-12", departure: "2027-03-14" }, TODAY)).toEqual({ rule: "closedToDeparture", night: "2027-03-14", limit: null });
    expect(stayBreak(rulesOf, { arrival: "2027-03-10", departure: "2027-03-12" }, TODAY)).toBeNull();
  });

  it("suggests the nearest stay that works and has rooms", () => {
    expect(stayThatWorks(rulesOf, { arrival: "2027-03-10", departure: "2027-03-11" }, TODAY, () => true)).toEqual({ arrival: "2027-03-10", departure: "2027-03-12" });
    // 03-11 taken: the two nights must move earlier.
    expect(stayThatWorks(rulesOf, { arrival: "2027-03-10", departure: "2027-03-11" }, TODAY, (n) => n !== "2027-03-11")).toEqual({ arrival: "2027-03-09", departure: "2027-03-11" });
    expect(stayThatWorks(rulesOf, { arrival: "2027-03-10", departure: "2027-03-11" }, TODAY, () => false)).toBeNull();
    expect(judgeStay(rulesOf, { arrival: "2027-03-10", departure: "2027-03-12" }, TODAY, () => true)).toEqual({ ok: true });
  });

  it("offers the nearest orphan gap that breaks no rule when the dates asked are full", () => {
    // One room, minimum 2, gap fill on: full 03-10 … 03-13 and 03-15, 03-18 → 03-14 a one-night gap, 03-16/17 a two-night one.
    const free = Array.from({ length: 40 }, (_, i) => ([9, 10, 11, 12, 14, 17].includes(i) ? 0 : 1));
    const r = categoryRules(input({ base: { ...DEFAULT_BASE_RULES, minStay: 2 }, inventory: { from: TODAY, free } }));
    const limits = rulesByNight(r.nights);
    const asked = { arrival: "2027-03-11", departure: "2027-03-14" };
    // The one-night gap is nearest (its minimum lowered to 1); a free night outside a gap is never offered.
    expect(gapStayNear(limits, asked, TODAY, r.gaps)).toEqual({ arrival: "2027-03-14", departure: "2027-03-15" });
    // A whole gap before a part of one: 03-17 alone is as near but would leave 03-16 a one-night hole.
    expect(gapStayNear(limits, { arrival: "2027-03-17", departure: "2027-03-20" }, TODAY, r.gaps)).toEqual({ arrival: "2027-03-16", departure: "2027-03-18" });
    expect(gapStayNear(limits, asked, TODAY, [])).toBeNull();
    // Gap fill off: the one-night gap keeps the two-night minimum and cannot be sold; the two-night one still can.
    const off = categoryRules(input({ base: { ...DEFAULT_BASE_RULES, minStay: 2 }, inventory: { from: TODAY, free }, gaps: { ...DEFAULT_GAP_SETTINGS, enabled: false } }));
    expect(gapStayNear(rulesByNight(off.nights), asked, TODAY, off.gaps)).toEqual({ arrival: "2027-03-16", departure: "2027-03-18" });
    // A whole gap that breaks a rule (a maximum of 1 night here) gives way to the nearest part of one.
    const short = categoryRules(input({ base: { ...DEFAULT_BASE_RULES, maxStay: 1 }, inventory: { from: TODAY, free } }));
    expect(gapStayNear(rulesByNight(short.nights), { arrival: "2027-03-17", departure: "2027-03-20" }, TODAY, short.gaps.filter((g) => g.nights === 2))).toEqual({ arrival: "2027-03-17", departure: "2027-03-18" });
    // Gaps beyond the reach of a suggestion (a week and a week's nights) are not offered.
    expect(gapStayNear(limits, { arrival: "2027-04-01", departure: "2027-04-03" }, TODAY, r.gaps)).toBeNull();
  });

  it("a plan adds its own restrictions, but yields its minimum to a gap", () => {
    const free = Array.from({ length: 40 }, (_, i) => (i === 9 || i === 11 ? 0 : 1));
    const r = categoryRules(input({ inventory: { from: TODAY, free } }));
    const plan = { uuid: "p", code: "P", name: "P", kind: "standard" as const, adjustment_percent: 0, amount_per_guest: 0, long_stay_min_nights: null, min_stay: 3, max_stay: 7, closed_to_arrival: [3], closed_to_departure: [] };
    expect(planLimits(night(r, "2027-03-15"), plan)).toMatchObject({ minStayArrival: 3, maxStay: 7 });
    expect(planLimits(night(r, "2027-03-11"), plan)).toMatchObject({ minStayArrival: 1, closedToArrival: false });
    expect(planLimits(night(r, "2027-03-11"), { ...plan, kind: "long_stay", long_stay_min_nights: 5 }).minStayArrival).toBe(5);
  });
});

// -------------------------------------------------------------------------------------------
// Properties

const limitsArb: fc.Arbitrary<StayLimits> = fc.record({
  minStayArrival: fc.integer({ min: 1, max: 5 }),
  minStayThrough: fc.integer({ min: 1, max: 4 }),
  maxStay: fc.option(fc.integer({ min: 1, max: 10 })),
  closedToArrival: fc.boolean(),
  closedToDeparture: fc.boolean(),
  minAdvanceDays: fc.integer({ min: 0, max: 3 }),
  maxAdvanceDays: fc.option(fc.integer({ min: 5, max: 40 })),
});
const HORIZON = 50;
const worldArb = fc.record({
  limits: fc.array(limitsArb, { minLength: HORIZON, maxLength: HORIZON }),
  free: fc.array(fc.boolean(), { minLength: HORIZON, maxLength: HORIZON }),
  arrival: fc.integer({ min: 0, max: 35 }),
  nights: fc.integer({ min: 1, max: 10 }),
});
const lookup = (limits: StayLimits[]) => (n: string) => limits[Math.round((Date.parse(n) - Date.parse(TODAY)) / 86_400_000)] ?? limits[0];

describe("properties", () => {
  it("a stay the judge suggests (what the engine offers instead) never breaks an effective rule and has rooms", () => {
    fc.assert(
      fc.property(worldArb, ({ limits, free, arrival, nights }) => {
        const rulesOf = lookup(limits);
        const isFree = (n: string) => free[Math.round((Date.parse(n) - Date.parse(TODAY)) / 86_400_000)] ?? false;
        const asked = { arrival: addDays(TODAY, arrival), departure: addDays(TODAY, arrival + nights) };
        const verdict = judgeStay(rulesOf, asked, TODAY, isFree);
        if (verdict.ok) return;
        const s = verdict.suggestion;
        if (!s) return;
        expect(stayBreak(rulesOf, s, TODAY)).toBeNull();
        for (let d = s.arrival; d < s.departure; d = addDays(d, 1)) expect(isFree(d)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("the Channex restrictions sell exactly the stays the engine and the bookings form accept", () => {
    fc.assert(
      fc.property(worldArb, ({ limits, arrival, nights }) => {
        const rulesOf = lookup(limits);
        const stay = { arrival: addDays(TODAY, arrival), departure: addDays(TODAY, arrival + nights) };
        const fields = (n: string) => channexStayFields(rulesOf(n), n, TODAY, "both");
        expect(channexSells(fields, stay)).toBe(stayBreak(rulesOf, stay, TODAY) === null);
      }),
      { numRuns: 500 },
    );
  });

  it("computed rules: a gap night is always sellable as the stay that fills the gap, whatever the base and demand", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 30, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6]),
        (free, minStay, closed) => {
          const r = categoryRules(input({ to: addDays(TODAY, 29), base: { ...DEFAULT_BASE_RULES, minStay, closedToArrival: closed }, demandRules: [weekendRule], inventory: { from: TODAY, free } }));
          const rulesOf = rulesByNight(r.nights);
          for (const gap of r.gaps) expect(stayBreak(rulesOf, { arrival: gap.first, departure: addDays(gap.last, 1) }, TODAY)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("what-if", () => {
  it("counts the stays a lower minimum opens and says the gap becomes sellable", () => {
    const free = Array.from({ length: 120 }, (_, i) => (i === 9 || i === 11 ? 0 : 1));
    const base = { ...DEFAULT_BASE_RULES, minStay: 2 };
    const current = input({ base, inventory: { from: TODAY, free }, gaps: { ...DEFAULT_GAP_SETTINGS, enabled: false } });
    const w = stayRulesWhatIf(current, { gaps: DEFAULT_GAP_SETTINGS });
    expect(w.opened).toBe(1);
    expect(w.closed).toBe(0);
    expect(w.openedSample).toEqual([{ arrival: "2027-03-11", departure: "2027-03-12" }]);
    expect(w.gaps).toEqual([expect.objectContaining({ first: "2027-03-11", sellableBefore: false, sellableAfter: true })]);
    const stricter = stayRulesWhatIf(current, { base: { ...base, minStay: 3 } });
    expect(stricter.opened).toBe(0);
    expect(stricter.closed).toBeGreaterThan(80);
  });
});
