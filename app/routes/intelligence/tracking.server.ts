import type { RouterContextProvider } from "react-router";
import { ApiError, bookingBusiness } from "#app/lib/bookings.server";
import { getRequestState } from "#app/lib/request-context.server";
import { VIEWS, type CurvesAnswer, type ForecastAnswer, type PaceAnswer, type PickupAnswer, type View } from "#app/components/tracking/types";


/** The query parameters each view passes on to its API call (the rest of the URL is ignored). */
const PARAMS: Record<View, readonly string[]> = {
  pickup: ["as_of", "window", "days"],
  pace: ["from", "months"],
  curves: ["month", "by"],
  forecast: ["days", "category"],
};

type Answer =
  | { view: "pickup"; pickup: PickupAnswer }
  | { view: "pace"; pace: PaceAnswer }
  | { view: "curves"; curves: CurvesAnswer }
  | { view: "forecast"; forecast: ForecastAnswer };

/**
 * The /tracking page's data: the view in `?view=` and the API call(s) behind it, with the
 * picker's values from the URL. A value the API refuses (422) shows the view's defaults with the
 * reason beside the picker.
 */
export async function loadTracking(context: Readonly<RouterContextProvider>, request: Request): Promise<Answer & { query: Record<string, string>; error: string | null }> {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const view = (VIEWS as readonly string[]).includes(url.searchParams.get("view") ?? "") ? (url.searchParams.get("view") as View) : "pickup";
  const query: Record<string, string> = {};
  for (const name of PARAMS[view]) {
    const value = url.searchParams.get(name);
    if (value) query[name] = value;
  }
  const fetchView = async (q: Record<string, string>): Promise<Answer> => {
    switch (view) {
      case "pickup":
        return { view, pickup: await api.tracking.pickup(business.uuid, q) };
      case "pace":
        return { view, pace: await api.tracking.pace(business.uuid, q) };
      case "curves":
        return { view, curves: await api.tracking.curves(business.uuid, q) };
      case "forecast":
        return { view, forecast: await api.tracking.forecast(business.uuid, q) };
    }
  };
  try {
    return { ...(await fetchView(query)), query, error: null };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const reason = Object.values(error.errors).flat()[0] ?? error.serverMessage ?? error.message;
    return { ...(await fetchView({})), query: {}, error: reason };
  }
}
