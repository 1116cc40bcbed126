import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { GroupTable } from "#app/components/competitors/group-table";
import { KpiCards } from "#app/components/competitors/kpi-cards";
import { rangeLabel } from "#app/components/competitors/labels";
import { weekdayName } from "#app/lib/format-date";
import { loadMarket } from "#app/routes/competitors/market.server";
import { MarketTabs, PeriodPicker } from "#app/components/competitors/period-picker";
import { buttonClass } from "#app/components/ui/button";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/market-analysis";

export const handle = { permission: "user.competitor-analysis", plan: "competitorAnalysis" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMarket(context, request);
}

export default function MarketAnalysis({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("competitors");
  const { market, choice, periodError } = loaderData;
  const locale = i18n.language;
  const { search } = useLocation();
  return (
    <>
      <title>{`${t("market.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("market.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        {t("market.intro", { from: formatDate(market.from, locale), to: formatDate(market.to, locale), category: market.category?.name ?? "", count: market.competitors_count })}
      </p>
      <MarketTabs search={search} />
      <PeriodPicker action="/market-analysis" market={market} choice={choice} error={periodError} />
      {market.competitors_count === 0 || market.kpis.covered === 0 ? (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t("market.noData")}{" "}
          <Link to="/rate-shopper" className={buttonClass("link")}>
            {t("market.toRateShopper")}
          </Link>
        </p>
      ) : null}
      <KpiCards market={market} />
      <section aria-labelledby="weeks-heading" className="mb-8">
        <h2 id="weeks-heading" className="mb-2 text-lg font-semibold">
          {t("market.weeks")}
        </h2>
        <GroupTable
          caption={t("market.weeksCaption")}
          rowHeader={t("table.week")}
          currency={market.currency}
          rows={market.weeks.map((w) => ({ ...w, label: rangeLabel(w.from, w.to, locale) }))}
        />
      </section>
      <section aria-labelledby="weekdays-heading">
        <h2 id="weekdays-heading" className="mb-2 text-lg font-semibold">
          {t("market.weekdays")}
        </h2>
        <GroupTable
          caption={t("market.weekdaysCaption")}
          rowHeader={t("table.weekday")}
          currency={market.currency}
          rows={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ ...market.weekdays[d], label: weekdayName(d, locale) }))}
        />
      </section>
    </>
  );
}
