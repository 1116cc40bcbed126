import { isPermission, permissionsFor } from "#domain/access/permissions.ts";
import type { Database } from "#api/db/client.ts";
import type { UserRow } from "#api/db/schema/index.ts";
import { businessesStateOf, type BusinessesState } from "./business-access.ts";

/**
 * The permissions a user holds right now, on their selected business
 * (docs/decisions/0005-roles-and-permissions.md). Without a business a user holds only the
 * admin.* their role or a direct grant gives — plus user.businesses for owners, so they can
 * create one. Custom permissions granted to the account follow the system names: they are
 * shown, but no route checks them.
 */
export async function permissionsOf(db: Database, user: UserRow): Promise<string[]> {
  return permissionsIn(user, await businessesStateOf(db, user));
}

/** permissionsOf from the businesses state already loaded for this request. */
export function permissionsIn(user: UserRow, { selected, access, direct }: BusinessesState): string[] {
  const custom = direct.filter((name) => !isPermission(name));
  const held = selected ? access.get(selected.id) : undefined;
  if (held) return [...held.permissions, ...custom];
  const base: string[] = permissionsFor({ roles: user.roles, grantedOnBusiness: [], isOwnerOfBusiness: false, grantedDirectly: direct });
  return [...(user.roles.includes("owner") ? [...base, "user.businesses"] : base), ...custom];
}

/**
 * What the account holds wherever it works (admin.* from the role or direct grants, plus custom
 * grants), without looking at any business: what the admin's user screens show for each user.
 */
export function accountPermissions(user: Pick<UserRow, "roles">, direct: readonly string[]): string[] {
  const system: string[] = permissionsFor({ roles: user.roles, grantedOnBusiness: [], isOwnerOfBusiness: false, grantedDirectly: direct });
  return [...system, ...direct.filter((name) => !isPermission(name))];
}
