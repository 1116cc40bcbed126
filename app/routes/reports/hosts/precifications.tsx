import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addDays } from "#domain/pricing/dates";
import { isDateInRange } from "#domain/validation";
import { bookingBusiness } from "#app/lib/bookings.server";
import { MoneyBarChart } from "#app/components/reports/bar-chart";
import { DataTable } from "#app/components/ui/data-table";
import { moneyFormatter } from "#app/components/reports/format";
import { HostTabs, HotelNotice } from "#app/components/reports/hosts";
import { isShortTermRental } from "#app/routes/reports/hosts/hosts.server";
import { businessToday } from "#app/lib/business.server";
import type { CalendarJson } from "#contract/pricing";
import type { UnitsAnswer } from "#app/components/reports/types";
import { DateInput } from "#app/components/competitors/period-picker";
import { buttonClass } from "#app/components/ui/button";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/precifications";

export const handle = { permission: "user.calendar" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** Nights in the plan. */
const NIGHTS = 14;

/** The engine's nightly price for each unit: its category's rate, night by night, from ?start (today by default). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!isShortTermRental(context)) return { host: false as const };
  const business = bookingBusiness(context);
  const { api, user } = getRequestState(context);
  const asked = new URL(request.url).searchParams.get("start");
  const from = asked && isDateInRange(asked) ? asked : businessToday(context);
  const to = addDays(from, NIGHTS - 1);
  const canSeeUnits = !!user?.permissions.some((p) => p.name === "user.business-intelligence");
  const [calendar, units] = await Promise.all([
    api.pricing.calendar(business.uuid, { from, to, explain: "false" }),
    canSeeUnits ? api.reports.hostUnits(business.uuid, { from, to }) : null,
  ]);
  return { host: true as const, from, calendar, units: units?.units ?? null };
}

export default function HostPrices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  return (
    <>
      <title>{`${t("hosts.prices.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("hosts.prices.heading")}</h1>
      <HostTabs />
      {loaderData.host ? <Plan from={loaderData.from} calendar={loaderData.calendar} units={loaderData.units} /> : <HotelNotice hotelPage={{ to: "/calendar", label: t("hosts.hotel.calendar") }} />}
    </>
  );
}

function Plan({ from, calendar, units }: { from: string; calendar: CalendarJson; units: UnitsAnswer["units"] | null }) {
  const { t, i18n } = useTranslation("reports");
  const locale = i18n.language;
  const money = moneyFormatter(locale, calendar.currency);
  if (!calendar.configured) {
    return (
      <p className="text-sm text-slate-700">
        {t("hosts.prices.notConfigured")}{" "}
        <Link to="/price-settings" className="text-brand-700 underline">
          {t("hosts.prices.settings")}
        </Link>
      </p>
    );
  }
  // A unit's plan is its category's rate: the engine prices categories, and every unit of one sells at it.
  const rows = (units ?? []).map((u) => ({
    uuid: u.room_uuid,
    unit: u.number,
    category: u.room_category.name,
    nights: calendar.days.map((d) => d.rates.find((r) => r.room_category_uuid === u.room_category.uuid)?.rate ?? null),
  }));
  const average = (nights: (number | null)[]) => {
    const known = nights.filter((n): n is number => n !== null);
    return known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : 0;
  };
  type Row = (typeof rows)[number];
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("hosts.prices.intro", { from: formatDate(calendar.from, locale), to: formatDate(calendar.to, locale) })}</p>
      <form method="get" action="/hosts/precifications" className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <DateInput id="plan-start" name="start" label={t("hosts.prices.start")} defaultValue={from} />
        <button type="submit" className={buttonClass("secondary", "py-1.5")}>
          {t("period.show")}
        </button>
      </form>
      {units === null ? <p className="mb-4 text-sm text-slate-700">{t("hosts.prices.noUnits")}</p> : null}
      <div className="space-y-6">
        <MoneyBarChart
          title={t("hosts.prices.chartTitle")}
          ariaLabel={t("hosts.prices.chartAria")}
          series={[{ key: "average", label: t("columns.averageRate"), color: "#1d4ed8" }]}
          rows={rows.map((r) => ({ label: r.unit, average: average(r.nights) }))}
          format={(cents) => money(Math.round(cents / 100) * 100)}
        />
        <DataTable
          boxed
          rowHeader
          caption={t("hosts.prices.table")}
          columns={[
            { header: t("columns.unit"), cell: (r: Row) => r.unit },
            { header: t("columns.category"), cell: (r: Row) => r.category },
            ...calendar.days.map((d, i) => ({ header: formatDate(d.date, locale, { weekday: "short", day: "numeric", month: "short" }), figure: true, cell: (r: Row) => money(r.nights[i]) })),
          ]}
          rows={rows}
          rowKey={(r) => r.uuid}
        />
      </div>
    </>
  );
}
