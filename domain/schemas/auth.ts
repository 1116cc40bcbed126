import { z } from "zod";
import { LOCALES } from "#domain/locale.ts";

/**
 * Account schemas shared by the API and the web's forms. Messages are keys of the `validation`
 * namespace: `validation.*` for the generic ones, `auth.*` for the ones below.
 */

const email = z.email().max(255).transform((v) => v.trim().toLowerCase());

/** Shared by the API and the web's sign-in form. `mode: "cookie"` asks for a session cookie instead of a token. */
export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(200),
  mode: z.enum(["token", "cookie"]).optional(),
});

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** A new password: at least 8 characters and not only digits (the e-mail check needs the e-mail, see below). */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine((v) => !/^\d+$/.test(v), "auth.passwordNumeric");

/** True when the password is the e-mail address (case and surrounding spaces ignored). */
export function passwordIsEmail(password: string, emailAddress: string | null | undefined): boolean {
  return !!emailAddress && password.trim().toLowerCase() === emailAddress.trim().toLowerCase();
}

type WithPasswords = { password: string; password_confirmation: string; email?: string };

/** Confirmation must match; the password must not be the e-mail (when the form has one). */
function checkPasswords(value: WithPasswords, ctx: z.RefinementCtx) {
  if (value.email !== undefined && passwordIsEmail(value.password, value.email)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "auth.passwordIsEmail" });
  }
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "auth.passwordMismatch" });
  }
}

/** Optional free text: blank becomes null, so clearing a field in a form clears it. */
const optionalText = z
  .string()
  .max(255)
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

export const preferredLanguage = z.enum(LOCALES);

export const registerSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    surname: z.string().trim().min(1).max(255),
    email,
    password: newPassword,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
    company: optionalText,
    phone: optionalText,
    preferred_language: preferredLanguage.optional(),
    mode: z.enum(["token", "cookie"]).optional(),
  })
  .superRefine(checkPasswords);

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    email,
    password: newPassword,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(checkPasswords);

/** The new password must also differ from the account's e-mail; the API checks that, knowing it. */
export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: newPassword,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(checkPasswords);

/** The parts of the link in the verification e-mail (/verify-email/{id}/{hash}?expires=…&signature=…). */
export const verifyEmailSchema = z.object({
  id: z.string().min(1).max(100),
  hash: z.string().min(1).max(100),
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
});

/**
 * What a person edits on their own profile (spec section 3). The e-mail is not here: changing
 * it needs a new verification. Every field is optional so a form may send only what it shows,
 * and unknown fields (uuid, email, roles… when the whole user is sent back) are ignored.
 */
export const updateUserSchema = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  surname: z.string().trim().min(1).max(255).optional(),
  company: optionalText.optional(),
  phone: optionalText.optional(),
  address: optionalText.optional(),
  state: optionalText.optional(),
  zip_code: optionalText.optional(),
  country: optionalText.optional(),
  preferred_language: preferredLanguage.optional(),
});

/** `digest`: listed in one e-mail a day instead of (or besides) the others. */
export const NOTIFICATION_CHANNELS = ["email", "in_app", "digest"] as const;
/** `activity`: goals reached, rewards earned, collaborators who joined. */
export const NOTIFICATION_TOPICS = ["bookings", "price_changes", "subscription", "activity", "product_news"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export type NotificationPreferences = Record<NotificationChannel, Record<NotificationTopic, boolean>>;

const topics = z
  .object({
    bookings: z.boolean(),
    price_changes: z.boolean(),
    subscription: z.boolean(),
    activity: z.boolean(),
    product_news: z.boolean(),
  })
  .partial();

/** PUT body: any subset, e.g. `{ preferences: { email: { product_news: true } } }`. */
export const notificationPreferencesSchema = z.object({
  preferences: z.object({ email: topics.optional(), in_app: topics.optional(), digest: topics.optional() }),
  /** Businesses the user wants nothing from (replaces the saved list when given). */
  muted_business_uuids: z.array(z.uuid()).max(500).optional(),
});
