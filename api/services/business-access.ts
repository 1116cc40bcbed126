import { and, eq } from "drizzle-orm";
import { permissionsFor, type Permission } from "../../domain/access/permissions.ts";
import type { Database } from "../db/client.ts";
import { businesses, businessMembers, userSelections, type UserRow } from "../db/schema/index.ts";
import { directGrantsOf } from "./admin/grants.ts";

export type BusinessRow = typeof businesses.$inferSelect;

export interface BusinessAccess {
  business: BusinessRow;
  /** What the user holds on this business (docs/decisions/0005-roles-and-permissions.md). */
  permissions: Permission[];
  isOwner: boolean;
  /** Reached only through admin.businesses, not as owner or collaborator. */
  asAdministrator: boolean;
}

/**
 * The user's access to one business, or null when they have none (not owner, member or admin).
 * admin.businesses counts whether it comes from the administrator role or a direct grant;
 * `grantedDirectly` saves the look-up when the caller already has the account's direct grants.
 */
export async function accessTo(
  db: Database,
  user: UserRow,
  businessId: string,
  grantedDirectly?: readonly string[],
): Promise<BusinessAccess | null> {
  const [row] = await db
    .select({ business: businesses, member: businessMembers })
    .from(businesses)
    .leftJoin(businessMembers, and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, user.id)))
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!row) return null;
  const isOwner = row.business.ownerId === user.id;
  const permissions = permissionsFor({
    roles: user.roles,
    grantedOnBusiness: row.member?.permissions ?? [],
    isOwnerOfBusiness: isOwner,
    grantedDirectly: grantedDirectly ?? (await directGrantsOf(db, user.id)),
  });
  const isMember = isOwner || !!row.member;
  const asAdministrator = !isMember && permissions.includes("admin.businesses");
  if (!isMember && !asAdministrator) return null;
  // An administrator managing someone else's hotel may do everything there.
  const effective = asAdministrator ? ([...new Set([...permissions, ...permissionsFor({ roles: [], grantedOnBusiness: [], isOwnerOfBusiness: true })])] as Permission[]) : permissions;
  return { business: row.business, permissions: effective, isOwner, asAdministrator };
}

/** The businesses a user owns or collaborates on, oldest first. */
export async function businessesOf(db: Database, userId: string): Promise<BusinessRow[]> {
  const owned = await db.select().from(businesses).where(eq(businesses.ownerId, userId));
  const shared = await db
    .select({ business: businesses })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId));
  const all = [...owned, ...shared.map((s) => s.business)];
  const unique = [...new Map(all.map((b) => [b.id, b])).values()];
  return unique.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The selected business (spec section 1): the remembered one while it is still in the
 * user's list, otherwise the first business, or null when the user has none.
 */
export async function selectedBusiness(db: Database, userId: string): Promise<BusinessRow | null> {
  const list = await businessesOf(db, userId);
  if (list.length === 0) return null;
  const [remembered] = await db.select().from(userSelections).where(eq(userSelections.userId, userId));
  return list.find((b) => b.id === remembered?.businessId) ?? list[0];
}
