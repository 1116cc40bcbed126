/**
 * The effective rules of a category's nights: base → demand → orphan gap → brain → override (types.ts).
 * In the recommend and autopilot modes (`held`, ADR 0050) the demand and gap minimum stays are
 * not applied: they are the night's `target`, and only the values the brain applied (accepted or
 * by the autopilot) move the minimum stays.
 * One function for every judge — the booking engine, the bookings form, the Channex push, the
 * calendar and the what-if all call `categoryRules`, so they cannot disagree.
 */
import { toDayNumber, weekdayOfDayNumber } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import { orphanGaps } from "./gaps.ts";
import {
  type BaseRules,
  type BrainStayValue,
  type DemandRule,
  type GapSettings,
  type NightOverride,
  type NightRules,
  type OrphanGap,
  type RuleStep,
  type StayLimits,
  OPEN_LIMITS,
} from "./types.ts";

const WEEKEND = new Set([5, 6]); // Friday and Saturday nights

export interface CategoryRulesInput {
  categoryId: string;
  /** The nights to answer, both included. */
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  base: BaseRules;
  /** The business's demand rules (those of other categories are skipped). */
  demandRules: readonly DemandRule[];
  /** Projected occupancy (percent) of a night, when the forecast knows it. */
  occupancy?: (night: IsoDate) => number | null;
  /** Free rooms from `inventoryFrom` on; it should reach past `from … to` by the gap length on both sides. Absent: no gap fill. */
  inventory?: { from: IsoDate; free: readonly number[] };
  gaps: GapSettings;
  overrides?: ReadonlyMap<IsoDate, NightOverride>;
  /** Recommend and autopilot modes: demand and gap minimum stays become targets (ADR 0050). */
  held?: boolean;
  /** The minimum stays the brain applied, per night (read only when `held`). */
  brainValues?: ReadonlyMap<IsoDate, BrainStayValue>;
}

export interface CategoryRules {
  nights: NightRules[];
  /** The orphan gaps found in the inventory (with gap fill off too, to list them). */
  gaps: OrphanGap[];
}

function apply(limits: StayLimits, set: Partial<StayLimits>) {
  for (const k in set) {
    const v = set[k as keyof StayLimits];
    if (v !== undefined) (limits as unknown as Record<string, unknown>)[k] = v;
  }
}

/** `count` consecutive ISO dates from `from`, without a Date per night (the hot loop's cost). */
function nightsFrom(from: IsoDate, count: number): IsoDate[] {
  const out: IsoDate[] = new Array(count);
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  let d = Number(from.slice(8, 10));
  const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  for (let i = 0; i < count; i++) {
    out[i] = `${y}-${pad(m)}-${pad(d)}`;
    const monthDays = m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
    if (++d > monthDays) {
      d = 1;
      if (++m > 12) {
        m = 1;
        y++;
      }
    }
  }
  return out;
}

function demandStep(rule: DemandRule, lead: number, occupancy: number | null): RuleStep {
  const field = rule.appliesTo === "arrival" ? "minStayArrival" : "minStayThrough";
  if (rule.relaxInsideDays > 0 && lead < rule.relaxInsideDays) {
    return { step: "demandRelaxed", set: { [field]: rule.relaxedMinStay }, detail: { ruleId: rule.id, minStay: rule.relaxedMinStay, reason: "leadTime", days: rule.relaxInsideDays, occupancyPercent: null } };
  }
  if (rule.relaxBelowOccupancyPercent != null && occupancy != null && occupancy < rule.relaxBelowOccupancyPercent) {
    return { step: "demandRelaxed", set: { [field]: rule.relaxedMinStay }, detail: { ruleId: rule.id, minStay: rule.relaxedMinStay, reason: "occupancy", days: null, occupancyPercent: occupancy } };
  }
  return { step: "demand", set: { [field]: rule.minStay }, detail: { ruleId: rule.id, minStay: rule.minStay } };
}

/** A step without the minimum-stay fields it sets (what stays applied when they are held). */
function withoutMinStays(step: RuleStep): RuleStep {
  const { minStayArrival: _a, minStayThrough: _t, ...rest } = step.set;
  return { ...step, set: rest } as RuleStep;
}

const stepMin = (s: RuleStep) => (s.step === "demand" || s.step === "demandRelaxed" ? s.detail.minStay : 0);

/**
 * The rules of the nights `from … to` of one category, each with its steps, and the orphan gaps
 * of its inventory. Pure and linear in nights × rules.
 */
