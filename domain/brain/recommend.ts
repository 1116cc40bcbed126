/**
 * recommend(): the price the brain proposes for one night × category, with its reasons as steps
 * that add up to it and the guardrails enforced (docs/pricing.md "The revenue brain").
 *
 * Order, each step in cents: the rules' price (the engine's, without the brain's own earlier
 * prices) → holiday → owner events → pace → demand (all as percents of the rules' price, so they
 * add up without compounding) → market (a pull toward the competitors' median) or, when the
 * booking engine's quotes have taught the guests' answer to price (response.ts), response (the
 * rules' price moved to the best place against the market) → change limits (day, week) → last price sold → floor and ceiling →
 * rounding. Precedence when guardrails disagree: floor/ceiling over the last price sold over the
 * change limits over the day's limit over the week's.
 *
 * Pure and clock-free: `today` comes in, so a simulator can call it for any day of a year.
 */
import { percentOf, ROUNDING_UNIT } from "#domain/pricing/engine.ts";
import { toDayNumber } from "#domain/pricing/dates.ts";
import type { Cents } from "#domain/pricing/types.ts";
import { elasticityAt, responseTarget } from "./response.ts";
import type { BrainStep, ExpectedEffect, Guardrails, NightDemand, Recommendation, RecommendInput } from "./types.ts";

/**
 * Price elasticity used for the expected effect when the booking page's quotes have not taught
 * one (never for the price itself): −1 means 10 % dearer sells about 10 % fewer of the rooms still
 * to come. Published estimates for leisure lodging run from about −0.5 to −1.5; the middle keeps
 * the shown effect neither rosy nor grim.
 */
export const PRICE_ELASTICITY = -1;

interface Interval {
  lo: number;
  hi: number;
}

/**
 * The percent one more room on the books moves the price: the owner's sensitivity spread over the
 * rooms (one room is 100 ÷ capacity points of occupancy), capped by the small-hotel damping.
 */
export function percentPerRoom(capacity: number, guardrails: Guardrails): number {
  if (capacity <= 0) return 0;
  return Math.min((guardrails.demandSensitivity * 100) / capacity, guardrails.maxMovePerBookingPercent);
}

/** Where the nights' rooms end up (unconstrained) and the pace against the usual curve, in rooms. */
function demandRooms(d: NightDemand, guardrails: Guardrails) {
  const projected = d.onTheBooks + Math.max(0, d.remainingDemand);
  const target = (d.capacity * guardrails.targetOccupancyPercent) / 100;
  return { projected, target, pace: d.onTheBooks - d.usualOnTheBooks };
}

/** The window a change limit allows around `reference`. */
function changeWindow(reference: Cents, percent: number): Interval {
  return { lo: reference - percentOf(reference, percent), hi: reference + percentOf(reference, percent) };
}

