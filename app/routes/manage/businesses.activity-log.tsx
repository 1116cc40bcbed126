import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { ActivityLogView } from "#app/components/activity/activity-log";
import { loadActivityLog } from "#app/lib/activity-log.server";
import { buttonClass } from "#app/components/ui/button";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle, pageNotFound } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/businesses.activity-log";

/** An administrator reads any business's activity log (to answer "who changed this?" for an owner). */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!isUuid(params.id)) pageNotFound();
  const { api } = getRequestState(context);
  try {
    const business = await api.business.get(params.id);
    return { business: { uuid: business.uuid, name: business.company_name }, ...(await loadActivityLog(api, business.uuid, new URL(request.url))) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) pageNotFound();
    throw error;
  }
}

export default function AdminBusinessActivityLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("activity");
  const { business } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <title>{`${t("title")} · ${business.name} · Tarifa`}</title>
      <Link to={`/manage/businesses/${business.uuid}`} className={buttonClass("link", "text-sm")}>
        {t("backToBusiness", { name: business.name })}
      </Link>
      <h1 className="mt-2 mb-1 text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("intro", { name: business.name })}</p>
      <ActivityLogView log={loaderData.log} filters={loaderData.filters} errors={loaderData.errors} path={`/manage/businesses/${business.uuid}/activity-log`} />
    </div>
  );
}