export function categoryRules(input: CategoryRulesInput): CategoryRules {
  const { base, today } = input;
  const first = toDayNumber(input.from);
  const count = toDayNumber(input.to) - first + 1;
  const todayDay = toDayNumber(today);
  const rules = input.demandRules.filter((r) => r.categoryId === null || r.categoryId === input.categoryId);
  const gaps = input.inventory ? orphanGaps(input.categoryId, input.inventory.free, input.inventory.from, today, input.gaps.maxNights) : [];
  // Night index → the gap step(s) that touch it: the gap's nights, and the date after it (departure).
  const gapSteps = new Map<number, RuleStep>();
  if (input.gaps.enabled) {
    for (const gap of gaps) {
      const g0 = toDayNumber(gap.first) - first;
      const detail = { first: gap.first, last: gap.last, nights: gap.nights, discountPercent: input.gaps.discountPercent };
      for (let k = 0; k < gap.nights; k++) {
        gapSteps.set(g0 + k, { step: "orphanGap", set: { minStayArrival: gap.nights - k, minStayThrough: gap.nights, closedToArrival: false, closedToDeparture: k === 0 ? undefined : false }, detail });
      }
      gapSteps.set(g0 + gap.nights, { step: "orphanGap", set: { closedToDeparture: false }, detail });
    }
  }
  // The base of each weekday, built once (read-only, shared by the nights of that weekday).
  const baseSteps = Array.from({ length: 7 }, (_, wd): RuleStep => {
    const weekend = WEEKEND.has(wd);
    const set: Partial<StayLimits> = {
      minStayArrival: weekend && base.weekendMinStay != null ? base.weekendMinStay : base.minStay,
      maxStay: base.maxStay,
      closedToArrival: base.closedToArrival.includes(wd),
      closedToDeparture: base.closedToDeparture.includes(wd),
      minAdvanceDays: base.minAdvanceDays,
      maxAdvanceDays: base.maxAdvanceDays,
    };
    return { step: "base", set, detail: { weekend } };
  });
  const dates = nightsFrom(input.from, count);
  const nights: NightRules[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const day = first + i;
    const night = dates[i];
    const wd = weekdayOfDayNumber(day);
    const limits: StayLimits = { ...OPEN_LIMITS };
    apply(limits, baseSteps[wd].set);
    const steps: RuleStep[] = [baseSteps[wd]];
    // Of the matching demand rules, the one giving the highest minimum holds, per field.
    const best = new Map<"arrival" | "through", RuleStep>();
    for (const rule of rules) {
      if (rule.weekdays.length && !rule.weekdays.includes(wd)) continue;
      if ((rule.from && night < rule.from) || (rule.to && night > rule.to)) continue;
      const step = demandStep(rule, day - todayDay, input.occupancy?.(night) ?? null);
      const held = best.get(rule.appliesTo);
      if (!held || stepMin(step) > stepMin(held)) best.set(rule.appliesTo, step);
    }
    // Held: the minimum stays as the base gives them, while the target takes every layer.
    const heldArrival = limits.minStayArrival;
    const heldThrough = limits.minStayThrough;
    const targetSteps: RuleStep[] = [];
    for (const step of best.values()) {
      apply(limits, step.set);
      if (input.held) targetSteps.push(step);
      else steps.push(step);
    }
    const gapStep = gapSteps.get(i);
    let discountPercent = 0;
    let inGap = false;
    if (gapStep && gapStep.step === "orphanGap") {
      // Lower, never raise: a gap only opens stays.
      const set: Partial<StayLimits> = {};
      if (gapStep.set.minStayArrival !== undefined && gapStep.set.minStayArrival < limits.minStayArrival) set.minStayArrival = gapStep.set.minStayArrival;
      if (gapStep.set.minStayThrough !== undefined && gapStep.set.minStayThrough < limits.minStayThrough) set.minStayThrough = gapStep.set.minStayThrough;
      if (gapStep.set.closedToArrival === false && limits.closedToArrival) set.closedToArrival = false;
      if (gapStep.set.closedToDeparture === false && limits.closedToDeparture) set.closedToDeparture = false;
      inGap = gapStep.set.minStayArrival !== undefined;
      if (inGap) discountPercent = gapStep.detail.discountPercent;
      if (Object.keys(set).length || discountPercent) {
        apply(limits, set);
        const step: RuleStep = { step: "orphanGap", set, detail: gapStep.detail };
        if (input.held) {
          if (set.minStayArrival !== undefined || set.minStayThrough !== undefined) targetSteps.push(step);
          const rest = withoutMinStays(step);
          if (Object.keys(rest.set).length || discountPercent) steps.push(rest);
        } else steps.push(step);
      }
    }
    let target: NightRules["target"];
    if (input.held) {
      target = { minStayArrival: limits.minStayArrival, minStayThrough: limits.minStayThrough, steps: targetSteps };
      limits.minStayArrival = heldArrival;
      limits.minStayThrough = heldThrough;
      const value = input.brainValues?.get(night);
      if (value) {
        const set: Partial<StayLimits> = {};
        if (value.minStayArrival != null) set.minStayArrival = value.minStayArrival;
        if (value.minStayThrough != null) set.minStayThrough = value.minStayThrough;
        if (Object.keys(set).length) {
          apply(limits, set);
          steps.push({ step: "brain", set, detail: { source: value.source } });
        }
      }
    }
    const override = input.overrides?.get(night);
    if (override && Object.values(override).some((v) => v !== undefined)) {
      apply(limits, override);
      steps.push({ step: "override", set: { ...override }, detail: {} });
    }
    nights[i] = { categoryId: input.categoryId, night, ...limits, discountPercent, inGap, steps, ...(target ? { target } : {}) };
  }
  return { nights, gaps };
}

/** Night → rules, for the judges (a night outside the list has no rule). */
export function rulesByNight(nights: readonly NightRules[]): (night: IsoDate) => StayLimits {
  const map = new Map(nights.map((n) => [n.night, n as StayLimits]));
  return (night) => map.get(night) ?? OPEN_LIMITS;
}
