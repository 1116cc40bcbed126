import { data } from "react-router";
import { isUuid } from "#domain/text/sanitize";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/logo-image";

/** Works whatever the selected business's state: no business redirect, no permission beyond signing in. */
export const handle = { skipSubscribedMiddleware: true, skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/**
 * A business's logo. The API serves it only with the bearer token, which never reaches the
 * browser, so the web fetches it and passes the bytes on (pages add ?v=… to bust the cache).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const { api } = getRequestState(context);
  try {
    const upstream = await api.raw(`/api/v1/businesses/${params.id}/logo`, { headers: { Accept: "image/*" } });
    const headers = new Headers({
      "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      // An SVG logo must not run scripts when opened on its own.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    const length = upstream.headers.get("content-length");
    if (length) headers.set("Content-Length", length);
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 422)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
