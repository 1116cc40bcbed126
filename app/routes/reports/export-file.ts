import { bookingBusiness } from "#app/lib/bookings.server";
import { exportQuery } from "#app/routes/reports/reports.server";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/export-file";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** `/exportar/{kind}.{csv|xlsx}`: the API's file streamed through as it arrives (never held whole here). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const upstream = await api.raw(`${business.base}/exports/${encodeURIComponent(params.file)}`, { query: exportQuery(request) });
  return new Response(upstream.body, {
    headers: {
      "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
      "Content-Disposition": upstream.headers.get("content-disposition") ?? "attachment",
      "Cache-Control": "private, no-store",
    },
  });
}
