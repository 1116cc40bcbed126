import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

export const SETTINGS_PAGES = ["my-account", "security", "language", "notifications"] as const;

/** The account-settings sub-navigation: a row of tabs on phones, a column beside the page on wide screens. */
export function SettingsNav({ showSubscriptions = true }: { showSubscriptions?: boolean }) {
  const { t } = useTranslation("account");
  const tabs = [
    ...SETTINGS_PAGES.map((page) => ({ to: `/account-settings/${page}`, label: t(`settings.nav.${page}`) })),
    { to: "/account-settings/two-factor", label: t("twoFactor:settings.nav") },
    ...(showSubscriptions ? [{ to: "/account-settings/subscriptions", label: t("billing:nav.subscriptions") }] : []),
  ];
  return (
    <nav aria-label={t("settings.navLabel")}>
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-900" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
