import { redirect } from "react-router";
import { safeRedirectPath } from "#domain/navigation/guard";
import { isLocale } from "#locales/list";
import { ApiError } from "#app/lib/api.server";
import { localeCookieHeader } from "#app/lib/locale-cookie";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/language";

/**
 * The language switcher posts here (works without JavaScript), then returns to the page it came
 * from. A signed-in user's choice is also saved on the account, so it follows them to other devices.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = String(form.get("locale") ?? "");
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/");
  if (!isLocale(locale)) return redirect(back);
  const { api, user } = getRequestState(context);
  if (user && user.preferred_language !== locale) {
    // The cookie alone still switches this browser if the account cannot be updated right now.
    await api.accounts.update(user.uuid, { preferred_language: locale }).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      console.warn(`language: could not save preferred_language: ${error.message}`);
    });
  }
  return redirect(back, { headers: { "Set-Cookie": localeCookieHeader(locale) } });
}

export function loader() {
  return redirect("/");
}
