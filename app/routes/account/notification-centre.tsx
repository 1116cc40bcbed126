import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { isNotificationKind, NOTIFICATION_KINDS } from "#domain/notifications/kinds";
import { isUuid } from "#domain/text/sanitize";
import { Pagination } from "#app/components/admin/page";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass } from "#app/components/ui/button";
import { ApiError } from "#app/lib/api.server";
import { formatDateTime } from "#app/lib/format-date";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import type { Route } from "./+types/notification-centre";

/** Every signed-in user has a notification centre, whatever the subscription's state. */
export const handle = { skipSubscribedMiddleware: true, skipSetupCheck: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/notifications/list";

/** The filters of the page as they are in its address (unknown values are dropped, never sent on). */
function filtersOf(url: URL) {
  const kind = url.searchParams.get("kind");
  const status = url.searchParams.get("status") === "unread" ? "unread" : "all";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { kind: isNotificationKind(kind) ? kind : null, status, page } as const;
}

/** The filters as a query (what is left out is the default: every kind, read or not, page 1). */
function queryFields(filters: { kind: string | null; status: string; page?: number }) {
  return {
    kind: filters.kind || undefined,
    status: filters.status === "unread" ? ("unread" as const) : undefined,
    page: filters.page && filters.page > 1 ? filters.page : undefined,
  };
}

function queryOf(filters: { kind: string | null; status: string; page?: number }) {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(queryFields(filters))) if (value !== undefined) q.set(name, String(value));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const filters = filtersOf(new URL(request.url));
  const answer = await api.notifications.list(queryFields(filters));
  return { ...answer, filters };
}

/** Marks one (intent=read, uuid) or all as read, then back to the same filtered page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const back = `${PAGE}${queryOf(filtersOf(new URL(request.url)))}`;
  const uuid = form.get("uuid");
  if (form.get("intent") === "read-all") {
    await api.notifications.readAll();
    return redirectWithToast(back, { message: "notifications:toast.allRead" }, { session });
  }
  if (typeof uuid !== "string" || !isUuid(uuid)) return redirectWithToast(back, { kind: "error", message: "notifications:toast.notFound" }, { session });
  try {
    await api.notifications.read(uuid);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return redirectWithToast(back, { kind: "error", message: "notifications:toast.notFound" }, { session });
    throw error;
  }
  return redirectWithToast(back, { message: "notifications:toast.read" }, { session });
}

export default function NotificationList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("notifications");
  const timeZone = useBusinessTimeZone();
  const { notifications, unread_count, pagination, filters } = loaderData;
  const here = queryOf(filters);
  return (
    <>
      <title>{`${t("list.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("list.title")}</h1>
          <p className="text-sm text-slate-700">{t("list.unread", { count: unread_count })}</p>
        </div>
        {unread_count > 0 ? (
          <AppForm action={`${PAGE}${here}`}>
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className={buttonClass("secondary")}>
              {t("list.markAll")}
            </button>
          </AppForm>
        ) : null}
      </div>
      <Form method="get" action={PAGE} className="mb-4 flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-3">
        <div>
          <label htmlFor="filter-kind" className="block text-sm font-medium text-slate-800">
            {t("list.kind")}
          </label>
          <select id="filter-kind" name="kind" defaultValue={filters.kind ?? ""} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="">{t("list.allKinds")}</option>
            {NOTIFICATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kindNames.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium text-slate-800">
            {t("list.status")}
          </label>
          <select id="filter-status" name="status" defaultValue={filters.status} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="all">{t("list.statusAll")}</option>
            <option value="unread">{t("list.statusUnread")}</option>
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("list.filter")}
        </button>
      </Form>
      {notifications.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">{t("list.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {notifications.map((n) => (
            <li key={n.uuid} className={`flex flex-wrap items-start gap-3 p-3 ${n.read ? "" : "bg-brand-50"}`} data-testid="notification">
              <span className={`mt-1.5 size-2.5 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-brand-600"}`} aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-slate-900">
                  <span className={n.read ? "" : "font-semibold"}>{n.title}</span>
                  {n.read ? null : <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">{t("list.new")}</span>}
                </p>
                <p className="text-xs text-slate-600">
                  {t(`kindNames.${n.kind}`)} · {n.business_name} · <time dateTime={n.created_at}>{formatDateTime(n.created_at, i18n.language, timeZone)}</time>
                </p>
              </div>
              <div className="flex w-full items-center gap-3 pl-5 sm:w-auto sm:pl-0">
                {n.link ? (
                  <Link to={n.link} className="text-sm text-brand-700 underline">
                    {t("list.open")}
                  </Link>
                ) : null}
                {n.read ? null : (
                  <AppForm action={`${PAGE}${here}`}>
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="uuid" value={n.uuid} />
                    <button type="submit" className="text-sm text-brand-700 underline">
                      {t("list.markRead")}
                      <span className="sr-only">: {n.title}</span>
                    </button>
                  </AppForm>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={pagination.page}
        lastPage={pagination.pages}
        total={pagination.total}
        hrefFor={(page) => `${PAGE}${queryOf({ ...filters, page })}`}
      />
    </>
  );
}
