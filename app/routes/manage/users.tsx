import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { ROLES } from "#domain/access/permissions";
import { listUsersQuerySchema, USER_STATUSES } from "#domain/schemas/admin";
import { RoleList, UserStatusBadge } from "#app/components/admin/badges";
import { AdminHeader, Pagination } from "#app/components/admin/page";
import { fullName, withQuery } from "#app/components/admin/shared";
import { buttonClass } from "#app/components/ui/button";
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
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t("users.caption", { total: meta.total })}</caption>
          <thead className="hidden border-b border-slate-200 text-slate-600 md:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">{t("users.columns.name")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("users.columns.email")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("users.columns.roles")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("users.columns.status")}</th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">{t("users.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.uuid} className="mb-3 block rounded-md border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b md:p-0">
                <th scope="row" className="block px-0 py-1 text-left font-semibold text-slate-900 md:table-cell md:px-3 md:py-2">
                  <Link to={`/manage/users/${user.uuid}`} className="text-brand-700 underline">
                    {fullName(user)}
                  </Link>
                </th>
                <td className="block px-0 py-1 break-all md:table-cell md:px-3 md:py-2">{user.email}</td>
                <td className="block px-0 py-1 md:table-cell md:px-3 md:py-2">
                  <span className="text-slate-600 md:hidden">{t("users.columns.roles")}: </span>
                  <RoleList roles={user.roles} />
                </td>
                <td className="block px-0 py-1 md:table-cell md:px-3 md:py-2">
                  <UserStatusBadge user={user} />
                </td>
                <td className="block px-0 py-1 md:table-cell md:px-3 md:py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={meta.page} lastPage={meta.last_page} total={meta.total} hrefFor={(page) => withQuery(PAGE, searchParams, { page })} />
    </>
  );
}
