import { z } from "zod";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS, preferredLanguage, updateUserSchema } from "#domain/schemas/auth";

/**
 * Web-form shapes derived from the shared API schemas (domain/schemas/auth.ts): what a form can
 * post differs from what the API accepts, but the rules for each field are the API's own.
 */

/** The profile form: the API accepts a partial update, but the form always edits a name and surname. */
export const profileFormSchema = updateUserSchema.required({ name: true, surname: true });

/** Text fields the profile form shows; a blank one is sent as null so clearing a field clears it. */
export const PROFILE_TEXT_FIELDS = ["company", "phone", "address", "state", "zip_code", "country"] as const;

export const languageFormSchema = z.object({ preferred_language: preferredLanguage });

/**
 * A browser leaves unchecked boxes out of the form data, so every topic defaults to false
 * and a channel with no box checked defaults to all false: the form always says everything.
 */
const topicsForm = z
  .object(Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, z.boolean().default(false)])) as Record<
    (typeof NOTIFICATION_TOPICS)[number],
    z.ZodDefault<z.ZodBoolean>
  >)
  .prefault({});

export const notificationsFormSchema = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, topicsForm])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    typeof topicsForm
  >,
);

/** Profile photos the web accepts before handing them to the API (the API's own limits; it checks the bytes). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
