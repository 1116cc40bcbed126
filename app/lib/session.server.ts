import { createCookieSessionStorage, type Session } from "react-router";
import { perConfig } from "#config";

export interface SessionData {
  /** The upstream API's bearer token; never sent to the browser in clear (the cookie is signed and httpOnly). */
  token: string;
  /** Between the password and the two-factor code: the API's sign-in challenge (routes/login.two-factor.tsx). */
  twoFactorChallenge: string;
}

export interface FlashData {
  toast: { kind: "success" | "error" | "info"; message: string };
}

export const sessionStorage = perConfig((config) =>
  createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.cookieSecure,
      secrets: [config.SESSION_SECRET],
      maxAge: 30 * 24 * 60 * 60,
    },
  }),
);

export type AppSession = Session<SessionData, FlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