const clamp = (x: number, i: Interval) => Math.min(Math.max(x, i.lo), i.hi);
const overlap = (a: Interval, b: Interval) => a.lo <= b.hi && b.lo <= a.hi;
/** `a` narrowed by `b`; when they do not meet, the point of `b` nearest to `a` (b is the stronger rule). */
function narrow(a: Interval, b: Interval): Interval {
  if (overlap(a, b)) return { lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
  const p = a.hi < b.lo ? b.lo : b.hi;
  return { lo: p, hi: p };
}

/** Rounds to a whole currency unit inside `allowed`; with no whole unit inside, keeps `x`. */
function roundWithin(x: Cents, allowed: Interval): Cents {
  let r = Math.floor((x + ROUNDING_UNIT / 2) / ROUNDING_UNIT) * ROUNDING_UNIT;
  if (r > allowed.hi) r -= ROUNDING_UNIT;
  else if (r < allowed.lo) r += ROUNDING_UNIT;
  return r < allowed.lo || r > allowed.hi ? x : r;
}

/** Projected occupancy and revenue of the rooms still to sell, at `price` (PRICE_ELASTICITY unless the what-if learned one). */
export function expectedAt(d: NightDemand, current: Cents, price: Cents, elasticity = PRICE_ELASTICITY): { occupancy: number; revenue: Cents } {
  const left = Math.max(0, d.capacity - d.onTheBooks);
  const demand = current > 0 && price > 0 ? Math.max(0, d.remainingDemand) * (price / current) ** elasticity : 0;
  const sold = Math.min(left, demand);
  const occupancy = d.capacity > 0 ? Math.round(((Math.min(d.onTheBooks, d.capacity) + sold) / d.capacity) * 1000) / 10 : 0;
  return { occupancy, revenue: Math.round(sold * price) };
}

/** The effect of moving `current` to `value`: at the elasticity the quotes show at this night's price when known (response.ts), else PRICE_ELASTICITY. */
function effectOf(input: RecommendInput, value: Cents): ExpectedEffect {
  const { demand: d, current } = input;
  const elasticity = input.response && input.marketMedian && current > 0 ? elasticityAt(input.response, Math.log(current / input.marketMedian)) : PRICE_ELASTICITY;
  const before = expectedAt(d, current, current, elasticity);
  const after = expectedAt(d, current, value, elasticity);
  return { occupancyBefore: before.occupancy, occupancyAfter: after.occupancy, revenueBefore: before.revenue, revenueAfter: after.revenue };
}

function standStill(input: RecommendInput, status: "hold" | "frozen" | "paused" | "fixed"): Recommendation {
  const { current } = input;
  return {
    field: "price",
    categoryId: input.categoryId,
    night: input.night,
    current,
    value: current,
    status,
    reasons: [{ step: "current", amount: current, detail: { price: current } }],
    effect: effectOf(input, current),
  };
}

/** True when the forecast's interval is too wide to act on. */
export function tooUnsure(d: NightDemand, guardrails: Guardrails): boolean {
  if (!d.interval || d.capacity <= 0) return false;
  return ((d.interval.high - d.interval.low) / d.capacity) * 100 > guardrails.maxIntervalPercent;
}

/** The relative price (ln of price ÷ market) the guests' response asks for, or null when it does not say. */
function responsePosition(input: RecommendInput): number | null {
  if (!input.response || !input.marketMedian || input.marketMedian <= 0 || input.base <= 0) return null;
  return responseTarget(input.response, Math.log(input.base / input.marketMedian));
}

/** The steps the signals ask for, before any guardrail. */
function signalSteps(input: RecommendInput, guardrails: Guardrails): BrainStep[] {
  const { base, demand } = input;
  const steps: BrainStep[] = [{ step: "rules", amount: base, detail: { price: base } }];
  const push = (s: BrainStep) => s.amount !== 0 && steps.push(s);
  if (input.holidays.length && guardrails.holidayEffectPercent) {
    push({ step: "holiday", amount: percentOf(base, guardrails.holidayEffectPercent), detail: { names: [...input.holidays], percent: guardrails.holidayEffectPercent } });
  }
  for (const e of input.events) {
    if (e.from <= input.night && input.night <= e.to) push({ step: "event", amount: percentOf(base, e.effectPercent), detail: { name: e.name, percent: e.effectPercent } });
  }
  const position = responsePosition(input);
  const perRoom = demand.known ? percentPerRoom(demand.capacity, guardrails) : 0;
  const { projected, target, pace } = demandRooms(demand, guardrails);
  // With the guests' response known, its price already earns most per guest; the night's demand
  // only raises it, when the rooms are scarce (projected above the target), never discounts it.
  if (perRoom > 0 && (position == null || projected > target)) {
    const pacePercent = perRoom * pace;
    const totalPercent = perRoom * (projected - target);
    const paceAmount = percentOf(base, pacePercent);
    push({ step: "pace", amount: paceAmount, detail: { onTheBooks: demand.onTheBooks, usual: demand.usualOnTheBooks, percent: round1(pacePercent) } });
    push({
      step: "demand",
      amount: percentOf(base, totalPercent) - paceAmount,
      detail: {
        remainingDemand: round1(Math.max(0, demand.remainingDemand)),
        remainingRooms: Math.max(0, demand.capacity - demand.onTheBooks),
        projectedOccupancy: round1((projected / demand.capacity) * 100),
        target: guardrails.targetOccupancyPercent,
        percent: round1(totalPercent - pacePercent),
      },
    });
  }
  const running = sum(steps);
  if (position != null) {
    // The guests' response is known: the rules' price is replaced by the one that earns most per
    // would-be guest against the market; the other steps keep their amounts (so the damping holds).
    const median = input.marketMedian!;
    const amount = Math.round(median * Math.exp(position)) - base;
    push({ step: "response", amount, detail: { median, position: round1((Math.exp(position) - 1) * 100), quotes: input.response!.quotes } });
    return steps;
  }
  // The pull is `weight` % of the way to the median, also when the signals have taken the price to 0
  // or below (it was skipped there, so one booking more could move the price by far more than the
  // damping allows); its percent of the price so far is then 0, there being no price to be a percent of.
  if (input.marketMedian && input.marketMedian > 0 && guardrails.marketWeightPercent) {
    const amount = percentOf(input.marketMedian - running, guardrails.marketWeightPercent);
    const percent = running > 0 ? ((input.marketMedian - running) / running) * guardrails.marketWeightPercent : 0;
    push({ step: "market", amount, detail: { median: input.marketMedian, percent: round1(percent) } });
  }
  return steps;
}

const sum = (steps: readonly BrainStep[]) => steps.reduce((s, x) => s + x.amount, 0);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The recommendation for one night × category. */
export function recommend(input: RecommendInput, guardrails: Guardrails): Recommendation {
  const { current } = input;
  if (input.fixedByOwner) return standStill(input, "fixed");
  if (toDayNumber(input.night) - toDayNumber(input.today) < guardrails.freezeDays) return standStill(input, "frozen");
  if (tooUnsure(input.demand, guardrails)) return standStill(input, "paused");
  if (current <= 0 || input.base <= 0) return standStill(input, "hold");

  const steps = signalSteps(input, guardrails);
  let x = sum(steps);
  let allowed: Interval = { lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY };
  const guard = (window: Interval, step: (amount: Cents) => BrainStep, weak = false) => {
    if (weak && !overlap(allowed, window)) return;
    allowed = narrow(allowed, window);
    const next = clamp(x, allowed);
    if (next !== x) steps.push(step(next - x));
    x = next;
  };
  // A reference of zero or less is not a price (a night never priced): the limits then start from the price now, else "10 % of 0" would pin the night at 0.
  const known = (p: Cents | null) => (p != null && p > 0 ? p : null);
  const dayRef = known(input.priceAtDayStart) ?? current;
  const weekRef = known(input.priceWeekAgo) ?? dayRef;
  guard(changeWindow(dayRef, guardrails.maxDailyChangePercent), (amount) => ({ step: "dailyLimit", amount, detail: { reference: dayRef, percent: guardrails.maxDailyChangePercent } }));
  guard(changeWindow(weekRef, guardrails.maxWeeklyChangePercent), (amount) => ({ step: "weeklyLimit", amount, detail: { reference: weekRef, percent: guardrails.maxWeeklyChangePercent } }), true);
  if (input.lastSold != null) {
    const lastSold = input.lastSold;
    guard({ lo: lastSold, hi: Number.POSITIVE_INFINITY }, (amount) => ({ step: "lastSold", amount, detail: { price: lastSold } }));
  }
  const floor = input.floor != null && input.floor > 0 ? input.floor : 0;
  const ceiling = input.ceiling ?? Number.POSITIVE_INFINITY;
  // An invalid pair (floor above ceiling, which the settings validator reports) leaves the ceiling in charge, as in the engine.
  const bounds: Interval = floor <= ceiling ? { lo: floor, hi: ceiling } : { lo: ceiling, hi: ceiling };
  guard(bounds, (amount) => ({ step: "bounds", amount, detail: { bound: amount > 0 ? "floor" : "ceiling", price: amount > 0 ? bounds.lo : bounds.hi } }));
  const value = roundWithin(x, allowed);
  if (value !== x) steps.push({ step: "rounding", amount: value - x, detail: { unit: ROUNDING_UNIT } });
  return {
    field: "price",
    categoryId: input.categoryId,
    night: input.night,
    current,
    value,
    status: value === current ? "hold" : "move",
    reasons: steps,
    effect: effectOf(input, value),
  };
}
