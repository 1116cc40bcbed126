import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { permissions, userPermissions } from "#api/db/schema/index.ts";

/** The names of the permissions given to this account directly (user_permissions), sorted. */
export async function directGrantsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId));
  return rows.map((r) => r.name).sort();
}

/** directGrantsOf's names as a JSON array, unsorted, for a statement that reads more (shell-state.ts). */
export function directGrantNames(userId: string) {
  return sql<string[]>`(select coalesce(json_agg(${permissions.name}), '[]'::json) from ${userPermissions} inner join ${permissions} on ${permissions.id} = ${userPermissions.permissionId} where ${userPermissions.userId} = ${userId})`;
}

/** directGrantsOf for many accounts in one query (a page of the admin's user list). */
export async function directGrantsByUser(db: Database, userIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userPermissions.userId, name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(inArray(userPermissions.userId, userIds));
  for (const row of rows) out.get(row.userId)?.push(row.name);
  for (const names of out.values()) names.sort();
  return out;
}
