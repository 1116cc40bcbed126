import { redirect } from "react-router";
import { getRequestState } from "#app/lib/request-context.server";
import { destroySession } from "#app/lib/session.server";
import type { Route } from "./+types/logout";

/** Revokes the API token, clears the session and returns to /login (spec section 4, "Session"). */
export async function action({ context }: Route.ActionArgs) {
  const { api, session, user } = getRequestState(context);
  if (user) await api.auth.logout().catch(() => undefined);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

export function loader() {
  return redirect("/");
}
