import { asc, count, desc, eq } from "drizzle-orm";
import { DEFAULT_LOCALE } from "#domain/locale.ts";
import type { Database } from "#api/db/client.ts";
import { permissions, userPermissions, users, type PermissionRow } from "#api/db/schema/index.ts";
import type { Role } from "#domain/access/permissions.ts";
import type { PermissionHolderJson, PermissionJson } from "#contract/admin.ts";

/** The description in the reader's locale, else Portuguese, else any there is. */
export function describe(row: Pick<PermissionRow, "description">, locale: string): string {
  const texts = row.description ?? {};
  return texts[locale] ?? texts[DEFAULT_LOCALE] ?? Object.values(texts)[0] ?? "";
}

/** A permission as the admin API answers it: `description` in the caller's language, `descriptions` all of them. */
export function permissionJson(row: PermissionRow, usersCount: number, locale: string): PermissionJson {
  return {
    uuid: row.id,
    name: row.name,
    description: describe(row, locale),
    descriptions: row.description ?? {},
    guard: row.guard,
    system: row.system,
    users_count: usersCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}


/** Every permission, the system ones first (admin.* before user.*), then by name, with how many accounts hold it directly. */
export async function listPermissions(db: Database, locale: string): Promise<PermissionJson[]> {
  const rows = await db
    .select({ permission: permissions, usersCount: count(userPermissions.userId) })
    .from(permissions)
    .leftJoin(userPermissions, eq(userPermissions.permissionId, permissions.id))
    .groupBy(permissions.id)
    .orderBy(desc(permissions.system), asc(permissions.guard), asc(permissions.name));
  return rows.map((r) => permissionJson(r.permission, r.usersCount, locale));
}

export async function findPermission(db: Database, id: string): Promise<PermissionRow | undefined> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  return row;
}

export async function usersCountOf(db: Database, id: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(userPermissions).where(eq(userPermissions.permissionId, id));
  return n;
}

/** The accounts holding the permission directly, in the order it was given to them. */
export async function holdersOf(db: Database, permissionId: string) {
  const rows = await db
    .select({ user: users, grantedAt: userPermissions.createdAt })
    .from(userPermissions)
    .innerJoin(users, eq(users.id, userPermissions.userId))
    .where(eq(userPermissions.permissionId, permissionId))
    .orderBy(asc(userPermissions.createdAt), asc(users.email));
  return rows.map(({ user, grantedAt }) => holderJson(user, grantedAt));
}

export function holderJson(user: typeof users.$inferSelect, grantedAt: Date): PermissionHolderJson {
  return {
    uuid: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    roles: user.roles as Role[],
    disabled_at: user.disabledAt?.toISOString() ?? null,
    granted_at: grantedAt.toISOString(),
  };
}

