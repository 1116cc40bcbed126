import { z } from "zod";
import { FEATURES, ROLES } from "#domain/access/permissions.ts";
import { LOCALES } from "#domain/locale.ts";
import { timestamp, uuid } from "./primitives.ts";

/** The user account as the spec's section 3 names its fields (the documented answer, ADR 0022). */
export const userAnswer = z
  .object({
    uuid,
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    state: z.string().nullable(),
    zip_code: z.string().nullable(),
    country: z.string().nullable(),
    preferred_language: z.enum(LOCALES),
    profile_img_filename: z.string().nullable(),
    email_verified_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    roles: z.array(z.enum(ROLES)),
    permissions: z.array(z.object({ name: z.string() }).strict()),
    features: z.array(z.enum(FEATURES)),
    /** Two-factor sign-in is on (administrators must turn it on before any administration). */
    two_factor_enabled: z.boolean(),
  })
  .strict();

export type UserJson = z.infer<typeof userAnswer>;

/** `{ user }`, the answer of every call about the caller's own account. */
export const userEnvelope = z.object({ user: userAnswer }).strict();

/**
 * A sign-in's answer: with the bearer token and its expiry (mode token), or the user alone (mode
 * cookie, the session travels in the httpOnly cookie).
 */
export const signedInAnswer = z.union([
  userEnvelope.extend({ token: z.string(), expires_at: timestamp }).strict(),
  userEnvelope,
]);

/** What POST /api/auth/login answers instead of a session when the user has two-factor on. */
export const challengeAnswer = z.object({ two_factor_required: z.literal(true), challenge_token: z.string(), expires_at: timestamp }).strict();

/** POST /auth/two-factor (201): the secret of an enrolment not confirmed yet, and its otpauth:// address. */
export const enrolmentAnswer = z.object({ secret: z.string(), otpauth_uri: z.string() }).strict();
/** GET /auth/two-factor: the caller's two-factor state. */
export const twoFactorStateAnswer = z
  .object({ enabled: z.boolean(), enabled_at: timestamp.nullable(), recovery_codes_left: z.number().int().min(0), pending: enrolmentAnswer.nullable() })
  .strict();
export type TwoFactorStateJson = z.infer<typeof twoFactorStateAnswer>;
/** Recovery codes, shown once (on confirming two-factor, or new ones). */
export const recoveryCodesAnswer = z.array(z.string());

/** The web's sign-in (token mode): the user with the bearer token. */
export type TokenSignedInJson = z.infer<(typeof signedInAnswer.options)[0]>;
/** POST /auth/login: a session, or (two-factor on) the challenge for the code. */
export type SignInJson = TokenSignedInJson | z.infer<typeof challengeAnswer>;
