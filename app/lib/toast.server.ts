import { redirect } from "react-router";
import type { ToastMessage } from "#app/components/layout/toasts";
import { commitSession, type AppSession } from "./session.server";

/**
 * Flash notices (post/redirect/get): an action flashes a toast into the session and redirects;
 * the next page's root loader reads it once (`session.get("toast")`) and <Toasts> shows it.
 * Works without JavaScript, since the flash rides in the redirect's Set-Cookie.
 *
 * `message` is a translation key *with its namespace* ("common:toast.saved"), translated in the
 * browser into the reader's language with `values`; a string that is not a known key is shown as
 * is (for texts already final, such as a message from the API). Prefer keys.
 *
 *   return redirectWithToast("/seasonalities", { kind: "success", message: "pricing:seasonality.saved" }, { session });
 */
export type ToastInput = Omit<ToastMessage, "kind"> & { kind?: ToastMessage["kind"] };

function normalise(toast: ToastInput): ToastMessage {
  return { ...toast, kind: toast.kind ?? "success" };
}

/**
 * Flashes a toast into the session. The caller commits the session in its own response
 * (`"Set-Cookie": await commitSession(session)`), ideally a redirect.
 */
export function setToast(session: AppSession, toast: ToastInput): void {
  session.flash("toast", normalise(toast));
}

/** Flashes a toast and redirects, committing the session in the redirect's Set-Cookie. */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  { session, headers, status }: { session: AppSession; headers?: HeadersInit; status?: number },
): Promise<Response> {
  setToast(session, toast);
  const out = new Headers(headers);
  out.append("Set-Cookie", await commitSession(session));
  return redirect(url, { status, headers: out });
}
