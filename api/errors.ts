import type { ContentfulStatusCode } from "hono/utils/http-status";

export type FieldErrors = Record<string, string[]>;

/**
 * An error the API answers on purpose. `message` is a translation key (namespace
 * `errors` or `validation`, e.g. "api.notFound") or an already final text; the error
 * handler translates it into the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly values?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = "api.notFound") => new HttpError(404, message);
export const forbidden = (message = "api.forbidden") => new HttpError(403, message);
export const unauthenticated = (message = "api.unauthenticated") => new HttpError(401, message);
export const conflict = (message: string, values?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, values);
/** 422 with errors beside fields, e.g. `invalid({ email: ["validation.email"] })`. */
export const invalid = (errors: FieldErrors, message = "api.invalid") => new HttpError(422, message, errors);
