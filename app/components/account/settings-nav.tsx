import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

export const SETTINGS_PAGES = ["my-account", "security", "language", "notifications"] as const;

/** The account-settings sub-navigation: a row of tabs on phones, a column beside the page on wide screens. */
export function SettingsNav() {
  const { t } = useTranslation("account");
  return (
    <nav aria-label={t("settings.navLabel")}>
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {SETTINGS_PAGES.map((page) => (
          <li key={page}>
            <NavLink
              to={`/account-settings/${page}`}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-900" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {t(`settings.nav.${page}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
