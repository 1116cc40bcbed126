/**
 * Rate plans: the engine's nightly price plus one rule per plan (standard, percent adjustment,
 * amount per guest per night, long stay), and the plan's stay restrictions. The plan adds exactly
 * one line (`ratePlan`) to the engine's explanation, so the lines still add up to the price.
 */
import type { RatePlanKind } from "#domain/distribution/constants.ts";
import { daysBetween, weekday } from "./dates.ts";
import { percentOf, roundToUnit } from "./engine.ts";
import type { Cents, DailyRate, IsoDate, Step } from "./types.ts";

export interface RatePlanRule {
  uuid: string;
  code: string;
  name: string;
  kind: RatePlanKind;
  /** Percent, negative for a discount; used by `percent` and `long_stay`. */
  adjustment_percent: number;
  /** Cents per guest per night; used by `per_guest`. */
  amount_per_guest: Cents;
  /** Nights from which a `long_stay` plan can be booked. */
  long_stay_min_nights: number | null;
  min_stay: number | null;
  max_stay: number | null;
  /** Weekdays 0 (Sunday) … 6 on which a stay may not start / end. */
  closed_to_arrival: number[];
  closed_to_departure: number[];
}

/** The explanation line a plan adds after the engine's steps. */
export interface RatePlanStep {
  step: "ratePlan";
  amount: Cents;
  detail: { planId: string; name: string; kind: RatePlanKind; percentage: number | null; perGuest: Cents | null; guests: number };
}

export type PlanExplanationStep = Step | RatePlanStep;

export interface PlanRate {
  planId: string;
  date: IsoDate;
  categoryId: string;
  guests: number;
  /** The engine's price the plan starts from. */
  baseRate: Cents;
  /** Never negative, in whole currency units like the engine's. */
  rate: Cents;
  /** The engine's steps plus the plan's line; the amounts add up to `rate`. */
  explanation: PlanExplanationStep[];
}

/** The plan's raw change to a price before rounding. */
function ruleAmount(plan: RatePlanRule, base: Cents, guests: number): Cents {
  switch (plan.kind) {
    case "standard":
      return 0;
    case "percent":
    case "long_stay":
      return percentOf(base, plan.adjustment_percent);
    case "per_guest":
      return Math.round(plan.amount_per_guest * guests) + 0;
  }
}

/** A night's engine price under a plan (the arithmetic of applyRatePlan, without the explanation). */
export function planNightRate(engineRate: Cents, guests: number, plan: RatePlanRule): Cents {
  const raw = ruleAmount(plan, engineRate, guests);
  return raw === 0 ? engineRate : Math.max(0, roundToUnit(engineRate + raw));
}

/**
 * One night's price under a plan: the engine's rate plus the plan's rule, rounded to a whole
 * unit like the engine's rates and never below zero. The plan's line is the difference, so the
 * explanation still adds up exactly.
 */
export function applyRatePlan(base: DailyRate, plan: RatePlanRule): PlanRate {
  const rate = planNightRate(base.rate, base.guests, plan);
  const step: RatePlanStep = {
    step: "ratePlan",
    amount: rate - base.rate + 0,
    detail: {
      planId: plan.uuid,
      name: plan.name,
      kind: plan.kind,
      percentage: plan.kind === "percent" || plan.kind === "long_stay" ? plan.adjustment_percent : null,
      perGuest: plan.kind === "per_guest" ? plan.amount_per_guest : null,
      guests: base.guests,
    },
  };
  return { planId: plan.uuid, date: base.date, categoryId: base.categoryId, guests: base.guests, baseRate: base.rate, rate, explanation: [...base.explanation, step] };
}

/** The shortest stay a plan sells: its own minimum, raised by a long-stay plan's threshold. */
export function effectiveMinStay(plan: RatePlanRule): number | null {
  const longStay = plan.kind === "long_stay" ? plan.long_stay_min_nights : null;
  if (plan.min_stay == null) return longStay;
  if (longStay == null) return plan.min_stay;
  return Math.max(plan.min_stay, longStay);
}

export type StayRefusal = "minStay" | "maxStay" | "closedToArrival" | "closedToDeparture";

/** Why a plan cannot sell a stay, or null when it can. */
export function stayRefusal(plan: RatePlanRule, arrival: IsoDate, departure: IsoDate): StayRefusal | null {
  const nights = daysBetween(arrival, departure);
  const min = effectiveMinStay(plan);
  if (min != null && nights < min) return "minStay";
  if (plan.max_stay != null && nights > plan.max_stay) return "maxStay";
  if (plan.closed_to_arrival.includes(weekday(arrival))) return "closedToArrival";
  if (plan.closed_to_departure.includes(weekday(departure))) return "closedToDeparture";
  return null;
}

/** A rate raised by a channel's markup percent, in whole units (what a channel is sent). */
export function withMarkup(rate: Cents, markupPercent: number): Cents {
  if (!markupPercent) return rate;
  return Math.max(0, roundToUnit(rate + percentOf(rate, markupPercent)));
}
