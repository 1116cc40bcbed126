import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent, formatSignedMoney } from "#domain/money";
import type { Step } from "#domain/pricing/types";
import { formatDate } from "#app/lib/format-date";

/** One line of detail per step, in the owner's words (docs/pricing.md "The steps"). */
function detailOf(step: Step, t: (key: string, o?: Record<string, unknown>) => string, money: (c: number) => string, locale: string): string {
  const percent = (value: number, options?: { digits?: number }) => formatPercent(value, locale, options);
  switch (step.step) {
    case "season":
      return t("step.seasonDetail", { title: step.detail.title, rate: money(step.detail.rate) });
    case "level":
      return t("step.levelDetail", {
        name: step.detail.levelName,
        occupancy: percent(step.detail.occupancy, { digits: 1 }),
        variation: step.detail.type === "percentage" ? percent(step.detail.variation) : money(step.detail.variation),
      });
    case "leadTime":
      return t("step.leadTimeDetail", { days: step.detail.daysToArrival, percentage: percent(step.detail.percentage) });
    case "category":
      return t("step.categoryDetail", { variation: step.detail.type === "percentage" ? percent(step.detail.variation) : money(step.detail.variation) });
    case "guests":
      return t("step.guestsDetail", { guests: step.detail.guests, extra: step.detail.extraGuests, included: step.detail.referenceOccupation });
    case "singleRate":
      return t("step.singleRateDetail");
    case "gapDiscount":
      return t("step.gapDiscountDetail", {
        percentage: percent(step.detail.percentage),
        count: step.detail.nights,
        first: formatDate(step.detail.first, locale),
        last: formatDate(step.detail.last, locale),
      });
    case "manual":
      return t("step.manualDetail", { price: money(step.detail.price) });
    case "bounds":
      return t(step.detail.bound === "min" ? "step.boundsMinDetail" : "step.boundsMaxDetail", {
        value: money((step.detail.bound === "min" ? step.detail.min : step.detail.max) ?? 0),
        source: t(`step.boundSource.${step.detail.source}`),
      });
    case "rounding":
      return t("step.roundingDetail");
  }
}

/** The explanation of a rate: each step with what it added or took away; the amounts add up to the rate. */
export function Explanation({ steps, rate, currency }: { steps: Step[]; rate: number; currency: string }) {
  const { t, i18n } = useTranslation("pricing");
  const money = (c: number) => formatMoney(c, i18n.language, currency);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t("calendar.explanationCaption")}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left">
          <th scope="col" className="py-1 pr-2">
            {t("calendar.step")}
          </th>
          <th scope="col" className="py-1 pr-2 text-right">
            {t("calendar.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s, i) => (
          <tr key={i} className="border-b border-slate-100 align-top">
            <td className="py-1 pr-2">
              <span className="font-medium">{t(`step.${s.step}`)}</span>
              <span className="block text-xs text-slate-600">{detailOf(s, t, money, i18n.language)}</span>
            </td>
            <td className="py-1 text-right tabular-nums">{i === 0 ? money(s.amount) : formatSignedMoney(s.amount, i18n.language, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="py-1 pr-2 text-left">
            {t("calendar.total")}
          </th>
          <td className="py-1 text-right font-semibold tabular-nums">{money(rate)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
