import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { twoFactorChallenges, twoFactorCredentials, twoFactorRecoveryCodes, users } from "#api/db/schema/index.ts";
import { open, seal } from "#api/services/secrets.ts";
import { hashedRecoveryCode, looksLikeRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeMatches } from "./recovery-codes.ts";
import { matchingTotpStep, newTotpSecret, totpKeyUri } from "./totp.ts";

/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_MINUTES = 5;

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  /** An enrolment started and not yet confirmed: its secret, to show again. */
  pending: { secret: string; uri: string } | null;
  recoveryCodesLeft: number;
}

async function credentialsOf(db: Database, userId: string) {
  const [row] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  return row ?? null;
}

export async function twoFactorState(db: Database, user: { id: string; email: string }): Promise<TwoFactorState> {
  const credentials = await credentialsOf(db, user.id);
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
  const pendingSecret = credentials && !credentials.confirmedAt ? open(credentials.secretSealed) : null;
  return {
    enabled: !!credentials?.confirmedAt,
    enabledAt: credentials?.confirmedAt ?? null,
    pending: pendingSecret ? { secret: pendingSecret, uri: totpKeyUri(pendingSecret, user.email) } : null,
    recoveryCodesLeft: credentials?.confirmedAt ? left.n : 0,
  };
}

/**
 * Starts (or restarts) an enrolment with a new secret; null when two-factor is already on (it must
 * be turned off first, so a borrowed session cannot quietly swap the secret).
 */
export async function startEnrolment(db: Database, user: { id: string; email: string }, now: Date) {
  const secret = newTotpSecret();
  const [row] = await db
    .insert(twoFactorCredentials)
    .values({ userId: user.id, secretSealed: seal(secret), createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secretSealed: seal(secret), lastUsedStep: 0, createdAt: now },
      setWhere: isNull(twoFactorCredentials.confirmedAt),
    })
    .returning({ userId: twoFactorCredentials.userId });
  return row ? { secret, uri: totpKeyUri(secret, user.email) } : null;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function replaceRecoveryCodes(tx: Tx | Database, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, ...hashedRecoveryCode(code), createdAt: now })));
  return codes;
}

/**
 * Confirms a pending enrolment with a code from the app: two-factor is on from now and the ten
 * recovery codes (returned once, stored hashed) replace any earlier ones. "none" without a
 * pending enrolment, "wrong" for a wrong code.
 */
export async function confirmEnrolment(db: Database, userId: string, code: string, now: Date): Promise<string[] | "none" | "wrong"> {
  const credentials = await credentialsOf(db, userId);
  if (!credentials || credentials.confirmedAt) return "none";
  const step = matchingTotpStep(open(credentials.secretSealed), code, now);
  if (step === null) return "wrong";
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(twoFactorCredentials)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(twoFactorCredentials.userId, userId), isNull(twoFactorCredentials.confirmedAt), eq(twoFactorCredentials.secretSealed, credentials.secretSealed)))
      .returning({ userId: twoFactorCredentials.userId });
    if (!done) return "none" as const;
    await tx.update(users).set({ twoFactorEnabledAt: now, updatedAt: now }).where(eq(users.id, userId));
    return replaceRecoveryCodes(tx, userId, now);
  });
}

/** New recovery codes for a user with two-factor on (the old ones stop working). */
export function regenerateRecoveryCodes(db: Database, userId: string, now: Date): Promise<string[]> {
  return db.transaction((tx) => replaceRecoveryCodes(tx, userId, now));
}

/**
 * Checks a second factor of a user with two-factor on: a 6-digit code from the app (each
 * 30-second step accepted once) or an unused recovery code (spent by this call). Both updates are
 * conditional, so two requests racing with the same code cannot both pass.
 */
export async function checkSecondFactor(db: Database, userId: string, typed: string, now: Date): Promise<"totp" | "recovery" | null> {
  const code = typed.trim();
  if (/^\d{6}$/.test(code)) {
    const credentials = await credentialsOf(db, userId);
    if (!credentials?.confirmedAt) return null;
    const step = matchingTotpStep(open(credentials.secretSealed), code, now, credentials.lastUsedStep);
    if (step === null) return null;
    const [won] = await db
      .update(twoFactorCredentials)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactorCredentials.userId, userId), isNotNull(twoFactorCredentials.confirmedAt), lt(twoFactorCredentials.lastUsedStep, step)))
      .returning({ userId: twoFactorCredentials.userId });
    return won ? "totp" : null;
  }
  if (!looksLikeRecoveryCode(code)) return null;
  const unused = await db
    .select()
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  const match = unused.find((row) => recoveryCodeMatches(code, row));
  if (!match) return null;
  const [spent] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorRecoveryCodes.id, match.id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent ? "recovery" : null;
}

/** Turns two-factor off: the secret and the recovery codes are deleted. */
export async function disableTwoFactor(db: Database, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.update(users).set({ twoFactorEnabledAt: null, updatedAt: now }).where(eq(users.id, userId));
  });
}

/** Turns two-factor on with a known secret, already confirmed (the demo administrator's seed). */
export async function enrolWithSecret(db: Database, userId: string, secret: string, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx
      .insert(twoFactorCredentials)
      .values({ userId, secretSealed: seal(secret), confirmedAt: now, createdAt: now })
      .onConflictDoUpdate({ target: twoFactorCredentials.userId, set: { secretSealed: seal(secret), confirmedAt: now, lastUsedStep: 0 } });
    await tx.update(users).set({ twoFactorEnabledAt: now }).where(eq(users.id, userId));
    return replaceRecoveryCodes(tx, userId, now);
  });
}

const hashChallenge = (token: string) => createHash("sha256").update(token).digest("hex");

/** The second step of a sign-in whose password was right. */
export async function createChallenge(db: Database, userId: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  await db.insert(twoFactorChallenges).values({ userId, tokenHash: hashChallenge(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The live, unspent challenge behind `token`, or null. */
export async function findChallenge(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, hashChallenge(token)), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, now)));
  return row ?? null;
}

/** Spends a challenge; false when another request spent it first. Expired ones of the user go too. */
export async function spendChallenge(db: Database, id: string, userId: string, now: Date): Promise<boolean> {
  const [spent] = await db
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  await db.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, now)));
  return !!spent;
}
