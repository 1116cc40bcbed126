import { useTranslation } from "react-i18next";
import type { RatePlanRatesJson } from "#contract/distribution";
import { formatMoney, formatSignedMoney } from "#domain/money";
import { useRatePlanRule } from "./rate-plan-rule";

/**
 * The calendar day's rate under each active plan: the engine's explanation above, plus the plan's
 * own line (its rule and what it adds or takes away) and the plan's rate.
 */
export function PlanRates({ answer, currency }: { answer: RatePlanRatesJson; currency: string }) {
  const { t, i18n } = useTranslation("pms");
  const rule = useRatePlanRule();
  if (answer.data.length === 0) return null;
  const plans = new Map(answer.rate_plans.map((p) => [p.uuid, p]));
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="py-1 text-left font-semibold">{t("rates.heading")}</caption>
      <tbody>
        {answer.data.map((r) => {
          const plan = plans.get(r.rate_plan_uuid);
          if (!plan) return null;
          const line = r.explanation[r.explanation.length - 1];
          return (
            <tr key={r.rate_plan_uuid} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pr-2 text-left font-medium">
                {plan.name}
                <span className="block text-xs font-normal text-slate-600">{rule(plan, currency)}</span>
              </th>
              <td className="py-1 pr-2 text-right tabular-nums text-slate-700">{formatSignedMoney(line?.amount ?? 0, i18n.language, currency)}</td>
              <td className="py-1 text-right font-semibold tabular-nums">{formatMoney(r.rate, i18n.language, currency)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
