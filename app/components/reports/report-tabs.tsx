import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

/** The reports of /reports, keeping the period of the page. */
export function ReportTabs({ search }: { search: string }) {
  const { t } = useTranslation("reports");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`;
  return (
    <nav aria-label={t("index.views")} className="mb-4 flex flex-wrap gap-2">
      <NavLink to={`/reports${search}`} end className={tab}>
        {t("index.tab")}
      </NavLink>
      <NavLink to={`/reports/financial${search}`} className={tab}>
        {t("financial.tab")}
      </NavLink>
      <NavLink to={`/reports/commissions${search}`} className={tab}>
        {t("commissions.tab")}
      </NavLink>
    </nav>
  );
}
