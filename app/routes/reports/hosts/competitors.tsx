import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addDays } from "#domain/pricing/dates";
import { bookingBusiness } from "#app/lib/bookings.server";
import { RateChart } from "#app/components/competitors/charts";
import type { RatesAnswer } from "#app/components/competitors/types";
import { DataTable } from "#app/components/ui/data-table";
import { moneyFormatter } from "#app/components/reports/format";
import { HostTabs, HotelNotice } from "#app/components/reports/hosts";
import { isShortTermRental } from "#app/routes/reports/hosts/hosts.server";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/competitors";

export const handle = { permission: "user.competitor-analysis", feature: "competitors" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** Nights compared: the next four weeks. */
const NIGHTS = 28;

export async function loader({ context }: Route.LoaderArgs) {
  if (!isShortTermRental(context)) return { host: false as const };
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  return { host: true as const, rates: await api.competitors.rates(business.uuid, { days: NIGHTS }) };
}

export default function HostCompetitors({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  return (
    <>
      <title>{`${t("hosts.competitors.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("hosts.competitors.heading")}</h1>
      <HostTabs />
      {loaderData.host ? <Listings rates={loaderData.rates} /> : <HotelNotice hotelPage={{ to: "/rate-shopper", label: t("hosts.hotel.rateShopper") }} />}
    </>
  );
}

function Listings({ rates }: { rates: RatesAnswer }) {
  const { t, i18n } = useTranslation("reports");
  const locale = i18n.language;
  const money = moneyFormatter(locale, rates.currency);
  const km = new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 });
  type Listing = RatesAnswer["competitors"][number] & { average: number | null; seen: number };
  // Each listing's average asking price over the nights it was seen with a price.
  const listings: Listing[] = rates.competitors
    .filter((c) => c.active)
    .map((c) => {
      const prices = rates.nights.flatMap((n) => n.rates.filter((r) => r.competitor_uuid === c.uuid && r.rate !== null).map((r) => r.rate!));
      return { ...c, seen: prices.length, average: prices.length ? Math.round(prices.reduce((a, b) => a + b, 0) / prices.length) : null };
    });
  const last = addDays(rates.from, NIGHTS - 1);
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("hosts.competitors.intro", { category: rates.category?.name ?? "" })}</p>
      {listings.length === 0 ? (
        <p className="text-sm text-slate-700">
          {t("hosts.competitors.none")}{" "}
          <Link to="/rate-shopper" className="text-brand-700 underline">
            {t("hosts.hotel.rateShopper")}
          </Link>
        </p>
      ) : (
        <div className="space-y-6">
          <RateChart market={rates} />
          <DataTable
            boxed
            rowHeader
            caption={t("hosts.competitors.table", { from: formatDate(rates.from, locale), to: formatDate(last, locale) })}
            columns={[
              { header: t("columns.listing"), cell: (c: Listing) => (c.url ? <a href={c.url} className="text-brand-700 underline" rel="noreferrer noopener" target="_blank">{c.name}</a> : c.name) },
              { header: t("columns.distance"), figure: true, cell: (c: Listing) => (c.distance_km === null ? "—" : km.format(c.distance_km)) },
              { header: t("columns.nightsSeen"), figure: true, cell: (c: Listing) => c.seen },
              { header: t("columns.averageRate"), figure: true, cell: (c: Listing) => money(c.average) },
            ]}
            rows={listings}
            rowKey={(c) => c.uuid}
          />
          <p className="text-sm">
            <Link to="/rate-shopper" className="text-brand-700 underline">
              {t("hosts.competitors.record")}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}
