import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { RateChart, WeekdayIndexChart } from "#app/components/competitors/charts";
import { KpiCards } from "#app/components/competitors/kpi-cards";
import { loadMarket } from "#app/routes/competitors/market.server";
import { MarketTabs, PeriodPicker } from "#app/components/competitors/period-picker";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/market-analysis.dashboard";

export const handle = { permission: "user.competitor-analysis", plan: "competitorAnalysis" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMarket(context, request);
}

export default function MarketDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("competitors");
  const { market, choice, periodError } = loaderData;
  const locale = i18n.language;
  const { search } = useLocation();
  return (
    <>
      <title>{`${t("dashboard.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("dashboard.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        {t("market.intro", { from: formatDate(market.from, locale), to: formatDate(market.to, locale), category: market.category?.name ?? "", count: market.competitors_count })}
      </p>
      <MarketTabs search={search} />
      <PeriodPicker action="/market-analysis/dashboard" market={market} choice={choice} error={periodError} />
      <KpiCards market={market} />
      <div className="space-y-6">
        <RateChart market={market} />
        <WeekdayIndexChart market={market} />
      </div>
    </>
  );
}
