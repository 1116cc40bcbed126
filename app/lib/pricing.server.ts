import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Permission } from "#domain/access/permissions";
import type { TariffConfigurationJson } from "#contract/pricing";
import { apiPathToFieldName } from "#domain/validation";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { requireSelectedBusiness } from "#app/lib/business.server";

/** A pricing page's handle: its permission, or several of which any one opens it. */
export interface PricingHandle extends RouteHandle {
  anyOf?: Permission[];
}

/**
 * The middleware of every pricing page: the guard of ARCHITECTURE.md section 4 built from the
 * route's handle (the app layout has already loaded the businesses, the selected one and its
 * plans). Pages that several permissions open (`anyOf`, e.g. the calendar: calendar
 * or price settings) check them here, with the same answer as the guard: /unauthorized.
 */
export function pricingMiddleware(handle: PricingHandle): MiddlewareFunction<Response>[] {
  const { anyOf, ...rest } = handle;
  const checks: MiddlewareFunction<Response>[] = [guard(anyOf ? { ...rest, permission: undefined } : rest)];
  if (anyOf) {
    checks.push(async ({ context }, next) => {
      const held = getRequestState(context).user?.permissions.map((p) => p.name) ?? [];
      if (!anyOf.some((p) => held.includes(p))) throw redirect("/unauthorized");
      return next();
    });
  }
  return checks;
}

/** The selected business (the guard sent users without one elsewhere) and its currency. */
export function pricingBusiness(context: Readonly<RouterContextProvider>) {
  const business = requireSelectedBusiness(context);
  return { uuid: business.uuid, name: business.company_name, currency: typeof business.currency === "string" ? business.currency : "BRL" };
}

/** The permissions the user holds on the selected business. */
export function heldPermissions(context: Parameters<typeof getRequestState>[0]): string[] {
  return getRequestState(context).user?.permissions.map((p) => p.name) ?? [];
}

export async function loadTariff(context: Parameters<typeof getRequestState>[0], businessId: string): Promise<TariffConfigurationJson> {
  const { api } = getRequestState(context);
  return api.pricing.tariffConfiguration(businessId);
}

/** "dates.0.ends_at" (the API's path) → "dates[0].ends_at" (Conform's name). */
export function fieldName(path: string, rename: Record<string, string> = {}): string {
  if (rename[path]) return rename[path];
  return apiPathToFieldName(path);
}


export { ApiError };
