import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PeriodForm } from "#app/components/reports/period-form";
import { ReportTabs } from "#app/components/reports/report-tabs";
import { loadReport } from "#app/routes/reports/reports.server";
import { channelLabel, moneyFormatter } from "#app/components/reports/format";
import type { ReportsIndexAnswer } from "#app/components/reports/types";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/index";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReport(context, request, (reports, business, period) => reports.summary(business, period));
}

export default function ReportsIndex({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const { report, periodError } = loaderData;
  const locale = i18n.language;
  const money = moneyFormatter(locale, report.currency);
  const { search } = useLocation();
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const summary = (r: ReportsIndexAnswer["reports"][number]) =>
    r.kind === "financial"
      ? t("index.financialSummary", { gross: money(r.gross_revenue), net: money(r.net_revenue), nights: r.room_nights })
      : r.top_channel
        ? t("index.commissionsSummary", { commission: money(r.commission), percent: percent.format(r.effective_percent ?? 0), channel: channelLabel(t, r.top_channel) })
        : t("index.commissionsNone");
  const links = [
    ...report.reports.map((r) => ({ to: `/reports/${r.kind}${search}`, title: t(`${r.kind}.heading`), text: summary(r) })),
    { to: "/exportar", title: t("export.heading"), text: t("index.exportSummary") },
    { to: "/rewards", title: t("rewards.heading"), text: t("index.rewardsSummary") },
  ];
  return (
    <>
      <title>{`${t("index.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("index.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("index.intro", { from: formatDate(report.from, locale), to: formatDate(report.to, locale) })}</p>
      <ReportTabs search={search} />
      <PeriodForm action="/reports" from={report.from} to={report.to} error={periodError} />
      <ul className="grid gap-3 md:grid-cols-2">
        {links.map((l) => (
          <li key={l.to} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold">
              <Link to={l.to} className="text-brand-700 underline">
                {l.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-700">{l.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
