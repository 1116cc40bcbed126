import { data, type MiddlewareFunction } from "react-router";
import { hasInvalidCharacters } from "#domain/validation";

/**
 * A page address whose query holds a NUL character (`/bookings?q=%00`) is answered 400 (the error
 * page) before any loader runs, the same rule as the API's (ADR 0018): no page has to remember
 * to check its own search parameters. A path segment with one (`/dev/mailbox/%00`), or bytes that
 * are not UTF-8, names no page: 404, before any loader hands it to the API.
 */
export const queryGuardMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  if (hasInvalidCharacters(path)) throw data(null, { status: 404, statusText: "Not Found" });
  for (const [key, value] of url.searchParams) {
    if (hasInvalidCharacters(key) || hasInvalidCharacters(value)) throw data(null, { status: 400, statusText: "Bad Request" });
  }
  return next();
};
