import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { loginSchema } from "../../domain/schemas/auth.ts";
import type { ApiEnv } from "../context.ts";
import { users } from "../db/schema/index.ts";
import { HttpError } from "../errors.ts";
import { requireUser, type AuthedEnv } from "../middleware/auth.ts";
import { dummyHash, verifyPassword } from "../services/passwords.ts";
import { permissionsOf } from "../services/permissions.ts";
import { issueToken, revokeToken } from "../services/tokens.ts";
import { userJson } from "../services/user-json.ts";
import { jsonBody } from "../validate.ts";

/** Sign-in and sign-out. Token mode: the answer carries the bearer token. */
export const authRoutes = new Hono<ApiEnv>()
  .post("/auth/login", async (c) => {
    const { db, now } = c.var.deps;
    const { email, password } = await jsonBody(c, loginSchema);
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    // Always hash, so a wrong e-mail and a wrong password take the same time.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !ok || user.disabledAt) {
      throw new HttpError(422, "auth.invalidCredentials", { email: [c.var.t("auth.invalidCredentials")] });
    }
    const { token, expiresAt } = await issueToken(db, user.id, "session", now());
    return c.json({ token, expires_at: expiresAt.toISOString(), user: userJson(user, await permissionsOf(db, user)) });
  });

/** Mounted under /api/v1, where app.ts requires a signed-in user. */
export const currentUserRoutes = new Hono<AuthedEnv>().get("/user", async (c) => {
  const user = c.var.user;
  return c.json({ user: userJson(user, await permissionsOf(c.var.deps.db, user)) });
});

export const logoutRoutes = new Hono<AuthedEnv>().post("/auth/logout", requireUser, async (c) => {
    await revokeToken(c.var.deps.db, c.var.tokenId, c.var.deps.now());
  return c.json({ success: true });
});
