import { data } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { ledgerBusiness } from "#app/routes/pms-settings/ledger.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/import-problems";

export const handle = { permission: "user.pms-settings", skipSetupCheck: true } satisfies RouteHandle;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** An import's skipped, doubtful and unplaced rows as CSV: the API's file passed through. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  if (!isUuid(params.importId)) throw data(null, { status: 404 });
  const upstream = await api.raw(`${business.base}/imports/${params.importId}/problems.csv`, { headers: { Accept: "text/csv" } });
  return new Response(upstream.body, {
    headers: {
      "Content-Type": upstream.headers.get("content-type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": upstream.headers.get("content-disposition") ?? 'attachment; filename="import-problems.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
