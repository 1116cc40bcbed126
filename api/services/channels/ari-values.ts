import { addDays } from "#domain/bookings/stay.ts";
import { applyRatePlan, withMarkup } from "#domain/pricing/rate-plans.ts";
import type { DailyRate } from "#domain/pricing/types.ts";
import type { ChannexCategoryMapping, ChannexRatePlanInfo } from "#api/db/schema/index.ts";
import type { RatePlan } from "#api/services/distribution/rate-plans.ts";
import { ratePlanRule } from "#api/services/distribution/rate-plans.ts";
import { rateString, type AvailabilityValue, type MinStayType, type RestrictionValue } from "./channex-client.ts";
import { channexStayFields, OPEN_LIMITS, planLimits, type NightRules } from "#domain/stay-rules/index.ts";
import type { PlanRestrictions, PlanTarget } from "./plan-targets.ts";

/**
 * What one push sends, night by night (docs/channex.md): per mapped category its availability
 * and its Channex rate plan's rate, per mapped (category, plan) pair the plan's rate and stay
 * restrictions — or `stop_sell` when the night is not for sale there (no price, a rate that is
 * not above 0, a deactivated plan or channel, a Channex rate plan no longer mapped) — and the
 * Channex values they become, consecutive equal nights folded into date ranges.
 */

/** The restriction part of one night of one Channex rate plan, as sent. */
export type NightRestriction = { stop_sell: true } | ({ stop_sell: false; rate?: number; rates?: { occupancy: number; rate: number }[] } & PlanRestrictions);

export interface NightValues {
  categoryId: string;
  /** '' for the category's own row; else the Channex rate plan of a mapped (category, plan) pair. */
  ratePlanKey: string;
  night: string;
  availability: number | null;
  restriction: NightRestriction | null;
  /** The restriction as a comparable string (null: none). */
  signature: string | null;
}

/** Engine rates per number of guests (0: the category's reference price) and `category|night`. */
export type RatesByGuests = Map<number, Map<string, DailyRate>>;

export interface NightContext {
  mapping: ChannexCategoryMapping;
  planInfo: ChannexRatePlanInfo;
  minStayType: MinStayType;
  rates: RatesByGuests;
  /** The business's today: the booking window becomes closed-to-arrival relative to it. */
  today: string;
  /** A category's effective stay rules on a night (domain/stay-rules), the same the booking engine judges with. */
  stayRules: (categoryId: string, night: string) => NightRules | undefined;
}

const openNight = (categoryId: string, night: string): NightRules => ({ ...OPEN_LIMITS, categoryId, night, discountPercent: 0, inGap: false, steps: [] });

const engineRate = (ctx: NightContext, guests: number, categoryId: string, night: string) => ctx.rates.get(guests)?.get(`${categoryId}|${night}`);

/** The guest counts a per-person Channex plan is priced for (empty: one price). */
export function occupanciesOf(planInfo: ChannexRatePlanInfo, channexPlanId: string): number[] {
  const info = planInfo[channexPlanId];
  return info?.sellMode === "per_person" ? info.occupancies : [];
}

function restrictionOf(ctx: NightContext, channexPlanId: string, priced: (guests: number) => number | null, stay: PlanRestrictions): NightRestriction {
  const occupancies = occupanciesOf(ctx.planInfo, channexPlanId);
  if (occupancies.length) {
    const rates = occupancies.map((occupancy) => ({ occupancy, rate: priced(occupancy) }));
    if (rates.some((r) => r.rate === null || r.rate <= 0)) return { stop_sell: true };
    return { stop_sell: false, rates: rates as { occupancy: number; rate: number }[], ...stay };
  }
  const rate = priced(0);
  return rate === null || rate <= 0 ? { stop_sell: true } : { stop_sell: false, rate, ...stay };
}

const withSignature = (v: Omit<NightValues, "signature">): NightValues => ({ ...v, signature: v.restriction ? JSON.stringify(v.restriction) : null });

/** A mapped category's night: its free rooms, and its Channex rate plan at the engine's price. */
export function categoryNight(ctx: NightContext, category: { id: string; rooms: number }, night: string, taken: number): NightValues {
  const channexPlan = ctx.mapping[category.id].rate_plan_id;
  const stay = channexStayFields(ctx.stayRules(category.id, night) ?? OPEN_LIMITS, night, ctx.today, ctx.minStayType);
  const restriction = restrictionOf(ctx, channexPlan, (guests) => engineRate(ctx, guests, category.id, night)?.rate ?? null, stay);
  return withSignature({ categoryId: category.id, ratePlanKey: "", night, availability: Math.max(0, category.rooms - taken), restriction });
}

