import type { RouterContextProvider } from "react-router";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { ApiClient } from "#app/lib/api.server";
import type { PeriodQuery } from "#domain/schemas/reports";

/** The period of the page's URL (`from`, `to`), passed to the API as it is. */
export function periodQuery(request: Request): { from?: string; to?: string } {
  const params = new URL(request.url).searchParams;
  return { from: params.get("from") || undefined, to: params.get("to") || undefined };
}

/** What an export file's URL passes on to the API besides the period (docs/api/reports.md, "Exports"). */
const EXPORT_PARAMS = ["category", "metrics", "dimension", "compare", "compare_from", "compare_to"] as const;

/** The query of an export file: its period and, for the forecast and the explorer, their question. */
export function exportQuery(request: Request): Record<string, string | undefined> {
  const params = new URL(request.url).searchParams;
  return { ...periodQuery(request), ...Object.fromEntries(EXPORT_PARAMS.map((name) => [name, params.get(name) || undefined])) };
}

/**
 * A report for the period in the URL. A period the API refuses (reversed, too long, not a date)
 * shows the default period with the reason beside the form, instead of an error page.
 */
export async function loadReport<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  ask: (reports: ApiClient["reports"], businessUuid: string, period: PeriodQuery) => Promise<T>,
) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  try {
    return { business, report: await ask(api.reports, business.uuid, periodQuery(request)), periodError: null as string | null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const reason = Object.values(error.errors).flat()[0] ?? error.serverMessage ?? error.message;
    return { business, report: await ask(api.reports, business.uuid, {}), periodError: reason };
  }
}
