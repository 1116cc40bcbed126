import { createCookie, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createCsrfTokenMiddleware } from "remix-utils/middleware/csrf-token";
import { perConfig } from "#config";

/**
 * Every form post must carry the token of the `csrf` cookie (double submit, signed).
 * Forms include it through <AppForm>; a post without it gets the 403 error page.
 */
const csrf = perConfig((config) =>
  createCsrfTokenMiddleware({
    cookie: createCookie("csrf", {
      path: "/",
      httpOnly: true,
      secure: config.cookieSecure,
      sameSite: "lax",
      secrets: [config.SESSION_SECRET],
    }),
    formDataKey: "csrf",
    secret: config.SESSION_SECRET,
    onInvalidToken() {
      throw data({ message: "CSRF token mismatch" }, { status: 403, statusText: "Forbidden" });
    },
  }),
);

export const csrfMiddleware: MiddlewareFunction<Response> = (args, next) => csrf()[0](args, next);

/** The token the middleware set for this request (the same configuration's middleware and token). */
export const getCsrfToken = (context: Readonly<RouterContextProvider>) => csrf()[1](context);
