import { redirect } from "react-router";
import type { UserJson } from "#contract/user";
import { safeRedirectPath } from "#domain/navigation/guard";
import { isLocale } from "#locales/list";
import { localeCookieHeader } from "./locale-cookie";
import { commitSession, type AppSession } from "./session.server";

/**
 * Keeps the new session's token in the session cookie and goes where the sign-in was headed
 * (the password form, or the code form after it).
 */
export async function signedIn(request: Request, session: AppSession, answer: { token: string; user: UserJson }) {
  session.unset("twoFactorChallenge");
  session.set("token", answer.token);
  const headers = new Headers({ "Set-Cookie": await commitSession(session) });
  // The language chosen in account settings follows the user to every device (spec 1).
  if (isLocale(answer.user.preferred_language)) headers.append("Set-Cookie", localeCookieHeader(answer.user.preferred_language));
  const target = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  return redirect(target, { headers });
}
