import type { RouterContextProvider } from "react-router";
import { createApiClient, type ApiClient } from "#app/lib/api.server";
import { getI18n } from "#app/lib/i18n.server";
import { getRequestState } from "#app/lib/request-context.server";

/**
 * An API client for calls whose 401/403 answer is part of the page (an expired verification
 * link, a mailbox that is switched off) rather than a reason to send the visitor to /login.
 */
export function apiWithoutLoginRedirect(context: Readonly<RouterContextProvider>): ApiClient {
  const { locale, session, user, connection } = getRequestState(context);
  return createApiClient({
    ...connection,
    locale,
    token: user ? (session.get("token") ?? null) : null,
    t: getI18n(context).getFixedT(locale, "errors"),
  });
}
