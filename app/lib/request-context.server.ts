import { createContext, redirect, type MiddlewareFunction } from "react-router";
import type { AppStateJson } from "../../contract/app-state.ts";
import type { UserJson } from "../../contract/user.ts";
import { safeRedirectPath } from "../../domain/navigation/guard.ts";
import { createApiClient, ApiError, type ApiClient } from "./api.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { commitSession, getSession, type AppSession } from "./session.server.ts";
import type { Locale } from "../../locales/list.ts";

export interface RequestState {
  session: AppSession;
  locale: Locale;
  api: ApiClient;
  /** The signed-in user, loaded once per request; null for guests. */
  user: UserJson | null;
  /** Loaded with the user in the same call; the app layout's middleware reads it (guard.server.ts). Null for guests. */
  shell: Omit<AppStateJson, "user"> | null;
}

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
  const clientIp = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
  const userAgent = request.headers.get("user-agent");
  let user: UserJson | null = null;
  let shell: RequestState["shell"] = null;
  if (token) {
    const probe = createApiClient({ locale, token, t, clientIp, userAgent });
    try {
      ({ user, ...shell } = await probe.get<AppStateJson>("/api/v1/user/app-state"));
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
      session.unset("token");
    }
  }
  const api = createApiClient({ locale, token: user ? token : null, t, requestUrl: request.url, clientIp, userAgent });
  context.set(requestContext, { session, locale, api, user, shell });
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
