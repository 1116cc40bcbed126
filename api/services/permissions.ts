import { permissionsFor } from "../../domain/access/permissions.ts";
import type { Database } from "../db/client.ts";
import type { UserRow } from "../db/schema/index.ts";
import { accessTo, selectedBusiness } from "./business-access.ts";

/**
 * The permissions a user holds right now, on their selected business
 * (docs/decisions/0005-roles-and-permissions.md). Without a business a user holds only the
 * admin.* their role gives — plus user.businesses for owners, so they can create one.
 */
export async function permissionsOf(db: Database, user: UserRow): Promise<string[]> {
  const business = await selectedBusiness(db, user.id);
  if (business) {
    const access = await accessTo(db, user, business.id);
    if (access) return access.permissions;
  }
  const base: string[] = permissionsFor({ roles: user.roles, grantedOnBusiness: [], isOwnerOfBusiness: false });
  return user.roles.includes("owner") ? [...base, "user.businesses"] : base;
}
