import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";

/** The host's three pages. */
export function HostTabs() {
  const { t } = useTranslation("reports");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`;
  return (
    <nav aria-label={t("hosts.views")} className="mb-4 flex flex-wrap gap-2">
      <NavLink to="/hosts" end className={tab}>
        {t("hosts.units.tab")}
      </NavLink>
      <NavLink to="/hosts/competitors" className={tab}>
        {t("hosts.competitors.tab")}
      </NavLink>
      <NavLink to="/hosts/precifications" className={tab}>
        {t("hosts.prices.tab")}
      </NavLink>
    </nav>
  );
}

/** What a hotel sees instead of the host's view: why, and where its own pages are. */
export function HotelNotice({ hotelPage }: { hotelPage: { to: string; label: string } }) {
  const { t } = useTranslation("reports");
  return (
    <section className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4" data-testid="hotel-notice">
      <h2 className="font-semibold">{t("hosts.hotel.heading")}</h2>
      <p className="mt-1 text-sm text-slate-700">{t("hosts.hotel.text")}</p>
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <Link to={hotelPage.to} className="text-brand-700 underline">
          {hotelPage.label}
        </Link>
        <Link to="/businesses/type" className="text-brand-700 underline">
          {t("hosts.hotel.changeType")}
        </Link>
      </p>
    </section>
  );
}
