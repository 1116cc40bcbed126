import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import type { RatePlanRule } from "#domain/pricing/rate-plans.ts";
import { categoryRules, judgeStay, OPEN_LIMITS, planLimits, SUGGESTION_REACH, type Stay, type StayLimits, type StayVerdict } from "#domain/stay-rules/index.ts";
import type { TFunction } from "i18next";
import type { Database } from "#api/db/client.ts";
import { HttpError } from "#api/errors.ts";
import { rulesInputs } from "./effective.ts";

/**
 * The judge of stays for the booking engine and the bookings form: each category's effective
 * rules around the stay (far enough for the nearest stay that works) and its free rooms.
 */
export interface StayJudge {
  /** The category's verdict, or a plan's (the plan's own restrictions on top). */
  judge(categoryId: string, plan?: RatePlanRule | null): StayVerdict;
}

export async function stayJudge(db: Database, businessId: string, stay: Stay, today: string, categoryIds: readonly string[]): Promise<StayJudge> {
  if (categoryIds.length === 0) return { judge: () => ({ ok: true }) };
  const from = addDays(stay.arrival, -SUGGESTION_REACH.days);
  const to = addDays(stay.departure, SUGGESTION_REACH.days + SUGGESTION_REACH.nights);
  const inputs = await rulesInputs(db, businessId, { from, to, today, categoryIds });
  const byCategory = new Map(
    inputs.map((input) => {
      const nights = new Map(categoryRules(input).nights.map((n) => [n.night, n]));
      const inv = input.inventory!;
      const free = (night: string) => {
        return (inv.free[daysBetween(inv.from, night)] ?? 0) > 0;
      };
      return [input.categoryId, { nights, free }];
    }),
  );
  return {
    judge(categoryId, plan) {
      const c = byCategory.get(categoryId);
      if (!c) return { ok: true };
      const rulesOf = (night: string): StayLimits => {
        const n = c.nights.get(night);
        if (!n) return OPEN_LIMITS;
        return plan ? planLimits(n, plan) : n;
      };
      return judgeStay(rulesOf, stay, today, c.free);
    },
  };
}

/** The 422 a broken stay rule answers: the rule and its night, and the nearest stay that works, next to the date it concerns. */
export function stayRuleError(t: TFunction, verdict: Extract<StayVerdict, { ok: false }>, extra: Record<string, string[]> = {}): HttpError {
  const { broken, suggestion } = verdict;
  const key = `bookingEngine:stayRules.${broken.rule}`;
  const field = broken.rule === "closedToDeparture" || broken.rule.startsWith("minStay") || broken.rule === "maxStay" ? "departure" : "arrival";
  const message = t(key, { night: broken.night, limit: broken.limit ?? 0 });
  const hint = suggestion ? t("bookingEngine:stayRules.suggestion", { arrival: suggestion.arrival, departure: suggestion.departure }) : t("bookingEngine:stayRules.noSuggestion");
  return new HttpError(422, "api.invalid", { [field]: [`${message} ${hint}`], ...extra });
}
