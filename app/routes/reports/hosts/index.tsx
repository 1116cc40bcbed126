import { useTranslation } from "react-i18next";
import { MoneyBarChart } from "#app/components/reports/bar-chart";
import { DataTable } from "#app/components/ui/data-table";
import { moneyFormatter, ratioFormatter } from "#app/components/reports/format";
import { HostTabs, HotelNotice } from "#app/components/reports/hosts";
import { isShortTermRental } from "#app/routes/reports/hosts/hosts.server";
import { PeriodForm } from "#app/components/reports/period-form";
import { loadReport } from "#app/routes/reports/reports.server";
import type { UnitsAnswer } from "#app/components/reports/types";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/index";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!isShortTermRental(context)) return { host: false as const };
  return { host: true as const, ...(await loadReport(context, request, (reports, business, period) => reports.hostUnits(business, period))) };
}

export default function HostUnits({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const locale = i18n.language;
  return (
    <>
      <title>{`${t("hosts.units.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("hosts.units.heading")}</h1>
      <HostTabs />
      {loaderData.host ? <Units report={loaderData.report} periodError={loaderData.periodError} locale={locale} /> : <HotelNotice hotelPage={{ to: "/reports", label: t("hosts.hotel.reports") }} />}
    </>
  );
}

function Units({ report, periodError, locale }: { report: UnitsAnswer; periodError: string | null; locale: string }) {
  const { t } = useTranslation("reports");
  const money = moneyFormatter(locale, report.currency);
  const ratio = ratioFormatter(locale);
  const count = new Intl.NumberFormat(locale);
  type Unit = UnitsAnswer["units"][number];
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("hosts.units.intro", { from: formatDate(report.from, locale), to: formatDate(report.to, locale) })}</p>
      <PeriodForm action="/hosts" from={report.from} to={report.to} error={periodError} />
      <div className="space-y-6">
        <MoneyBarChart
          title={t("hosts.units.chartTitle")}
          ariaLabel={t("hosts.units.chartAria")}
          series={[{ key: "room_revenue", label: t("columns.roomRevenue"), color: "#1d4ed8" }]}
          rows={report.units.map((u) => ({ label: u.number, room_revenue: u.room_revenue }))}
          format={(cents) => money(Math.round(cents / 100) * 100)}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("hosts.units.table")}
          columns={[
            { header: t("columns.unit"), cell: (u: Unit) => u.number },
            { header: t("columns.category"), cell: (u: Unit) => u.room_category.name },
            { header: t("columns.nightsAvailable"), figure: true, cell: (u: Unit) => count.format(u.rooms_available) },
            { header: t("columns.roomNights"), figure: true, cell: (u: Unit) => count.format(u.room_nights_sold) },
            { header: t("columns.occupancy"), figure: true, cell: (u: Unit) => ratio(u.occupancy) },
            { header: t("columns.adr"), figure: true, cell: (u: Unit) => money(u.adr) },
            { header: t("columns.roomRevenue"), figure: true, cell: (u: Unit) => money(u.room_revenue) },
            { header: t("columns.revpar"), figure: true, cell: (u: Unit) => money(u.revpar) },
          ]}
          rows={report.units}
          rowKey={(u) => u.room_uuid}
        />
        {report.unassigned.room_nights_sold > 0 ? (
          <p className="text-sm text-slate-700">{t("hosts.units.unassigned", { nights: report.unassigned.room_nights_sold, revenue: money(report.unassigned.room_revenue) })}</p>
        ) : null}
      </div>
    </>
  );
}