/** A mapped (category, plan) pair's night: the engine's price + the plan's rule (+ the channel's markup) and its restrictions. */
export function pairNight(ctx: NightContext, target: PlanTarget, plan: RatePlan | undefined, night: string): NightValues {
  const base = { categoryId: target.categoryId, ratePlanKey: target.ratePlanKey, night, availability: null };
  if (!plan || !target.sellable) return withSignature({ ...base, restriction: { stop_sell: true } });
  const rule = ratePlanRule(plan);
  const priced = (guests: number) => {
    const engine = engineRate(ctx, guests, target.categoryId, night);
    return engine ? withMarkup(applyRatePlan(engine, rule).rate, target.markup) : null;
  };
  const rules = ctx.stayRules(target.categoryId, night) ?? openNight(target.categoryId, night);
  const stay = channexStayFields(planLimits(rules, rule), night, ctx.today, ctx.minStayType);
  return withSignature({ ...base, restriction: restrictionOf(ctx, target.ratePlanKey, priced, stay) });
}

/** A Channex rate plan we fed before and no longer map: closed. */
export function closedNight(categoryId: string, ratePlanKey: string, night: string): NightValues {
  return withSignature({ categoryId, ratePlanKey, night, availability: null, restriction: { stop_sell: true } });
}

/** What the channel last accepted (or refused) for one row. */
export interface SentState {
  availability: number | null;
  restrictions: string | null;
  status: "sent" | "failed";
  rejected: boolean;
}

/**
 * Which parts of a night go out: anything never sent, anything whose last attempt failed in
 * transit, anything that differs from what was last sent or refused. Values Channex refused are
 * not sent again while they stay the same.
 */
export function changes(values: NightValues, old: SentState | undefined): { availability: boolean; restriction: boolean } {
  const retry = !old || (old.status === "failed" && !old.rejected);
  return {
    availability: values.availability !== null && (retry || old.availability !== values.availability),
    restriction: values.restriction !== null && (retry || old.restrictions !== values.signature),
  };
}

export const stateKey = (v: { categoryId: string; ratePlanKey: string; night: string }) => `${v.categoryId}|${v.ratePlanKey}|${v.night}`;

/** Consecutive nights of one category and Channex rate plan with the same value, as Channex's date ranges. */
export function ranges(values: NightValues[], valueOf: (v: NightValues) => string) {
  const out: { first: NightValues; from: string; to: string; value: string }[] = [];
  for (const v of values) {
    const value = valueOf(v);
    const last = out[out.length - 1];
    if (last && last.first.categoryId === v.categoryId && last.first.ratePlanKey === v.ratePlanKey && last.value === value && addDays(last.to, 1) === v.night) last.to = v.night;
    else out.push({ first: v, from: v.night, to: v.night, value });
  }
  return out;
}

/** Channex's availability values for these nights. */
export function availabilityValues(propertyId: string, mapping: ChannexCategoryMapping, nights: NightValues[]): AvailabilityValue[] {
  return ranges(nights, (v) => String(v.availability)).map((r) => ({
    property_id: propertyId,
    room_type_id: mapping[r.first.categoryId].room_type_id,
    date_from: r.from,
    date_to: r.to,
    availability: r.first.availability!,
  }));
}

/** The Channex rate plan a night's restriction goes to. */
export const channexPlanOf = (mapping: ChannexCategoryMapping, v: NightValues) => v.ratePlanKey || mapping[v.categoryId].rate_plan_id;

/** Channex's restriction values for these nights: a decimal-string rate (or rates per occupancy) and the stay rules, or stop_sell. */
export function restrictionValues(propertyId: string, mapping: ChannexCategoryMapping, nights: NightValues[]): RestrictionValue[] {
  return ranges(nights, (v) => v.signature ?? "").map((r): RestrictionValue => {
    const target = { property_id: propertyId, rate_plan_id: channexPlanOf(mapping, r.first), date_from: r.from, date_to: r.to };
    const restriction = r.first.restriction!;
    if (restriction.stop_sell) return { ...target, stop_sell: true };
    const { rate, rates, ...stay } = restriction;
    return {
      ...target,
      ...(rates ? { rates: rates.map((o) => ({ occupancy: o.occupancy, rate: rateString(o.rate) })) } : { rate: rateString(rate!) }),
      ...stay,
    };
  });
}
