import type { StayBreak } from "#domain/stay-rules/types.ts";
import { stayJudge, stayRuleError } from "#api/services/stay-rules/judge.ts";
import { businessToday, type BookingContext } from "./context.ts";

/**
 * The bookings form's check: a stay that breaks a rule is a warning the owner may override
 * (`override_stay_rules`), not a refusal. Answers the rule overridden (null: none broken);
 * without the override, a 422 naming the rule, the stay that works and the override field.
 */
export async function stayRuleWarning(ctx: BookingContext, input: { arrival: string; departure: string; room_category_uuid: string; override_stay_rules?: boolean }): Promise<StayBreak | null> {
  const categoryId = input.room_category_uuid.toLowerCase();
  const judge = await stayJudge(ctx.db, ctx.business.id, input, businessToday(ctx), [categoryId]);
  const verdict = judge.judge(categoryId);
  if (verdict.ok) return null;
  if (!input.override_stay_rules) throw stayRuleError(ctx.t, verdict, { override_stay_rules: [ctx.t("bookings:stayRules.overrideHint")] });
  return verdict.broken;
}
