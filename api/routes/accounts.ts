import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { eq } from "drizzle-orm";
import { hasPermission } from "#domain/access/permissions.ts";
import { changePasswordSchema, notificationPreferencesSchema, passwordIsEmail, updateUserSchema } from "#domain/schemas/auth.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import { users, type UserRow } from "#api/db/schema/index.ts";
import { forbidden, HttpError, invalid, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { clientIp, limitHits } from "#api/middleware/rate-limit.ts";
import { profileChanges, saveUserChanges, sendVerificationMail, userById } from "#api/services/accounts.ts";
import { getNotificationSettings, notificationPreferencesAnswer, preferencesJson, updateNotificationPreferences } from "#api/services/notification-preferences.ts";
import { hashPassword, verifyPassword } from "#api/services/passwords.ts";
import { permissionsOf } from "#api/services/permissions.ts";
import {
  deleteProfileImage,
  detectImageType,
  MAX_PROFILE_IMAGE_BYTES,
  readProfileImage,
  storeProfileImage,
} from "#api/services/profile-images.ts";
import { revokeUserTokens } from "#api/services/tokens.ts";
import { userJson } from "#api/services/user-json.ts";
import { userEnvelope } from "#contract/user.ts";
import { jsonBody } from "#api/validate.ts";
import type { ApiEnv } from "#api/context.ts";
import type { z } from "zod";
import { docs } from "#api/openapi/describe.ts";
import { message as messageAnswer } from "#contract/primitives.ts";

const doc = docs("Accounts");

type C = Context<AuthedEnv>;

/** jsonBody for signed-in routes (its parameter is typed for the plain ApiEnv context). */
const body = <S extends z.ZodType>(c: C, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);

const fieldError = (c: C, field: string, key: string, values: Record<string, unknown> = {}) =>
  invalid({ [field]: [c.var.t(key, { ns: "validation", ...values })] });

async function answerUser(c: C, user: UserRow) {
  return c.json({ user: userJson(user, await permissionsOf(c.var.deps.db, user)) });
}

/**
 * The account behind `{uuid}`, when the caller may manage it: their own, or anyone's with
 * admin.users. A malformed uuid is a 404 (spec: a route that fails validation is "not found");
 * someone else's uuid without the permission is a 403 whether or not it exists.
 */
async function manageableUser(c: C): Promise<UserRow> {
  const uuid = c.req.param("uuid") ?? "";
  if (!isUuid(uuid)) throw notFound();
  const me = c.var.user;
  if (uuid.toLowerCase() !== me.id) {
    const permissions = await permissionsOf(c.var.deps.db, me);
    if (!hasPermission(permissions, "admin.users")) throw forbidden();
  }
  const user = uuid.toLowerCase() === me.id ? me : await userById(c.var.deps.db, uuid.toLowerCase());
  if (!user) throw notFound();
  return user;
}

/** Mounted under /api/v1 (signed-in callers only). */
export const accountRoutes = new Hono<AuthedEnv>()
  .post("/auth/change-password", doc({ body: changePasswordSchema, response: messageAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, changePasswordSchema);
    const me = c.var.user;
    if (!(await verifyPassword(input.current_password, me.passwordHash))) {
      throw fieldError(c, "current_password", "auth.currentPasswordWrong");
    }
    if (passwordIsEmail(input.password, me.email)) throw fieldError(c, "password", "auth.passwordIsEmail");
    const passwordHash = await hashPassword(input.password);
    const at = now();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, me.id));
      // Every other device signs in again with the new password; this one stays signed in.
      await revokeUserTokens(tx as unknown as typeof db, me.id, at, c.var.sessionId);
    });
    return c.json({ message: c.var.t("auth.passwordChanged") });
  })

  .post("/auth/email/resend", doc({ response: messageAnswer }), async (c) => {
    const me = c.var.user;
    if (me.emailVerifiedAt) return c.json({ message: c.var.t("auth.emailAlreadyVerified") });
    await limitHits(c, [["resendUser", me.id], ["resendIp", clientIp(c)]]);
    await sendVerificationMail(c.var.deps, me);
    return c.json({ message: c.var.t("auth.verificationSent") });
  })

  .put("/users/:uuid", doc({ body: updateUserSchema, response: userEnvelope }), async (c) => {
    const user = await manageableUser(c);
    const input = await body(c, updateUserSchema);
    return answerUser(c, await saveUserChanges(c.var.deps, user, profileChanges(input, user)));
  })

  .post(
    "/users/:uuid/profile-image", doc({ form: true, response: userEnvelope }),
    // The app-wide 1 MiB limit does not apply here (app.ts); this one leaves room for the multipart framing.
    bodyLimit({
      maxSize: MAX_PROFILE_IMAGE_BYTES + 64 * 1024,
      onError: (c) => {
        throw fieldError(c as C, "image", "auth.imageTooLarge", { max: MAX_PROFILE_IMAGE_BYTES / 1024 / 1024 });
      },
    }),
    async (c) => {
      const { db, config, now } = c.var.deps;
      const user = await manageableUser(c);
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw fieldError(c, "image", "auth.imageType");
      }
      const file = form.image;
      if (!(file instanceof File)) throw fieldError(c, "image", "validation.required");
      if (file.size > MAX_PROFILE_IMAGE_BYTES) {
        throw fieldError(c, "image", "auth.imageTooLarge", { max: MAX_PROFILE_IMAGE_BYTES / 1024 / 1024 });
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = detectImageType(bytes);
      if (!type) throw fieldError(c, "image", "auth.imageType");
      const filename = await storeProfileImage(config, user.id, bytes, type);
      let updated: UserRow;
      try {
        [updated] = await db
          .update(users)
          .set({ profileImgFilename: filename, updatedAt: now() })
          .where(eq(users.id, user.id))
          .returning();
      } catch (error) {
        await deleteProfileImage(config, filename);
        throw error;
      }
      await deleteProfileImage(config, user.profileImgFilename);
      return answerUser(c, updated);
    },
  )

  .get("/users/:uuid/profile-image", doc({ produces: "image/*" }), async (c) => {
    const user = await manageableUser(c);
    const image = user.profileImgFilename ? await readProfileImage(c.var.deps.config, user.profileImgFilename) : null;
    if (!image) throw notFound();
    return c.body(new Uint8Array(image.bytes), 200, {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    });
  })

  .delete("/users/:uuid/profile-image", doc({ response: userEnvelope }), async (c) => {
    const { db, config, now } = c.var.deps;
    const user = await manageableUser(c);
    if (!user.profileImgFilename) return answerUser(c, user);
    const [updated] = await db
      .update(users)
      .set({ profileImgFilename: null, updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    await deleteProfileImage(config, user.profileImgFilename);
    return answerUser(c, updated);
  })

  .get("/users/:uuid/notification-preferences", doc({ response: notificationPreferencesAnswer }), async (c) => {
    const user = await manageableUser(c);
    return c.json(preferencesJson(await getNotificationSettings(c.var.deps.db, user.id)));
  })

  .put("/users/:uuid/notification-preferences", doc({ body: notificationPreferencesSchema, response: notificationPreferencesAnswer }), async (c) => {
    const user = await manageableUser(c);
    const { preferences, muted_business_uuids } = await body(c, notificationPreferencesSchema);
    return c.json(preferencesJson(await updateNotificationPreferences(c.var.deps.db, user.id, preferences, c.var.deps.now(), muted_business_uuids)));
  });
