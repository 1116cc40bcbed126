import { bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/export";

export const handle = { permission: "user.reservations" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

/** The reservations list as CSV, with the list's filters: the API's file passed through. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const upstream = await api.raw(`${business.base}/reservations/export.csv`, { query, headers: { Accept: "text/csv" } });
  return new Response(upstream.body, {
    headers: {
      "Content-Type": upstream.headers.get("content-type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": upstream.headers.get("content-disposition") ?? 'attachment; filename="reservations.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
