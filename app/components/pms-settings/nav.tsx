import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

/**
 * Every page of the PMS settings, grouped as the index shows them. Pages of other areas (the
 * ledger's items, accounts, suppliers…) are listed here too, so the owner finds them in one place.
 */
export const PMS_SETTINGS_GROUPS = [
  { key: "rooms", pages: ["categories", "rate-plans", "room-blocks"] },
  { key: "distribution", pages: ["sales-channels", "sales-channels/booking", "ical", "imports", "hotel-policies"] },
  { key: "sales", pages: ["items", "items-categories", "points-of-sale", "accounts", "suppliers"] },
  { key: "people", pages: ["users", "permissions", "collaborators", "activity-log"] },
] as const;

export type PmsSettingsPage = (typeof PMS_SETTINGS_GROUPS)[number]["pages"][number];

/** "sales-channels/booking" → "salesChannelsBooking", the page's key under `pages.*`. */
export function pageKey(page: string): string {
  return page.replace(/[-/](.)/g, (_, c: string) => c.toUpperCase());
}

/** The sub-navigation on top of every PMS settings page (scrolls sideways on a phone). */
export function PmsSettingsNav() {
  const { t } = useTranslation("pms");
  return (
    <nav aria-label={t("nav.label")} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        <li>
          <NavLink to="/pms-settings" end className={tabClass}>
            {t("nav.overview")}
          </NavLink>
        </li>
        {PMS_SETTINGS_GROUPS.flatMap((g) => g.pages).map((page) => (
          <li key={page}>
            <NavLink to={`/pms-settings/${page}`} end={page === "sales-channels"} className={tabClass}>
              {t(`pages.${pageKey(page)}.title`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function tabClass({ isActive }: { isActive: boolean }) {
  return `block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${isActive ? "border-brand-600 font-semibold text-brand-900" : "border-transparent text-slate-700 hover:border-slate-300"}`;
}

/** Page heading with an optional intro line and an action on the right. */
export function PmsPageHeader({ title, intro, children }: { title: string; intro?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <title>{`${title} · Tarifa`}</title>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {intro ? <p className="max-w-3xl text-sm text-slate-700">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}
