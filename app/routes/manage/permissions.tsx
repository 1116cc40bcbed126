import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PermissionKindBadge } from "#app/components/admin/badges";
import { AdminHeader } from "#app/components/admin/page";
import { buttonClass } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/permissions";

export const handle: RouteHandle = { permission: "admin.permissions" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  return { permissions: await getRequestState(context).api.admin.permissions.list() };
}

export default function ManagePermissions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { permissions } = loaderData;
  return (
    <>
      <title>{`${t("permissions.title")} · Tarifa`}</title>
      <AdminHeader title={t("permissions.heading")}>
        <Link to="/manage/permissions/addUser" className={buttonClass("secondary")}>
          {t("permissions.assign")}
        </Link>
        <Link to="/manage/permissions/add" className={buttonClass("primary")}>
          {t("permissions.add")}
        </Link>
      </AdminHeader>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("permissions.intro")}</p>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t("permissions.caption")}</caption>
        <thead className="hidden border-b border-slate-200 text-slate-600 md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t("permissions.columns.name")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("permissions.columns.description")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("permissions.columns.guard")}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t("permissions.columns.kind")}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t("permissions.columns.users")}</th>
          </tr>
        </thead>
        <tbody>
          {permissions.map((p) => (
            <tr key={p.uuid} className="mb-3 block rounded-md border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b md:p-0">
              <th scope="row" className="block px-0 py-1 text-left font-normal md:table-cell md:px-3 md:py-2">
                <Link to={`/manage/permissions/${p.uuid}`} className="font-mono text-brand-700 underline">
                  {p.name}
                </Link>
              </th>
              <td className="block px-0 py-1 text-slate-800 md:table-cell md:px-3 md:py-2">{p.description || "—"}</td>
              <td className="block px-0 py-1 md:table-cell md:px-3 md:py-2">
                <span className="text-slate-600 md:hidden">{t("permissions.columns.guard")}: </span>
                {t(`guards.${p.guard}`)}
              </td>
              <td className="block px-0 py-1 md:table-cell md:px-3 md:py-2">
                <PermissionKindBadge system={p.system} />
              </td>
              <td className="block px-0 py-1 md:table-cell md:px-3 md:py-2 md:text-right">
                <span className="text-slate-600 md:hidden">{t("permissions.columns.users")}: </span>
                {p.users_count}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
