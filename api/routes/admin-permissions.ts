import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { assignPermissionSchema, createPermissionSchema, updatePermissionSchema } from "#domain/schemas/admin.ts";
import { permissions, userPermissions, type PermissionRow } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { isUniqueViolation } from "#api/services/accounts.ts";
import { findPermission, holderJson, holdersOf, listPermissions, permissionJson, usersCountOf } from "#api/services/admin/permissions.ts";
import { permissionAnswer, permissionHolderAnswer } from "#contract/admin.ts";
import { z } from "zod";
import { envelope, successAnswer } from "#contract/primitives.ts";
import { body, fieldError, pathUuid, requirePermission, type AdminContext, type AdminEnv } from "#api/middleware/admin.ts";
import { findUser } from "#api/services/admin/users.ts";
import { docs } from "#api/openapi/describe.ts";

const doc = docs("Admin: permissions");

const oneAnswer = envelope(permissionAnswer);

type C = AdminContext;

async function targetPermission(c: C): Promise<PermissionRow> {
  const row = await findPermission(c.var.deps.db, pathUuid(c, "id"));
  if (!row) throw notFound();
  return row;
}

async function answer(c: C, row: PermissionRow, status: 200 | 201 = 200) {
  return c.json({ data: permissionJson(row, await usersCountOf(c.var.deps.db, row.id), c.var.locale) }, status);
}

/**
 * Mounted at /api/v1/admin/permissions; every route needs admin.permissions. The system
 * permissions (the spec's names) keep their name and guard and cannot be deleted; only their
 * descriptions change. Custom ones can be assigned and shown, but gate no route
 * (docs/decisions/0005-roles-and-permissions.md).
 */
export const adminPermissionRoutes = new Hono<AdminEnv>()
  .use("*", requirePermission("admin.permissions"))

  .get("/", doc({ response: envelope(z.array(permissionAnswer)) }), async (c) => c.json({ data: await listPermissions(c.var.deps.db, c.var.locale) }))

  .post("/", doc({ body: createPermissionSchema, status: 201, response: oneAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    const input = await body(c, createPermissionSchema);
    const at = now();
    try {
      const [row] = await db
        .insert(permissions)
        .values({ name: input.name, guard: input.guard, description: input.description, system: false, createdAt: at, updatedAt: at })
        .returning();
      return answer(c, row, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(c, "name", "admin:validation.permissionTaken");
      throw error;
    }
  })

  .get("/:id", doc({ response: oneAnswer }), async (c) => answer(c, await targetPermission(c)))

  .put("/:id", doc({ body: updatePermissionSchema, response: oneAnswer }), async (c) => {
    const { db, now } = c.var.deps;
    const row = await targetPermission(c);
    const input = await body(c, updatePermissionSchema);
    const name = input.name ?? row.name;
    const guard = input.guard ?? row.guard;
    if (row.system && (name !== row.name || guard !== row.guard)) {
      throw fieldError(c, name !== row.name ? "name" : "guard", "admin:validation.systemPermissionFixed");
    }
    if (!name.startsWith(`${guard}.`)) throw fieldError(c, "name", "admin:validation.permissionGuard");
    try {
      const [updated] = await db
        .update(permissions)
        .set({ name, guard, description: input.description ?? row.description, updatedAt: now() })
        .where(eq(permissions.id, row.id))
        .returning();
      return answer(c, updated);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(c, "name", "admin:validation.permissionTaken");
      throw error;
    }
  })

  .delete("/:id", doc({ response: successAnswer }), async (c) => {
    const row = await targetPermission(c);
    if (row.system) throw new HttpError(422, "admin:errors.systemPermissionDelete");
    // Its grants go with it (ON DELETE CASCADE).
    await c.var.deps.db.delete(permissions).where(eq(permissions.id, row.id));
    return c.json({ success: true });
  })

  .get("/:id/users", doc({ response: envelope(z.array(permissionHolderAnswer)) }), async (c) => {
    const row = await targetPermission(c);
    return c.json({ data: await holdersOf(c.var.deps.db, row.id) });
  })

  /**
   * Gives the permission to one account. A system user.* is refused: those belong to a business
   * and come from its owner (pms-settings/collaborators), not from the admin area.
   */
  .post("/:id/users", doc({ body: assignPermissionSchema, status: 201, response: envelope(permissionHolderAnswer) }), async (c) => {
    const { db, now } = c.var.deps;
    const row = await targetPermission(c);
    const { user_uuid } = await body(c, assignPermissionSchema);
    if (row.system && row.guard === "user") throw fieldError(c, "user_uuid", "admin:validation.userPermissionPerBusiness");
    const user = await findUser(db, user_uuid.toLowerCase());
    if (!user) throw fieldError(c, "user_uuid", "admin:validation.userNotFound");
    const at = now();
    const inserted = await db
      .insert(userPermissions)
      .values({ userId: user.id, permissionId: row.id, grantedBy: c.var.user.id, createdAt: at })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw fieldError(c, "user_uuid", "admin:validation.alreadyGranted");
    return c.json({ data: holderJson(user, at) }, 201);
  })

  .delete("/:id/users/:userId", doc({ response: successAnswer }), async (c) => {
    const row = await targetPermission(c);
    const userId = pathUuid(c, "userId");
    const removed = await c.var.deps.db
      .delete(userPermissions)
      .where(and(eq(userPermissions.permissionId, row.id), eq(userPermissions.userId, userId)))
      .returning();
    if (removed.length === 0) throw notFound();
    return c.json({ success: true });
  });
