import { requireSelectedBusiness } from "#app/lib/business.server";

/** The API path of the selected business, e.g. `/api/v1/businesses/{uuid}`. */
export function businessPath(context: Parameters<typeof requireSelectedBusiness>[0]): string {
  return `/api/v1/businesses/${requireSelectedBusiness(context).uuid}`;
}

/** A route's 404 (an id that is not a UUID or that the API does not know). */
export function pageNotFound(): never {
  throw new Response("Page Not Found", { status: 404, statusText: "Page Not Found" });
}
