import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { isUuid, sanitizeText } from "#domain/text/sanitize.ts";
import type { ApiDeps } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { passwordResets, users, type UserRow } from "#api/db/schema/index.ts";
import { passwordResetMail, sendMail, verificationMail } from "./mail/index.ts";
import { hashToken, revokeUserTokens } from "./tokens.ts";

/** Verification links last a day; reset links an hour (and work once). */
export const VERIFICATION_HOURS = 24;
export const RESET_MINUTES = 60;

const appUrl = (deps: ApiDeps) => deps.config.APP_URL.replace(/\/+$/, "");

export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

export async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** True for PostgreSQL's unique_violation, whichever driver (and Drizzle's wrapping) raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** Free text from a form: trimmed, cut at 255, markup characters removed; blank becomes null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value == null) return null;
  return sanitizeText(value) || null;
}

// ── Account rows ────────────────────────────────────────────────────────────────────────────

type UserChanges = Partial<typeof users.$inferInsert>;

/** The profile fields an account update may carry (the user's own page and the administrators'). */
export interface ProfileInput {
  name?: string;
  surname?: string;
  company?: string | null;
  phone?: string | null;
  address?: string | null;
  state?: string | null;
  zip_code?: string | null;
  country?: string | null;
  preferred_language?: UserRow["preferredLanguage"];
}

const OPTIONAL_PROFILE_COLUMNS = [
  ["company", "company"],
  ["phone", "phone"],
  ["address", "address"],
  ["state", "state"],
  ["zip_code", "zipCode"],
  ["country", "country"],
] as const;

/** The columns a profile update sets: only the fields sent; a name cleaned to nothing keeps the old one, the rest may be cleared. */
export function profileChanges(input: ProfileInput, user: Pick<UserRow, "name" | "surname">): UserChanges {
  const changes: UserChanges = {};
  if (input.name !== undefined) changes.name = cleanText(input.name) ?? user.name;
  if (input.surname !== undefined) changes.surname = cleanText(input.surname) ?? user.surname;
  for (const [field, column] of OPTIONAL_PROFILE_COLUMNS) {
    if (input[field] !== undefined) changes[column] = cleanText(input[field]);
  }
  if (input.preferred_language !== undefined) changes.preferredLanguage = input.preferred_language;
  return changes;
}

/** Writes the changes (with a new updatedAt); the user as it is when there is nothing to change. */
export async function saveUserChanges(deps: Pick<ApiDeps, "db" | "now">, user: UserRow, changes: UserChanges): Promise<UserRow> {
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

/** Inserts an account; `emailTaken()` is what is thrown when the unique index finds the address in use (a race with the callers' own check). */
export async function insertUser(db: Database, values: typeof users.$inferInsert, emailTaken: () => Error): Promise<UserRow> {
  try {
    const [user] = await db.insert(users).values(values).returning();
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

// ── E-mail verification ─────────────────────────────────────────────────────────────────────

const sha1 = (value: string) => createHash("sha1").update(value).digest("hex");

function verificationSignature(secret: string, id: string, hash: string, expires: number): string {
  return createHmac("sha256", secret).update(`${id}|${hash}|${expires}`).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `${APP_URL}/verify-email/{id}/{sha1(email)}?expires={unix seconds}&signature={HMAC-SHA256}`. */
export function verificationLink(deps: ApiDeps, user: Pick<UserRow, "id" | "email">): string {
  const expires = Math.floor(deps.now().getTime() / 1000) + VERIFICATION_HOURS * 3600;
  const hash = sha1(user.email);
  const signature = verificationSignature(deps.config.SESSION_SECRET, user.id, hash, expires);
  return `${appUrl(deps)}/verify-email/${user.id}/${hash}?expires=${expires}&signature=${signature}`;
}

export async function sendVerificationMail(deps: ApiDeps, user: UserRow) {
  const mail = verificationMail(user.preferredLanguage, {
    name: user.name,
    link: verificationLink(deps, user),
    hours: VERIFICATION_HOURS,
  });
  return sendMail(deps, { kind: "verification", to: user.email, locale: user.preferredLanguage, userId: user.id, mail });
}

export type VerificationOutcome =
  | { ok: true; user: UserRow; alreadyVerified: boolean }
  | { ok: false; reason: "invalid" | "expired" };

/**
 * Checks the parts of a verification link and marks the e-mail verified. The signature proves
 * we issued the link; the hash ties it to the address the account has now (a link sent before
 * an e-mail change stops working). An already verified account is answered as such even when
 * its old link has expired.
 */
export async function verifyEmail(
  deps: ApiDeps,
  parts: { id: string; hash: string; expires: number; signature: string },
): Promise<VerificationOutcome> {
  const expected = verificationSignature(deps.config.SESSION_SECRET, parts.id, parts.hash, parts.expires);
  if (!sameHex(parts.signature, expected)) return { ok: false, reason: "invalid" };
  const user = await userById(deps.db, parts.id);
  if (!user || user.disabledAt || !sameHex(parts.hash, sha1(user.email))) return { ok: false, reason: "invalid" };
  if (user.emailVerifiedAt) return { ok: true, user, alreadyVerified: true };
  const now = deps.now();
  if (parts.expires * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  const [updated] = await deps.db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return { ok: true, user: updated, alreadyVerified: false };
}

// ── Password reset ──────────────────────────────────────────────────────────────────────────

/** Issues a reset token (stored hashed) and e-mails its link in the user's language. */
export async function sendPasswordReset(deps: ApiDeps, user: UserRow) {
  const token = randomBytes(32).toString("base64url");
  const now = deps.now();
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
    createdAt: now,
  });
  const link = `${appUrl(deps)}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const mail = passwordResetMail(user.preferredLanguage, { name: user.name, link, minutes: RESET_MINUTES });
  return sendMail(deps, { kind: "password_reset", to: user.email, locale: user.preferredLanguage, userId: user.id, mail });
}

function liveReset(userId: string, token: string, now: Date) {
  return and(
    eq(passwordResets.userId, userId),
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
}

/** Whether `token` is a live reset token of the account with this e-mail. */
export async function findPasswordReset(deps: ApiDeps, email: string, token: string): Promise<UserRow | null> {
  const user = await userByEmail(deps.db, email);
  if (!user || user.disabledAt) return null;
  const [row] = await deps.db.select({ id: passwordResets.id }).from(passwordResets).where(liveReset(user.id, token, deps.now())).limit(1);
  return row ? user : null;
}

/**
 * Uses the token (once: the conditional update lets only one of two racing requests through),
 * sets the new password, spends every other reset token of the account and signs it out everywhere.
 */
export async function completePasswordReset(deps: ApiDeps, user: UserRow, token: string, passwordHash: string): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const used = await tx.update(passwordResets).set({ usedAt: now }).where(liveReset(user.id, token, now)).returning({ id: passwordResets.id });
    if (used.length === 0) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserTokens(tx as unknown as Database, user.id, now);
    return true;
  });
}
