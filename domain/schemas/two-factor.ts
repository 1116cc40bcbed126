import { z } from "zod";

/**
 * Two-factor sign-in (docs/api/session.md): a 6-digit code from the authenticator app, or one of
 * the recovery codes (`xxxxx-xxxxx`) where the call says so. Messages are `validation` keys.
 */
export const secondFactorCode = z.string().trim().min(1).max(32);

export const twoFactorCodeSchema = z.object({ code: secondFactorCode });

/** The second step of a sign-in: the challenge POST /api/auth/login answered, and the code. */
export const loginTwoFactorSchema = z.object({
  challenge_token: z.string().min(1).max(200),
  code: secondFactorCode,
  mode: z.enum(["token", "cookie"]).optional(),
});

/** Turning two-factor off needs both the password and a code. */
export const disableTwoFactorSchema = z.object({
  password: z.string().min(1).max(200),
  code: secondFactorCode,
});
