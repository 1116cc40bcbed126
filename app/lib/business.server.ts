import type { Submission, SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import { apiPathToFieldName } from "#domain/validation";
import { appContext, type AppState } from "#app/lib/guard.server";
import { ApiError, type ApiClient } from "#app/lib/api.server";
import type { getRequestState } from "#app/lib/request-context.server";
import type { BusinessJson, BusinessTypeJson, PmsJson } from "#app/components/business/types";

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
  return { businesses: businesses as unknown as BusinessJson[], selectedUuid: business?.uuid ?? null };
}

/** GET /businesses/{id} → data. */
export async function getBusiness(api: ApiClient, uuid: string): Promise<BusinessJson> {
  return (await api.get<{ data: BusinessJson }>(`/api/v1/businesses/${uuid}`)).data;
}

/** The selected business (GET /businesses answers each one whole), or null when the user has none. */
export function selectedBusiness(context: Context): BusinessJson | null {
  return (context.get(appContext).business as unknown as BusinessJson | null) ?? null;
}

/** The selected business for a page that needs one; with none, the welcome of /setup-in-progress. */
export function requireSelectedBusiness(context: Context): BusinessJson {
  const business = selectedBusiness(context);
  if (!business) throw redirect("/setup-in-progress");
  return business;
}

export async function listBusinessTypes(api: ApiClient): Promise<BusinessTypeJson[]> {
  return (await api.get<{ data: BusinessTypeJson[] }>("/api/v1/business-types")).data ?? [];
}

/** Active PMSs, the built-in (default) one first. */
export async function listPms(api: ApiClient): Promise<PmsJson[]> {
  const all = (await api.get<{ data: PmsJson[] }>("/api/v1/pms")).data ?? [];
  return all.filter((p) => p.is_active).sort((a, b) => Number(b.pms_default) - Number(a.pms_default));
}

/** PUT /user/selected-business. */
export async function selectBusiness(api: ApiClient, uuid: string): Promise<void> {
  await api.put("/api/v1/user/selected-business", { business_uuid: uuid });
}

/**
 * An API field path ("room_setup.categories.0.name") as Conform names the field
 * ("categories[0].name"), after dropping `stripPrefix` ("room_setup.").
 */
export function toFieldName(path: string, stripPrefix: string | RegExp = ""): string {
  const rest =
    stripPrefix instanceof RegExp ? path.replace(stripPrefix, "") : stripPrefix && path.startsWith(stripPrefix) ? path.slice(stripPrefix.length) : path;
  return apiPathToFieldName(rest);
}

/**
 * Conform's reply for an API refusal: field errors beside the fields the form shows, everything
 * else on top of the form so no message is lost. `fields` names what the form shows; list items
 * are written with empty brackets ("categories[].name" matches "categories[3].name").
 */
export function replyWithApiErrors<T>(
  submission: Submission<T>,
  error: ApiError,
  options: { fields: readonly string[]; stripPrefix?: string | RegExp; rename?: Record<string, string>; hideFields?: string[] },
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [path, messages] of Object.entries(error.errors)) {
    const name = options.rename?.[path] ?? toFieldName(path, options.stripPrefix);
    if (options.fields.includes(name.replace(/\[\d+\]/g, "[]"))) (fieldErrors[name] ??= []).push(...messages);
    else formErrors.push(...messages);
  }
  if (!Object.keys(error.errors).length) formErrors.push(error.message);
  return submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields });
}

/** Rethrows anything that is not an API refusal; returns the refusal. */
export function apiErrorOrThrow(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}
