import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { requireSelectedBusiness } from "#app/lib/business.server";

export { ApiError };

/**
 * Every bookings page's middleware: the guard built from the route's handle (ARCHITECTURE.md §4);
 * the app layout has already loaded the businesses, the selected one and its plans.
 */
export function bookingsMiddleware(handle: RouteHandle): MiddlewareFunction<Response>[] {
  return [guard(handle)];
}

/** The selected business: its id for the API paths, its name and currency. */
export function bookingBusiness(context: Readonly<RouterContextProvider>) {
  const business = requireSelectedBusiness(context);
  return {
    uuid: business.uuid,
    name: business.company_name,
    currency: typeof business.currency === "string" ? business.currency : "BRL",
    base: `/api/v1/businesses/${business.uuid}`,
  };
}

