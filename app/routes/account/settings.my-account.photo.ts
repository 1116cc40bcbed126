import { data } from "react-router";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import { ApiError } from "#app/lib/api.server";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/settings.my-account.photo";

export const handle = accountSettingsHandle;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/**
 * The signed-in user's profile photo. The API serves it only with the bearer token, which never
 * reaches the browser, so the web fetches it and passes the bytes on.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  try {
    const upstream = await api.raw(`/api/v1/users/${user!.uuid}/profile-image`, { headers: { Accept: "image/*" } });
    const headers = new Headers({
      "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
      // Private: it is this user's photo. The page adds ?v=<updated_at>, so a day of caching is safe.
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    });
    const length = upstream.headers.get("content-length");
    if (length) headers.set("Content-Length", length);
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
