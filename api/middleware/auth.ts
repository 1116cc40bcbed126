import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Database } from "#api/db/client.ts";
import type { UserRow } from "#api/db/schema/index.ts";
import type { ApiEnv } from "#api/context.ts";
import { unauthenticated } from "#api/errors.ts";
import { touchSession, userForToken } from "#api/services/tokens.ts";
import { clientIp, UNKNOWN_IP } from "./rate-limit.ts";
import { assertXsrf, isUnsafe, SESSION_COOKIE } from "./csrf-cookie.ts";
import { perRequest } from "#api/observability/request-context.ts";

export interface AuthVariables {
  user: UserRow;
  tokenId: string;
  /** `session` from sign-in, `access` from POST /api/auth/access-token. */
  tokenKind: "session" | "access";
  /** The sign-in session behind the token: the token itself, or the session that minted it. */
  sessionId: string;
  /** How the caller proved who they are: a bearer header or the session cookie. */
  authMode: "bearer" | "cookie";
}

export type AuthedEnv = ApiEnv & { Variables: AuthVariables };
export type MaybeAuthedEnv = ApiEnv & { Variables: Partial<AuthVariables> };

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearer(header: string | undefined): string | null {
  if (!header?.startsWith("Bearer ")) return null;
  return header.slice(7).trim() || null;
}

/**
 * The signed-in caller, or null. A bearer header wins over the cookie (and is the only one looked
 * at when present). Read from the database on every incoming request — so a revoked token is
 * refused at once by every process — but once per incoming request: a page's in-process API
 * calls share the first one's answer, until one of them may write (perRequest, ADR 0032).
 */
async function authenticate<E extends ApiEnv>(c: Context<E>) {
  const header = c.req.header("authorization");
  const { db, now } = c.var.deps;
  const mode = header !== undefined ? ("bearer" as const) : ("cookie" as const);
  const token = mode === "bearer" ? bearer(header) : getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  const found = await signedInWith(db, token, { mode, ip: clientIp(c), now: now() });
  // A copy per call: a route may change its user row without touching the next call's.
  return found ? { ...structuredClone(found), mode } : null;
}

/**
 * The live token's user (with its "last seen" touch), read once per incoming request: the web's
 * remembered answers (server/remembered-callers.ts) ask first, and the request's API calls share it.
 */
export function signedInWith(db: Database, token: string, o: { mode: "bearer" | "cookie"; ip: string; now: Date }) {
  return perRequest(`auth:${o.mode}:${o.ip}:${token}`, async () => {
    const row = await userForToken(db, token, o.now);
    if (row) await touchSession(db, row, o.now, o.ip === UNKNOWN_IP ? null : o.ip);
    return row;
  });
}

function remember(c: Context<AuthedEnv> | Context<MaybeAuthedEnv>, found: NonNullable<Awaited<ReturnType<typeof authenticate>>>) {
  const ctx = c as Context<AuthedEnv>;
  ctx.set("user", found.user);
  ctx.set("tokenId", found.tokenId);
  ctx.set("tokenKind", found.kind);
  ctx.set("sessionId", found.sessionId);
  ctx.set("authMode", found.mode);
}

/**
 * Requires a live bearer token or session cookie; 401 otherwise (the web then sends the user to
 * /login). In cookie mode a state-changing request must also pass the XSRF check (419).
 */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  const found = await authenticate(c);
  if (!found) throw unauthenticated();
  if (found.mode === "cookie" && isUnsafe(c.req.method)) assertXsrf(c);
  remember(c, found);
  await next();
});

/** Sets the user when the caller is signed in; never refuses. */
export const optionalUser = createMiddleware<MaybeAuthedEnv>(async (c, next) => {
  const found = await authenticate(c);
  if (found) remember(c, found);
  await next();
});
