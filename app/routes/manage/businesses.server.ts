import { isUuid, UUID_PATTERN } from "#domain/text/sanitize";
import type { AdminUserJson } from "#contract/admin";
import type { UserJson } from "#contract/user";
import { ApiError, type ApiClient } from "#app/lib/api.server";

export function holds(user: Pick<UserJson, "permissions"> | null, name: string): boolean {
  return !!user?.permissions.some((p) => p.name === name);
}

export type AdminPerson = Pick<AdminUserJson, "uuid" | "name" | "surname" | "email">;

/** An account by id, when the administrator may read accounts (admin.users); null otherwise. */
export async function adminUser(api: ApiClient, viewer: Pick<UserJson, "permissions"> | null, uuid: string): Promise<AdminPerson | null> {
  if (!isUuid(uuid) || !holds(viewer, "admin.users")) return null;
  try {
    const data = await api.admin.users.get(uuid);
    return { uuid: data.uuid, name: data.name, surname: data.surname, email: data.email };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The account an administrator names by user id or e-mail. An e-mail is looked up in the accounts
 * list, which needs admin.users; without it only an id works.
 */
export async function resolveOwner(
  api: ApiClient,
  viewer: Pick<UserJson, "permissions"> | null,
  owner: string,
): Promise<{ uuid: string } | { error: "business:admin.ownerNotFound" | "business:admin.ownerNeedsId" }> {
  if (UUID_PATTERN.test(owner)) return { uuid: owner.toLowerCase() };
  if (!holds(viewer, "admin.users")) return { error: "business:admin.ownerNeedsId" };
  const email = owner.toLowerCase();
  const { data } = await api.admin.users.list({ search: email, per_page: 20 });
  const match = data.find((u) => u.email.toLowerCase() === email);
  return match ? { uuid: match.uuid } : { error: "business:admin.ownerNotFound" };
}
