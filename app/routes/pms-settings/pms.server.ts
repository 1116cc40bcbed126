import { requireSelectedBusiness } from "#app/lib/business.server";

/** The API path of the selected business, e.g. `/api/v1/businesses/{uuid}`. */
export function businessPath(context: Parameters<typeof requireSelectedBusiness>[0]): string {
  return `/api/v1/businesses/${requireSelectedBusiness(context).uuid}`;
}

