import { redirect } from "react-router";
import { safeRedirectPath } from "../../domain/navigation/guard";
import { isLocale } from "../../locales/list";
import { localeCookieHeader } from "../lib/locale-cookie";
import type { Route } from "./+types/language";

/** The language switcher posts here (works without JavaScript), then returns to the page it came from. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = String(form.get("locale") ?? "");
  const back = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/");
  if (!isLocale(locale)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": localeCookieHeader(locale) } });
}

export function loader() {
  return redirect("/");
}
