import { redirect } from "react-router";
import { safeRedirectPath } from "#domain/navigation/guard";
import { isUuid } from "#domain/text/sanitize";
import { listBusinesses } from "#app/lib/business.server";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/select";

/** Works whatever the selected business's state: no business redirect, no permission beyond signing in. */
export const handle = { skipSubscribedMiddleware: true, skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

/** The business switcher's target (a resource route): remembers the choice and goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const form = await request.formData();
  const uuid = String(form.get("business_uuid") ?? "");
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/");
  // Only the user's own list: the API would answer 403, which the web's client treats as a lost session.
  const chosen = isUuid(uuid) ? listBusinesses(context).businesses.find((b) => b.uuid === uuid.toLowerCase()) : undefined;
  if (!chosen) return redirectWithToast(back, { kind: "error", message: "business:switcher.invalid" }, { session });
  try {
    await api.accounts.selectBusiness(chosen.uuid);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast(back, { kind: "error", message: error.message }, { session });
  }
  const name = chosen.company_name;
  return redirectWithToast(back, { kind: "success", message: "business:switcher.switched", values: { name } }, { session });
}

/** Nothing to show: a GET (a bookmarked address) goes to the list. */
export function loader() {
  return redirect("/businesses");
}
