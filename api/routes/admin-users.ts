import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { isAdministrator } from "#domain/access/permissions.ts";
import { adminUpdateUserSchema, createUserSchema, listUsersQuerySchema, userFeaturesSchema } from "#domain/schemas/admin.ts";
import { users, type UserRow } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { cleanText, insertUser, isUniqueViolation, profileChanges, saveUserChanges, userByEmail } from "#api/services/accounts.ts";
import { sendAccountCreatedMail } from "#api/services/admin/account-mail.ts";
import { body, fieldError, pathUuid, query, requirePermission, type AdminContext, type AdminEnv } from "#api/middleware/admin.ts";
import { adminUserAnswer, adminUserListAnswer } from "#contract/admin.ts";
import { adminUserAnswerOf, findUser, listUsers } from "#api/services/admin/users.ts";
import { envelope } from "#contract/primitives.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { revokeUserTokens } from "#api/services/tokens.ts";
import { resetTwoFactor } from "#api/services/two-factor/admin-reset.ts";
import { docs } from "#api/openapi/describe.ts";

const doc = docs("Admin: users");

const oneAnswer = envelope(adminUserAnswer);

type C = AdminContext;

/**
 * Only an administrator may touch the administrator role or an administrator's account: a person
 * given admin.users directly (a support agent, say) manages customers, not the people above them.
 */
function assertMayManage(c: C, target: UserRow | null, roles?: readonly string[]) {
  if (isAdministrator(c.var.user.roles)) return;
  const touchesAdministrator =
    (target && isAdministrator(target.roles)) || (roles !== undefined && isAdministrator(roles));
  if (touchesAdministrator) throw new HttpError(403, "admin:errors.administratorsOnly");
}

async function targetUser(c: C): Promise<UserRow> {
  const user = await findUser(c.var.deps.db, pathUuid(c, "id"));
  if (!user) throw notFound();
  return user;
}

async function answer(c: C, user: UserRow, status: 200 | 201 = 200) {
  return c.json({ data: await adminUserAnswerOf(c.var.deps.db, user) }, status);
}

/** Mounted at /api/v1/admin/users; every route needs admin.users. */
export const adminUserRoutes = new Hono<AdminEnv>()
  .use("*", requirePermission("admin.users"))

  .get("/", doc({ query: listUsersQuerySchema, response: adminUserListAnswer }), async (c) => {
    const q = query(c, listUsersQuerySchema);
    return c.json(await listUsers(c.var.deps.db, q));
  })

  /** Opens an account with an unusable password and e-mails a link to choose one (the reset-password flow). */
  .post("/", doc({ body: createUserSchema, status: 201, response: oneAnswer }), async (c) => {
    const deps = c.var.deps;
    const input = await body(c, createUserSchema);
    assertMayManage(c, null, input.roles);
    if (await userByEmail(deps.db, input.email)) throw fieldError(c, "email", "auth.emailTaken");
    const at = deps.now();
    const user = await insertUser(
      deps.db,
      {
        name: cleanText(input.name) ?? "",
        surname: cleanText(input.surname) ?? "",
        email: input.email,
        // Nobody knows this password; the person sets theirs from the e-mail.
        passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
        company: cleanText(input.company),
        phone: cleanText(input.phone),
        preferredLanguage: input.preferred_language,
        roles: input.roles,
        createdAt: at,
        updatedAt: at,
      },
      () => fieldError(c, "email", "auth.emailTaken"),
    );
    await sendAccountCreatedMail(deps, user);
    return answer(c, user, 201);
  })

  .get("/:id", doc({ response: oneAnswer }), async (c) => answer(c, await targetUser(c)))

  .put("/:id", doc({ body: adminUpdateUserSchema, response: oneAnswer }), async (c) => {
    const { db } = c.var.deps;
    const user = await targetUser(c);
    const input = await body(c, adminUpdateUserSchema);
    assertMayManage(c, user, input.roles);
    if (input.roles && user.id === c.var.user.id && isAdministrator(user.roles) && !isAdministrator(input.roles)) {
      throw fieldError(c, "roles", "admin:errors.ownAdministratorRole");
    }
    const changes = profileChanges(input, user);
    if (input.roles !== undefined) changes.roles = input.roles;
    if (input.email !== undefined && input.email !== user.email.toLowerCase()) {
      const other = await userByEmail(db, input.email);
      if (other && other.id !== user.id) throw fieldError(c, "email", "auth.emailTaken");
      changes.email = input.email;
      // The new address has not been proven yet.
      changes.emailVerifiedAt = null;
    }
    try {
      return answer(c, await saveUserChanges(c.var.deps, user, changes));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(c, "email", "auth.emailTaken");
      throw error;
    }
  })

  /** Signs the account out everywhere and refuses its sign-ins until it is enabled again. */
  .post("/:id/disable", doc({ response: oneAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    const user = await targetUser(c);
    assertMayManage(c, user);
    if (user.id === c.var.user.id) throw new HttpError(422, "admin:errors.disableSelf");
    if (user.disabledAt) return answer(c, user);
    const at = now();
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ disabledAt: at, updatedAt: at }).where(eq(users.id, user.id)).returning();
      await revokeUserTokens(tx as unknown as typeof db, user.id, at);
      return row;
    });
    return answer(c, updated);
  })

  /**
   * Turns off the person's two-factor sign-in (they lost their phone) and signs them out
   * everywhere; they get an e-mail and the security log keeps who did it. Not one's own (409 when
   * it is not on; 422 for oneself: My account is the way, with the password and a code).
   */
  .post("/:id/reset-two-factor", doc({ response: oneAnswer }), async (c) => {
    const user = await targetUser(c);
    assertMayManage(c, user);
    if (user.id === c.var.user.id) throw new HttpError(422, "admin:errors.resetOwnTwoFactor");
    if (!user.twoFactorEnabledAt) throw new HttpError(409, "twoFactor:api.notEnabled");
    return answer(c, await resetTwoFactor(c.var.deps, user, c.var.user));
  })

  .post("/:id/enable", doc({ response: oneAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    const user = await targetUser(c);
    assertMayManage(c, user);
    if (!user.disabledAt) return answer(c, user);
    const [updated] = await db
      .update(users)
      .set({ disabledAt: null, updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    return answer(c, updated);
  })

  .put("/:id/features", doc({ body: userFeaturesSchema, response: oneAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    const user = await targetUser(c);
    const { features } = await body(c, userFeaturesSchema);
    const [updated] = await db
      .update(users)
      .set({ features, updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    return answer(c, updated);
  });
