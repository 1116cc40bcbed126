import { redirect } from "react-router";
import { todayIn } from "#domain/bookings/stay";
import { businessTimeZone } from "#domain/business/timezone";
import { appContext, type AppState } from "#app/lib/guard.server";
import type { ApiClient } from "#app/lib/api.server";
import type { getRequestState } from "#app/lib/request-context.server";
import type { BusinessJson, PmsJson } from "#app/components/business/types";

/**
 * The business calls every business screen makes (spec section 7, "Businesses"), and the
 * mapping of the API's 422 field errors onto form fields.
 */

type Context = Parameters<typeof getRequestState>[0] & { get: (key: typeof appContext) => AppState };

export interface BusinessList {
  businesses: BusinessJson[];
  selectedUuid: string | null;
}

/**
 * The user's businesses and the one they work on (restored or the first), as the app layout's
 * middleware loaded them for this request (GET /businesses, see app/lib/guard.server.ts).
 */
export function listBusinesses(context: Context): BusinessList {
  const { businesses, business } = context.get(appContext);
  return { businesses, selectedUuid: business?.uuid ?? null };
}

/** The selected business (GET /businesses answers each one whole), or null when the user has none. */
export function selectedBusiness(context: Context): BusinessJson | null {
  return context.get(appContext).business ?? null;
}

/** The selected business for a page that needs one; with none, the welcome of /setup-in-progress. */
export function requireSelectedBusiness(context: Context): BusinessJson {
  const business = selectedBusiness(context);
  if (!business) throw redirect("/setup-in-progress");
  return business;
}

/** Today in the selected business's time zone (YYYY-MM-DD), as the API reckons it (issue 29: no call for it). */
export function businessToday(context: Context, now = new Date()): string {
  return todayIn(businessTimeZone(context.get(appContext).business), now);
}

/** Active PMSs, the built-in (default) one first. */
export async function listPms(api: ApiClient): Promise<PmsJson[]> {
  const all = await api.business.pms();
  return all.filter((p) => p.is_active).sort((a, b) => Number(b.pms_default) - Number(a.pms_default));
}


