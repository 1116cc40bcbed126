import type { Context } from "hono";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { disableTwoFactorSchema, loginTwoFactorSchema, twoFactorCodeSchema } from "#domain/schemas/two-factor.ts";
import type { ApiEnv } from "#api/context.ts";
import { users } from "#api/db/schema/index.ts";
import { conflict, HttpError, invalid } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { assertXsrf, csrfProtection } from "#api/middleware/csrf-cookie.ts";
import { clientIp, limitCheck, limitForget, limitHits } from "#api/middleware/rate-limit.ts";
import { verifyPassword } from "#api/services/passwords.ts";
import { revokeUserTokens } from "#api/services/tokens.ts";
import {
  checkSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  findChallenge,
  regenerateRecoveryCodes,
  spendChallenge,
  startEnrolment,
  twoFactorState,
} from "#api/services/two-factor/store.ts";
import { jsonBody } from "#api/validate.ts";
import { signIn } from "./sign-in.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { enrolmentAnswer, recoveryCodesAnswer, signedInAnswer, twoFactorStateAnswer } from "#contract/user.ts";

const doc = docs("Two-factor");


/** A 422 beside one field, from the twoFactor namespace. */
const fieldError = <E extends ApiEnv>(c: Context<E>, field: string, key: string) => invalid({ [field]: [c.var.t(key, { ns: "twoFactor" })] });

/** The limits every code check shares (ADR 0006's rule for passwords: failures only). */
const codeLimits = <E extends ApiEnv>(c: Context<E>, userId: string) =>
  [
    ["twoFactorUser", userId],
    ["twoFactorIp", clientIp(c)],
  ] as const satisfies [string, string][];

/**
 * Checks a code (or a recovery code) of a user with two-factor on, rate-limited like the
 * password: a used-up limit answers 429 before anything is checked, a wrong code counts a hit
 * and answers 422 beside `field`, a right one clears the user's count.
 */
async function requireSecondFactor<E extends ApiEnv>(c: Context<E>, userId: string, code: string, field = "code") {
  const limits = codeLimits(c, userId);
  await limitCheck(c, [...limits]);
  const kind = await checkSecondFactor(c.var.deps.db, userId, code, c.var.deps.now());
  if (!kind) {
    await limitHits(c, [...limits]);
    throw fieldError(c, field, "api.wrongCode");
  }
  await limitForget(c, "twoFactorUser", userId);
  return kind;
}

/** The guest side: the second step of a sign-in. */
export const twoFactorLoginRoutes = new Hono<ApiEnv>().post("/auth/login/two-factor", doc({ body: loginTwoFactorSchema, response: signedInAnswer }), csrfProtection, async (c) => {
  const { db, now } = c.var.deps;
  const input = await jsonBody(c, loginTwoFactorSchema);
  if (input.mode === "cookie") assertXsrf(c);
  const challenge = await findChallenge(db, input.challenge_token, now());
  if (!challenge) throw fieldError(c, "challenge_token", "api.challengeInvalid");
  await requireSecondFactor(c, challenge.userId, input.code);
  if (!(await spendChallenge(db, challenge.id, challenge.userId, now()))) throw fieldError(c, "challenge_token", "api.challengeInvalid");
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user || user.disabledAt) throw new HttpError(422, "auth.invalidCredentials", { code: [c.var.t("auth.invalidCredentials")] });
  return signIn(c, user, input.mode, 200);
});

function stateJson(state: Awaited<ReturnType<typeof twoFactorState>>): z.infer<typeof twoFactorStateAnswer> {
  return {
    enabled: state.enabled,
    enabled_at: state.enabledAt?.toISOString() ?? null,
    recovery_codes_left: state.recoveryCodesLeft,
    pending: state.pending ? { secret: state.pending.secret, otpauth_uri: state.pending.uri } : null,
  };
}

/** Mounted under /api/v1: the signed-in user's own two-factor settings. */
export const twoFactorRoutes = new Hono<AuthedEnv>()
  .get("/auth/two-factor", doc({ response: twoFactorStateAnswer }), async (c) => c.json(stateJson(await twoFactorState(c.var.deps.db, c.var.user))))

  /** Starts an enrolment: a new secret to scan (or type), confirmed by the next call. */
  .post("/auth/two-factor", doc({ status: 201, response: enrolmentAnswer }), async (c) => {
    const started = await startEnrolment(c.var.deps.db, c.var.user, c.var.deps.now());
    if (!started) throw conflict("twoFactor:api.alreadyEnabled");
    return c.json({ secret: started.secret, otpauth_uri: started.uri }, 201);
  })

  /** Confirms the enrolment with a code; answers the ten recovery codes, once. Other sessions end. */
  .post("/auth/two-factor/confirm", doc({ body: twoFactorCodeSchema, response: z.object({ enabled: z.literal(true), recovery_codes: recoveryCodesAnswer }).strict() }), async (c) => {
    const { db, now } = c.var.deps;
    const { code } = await jsonBody(c as unknown as Context<ApiEnv>, twoFactorCodeSchema);
    const limits = codeLimits(c, c.var.user.id);
    await limitCheck(c, [...limits]);
    const outcome = await confirmEnrolment(db, c.var.user.id, code, now());
    if (outcome === "none") throw conflict("twoFactor:api.noEnrolment");
    if (outcome === "wrong") {
      await limitHits(c, [...limits]);
      throw fieldError(c, "code", "api.wrongCode");
    }
    await limitForget(c, "twoFactorUser", c.var.user.id);
    await revokeUserTokens(db, c.var.user.id, now(), c.var.sessionId);
    return c.json({ enabled: true, recovery_codes: outcome });
  })

  /** Ten new recovery codes (the old ones stop working), given a code. */
  .post("/auth/two-factor/recovery-codes", doc({ body: twoFactorCodeSchema, response: z.object({ recovery_codes: recoveryCodesAnswer }).strict() }), async (c) => {
    const { db, now } = c.var.deps;
    const { code } = await jsonBody(c as unknown as Context<ApiEnv>, twoFactorCodeSchema);
    if (!c.var.user.twoFactorEnabledAt) throw conflict("twoFactor:api.notEnabled");
    await requireSecondFactor(c, c.var.user.id, code);
    return c.json({ recovery_codes: await regenerateRecoveryCodes(db, c.var.user.id, now()) });
  })

  /** Turns two-factor off; needs the password and a code (or a recovery code). */
  .post("/auth/two-factor/disable", doc({ body: disableTwoFactorSchema, response: z.object({ enabled: z.literal(false) }).strict() }), async (c) => {
    const { db, now } = c.var.deps;
    const { password, code } = await jsonBody(c as unknown as Context<ApiEnv>, disableTwoFactorSchema);
    const user = c.var.user;
    if (!user.twoFactorEnabledAt) throw conflict("twoFactor:api.notEnabled");
    const limits = codeLimits(c, user.id);
    await limitCheck(c, [...limits]);
    if (!(await verifyPassword(password, user.passwordHash))) {
      await limitHits(c, [...limits]);
      throw fieldError(c, "password", "api.wrongPassword");
    }
    await requireSecondFactor(c, user.id, code);
    await disableTwoFactor(db, user.id, now());
    return c.json({ enabled: false });
  });
