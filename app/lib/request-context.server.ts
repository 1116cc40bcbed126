import { createContext, redirect, type MiddlewareFunction } from "react-router";
import type { AppStateJson } from "#contract/app-state.ts";
import type { UserJson } from "#contract/user.ts";
import { safeRedirectPath } from "#domain/navigation/guard.ts";
import { createApiClient, ApiError, type ApiClient, type ApiClientOptions } from "./api.server.ts";
import { upstreamContext } from "./upstream-context.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { commitSession, getSession, type AppSession } from "./session.server.ts";
import type { Locale } from "#locales/list.ts";

export interface RequestState {
  session: AppSession;
  locale: Locale;
  api: ApiClient;
  /** How this request reaches the API, for a client of its own (another token, no /login redirect). */
  connection: ApiConnection;
  /** The signed-in user, loaded once per request; null for guests. */
  user: UserJson | null;
  /** Loaded with the user in the same call; the app layout's middleware reads it (guard.server.ts). Null for guests. */
  shell: Omit<AppStateJson, "user"> | null;
}

/** What every API client of one page request shares: the way to the API and who is asking. */
export type ApiConnection = Pick<ApiClientOptions, "upstream" | "requestId" | "clientIp" | "userAgent">;

export const requestContext = createContext<RequestState>();

/**
 * Root middleware: reads the session, builds the API client for this request and loads the
 * user once — with their businesses and the selected one's plans, in the same call, since
 * nearly every signed-in request is a page of the app layout, which needs them
 * (docs/decisions/0011-one-call-for-the-app-shell.md). A token the API no longer accepts is
 * dropped from the session.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getSession(request);
  const locale = getLocale(context) as Locale;
  const t = getI18n(context).getFixedT(locale, "errors");
  const token = session.get("token") ?? null;
  const connection: ApiConnection = {
    upstream: context.get(upstreamContext),
    // server/observability.ts gave the page request its id in this header.
    requestId: request.headers.get("x-request-id"),
    clientIp: request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null,
    userAgent: request.headers.get("user-agent"),
  };
  let user: UserJson | null = null;
  let shell: RequestState["shell"] = null;
  if (token) {
    const probe = createApiClient({ ...connection, locale, token, t });
    try {
      ({ user, ...shell } = await probe.accounts.appState());
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
      session.unset("token");
    }
  }
  const api = createApiClient({ ...connection, locale, token: user ? token : null, t, requestUrl: request.url });
  context.set(requestContext, { session, locale, api, connection, user, shell });
  const response = await next();
  if (token && !user) response.headers.append("Set-Cookie", await commitSession(session));
  return response;
};

/** The navigation guard of spec section 2 for pages behind sign-in: guests go to /login. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!context.get(requestContext).user) {
    const url = new URL(request.url);
    const back = url.pathname === "/" ? "" : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
    throw redirect(`/login${back}`);
  }
  return next();
};

/** Guest-only pages (sign-in, sign-up, forgotten password) send a signed-in user on. */
export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (context.get(requestContext).user) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/"));
  }
  return next();
};

export function getRequestState(context: { get: (key: typeof requestContext) => RequestState }): RequestState {
  return context.get(requestContext);
}
