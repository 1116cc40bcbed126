import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";

/** The admin pages' heading: a way back to the list, the title and the page's own actions. */
export function AdminHeader({ title, back, children }: { title: string; back?: { to: string; label: string }; children?: React.ReactNode }) {
  return (
    <div className="mb-6">
      {back ? (
        <p className="mb-2 text-sm">
          <Link to={back.to} className="text-brand-700 underline">
            <span aria-hidden="true">← </span>
            {back.label}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
      </div>
    </div>
  );
}

/** The tabs of one user's pages: account, features, businesses. */
export function UserTabs({ uuid }: { uuid: string }) {
  const { t } = useTranslation("admin");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-block border-b-2 px-3 py-2 text-sm ${isActive ? "border-brand-600 font-semibold text-brand-900" : "border-transparent text-slate-700 hover:border-slate-300"}`;
  return (
    <nav aria-label={t("users.tabs")} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-2">
        <li>
          <NavLink to={`/manage/users/${uuid}`} end className={tab}>
            {t("users.tabAccount")}
          </NavLink>
        </li>
        <li>
          <NavLink to={`/manage/users/${uuid}/features`} className={tab}>
            {t("users.tabFeatures")}
          </NavLink>
        </li>
        <li>
          <NavLink to={`/manage/users/${uuid}/businesses`} className={tab}>
            {t("users.tabBusinesses")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** Previous / next page links that keep the search and filters; plain links, so no JavaScript is needed. */
export function Pagination({ page, lastPage, total, hrefFor }: { page: number; lastPage: number; total: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("admin");
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100";
  const off = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">{t("pagination.summary", { page, last: lastPage, total })}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} rel="prev" className={link}>
            {t("pagination.previous")}
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            {t("pagination.previous")}
          </span>
        )}
        {page < lastPage ? (
          <Link to={hrefFor(page + 1)} rel="next" className={link}>
            {t("pagination.next")}
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            {t("pagination.next")}
          </span>
        )}
      </div>
    </nav>
  );
}
