import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent } from "#domain/money";
import type { RatePlanJson } from "./types";

type Rule = Pick<RatePlanJson, "kind" | "adjustment_percent" | "amount_per_guest" | "long_stay_min_nights">;

/** A plan's rule in words: "Engine price", "−10 %", "+R$ 35,00 per guest per night", "−15 % from 7 nights". */
export function useRatePlanRule() {
  const { t, i18n } = useTranslation("pms");
  return (plan: Rule, currency = "BRL") => {
    const signed = (p: number) => `${p > 0 ? "+" : p < 0 ? "−" : ""}${formatPercent(Math.abs(p), i18n.language)}`;
    switch (plan.kind) {
      case "standard":
        return t("plans.rule.standard");
      case "percent":
        return t("plans.rule.percent", { value: signed(plan.adjustment_percent) });
      case "per_guest":
        return t("plans.rule.perGuest", { value: formatMoney(plan.amount_per_guest, i18n.language, currency) });
      case "long_stay":
        return t("plans.rule.longStay", { value: signed(plan.adjustment_percent), nights: plan.long_stay_min_nights ?? 0 });
    }
  };
}
