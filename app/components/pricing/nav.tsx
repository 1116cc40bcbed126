import { useTranslation } from "react-i18next";
import { NavItems } from "#app/components/layout/nav-items";

/** The pricing entries of the sidebar, each shown only to who may open it (as the routes' guards decide). */
export function PricingNavItems({ permissions, className }: { permissions: { name: string }[]; className: string }) {
  const { t } = useTranslation("pricing");
  const can = (name: string) => permissions.some((p) => p.name === name);
  const calendar = can("user.calendar") || can("user.price-settings");
  const items = [
    { show: calendar, to: "/calendar", label: t("nav.calendar") },
    { show: can("user.price-settings"), to: "/price-settings", label: t("nav.priceSettings") },
    { show: calendar, to: "/days-to-update", label: t("nav.daysToUpdate") },
    { show: calendar, to: "/recommendations", label: t("nav.recommendations") },
    { show: calendar, to: "/stay-rules", label: t("nav.stayRules") },
    { show: calendar, to: "/occupation-logs", label: t("nav.occupationLogs") },
    { show: can("admin.businesses"), to: "/manage/holidays", label: t("nav.holidays") },
  ];
  return <NavItems items={items} className={className} />;
}
