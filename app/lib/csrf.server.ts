import { createCookie, data } from "react-router";
import { createCsrfTokenMiddleware } from "remix-utils/middleware/csrf-token";
import { getConfig } from "#config";

const config = getConfig();

/**
 * Every form post must carry the token of the `csrf` cookie (double submit, signed).
 * Forms include it through <AppForm>; a post without it gets the 403 error page.
 */
export const [csrfMiddleware, getCsrfToken] = createCsrfTokenMiddleware({
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
});
