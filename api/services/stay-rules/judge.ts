import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import type { RatePlanRule } from "#domain/pricing/rate-plans.ts";
import { categoryRules, gapStayNear, judgeStay, OPEN_LIMITS, planLimits, SUGGESTION_REACH, type NightRules, type Stay, type StayLimits, type StayVerdict } from "#domain/stay-rules/index.ts";
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
  /**
   * When the category has no room on some night of the stay: that night, and the nearest stay
   * inside one of its orphan gaps that breaks no rule (null: none near). Null when every night has a room.
   */
  noRoom(categoryId: string): { night: string; suggestion: Stay | null } | null;
}

export async function stayJudge(db: Database, businessId: string, stay: Stay, today: string, categoryIds: readonly string[]): Promise<StayJudge> {
  if (categoryIds.length === 0) return { judge: () => ({ ok: true }), noRoom: () => null };
  const from = addDays(stay.arrival, -SUGGESTION_REACH.days);
  const to = addDays(stay.departure, SUGGESTION_REACH.days + SUGGESTION_REACH.nights);
  const inputs = await rulesInputs(db, businessId, { from, to, today, categoryIds });
  const byCategory = new Map(
    inputs.map((input) => {
      const rules = categoryRules(input);
      const nights = new Map(rules.nights.map((n) => [n.night, n]));
      const inv = input.inventory!;
      const free = (night: string) => {
        return (inv.free[daysBetween(inv.from, night)] ?? 0) > 0;
      };
      return [input.categoryId, { nights, free, gaps: rules.gaps }];
    }),
  );
  const rulesOf = (nights: Map<string, NightRules>, plan?: RatePlanRule | null) => (night: string): StayLimits => {
    const n = nights.get(night);
    if (!n) return OPEN_LIMITS;
    return plan ? planLimits(n, plan) : n;
  };
  return {
    judge(categoryId, plan) {
      const c = byCategory.get(categoryId);
      return c ? judgeStay(rulesOf(c.nights, plan), stay, today, c.free) : { ok: true };
    },
    noRoom(categoryId) {
      const c = byCategory.get(categoryId);
      if (!c) return null;
      const nights = Array.from({ length: daysBetween(stay.arrival, stay.departure) }, (_, i) => addDays(stay.arrival, i));
      const full = nights.find((night) => !c.free(night));
      return full ? { night: full, suggestion: gapStayNear(rulesOf(c.nights), stay, today, c.gaps) } : null;
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
