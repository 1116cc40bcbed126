import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays } from "#domain/pricing/dates.ts";
import { categoryRules, type CategoryRulesInput } from "./effective.ts";
import { autopilotStayChanges, changeKey, stayRuleChanges, type StayRuleChange } from "./recommend.ts";
import { DEFAULT_BASE_RULES, DEFAULT_GAP_SETTINGS, type BrainStayValue, type DemandRule } from "./types.ts";

const TODAY = "2027-03-01"; // a Monday
const weekendRule: DemandRule = { id: "r1", categoryId: null, weekdays: [5, 6], from: null, to: null, appliesTo: "arrival", minStay: 3, relaxInsideDays: 7, relaxBelowOccupancyPercent: null, relaxedMinStay: 1 };
// Two rooms; both taken on 03-10, 03-11 free, both taken on 03-12: a one-night gap on 03-11.
const free = Array.from({ length: 40 }, (_, i) => (i === 9 || i === 11 ? 0 : i === 10 ? 1 : 2));
const base = { ...DEFAULT_BASE_RULES, minStay: 2 };
const input = (over: Partial<CategoryRulesInput> = {}): CategoryRulesInput => ({
  categoryId: "c",
  from: TODAY,
  to: addDays(TODAY, 30),
  today: TODAY,
  base,
  demandRules: [weekendRule],
  gaps: DEFAULT_GAP_SETTINGS,
  inventory: { from: TODAY, free },
  ...over,
});
const at = (nights: ReturnType<typeof categoryRules>["nights"], d: string) => nights.find((n) => n.night === d)!;

describe("held rules (recommend and autopilot modes)", () => {
  it("keep the base minimum and carry the demand and gap minimums as the night's target", () => {
    const live = categoryRules(input()).nights;
    const held = categoryRules(input({ held: true })).nights;
    expect(at(live, "2027-03-11")).toMatchObject({ minStayArrival: 1, inGap: true });
    expect(at(held, "2027-03-11")).toMatchObject({ minStayArrival: 2, inGap: true, target: { minStayArrival: 1 } });
    expect(at(held, "2027-03-11").target!.steps.map((s) => s.step)).toEqual(["orphanGap"]);
    expect(at(held, "2027-03-12")).toMatchObject({ minStayArrival: 2, target: { minStayArrival: 3 } });
    // Inside 7 days the demand rule relaxes to 1: below the base, also a change.
    expect(at(held, "2027-03-05")).toMatchObject({ minStayArrival: 2, target: { minStayArrival: 1 } });
    expect(at(live, "2027-03-03").target).toBeUndefined();
  });

  it("apply the brain's values, explained as a brain step, and the owner's override still has the last word", () => {
    const brainValues = new Map<string, BrainStayValue>([["2027-03-11", { minStayArrival: 1, minStayThrough: null, source: "autopilot" }]]);
    const overrides = new Map([["2027-03-12", { minStayArrival: 5 }]]);
    const held = categoryRules(input({ held: true, brainValues, overrides })).nights;
    expect(at(held, "2027-03-11")).toMatchObject({ minStayArrival: 1 });
    expect(at(held, "2027-03-11").steps.at(-1)).toEqual({ step: "brain", set: { minStayArrival: 1 }, detail: { source: "autopilot" } });
    expect(at(held, "2027-03-12").minStayArrival).toBe(5);
  });
});

describe("stayRuleChanges", () => {
  it("one change per night and field where the target and the effective minimum differ, never on a field the owner overrode", () => {
    const overrides = new Map([["2027-03-12", { minStayArrival: 5 }]]);
    const changes = stayRuleChanges(categoryRules(input({ held: true, overrides })).nights, TODAY);
    const byNight = new Map(changes.map((c) => [c.night, c]));
    expect(byNight.get("2027-03-11")).toMatchObject({ field: "min_stay_arrival", current: 2, value: 1 });
    expect(byNight.get("2027-03-05")).toMatchObject({ current: 2, value: 1 });
    expect(byNight.get("2027-03-13")).toMatchObject({ current: 2, value: 3 });
    expect(byNight.has("2027-03-12")).toBe(false);
    expect(byNight.has("2027-03-03")).toBe(false);
  });

  it("live rules (manual mode) recommend nothing", () => {
    expect(stayRuleChanges(categoryRules(input()).nights, TODAY)).toEqual([]);
  });

  it("once applied there is nothing left to change; a value the reason left asks to go back", () => {
    const target = categoryRules(input({ held: true })).nights;
    const applied = new Map(stayRuleChanges(target, TODAY).map((c) => [c.night, { minStayArrival: c.value, minStayThrough: null, source: "autopilot" as const }]));
    expect(stayRuleChanges(categoryRules(input({ held: true, brainValues: applied })).nights, TODAY)).toEqual([]);
    // The gap is booked: its night's 1 now goes back to the base 2, with no reason but the base.
    const booked = free.map((f, i) => (i === 10 ? 0 : f));
    const back = stayRuleChanges(categoryRules(input({ held: true, brainValues: applied, inventory: { from: TODAY, free: booked } })).nights, TODAY);
    expect(back).toEqual([{ categoryId: "c", night: "2027-03-11", field: "min_stay_arrival", current: 1, value: 2, reasons: [] }]);
  });
});

describe("autopilotStayChanges (guardrails)", () => {
  const change = (night: string, field: StayRuleChange["field"] = "min_stay_arrival"): StayRuleChange => ({ categoryId: "c", night, field, current: 2, value: 1, reasons: [] });

  it("applies nearest nights first, at most the cap a run, and leaves a night changed today until tomorrow", () => {
    const changes = [change("2027-03-09"), change("2027-03-02"), change("2027-03-05"), change("2027-03-03")];
    const { apply, held } = autopilotStayChanges(changes, { changedToday: new Set([changeKey(change("2027-03-03"))]), perRun: 2 });
    expect(apply.map((c) => c.night)).toEqual(["2027-03-02", "2027-03-05"]);
    expect(held.map((c) => c.night)).toEqual(["2027-03-03", "2027-03-09"]);
  });

  it("property: never more than the cap, never a night changed today, every change either applied or held", () => {
    const night = fc.integer({ min: 0, max: 60 }).map((d) => addDays(TODAY, d));
    fc.assert(
      fc.property(fc.array(fc.tuple(night, fc.constantFrom("min_stay_arrival" as const, "min_stay_through" as const))), fc.array(night), fc.integer({ min: 0, max: 20 }), (cells, today, perRun) => {
        const unique = [...new Map(cells.map(([n, f]) => [`${n}|${f}`, change(n, f)])).values()];
        const changedToday = new Set(today.map((n) => changeKey(change(n))));
        const { apply, held } = autopilotStayChanges(unique, { changedToday, perRun });
        expect(apply.length).toBeLessThanOrEqual(perRun);
        expect(apply.some((c) => changedToday.has(changeKey(c)))).toBe(false);
        expect(apply.length + held.length).toBe(unique.length);
      }),
    );
  });
});
