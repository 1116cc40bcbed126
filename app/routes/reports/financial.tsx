import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { MoneyBarChart } from "#app/components/reports/bar-chart";
import { DataTable, type Column } from "#app/components/ui/data-table";
import { channelLabel, moneyFormatter, monthLabel } from "#app/components/reports/format";
import { ExportLinks, PeriodForm } from "#app/components/reports/period-form";
import { ReportTabs } from "#app/components/reports/report-tabs";
import { loadReport } from "#app/routes/reports/reports.server";
import type { FinancialAnswer, FinancialLine } from "#app/components/reports/types";
import { formatDate } from "#app/lib/format-date";
import { Link } from "react-router";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/financial";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReport(context, request, (reports, business, period) => reports.financial(business, period));
}

export default function FinancialReport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const { report, periodError } = loaderData;
  const locale = i18n.language;
  const money = moneyFormatter(locale, report.currency);
  const whole = (cents: number) => moneyFormatter(locale, report.currency)(Math.round(cents / 100) * 100);
  const count = new Intl.NumberFormat(locale);
  const { search } = useLocation();

  /** The figure columns every table shares, after its own first column. */
  function columns<T extends FinancialLine>(first: Column<T>): Column<T>[] {
    return [
      first,
      { header: t("columns.roomNights"), figure: true, cell: (r) => count.format(r.room_nights) },
      { header: t("columns.roomRevenue"), figure: true, cell: (r) => money(r.room_revenue) },
      { header: t("columns.extras"), figure: true, cell: (r) => money(r.extras_revenue) },
      { header: t("columns.grossRevenue"), figure: true, cell: (r) => money(r.gross_revenue) },
      { header: t("columns.commission"), figure: true, cell: (r) => money(r.commission) },
      { header: t("columns.netRevenue"), figure: true, cell: (r) => money(r.net_revenue) },
    ];
  }
  const total = t("columns.total");
  return (
    <>
      <title>{`${t("financial.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("financial.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("financial.intro", { from: formatDate(report.from, locale), to: formatDate(report.to, locale) })}</p>
      <ReportTabs search={search} />
      <PeriodForm action="/reports/financial" from={report.from} to={report.to} error={periodError} />
      <ExportLinks kind="financial" from={report.from} to={report.to} />
      <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="financial-totals">
        {(
          [
            ["grossRevenue", money(report.totals.gross_revenue)],
            ["commission", money(report.totals.commission)],
            ["netRevenue", money(report.totals.net_revenue)],
            ["roomNights", count.format(report.totals.room_nights)],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{t(`columns.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-6">
        <MoneyBarChart
          title={t("financial.chartTitle")}
          ariaLabel={t("financial.chartAria")}
          series={[
            { key: "gross_revenue", label: t("columns.grossRevenue"), color: "#1d4ed8" },
            { key: "net_revenue", label: t("columns.netRevenue"), color: "#0f766e" },
          ]}
          rows={report.months.map((m) => ({ label: monthLabel(m.month, locale, "axis"), gross_revenue: m.gross_revenue, net_revenue: m.net_revenue }))}
          format={whole}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("financial.byMonth")}
          columns={columns<FinancialAnswer["months"][number]>({ header: t("columns.month"), cell: (r) => (r.month ? monthLabel(r.month, locale, "long") : total) })}
          rows={report.months}
          rowKey={(r) => r.month}
          footer={{ ...report.totals, month: "" }}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("financial.byChannel")}
          columns={columns<FinancialAnswer["channels"][number]>({ header: t("columns.channel"), cell: (r) => (r.channel ? channelLabel(t, r.channel) : total) })}
          rows={report.channels}
          rowKey={(r) => r.channel}
          footer={{ ...report.totals, channel: "" }}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("financial.byCategory")}
          columns={columns<FinancialAnswer["categories"][number]>({ header: t("columns.category"), cell: (r) => r.name || total })}
          rows={report.categories}
          rowKey={(r) => r.room_category_uuid}
          footer={{ ...report.totals, room_category_uuid: "", name: "" }}
        />
        <Receivables report={report} />
      </div>
    </>
  );
}

/** What past stays of the period still owe: totals and extras less the payments received. */
function Receivables({ report }: { report: FinancialAnswer }) {
  const { t, i18n } = useTranslation("reports");
  const locale = i18n.language;
  const money = moneyFormatter(locale, report.currency);
  const r = report.receivables;
  type Owing = FinancialAnswer["receivables"]["owing"][number];
  return (
    <section aria-labelledby="receivables" className="space-y-3">
      <h2 id="receivables" className="text-lg font-semibold">
        {t("financial.receivables.heading")}
      </h2>
      <p className="text-sm text-slate-700" data-testid="receivables-summary">
        {t("financial.receivables.summary", { count: r.reservations, billed: money(r.billed), received: money(r.received), outstanding: money(r.outstanding) })}
      </p>
      {r.owing.length ? (
        <DataTable
          boxed
          rowHeader
          caption={t("financial.receivables.table")}
          columns={[
            { header: t("columns.reservation"), cell: (o: Owing) => <Link to={`/bookings/${o.reservation_uuid}`} className="text-brand-700 underline">{o.code}</Link> },
            { header: t("columns.guest"), cell: (o: Owing) => o.guest },
            { header: t("columns.departure"), cell: (o: Owing) => formatDate(o.departure, locale) },
            { header: t("columns.billed"), figure: true, cell: (o: Owing) => money(o.billed) },
            { header: t("columns.received"), figure: true, cell: (o: Owing) => money(o.received) },
            { header: t("columns.outstanding"), figure: true, cell: (o: Owing) => money(o.outstanding) },
          ]}
          rows={r.owing}
          rowKey={(o) => o.reservation_uuid}
        />
      ) : null}
    </section>
  );
}
