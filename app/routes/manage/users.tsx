import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { ROLES } from "#domain/access/permissions";
import { listUsersQuerySchema, USER_STATUSES } from "#domain/schemas/admin";
import { RoleList, UserStatusBadge } from "#app/components/admin/badges";
import { AdminHeader, Pagination } from "#app/components/admin/page";
import { fullName, withQuery } from "#app/components/admin/shared";
import { buttonClass } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/users";

export const handle: RouteHandle = { permission: "admin.users" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/manage/users";

/** The search form is a GET form, so every filter lives in the address (shareable, back button, no JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A hand-edited address with a bad filter shows the first page of everyone rather than an error.
  const parsed = listUsersQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : listUsersQuerySchema.parse({});
  const page = await api.admin.users.list(query);
  return { users: page.data, meta: page.meta, query };
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const { users, meta, query } = loaderData;
  type User = (typeof users)[number];
  const filtered = !!(query.search || query.role || query.status);
  return (
    <>
      <title>{`${t("users.title")} · Tarifa`}</title>
      <AdminHeader title={t("users.heading")}>
        <Link to="/manage/users/add" className={buttonClass("primary")}>
          {t("users.add")}
        </Link>
      </AdminHeader>

      <Form method="get" action={PAGE} role="search" className="mb-4 grid gap-3 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="users-search" className="block text-sm font-medium text-slate-800">
            {t("users.search")}
          </label>
          <input
            id="users-search"
            type="search"
            name="search"
            defaultValue={query.search ?? ""}
            placeholder={t("users.searchPlaceholder")}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </div>
        <div>
          <label htmlFor="users-role" className="block text-sm font-medium text-slate-800">
            {t("users.role")}
          </label>
          <select id="users-role" name="role" defaultValue={query.role ?? ""} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
            <option value="">{t("users.anyRole")}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="users-status" className="block text-sm font-medium text-slate-800">
            {t("users.status")}
          </label>
          <select id="users-status" name="status" defaultValue={query.status ?? ""} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
            <option value="">{t("users.anyStatus")}</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary")}>
            {t("users.filter")}
          </button>
          {filtered ? (
            <Link to={PAGE} className={buttonClass("secondary")}>
              {t("users.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      {users.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white p-6 text-center text-slate-700">
          {filtered ? t("users.noneMatching") : t("users.none")}
        </p>
      ) : (
        <DataTable
          caption={t("users.caption", { total: meta.total })}
          stackOnPhone
          rowHeader
          columns={[
            {
              header: t("users.columns.name"),
              className: "text-slate-900",
              cell: (user: User) => (
                <Link to={`/manage/users/${user.uuid}`} className="text-brand-700 underline">
                  {fullName(user)}
                </Link>
              ),
            },
            { header: t("users.columns.email"), className: "break-all", cell: (user: User) => user.email },
            {
              header: t("users.columns.roles"),
              cell: (user: User) => (
                <>
                  <span className="text-slate-600 md:hidden">{t("users.columns.roles")}: </span>
                  <RoleList roles={user.roles} />
                </>
              ),
            },
            { header: t("users.columns.status"), cell: (user: User) => <UserStatusBadge user={user} /> },
            {
              header: t("users.columns.actions"),
              hiddenHeader: true,
              cell: (user: User) => (
                <div className="flex flex-wrap gap-3">
                  <Link to={`/manage/users/${user.uuid}`} className="text-brand-700 underline">
                    {t("users.edit")}
                    <span className="sr-only"> {fullName(user)}</span>
                  </Link>
                  <Link to={`/manage/users/${user.uuid}/features`} className="text-brand-700 underline">
                    {t("users.features")}
                    <span className="sr-only"> {fullName(user)}</span>
                  </Link>
                  <Link to={`/manage/users/${user.uuid}/businesses`} className="text-brand-700 underline">
                    {t("users.businesses")}
                    <span className="sr-only"> {fullName(user)}</span>
                  </Link>
                </div>
              ),
            },
          ]}
          rows={users}
          rowKey={(user) => user.uuid}
        />
      )}
      <Pagination page={meta.page} lastPage={meta.last_page} total={meta.total} hrefFor={(page) => withQuery(PAGE, searchParams, { page })} />
    </>
  );
}
