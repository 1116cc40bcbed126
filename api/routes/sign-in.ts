import type { Context } from "hono";
import type { z } from "zod";
import type { ApiEnv } from "#api/context.ts";
import type { UserRow } from "#api/db/schema/index.ts";
import { setSessionCookie } from "#api/middleware/csrf-cookie.ts";
import { clientIp, UNKNOWN_IP } from "#api/middleware/rate-limit.ts";
import { permissionsOf } from "#api/services/permissions.ts";
import { issueSession } from "#api/services/tokens.ts";
import { createChallenge } from "#api/services/two-factor/store.ts";
import type { challengeAnswer } from "#contract/user.ts";
import { userJson } from "#api/services/user-json.ts";

/*
 * The two ways a right password ends (POST /api/auth/login in auth.ts): a session, or — with
 * two-factor on — a challenge that POST /api/auth/login/two-factor (two-factor.ts) turns into a session.
 */

/**
 * Signs the user in: token mode answers the bearer token; cookie mode sets the httpOnly
 * session cookie (and a fresh XSRF-TOKEN) and answers only the user.
 */
export async function signIn(c: Context<ApiEnv>, user: UserRow, mode: "token" | "cookie" | undefined, status: 200 | 201) {
  const { db, now } = c.var.deps;
  const ip = clientIp(c);
  const client = { userAgent: c.req.header("user-agent"), ip: ip === UNKNOWN_IP ? null : ip };
  const { token, expiresAt } = await issueSession(db, user.id, now(), client);
  const body = { user: userJson(user, await permissionsOf(db, user)) };
  if (mode === "cookie") {
    setSessionCookie(c, token, expiresAt);
    return c.json(body, status);
  }
  return c.json({ token, expires_at: expiresAt.toISOString(), ...body }, status);
}

/**
 * What POST /api/auth/login answers instead of a session when the user has two-factor on: a
 * challenge to complete with POST /api/auth/login/two-factor within a few minutes.
 */
export async function twoFactorChallenge(c: Context<ApiEnv>, user: UserRow) {
  const { token, expiresAt } = await createChallenge(c.var.deps.db, user.id, c.var.deps.now());
  return c.json({ two_factor_required: true, challenge_token: token, expires_at: expiresAt.toISOString() } satisfies z.infer<typeof challengeAnswer>, 200);
}

