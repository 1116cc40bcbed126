import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PermissionKindBadge } from "#app/components/admin/badges";
import { AdminHeader } from "#app/components/admin/page";
import { buttonClass } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
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
  type Permission = (typeof permissions)[number];
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
      <DataTable
        caption={t("permissions.caption")}
        stackOnPhone
        rowHeader
        columns={[
          {
            header: t("permissions.columns.name"),
            cell: (p: Permission) => (
              <Link to={`/manage/permissions/${p.uuid}`} className="font-mono text-brand-700 underline">
                {p.name}
              </Link>
            ),
          },
          { header: t("permissions.columns.description"), className: "text-slate-800", cell: (p: Permission) => p.description || "—" },
          {
            header: t("permissions.columns.guard"),
            cell: (p: Permission) => (
              <>
                <span className="text-slate-600 md:hidden">{t("permissions.columns.guard")}: </span>
                {t(`guards.${p.guard}`)}
              </>
            ),
          },
          { header: t("permissions.columns.kind"), cell: (p: Permission) => <PermissionKindBadge system={p.system} /> },
          {
            header: t("permissions.columns.users"),
            className: "md:text-right tabular-nums",
            cell: (p: Permission) => (
              <>
                <span className="text-slate-600 md:hidden">{t("permissions.columns.users")}: </span>
                {p.users_count}
              </>
            ),
          },
        ]}
        rows={permissions}
        rowKey={(p) => p.uuid}
      />
    </>
  );
}
