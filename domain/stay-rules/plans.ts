/**
 * A rate plan's rules on a night: the category's effective rules and the plan's own restrictions
 * (domain/pricing/rate-plans.ts), the stricter of each — except that an orphan gap lowers the
 * plan's minimum too (never below a long-stay plan's threshold, which is what that plan sells)
 * and opens its closed-to-arrival nights.
 */
import { effectiveMinStay, type RatePlanRule } from "#domain/pricing/rate-plans.ts";
import { weekday } from "#domain/pricing/dates.ts";
import type { NightRules, StayLimits } from "./types.ts";

const stricterMax = (a: number | null, b: number | null) => (a == null ? b : b == null ? a : Math.min(a, b));

export function planLimits(night: NightRules, plan: RatePlanRule): StayLimits {
  const day = weekday(night.night);
  const planMin = night.inGap ? (plan.kind === "long_stay" ? (plan.long_stay_min_nights ?? 1) : 1) : (effectiveMinStay(plan) ?? 1);
  return {
    minStayArrival: Math.max(night.minStayArrival, planMin),
    minStayThrough: night.minStayThrough,
    maxStay: stricterMax(night.maxStay, plan.max_stay),
    closedToArrival: night.closedToArrival || (!night.inGap && plan.closed_to_arrival.includes(day)),
    closedToDeparture: night.closedToDeparture || plan.closed_to_departure.includes(day),
    minAdvanceDays: night.minAdvanceDays,
    maxAdvanceDays: night.maxAdvanceDays,
  };
}
