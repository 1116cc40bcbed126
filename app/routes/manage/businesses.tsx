import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminListQuerySchema } from "#domain/schemas/business";
import { StatusBadge } from "#app/components/business/status-badge";
import { buttonClass } from "#app/components/ui/button";
import { SearchForm } from "#app/components/ui/search-form";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/businesses";
import { DataTable } from "#app/components/ui/data-table";

/** Every business in the product, for administrators: search and pages through a GET form. */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/manage/businesses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const params = new URL(request.url).searchParams;
  const parsed = adminListQuerySchema.safeParse({ search: params.get("search") ?? undefined, page: params.get("page") ?? undefined, per_page: 20 });
  const query = parsed.success ? parsed.data : { search: undefined, page: 1, per_page: 20 };
  const answer = await api.admin.businesses.list({ search: query.search || undefined, page: query.page, per_page: query.per_page });
  return {
    search: query.search ?? "",
    meta: answer.meta,
    businesses: answer.data.map((b) => ({
      uuid: b.uuid,
      company_name: b.company_name,
      status: b.status,
      city: [b.city, b.state].filter(Boolean).join(", "),
      owner: b.owner ? { uuid: b.owner.uuid, label: `${b.owner.name} ${b.owner.surname}`.trim(), email: b.owner.email } : null,
      created_at: b.created_at ?? null,
    })),
  };
}

export default function ManageBusinesses({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const { businesses, meta, search } = loaderData;
  const lastPage = Math.max(1, Math.ceil(meta.total / meta.per_page));
  const pageLink = (page: number) => `${PAGE}?${new URLSearchParams({ ...(search ? { search } : {}), page: String(page) })}`;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <div className="mx-auto max-w-6xl">
      <title>{`${t("admin.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("admin.heading")}</h1>
        <Link to="/manage/businesses/add" className={buttonClass()}>
          {t("admin.add")}
        </Link>
      </div>
      <SearchForm
        action={PAGE}
        id="business-search"
        name="search"
        defaultValue={search}
        label={t("admin.search")}
        placeholder={t("admin.searchPlaceholder")}
        submitLabel={t("admin.searchSubmit")}
      />
      <p className="mb-2 text-sm text-slate-700" aria-live="polite">
        {t("admin.count", { count: meta.total })}
      </p>
      {businesses.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-slate-700">{t("admin.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <DataTable
            caption={t("admin.heading")}
            rows={businesses}
            rowKey={(b) => b.uuid}
            rowHeader
            columns={[
              {
                header: t("admin.columns.name"),
                cell: (b) => (
                  <Link to={`${PAGE}/${b.uuid}`} className="text-brand-700 underline">
                    {b.company_name}
                  </Link>
                ),
              },
              {
                header: t("admin.columns.owner"),
                cell: (b) =>
                  b.owner ? (
                    <>
                      <Link to={`/manage/users/${b.owner.uuid}/businesses`} className="text-brand-700 underline">
                        {b.owner.label || b.owner.email}
                      </Link>
                      <span className="block text-xs text-slate-600">{b.owner.email}</span>
                    </>
                  ) : (
                    "—"
                  ),
              },
              { header: t("admin.columns.city"), cell: (b) => b.city || "—" },
              { header: t("admin.columns.status"), cell: (b) => <StatusBadge status={b.status} /> },
              { header: t("admin.columns.created"), cell: (b) => (b.created_at ? date.format(new Date(b.created_at)) : "—") },
            ]}
          />
        </div>
      )}
      {lastPage > 1 ? (
        <nav aria-label={t("admin.pagination")} className="mt-4 flex items-center justify-between text-sm">
          {meta.page > 1 ? (
            <Link to={pageLink(meta.page - 1)} className={buttonClass("secondary")} rel="prev">
              {t("admin.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("admin.page", { page: meta.page, last: lastPage })}</span>
          {meta.page < lastPage ? (
            <Link to={pageLink(meta.page + 1)} className={buttonClass("secondary")} rel="next">
              {t("admin.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
