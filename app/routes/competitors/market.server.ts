import type { RouterContextProvider } from "react-router";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { getRequestState } from "#app/lib/request-context.server";
import { periodFromUrl } from "#app/components/competitors/period";

/**
 * Both market-analysis pages read the same answer for the period in the URL. A period the API
 * refuses (custom dates reversed or longer than a year) shows the default one with the reason.
 */
export async function loadMarket(context: Readonly<RouterContextProvider>, request: Request) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const { choice, query } = periodFromUrl(new URL(request.url));
  try {
    return { choice, market: await api.competitors.market(business.uuid, query), periodError: null as string | null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const reason = Object.values(error.errors).flat()[0] ?? error.serverMessage ?? error.message;
    return { choice: "30" as const, market: await api.competitors.market(business.uuid, { days: 30 }), periodError: reason };
  }
}
