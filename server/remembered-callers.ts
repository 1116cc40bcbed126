import type { Request } from "express";
import type { Database } from "#api/db/client.ts";
import { bearer, signedInWith } from "#api/middleware/auth.ts";
import { UNKNOWN_IP } from "#api/middleware/rate-limit.ts";
import { answerVersion } from "#api/services/data-version.ts";
import { sessionStorage } from "#app/lib/session.server.ts";
import type { Caller } from "./remembered-answers.ts";

/**
 * The signed-in reads whose answers are remembered (ADR 0034): the pages owners open again and
 * again and the API reads a channel manager or PMS polls. Each reads only data that moves a
 * version (migrations 0027 and 0028): a business's own tables, the data every business reads, and
 * the user's account, memberships, grants, selected business and unread count (the page shell).
 */
export const REMEMBERED_PATHS: readonly RegExp[] = [
  // The dashboard, the price calendar and the bookings list, as documents and as client navigations.
  /^\/(calendar|bookings)?$/,
  /^\/(_root|calendar|bookings)\.data$/,
  /^\/api\/v1\/user\/app-state$/,
  /^\/api\/v1\/businesses\/[0-9a-f-]{36}\/(reservations|availability|calendar)$/,
];

const API_BUSINESS = /^\/api\/v1\/businesses\/([0-9a-f-]{36})\//;

/**
 * Who is asking, authenticated against the database as the API itself does (a revoked or expired
 * token is never answered from memory), and the version of what they may see. Pages: the web
 * session cookie's token, unless the session holds a message to show once (a toast). API: a
 * bearer token. Anything else is not remembered.
 */
export function callerOf(db: Database, now: () => Date) {
  return async (req: Request): Promise<Caller | null> => {
    const api = req.path.startsWith("/api/");
    const credential = api ? req.headers.authorization : req.headers.cookie;
    const token = api ? bearer(credential) : await pageToken(credential);
    if (!credential || !token) return null;
    const ip = String(req.headers["x-forwarded-for"] ?? "").split(",")[0]!.trim() || UNKNOWN_IP;
    const found = await signedInWith(db, token, { mode: "bearer", ip, now: now() });
    if (!found) return null;
    const identity = [credential, api ? "" : req.headers["user-agent"] ?? ""].join("\n");
    return { identity, version: await answerVersion(db, found.user.id, API_BUSINESS.exec(req.path)?.[1], now()) };
  };
}

async function pageToken(cookie: string | undefined): Promise<string | null> {
  if (!cookie) return null;
  const session = await sessionStorage().getSession(cookie);
  // A flash message is shown once: that page sets the cookie again and is never remembered.
  if (Object.keys(session.data).some((key) => key.startsWith("__flash_"))) return null;
  return session.get("token") ?? null;
}
