import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { apiTokens, users } from "../db/schema/index.ts";

export const SESSION_TOKEN_DAYS = 30;
export const ACCESS_TOKEN_MINUTES = 15;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(
  db: Database,
  userId: string,
  kind: "session" | "access",
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const ms = kind === "session" ? SESSION_TOKEN_DAYS * 86_400_000 : ACCESS_TOKEN_MINUTES * 60_000;
  const expiresAt = new Date(now.getTime() + ms);
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), kind, expiresAt });
  return { token, expiresAt };
}

/** The user behind a live token, or null (unknown, expired, revoked or disabled user). */
export async function userForToken(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ user: users, tokenId: apiTokens.id, kind: apiTokens.kind })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
    .limit(1);
  if (!row || row.user.disabledAt) return null;
  return row;
}

export async function revokeToken(db: Database, tokenId: string, now: Date): Promise<void> {
  await db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, tokenId));
}

/**
 * Revokes every live token of a user (both kinds), except `except` when given: a password
 * change keeps the caller signed in and signs out every other device.
 */
export async function revokeUserTokens(db: Database, userId: string, now: Date, except?: string): Promise<void> {
  const live = and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(except ? and(live, ne(apiTokens.id, except)) : live);
}
