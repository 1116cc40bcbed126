import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { MoneyBarChart } from "#app/components/reports/bar-chart";
import { DataTable, type Column } from "#app/components/ui/data-table";
import { channelLabel, moneyFormatter } from "#app/components/reports/format";
import { ExportLinks, PeriodForm } from "#app/components/reports/period-form";
import { ReportTabs } from "#app/components/reports/report-tabs";
import { loadReport } from "#app/routes/reports/reports.server";
import type { CommissionLine, CommissionsAnswer } from "#app/components/reports/types";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/commissions";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReport(context, request, (reports, business, period) => reports.commissions(business, period));
}

export default function CommissionsReport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const { report, periodError } = loaderData;
  const locale = i18n.language;
  const money = moneyFormatter(locale, report.currency);
  const count = new Intl.NumberFormat(locale);
  const percent = (p: number | null) => (p === null ? "—" : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(p / 100));
  const { search } = useLocation();
  const total = t("columns.total");

  function figures<T extends CommissionLine>(): Column<T>[] {
    return [
      { header: t("columns.roomNights"), figure: true, cell: (r) => count.format(r.room_nights) },
      { header: t("columns.roomRevenue"), figure: true, cell: (r) => money(r.room_revenue) },
      { header: t("columns.commission"), figure: true, cell: (r) => money(r.commission) },
      { header: t("columns.effectivePercent"), figure: true, cell: (r) => percent(r.effective_percent) },
    ];
  }
  type Line = CommissionsAnswer["lines"][number];
  return (
    <>
      <title>{`${t("commissions.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("commissions.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("commissions.intro", { from: formatDate(report.from, locale), to: formatDate(report.to, locale) })}</p>
      <ReportTabs search={search} />
      <PeriodForm action="/reports/commissions" from={report.from} to={report.to} error={periodError} />
      <ExportLinks kind="commissions" from={report.from} to={report.to} />
      <p className="mb-4 text-lg" data-testid="commission-total">
        {t("commissions.total", { commission: money(report.totals.commission), percent: percent(report.totals.effective_percent) })}
      </p>
      <div className="space-y-6">
        <MoneyBarChart
          title={t("commissions.chartTitle")}
          ariaLabel={t("commissions.chartAria")}
          series={[{ key: "commission", label: t("columns.commission"), color: "#b45309" }]}
          rows={report.channels.map((c) => ({ label: channelLabel(t, c.channel), commission: c.commission }))}
          format={(cents) => money(Math.round(cents / 100) * 100)}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("commissions.byChannel")}
          columns={[{ header: t("columns.channel"), cell: (r: CommissionsAnswer["channels"][number]) => (r.channel ? channelLabel(t, r.channel) : total) }, ...figures<CommissionsAnswer["channels"][number]>()]}
          rows={report.channels}
          rowKey={(r) => r.channel}
          footer={{ ...report.totals, channel: "" }}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("commissions.byCategory")}
          columns={[{ header: t("columns.category"), cell: (r: CommissionsAnswer["categories"][number]) => r.name || total }, ...figures<CommissionsAnswer["categories"][number]>()]}
          rows={report.categories}
          rowKey={(r) => r.room_category_uuid}
          footer={{ ...report.totals, room_category_uuid: "", name: "" }}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("commissions.byLine")}
          columns={[
            { header: t("columns.channel"), cell: (r: Line) => channelLabel(t, r.channel) },
            { header: t("columns.category"), cell: (r: Line) => r.name },
            { header: t("columns.rule"), cell: (r: Line) => t("commissions.rule", { percent: percent(r.percent), source: t(`commissions.source.${r.source}`) }) },
            ...figures<Line>(),
          ]}
          rows={report.lines}
          rowKey={(r) => `${r.channel}|${r.room_category_uuid}`}
        />
      </div>
    </>
  );
}
