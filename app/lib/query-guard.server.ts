import { data, type MiddlewareFunction } from "react-router";
import { hasInvalidCharacters } from "#domain/validation";

/**
 * A page address whose query holds a NUL character (`/bookings?q=%00`) is answered 400 (the error
 * page) before any loader runs, the same rule as the API's (ADR 0018): no page has to remember
 * to check its own search parameters.
 */
export const queryGuardMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  for (const [key, value] of new URL(request.url).searchParams) {
    if (hasInvalidCharacters(key) || hasInvalidCharacters(value)) throw data(null, { status: 400, statusText: "Bad Request" });
  }
  return next();
};
