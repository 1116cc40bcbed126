import type { Submission, SubmissionResult } from "@conform-to/react";
import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { apiPathToFieldName } from "#domain/validation";
import { ApiError } from "#app/lib/api.server";
import { appContext, guard, type RouteHandle } from "#app/lib/guard.server";

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
  const { business } = context.get(appContext);
  if (!business) throw redirect("/setup-in-progress");
  return {
    uuid: business.uuid,
    name: business.company_name,
    currency: typeof business.currency === "string" ? business.currency : "BRL",
    base: `/api/v1/businesses/${business.uuid}`,
  };
}

/**
 * Conform's reply for an API refusal: field errors beside the fields the form has, the rest
 * (and a message without field errors, such as a 409 "no room left") on top of the form.
 */
export function replyWithApiError<T>(submission: Submission<T>, error: ApiError, fields?: readonly string[]): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [path, messages] of Object.entries(error.errors)) {
    const name = apiPathToFieldName(path);
    if (!fields || fields.includes(name)) (fieldErrors[name] ??= []).push(...messages);
    else formErrors.push(...messages);
  }
  if (!Object.keys(error.errors).length) formErrors.push(error.serverMessage ?? error.message);
  return submission.reply({ fieldErrors, formErrors });
}
