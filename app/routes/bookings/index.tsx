import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { RESERVATION_STATUSES } from "#domain/bookings/status";
import { formatMoney } from "#domain/money";
import { queryObject, reservationListSchema } from "#domain/schemas/bookings";
import { ApiError, bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { StatusBadge } from "#app/components/bookings/status-badge";
import { buttonClass } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import { BookingsNeedingAttention } from "#app/components/channels/bookings-attention";
import { redirectWithToast } from "#app/lib/toast.server";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { categoriesOf } from "#app/components/business/types";
import type { Route } from "./+types/index";

export const handle = { permission: "user.reservations" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

const FILTERS = ["from", "to", "status", "category", "q"] as const;

/** Reservations with filters from a GET form (shareable, works without JavaScript) and pages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const parsed = reservationListSchema.safeParse(queryObject(url.searchParams));
  // A malformed filter is dropped rather than failing the page; the form shows what applies.
  const query = parsed.success ? parsed.data : { page: 1, per_page: 25, sort: "arrival" as const };
  const filters = Object.fromEntries(FILTERS.map((k) => [k, parsed.success ? ((parsed.data as Record<string, unknown>)[k] as string | undefined) ?? "" : ""]));
  const [list, attention] = await Promise.all([api.bookings.list(business.uuid, query), api.bookings.needingAttention(business.uuid)]);
  // The category filter's choices come with the business the shell has read already.
  const categories = categoriesOf(requireSelectedBusiness(context)).map((c) => ({ uuid: c.uuid, name: c.name }));
  return { list, categories, filters, invalid: !parsed.success, currency: business.currency, attention };
}

/** A channel booking needing attention marked handled (entered by hand, or nothing to do). */
export async function action({ context, request }: Route.ActionArgs) {
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const revisionId = form.get("revision_id");
  if (form.get("intent") !== "resolve-attention" || typeof revisionId !== "string" || !revisionId || revisionId.length > 100) {
    return redirectWithToast("/bookings", { kind: "error", message: "channels:api.attentionNotFound" }, { session });
  }
  try {
    await api.bookings.resolveAttention(business.uuid, revisionId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return redirectWithToast("/bookings", { kind: "error", message: "channels:api.attentionNotFound" }, { session });
  }
  return redirectWithToast("/bookings", { kind: "success", message: "channels:attention.resolved" }, { session });
}

function pageHref(filters: Record<string, string>, page: number) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (page > 1) q.set("page", String(page));
  return `/bookings${q.size ? `?${q}` : ""}`;
}

export default function Reservations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const { list, categories, filters, invalid, attention } = loaderData;
  type Reservation = (typeof list.data)[number];
  const locale = i18n.language;
  const navigation = useNavigation();
  const exportQuery = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
  const { page, last_page, total } = list.meta;
  const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <>
      <title>{`${t("list.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("list.heading")}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={`/bookings/export.csv${exportQuery.size ? `?${exportQuery}` : ""}`} className={buttonClass("secondary")} download>
            {t("list.export")}
          </a>
          <Link to="/bookings/create" className={buttonClass("primary")}>
            {t("list.new")}
          </Link>
        </div>
      </div>

      <BookingsNeedingAttention items={attention} />

      <Form method="get" action="/bookings" className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6" role="search" aria-label={t("list.filters")}>
        <label className="text-sm font-medium text-slate-800 lg:col-span-2">
          {t("list.search")}
          <input type="search" name="q" defaultValue={filters.q} placeholder={t("list.searchPlaceholder")} className={input} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("list.from")}
          <input type="date" name="from" defaultValue={filters.from} className={input} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("list.to")}
          <input type="date" name="to" defaultValue={filters.to} className={input} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("list.status")}
          <select name="status" defaultValue={filters.status} className={input}>
            <option value="">{t("list.any")}</option>
            {RESERVATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("list.category")}
          <select name="category" defaultValue={filters.category} className={input}>
            <option value="">{t("list.any")}</option>
            {categories.map((c) => (
              <option key={c.uuid} value={c.uuid}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-6">
          <button type="submit" className={buttonClass("primary")} aria-busy={navigation.state === "loading"}>
            {t("list.apply")}
          </button>
          <Link to="/bookings" className={buttonClass("link")}>
            {t("list.clear")}
          </Link>
        </div>
      </Form>
      {invalid ? (
        <p role="alert" className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {t("list.invalidFilters")}
        </p>
      ) : null}

      <p className="mb-2 text-sm text-slate-700" aria-live="polite">
        {t("list.count", { count: total })}
      </p>
      {list.data.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("list.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <DataTable
            caption={t("list.caption")}
            columns={[
              {
                header: t("list.col.code"),
                className: "font-mono",
                cell: (r: Reservation) => (
                  <Link to={`/bookings/${r.uuid}`} className="text-brand-700 underline">
                    {r.code}
                  </Link>
                ),
              },
              {
                header: t("list.col.guest"),
                cell: (r: Reservation) => (
                  <>
                    {r.guest.name}
                    <span className="block text-xs text-slate-600">{t("list.guests", { count: r.adults + r.children })}</span>
                  </>
                ),
              },
              { header: t("list.col.arrival"), className: "whitespace-nowrap", cell: (r: Reservation) => formatDate(r.arrival, locale) },
              {
                header: t("list.col.departure"),
                className: "whitespace-nowrap",
                cell: (r: Reservation) => (
                  <>
                    {formatDate(r.departure, locale)}
                    <span className="block text-xs text-slate-600">{t("list.nights", { count: r.nights })}</span>
                  </>
                ),
              },
              {
                header: t("list.col.category"),
                cell: (r: Reservation) => (
                  <>
                    {r.room_category.name}
                    {r.room ? <span className="block text-xs text-slate-600">{t("list.room", { number: r.room.number })}</span> : null}
                  </>
                ),
              },
              { header: t("list.col.status"), cell: (r: Reservation) => <StatusBadge status={r.status} /> },
              { header: t("list.col.channel"), cell: (r: Reservation) => r.channel_name ?? t(`channel.${r.channel}`, { defaultValue: r.channel }) },
              { header: t("list.col.total"), figure: true, cell: (r: Reservation) => formatMoney(r.total, locale, r.currency, { whole: true }) },
            ]}
            rows={list.data}
            rowKey={(r) => r.uuid}
            rowClassName={() => "hover:bg-slate-50"}
          />
        </div>
      )}
      {last_page > 1 ? (
        <nav aria-label={t("list.pages")} className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={pageHref(filters, page - 1)} className={buttonClass("secondary")} rel="prev">
              {t("list.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("list.page", { page, last: last_page })}</span>
          {page < last_page ? (
            <Link to={pageHref(filters, page + 1)} className={buttonClass("secondary")} rel="next">
              {t("list.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
