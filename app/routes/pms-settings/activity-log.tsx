import { useTranslation } from "react-i18next";
import { ActivityLogView } from "#app/components/activity/activity-log";
import { loadActivityLog } from "#app/lib/activity-log.server";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/activity-log";

/** Who changed what on the selected business, and when: prices, seasons, rooms, bookings, people, billing. */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = requireSelectedBusiness(context);
  const { api } = getRequestState(context);
  return { businessName: business.company_name, ...(await loadActivityLog(api, business.uuid, new URL(request.url))) };
}

export default function PmsActivityLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("activity");
  return (
    <div className="mx-auto max-w-5xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("title")} intro={t("intro", { name: loaderData.businessName })} />
      <ActivityLogView log={loaderData.log} filters={loaderData.filters} errors={loaderData.errors} path="/pms-settings/activity-log" />
    </div>
  );
}
