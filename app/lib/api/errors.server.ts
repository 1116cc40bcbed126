import type { TFunction } from "i18next";
import { redirect } from "react-router";
import { ORIGIN } from "./request.server.ts";

/**
 * A refusal of the API. It is also a route error response as React Router recognises one
 * (`isRouteErrorResponse`: status, statusText, internal, data): an ApiError a loader or action
 * does not catch answers the page with the API's own status (404 for an id that names nothing, 400
 * for a bad query…) and the error page's text for it, never a 500. It is not an `Error`, so a
 * production build sends it to the browser as it is instead of "Unexpected Server Error".
 */
export class ApiError {
  readonly name = "ApiError";
  readonly error = true as const;
  readonly internal = false;
  readonly statusText: string;
  readonly data: { message: string };
  constructor(
    public status: number,
    public message: string,
    public errors: Record<string, string[]> = {},
    public serverMessage?: string,
  ) {
    this.statusText = STATUS_TEXTS[status] ?? "";
    this.data = { message };
  }
}
const STATUS_TEXTS: Record<number, string> = {
  400: "Bad Request",
  402: "Payment Required",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The whole call ran past its deadline. */
export class Timeout extends Error {}
/** The upstream could not be reached (or not in time to try again). */
export class NetworkFailure extends Error {}

export interface ErrorCatalogue {
  t: TFunction;
  /** The page's own URL; a 401/403 answer becomes redirect(`/login?redirectTo=<path+search>`). */
  requestUrl?: string;
  onWarning: (message: string) => void;
}

/** The error catalogue (spec section 8): what a failed answer becomes. */
export async function failure(response: Response, { t, requestUrl, onWarning }: ErrorCatalogue): Promise<Response | ApiError> {
  const status = response.status;
  const { message: serverMessage, errors = {} } = await readError(response);
  if ((status === 401 || status === 403) && requestUrl) {
    const page = new URL(requestUrl, ORIGIN);
    return redirect(`/login?redirectTo=${encodeURIComponent(page.pathname + page.search)}`);
  }
  if (status === 419) {
    onWarning("CSRF token mismatch");
    return new ApiError(419, "", {}, serverMessage);
  }
  const fixed: Record<number, string> = { 401: "client.401", 403: "client.403", 404: "client.404", 500: "client.500" };
  let message: string;
  if (fixed[status]) message = t(fixed[status], { ns: "errors" });
  else if (status === 422) message = t("client.422", { ns: "errors", message: serverMessage ?? "" });
  else message = serverMessage ?? t("client.other", { ns: "errors" });
  return new ApiError(status, message, errors, serverMessage);
}

/** A deadline or network failure as the translated ApiError a page shows; anything else as it is. */
export function translateFailure(error: unknown, t: TFunction): unknown {
  if (error instanceof Timeout) return new ApiError(408, t("client.timeout", { ns: "errors" }));
  if (error instanceof NetworkFailure) return new ApiError(503, t("client.network", { ns: "errors" }));
  return error;
}

async function readError(response: Response): Promise<{ message?: string; errors?: Record<string, string[]> }> {
  try {
    const data: unknown = JSON.parse(await response.text());
    if (!data || typeof data !== "object") return {};
    const { message, errors } = data as { message?: unknown; errors?: unknown };
    return {
      message: typeof message === "string" && message ? message : undefined,
      errors: errors && typeof errors === "object" ? normaliseErrors(errors as Record<string, unknown>) : undefined,
    };
  } catch {
    return {};
  }
}

function normaliseErrors(errors: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    if (Array.isArray(value)) out[field] = value.map(String);
    else if (value !== undefined && value !== null) out[field] = [String(value)];
  }
  return out;
}
