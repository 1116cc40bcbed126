import { useTranslation } from "react-i18next";
import { NavItems } from "#app/components/layout/nav-items";

/** The sidebar's Reports group: shown to who holds user.business-intelligence; the host's view only to short-term rentals. */
export function ReportsNav({ permissions, hostView, className }: { permissions: { name: string }[]; hostView: boolean; className: string }) {
  const { t } = useTranslation("reports");
  if (!permissions.some((p) => p.name === "user.business-intelligence")) return null;
  const items = [
    { show: true, to: "/reports", label: t("nav.reports") },
    { show: true, to: "/exportar", label: t("nav.export") },
    { show: true, to: "/rewards", label: t("nav.rewards") },
    { show: hostView, to: "/hosts", label: t("nav.hosts") },
  ];
  return (
    <div className="mt-4">
      <h2 id="nav-reports" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {t("nav.group")}
      </h2>
      <ul aria-labelledby="nav-reports" className="flex gap-1 overflow-x-auto md:flex-col">
        <NavItems items={items} className={className} />
      </ul>
    </div>
  );
}
