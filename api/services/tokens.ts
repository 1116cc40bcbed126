import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#api/db/client.ts";
import { apiTokens, users } from "#api/db/schema/index.ts";

export const SESSION_TOKEN_DAYS = 30;
export const ACCESS_TOKEN_MINUTES = 15;
/** "Last seen" is written at most this often per session, so reading a page costs no write. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Where a sign-in comes from, kept on the session for the list of active sessions. */
export interface ClientInfo {
  userAgent?: string | null;
  ip?: string | null;
}

/** A new session (sign-in) for the user. */
export async function issueSession(db: Database, userId: string, now: Date, client: ClientInfo = {}) {
  return insertToken(db, { userId, kind: "session", now, client });
}

/** A short-lived access token minted by (and dying with) the session `sessionId`. */
export async function issueAccessToken(db: Database, userId: string, sessionId: string, now: Date) {
  return insertToken(db, { userId, kind: "access", now, sessionId });
}

async function insertToken(
  db: Database,
  o: { userId: string; kind: "session" | "access"; now: Date; sessionId?: string; client?: ClientInfo },
): Promise<{ token: string; expiresAt: Date; id: string }> {
  const token = randomBytes(32).toString("base64url");
  const ms = o.kind === "session" ? SESSION_TOKEN_DAYS * 86_400_000 : ACCESS_TOKEN_MINUTES * 60_000;
  const expiresAt = new Date(o.now.getTime() + ms);
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: o.userId,
      tokenHash: hashToken(token),
      kind: o.kind,
      sessionId: o.sessionId ?? null,
      userAgent: o.client?.userAgent?.slice(0, 512) || null,
      ip: o.client?.ip || null,
      lastUsedAt: o.kind === "session" ? o.now : null,
      expiresAt,
    })
    .returning({ id: apiTokens.id });
  return { token, expiresAt, id: row.id };
}

const parent = alias(apiTokens, "parent");

/**
 * The user behind a live token, or null (unknown, expired, revoked, disabled user — or an access
 * token whose session has ended). `sessionId` is the session itself or the one that minted it.
 */
export async function userForToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({
      user: users,
      tokenId: apiTokens.id,
      kind: apiTokens.kind,
      sessionId: sql<string>`coalesce(${apiTokens.sessionId}, ${apiTokens.id})`,
      lastSeenAt: sql<Date | null>`coalesce(${parent.lastUsedAt}, ${apiTokens.lastUsedAt})`.mapWith(apiTokens.lastUsedAt),
      ip: sql<string | null>`coalesce(${parent.ip}, ${apiTokens.ip})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(parent, eq(parent.id, apiTokens.sessionId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, now),
        // An access token lives only as long as the session that minted it.
        or(isNull(apiTokens.sessionId), and(isNull(parent.revokedAt), gt(parent.expiresAt, now))),
      ),
    )
    .limit(1);
  if (!row || row.user.disabledAt) return null;
  return row;
}

/**
 * Records that a session was just used (from `ip`), at most every LAST_SEEN_EVERY_MS: the caller
 * passes what userForToken read, so most requests write nothing.
 */
export async function touchSession(
  db: Database,
  found: { sessionId: string; lastSeenAt: Date | null; ip: string | null },
  now: Date,
  ip: string | null,
): Promise<void> {
  const stale = !found.lastSeenAt || now.getTime() - found.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
  if (!stale && (ip ?? null) === found.ip) return;
  await db.update(apiTokens).set({ lastUsedAt: now, ...(ip ? { ip } : {}) }).where(eq(apiTokens.id, found.sessionId));
}

/** Ends a session (or a single access token) and every access token it minted. */
export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(or(eq(apiTokens.id, sessionId), eq(apiTokens.sessionId, sessionId)), isNull(apiTokens.revokedAt)));
}

/**
 * Revokes every live token of a user (both kinds), except the session `keepSession` and the
 * access tokens it minted when given: a password change keeps the caller signed in and signs
 * out every other device.
 */
export async function revokeUserTokens(db: Database, userId: string, now: Date, keepSession?: string): Promise<void> {
  const live = and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));
  const others = keepSession
    ? and(ne(apiTokens.id, keepSession), or(isNull(apiTokens.sessionId), ne(apiTokens.sessionId, keepSession)))
    : undefined;
  await db.update(apiTokens).set({ revokedAt: now }).where(others ? and(live, others) : live);
}

/** The user's live sessions, most recently seen first. */
export async function liveSessions(db: Database, userId: string, now: Date) {
  return db
    .select({
      id: apiTokens.id,
      userAgent: apiTokens.userAgent,
      ip: apiTokens.ip,
      lastUsedAt: apiTokens.lastUsedAt,
      createdAt: apiTokens.createdAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.kind, "session"), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
    .orderBy(desc(apiTokens.lastUsedAt), desc(apiTokens.createdAt));
}
