import { createMiddleware } from "hono/factory";
import { isAdministrator } from "#domain/access/permissions.ts";
import { HttpError } from "#api/errors.ts";
import type { AuthedEnv } from "./auth.ts";

/**
 * Administrators must have two-factor sign-in on before any /api/v1/admin call (403
 * `two_factor_required` otherwise); the web sends them to enrol before any /manage page.
 */
export const requireTwoFactorForAdministrators = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.var.user;
  if (isAdministrator(user.roles) && !user.twoFactorEnabledAt) throw new HttpError(403, "twoFactor:api.required");
  await next();
});
