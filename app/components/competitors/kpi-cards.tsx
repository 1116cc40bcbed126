import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent } from "#domain/money";
import type { MarketAnswer } from "./types";

/** The period at a glance: price index, nights above / at / below the market, coverage, averages. */
export function KpiCards({ market }: { market: MarketAnswer }) {
  const { t, i18n } = useTranslation("competitors");
  const locale = i18n.language;
  const k = market.kpis;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const money = (c: number | null) => (c === null ? "—" : formatMoney(c, locale, market.currency));
  const cards = [
    { label: t("kpi.index"), value: k.average_index === null ? "—" : number.format(k.average_index), hint: t("kpi.indexHint") },
    { label: t("kpi.above"), value: number.format(k.nights_above), hint: t("kpi.nightsOf", { count: k.nights }) },
    { label: t("kpi.at"), value: number.format(k.nights_at), hint: t("kpi.nightsOf", { count: k.nights }) },
    { label: t("kpi.below"), value: number.format(k.nights_below), hint: t("kpi.nightsOf", { count: k.nights }) },
    { label: t("kpi.coverage"), value: formatPercent(k.coverage, locale, { digits: 1 }), hint: t("kpi.coverageHint", { covered: k.covered, count: k.nights }) },
    { label: t("kpi.ourAverage"), value: money(k.average_rate), hint: t("kpi.marketAverage", { value: money(k.average_market_median) }) },
    { label: t("kpi.occupancy"), value: k.average_occupancy === null ? "—" : formatPercent(k.average_occupancy, locale, { digits: 1 }), hint: t("kpi.occupancyHint") },
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {cards.map((c) => (
        <div key={c.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">{c.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{c.value}</dd>
          <dd className="text-xs text-slate-600">{c.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
