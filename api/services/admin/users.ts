import { and, arrayContains, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { users, type UserRow } from "#api/db/schema/index.ts";
import type { ListUsersQuery } from "#domain/schemas/admin.ts";
import { accountPermissions } from "#api/services/permissions.ts";
import { userJson } from "#api/services/user-json.ts";
import { directGrantsByUser, directGrantsOf } from "./grants.ts";
import { pageMetaOf } from "#contract/primitives.ts";
import type { AdminUserJson, AdminUserListJson } from "#contract/admin.ts";

/**
 * A user as the admin screens see it: the account (spec section 3) with the permissions it holds
 * as an account (admin.* from the role or direct grants, custom grants) — what it holds inside a
 * hotel depends on the hotel — and whether it is disabled.
 */
export function adminUserJson(user: UserRow, direct: readonly string[]): AdminUserJson {
  return {
    ...userJson(user, accountPermissions(user, direct)),
    disabled_at: user.disabledAt?.toISOString() ?? null,
  };
}

export async function adminUserAnswerOf(db: Database, user: UserRow): Promise<AdminUserJson> {
  return adminUserJson(user, await directGrantsOf(db, user.id));
}

/** `%` and `_` typed in the search box are looked for as themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => `\\${m}`);

/** One page of accounts, newest first, matching the search (name, surname, full name or e-mail), role and status. */
export async function listUsers(db: Database, q: ListUsersQuery): Promise<AdminUserListJson> {
  const conditions: SQL[] = [];
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    conditions.push(
      or(
        ilike(users.name, like),
        ilike(users.surname, like),
        ilike(users.email, like),
        ilike(sql`${users.name} || ' ' || ${users.surname}`, like),
      )!,
    );
  }
  if (q.role) conditions.push(arrayContains(users.roles, [q.role]));
  if (q.status === "active") conditions.push(isNull(users.disabledAt));
  if (q.status === "disabled") conditions.push(isNotNull(users.disabledAt));
  if (q.status === "unverified") conditions.push(and(isNull(users.emailVerifiedAt), isNull(users.disabledAt))!);
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.email))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const grants = await directGrantsByUser(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => adminUserJson(row, grants.get(row.id) ?? [])),
    meta: pageMetaOf(q.page, q.per_page, total),
  };
}

export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
