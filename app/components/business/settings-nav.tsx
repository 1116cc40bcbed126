import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

const TABS = [
  { to: "/businesses", key: "list", end: true },
  { to: "/businesses/overview", key: "overview" },
  { to: "/businesses/logo", key: "logo" },
  { to: "/businesses/type", key: "type" },
  { to: "/businesses/rooms", key: "rooms" },
  { to: "/businesses/capacity", key: "capacity" },
  { to: "/businesses/room-configurations", key: "roomConfigurations" },
] as const;

/** The tabs of the Businesses area: the list, then the selected business's settings. */
export function BusinessSettingsNav() {
  const { t } = useTranslation("business");
  return (
    <nav aria-label={t("area.navLabel")} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={"end" in tab}
              className={({ isActive }) =>
                `block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${isActive ? "border-brand-600 font-semibold text-brand-900" : "border-transparent text-slate-700 hover:border-slate-300"}`
              }
            >
              {t(`area.tabs.${tab.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
