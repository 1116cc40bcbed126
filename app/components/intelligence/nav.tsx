import { useTranslation } from "react-i18next";
import { NavItems } from "#app/components/layout/nav-items";

/** The Intelligence group of the sidebar, each entry shown only to who may open it (as the routes' guards decide). */
export function IntelligenceNavItems({ permissions, className }: { permissions: { name: string }[]; className: string }) {
  const { t } = useTranslation(["intelligence", "tracking"]);
  const can = (name: string) => permissions.some((p) => p.name === name);
  const bi = can("user.business-intelligence");
  const items = [
    { show: bi, to: "/monthly", label: t("nav.monthly") },
    { show: bi, to: "/tracking", label: t("nav.tracking", { ns: "tracking" }) },
    { show: bi, to: "/sales-dashboard", label: t("nav.sales") },
    { show: bi, to: "/business-intelligence", label: t("nav.explore") },
    { show: bi || can("user.dashboard"), to: "/goals", label: t("nav.goals") },
  ];
  return <NavItems items={items} className={className} />;
}
