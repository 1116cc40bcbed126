import { and, eq, inArray, or } from "drizzle-orm";
import { permissionsFor, type Permission } from "#domain/access/permissions.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, businessMembers, userSelections, type UserRow } from "#api/db/schema/index.ts";
import { directGrantNames, directGrantsOf } from "./admin/grants.ts";

export type BusinessRow = typeof businesses.$inferSelect;

export interface BusinessAccess {
  business: BusinessRow;
  /** What the user holds on this business (docs/decisions/0005-roles-and-permissions.md). */
  permissions: Permission[];
  isOwner: boolean;
  /** Reached only through admin.businesses, not as owner or collaborator. */
  asAdministrator: boolean;
}

type MemberRow = typeof businessMembers.$inferSelect;

/**
 * What `user` may do on `business`, given their membership row there (if any) and the account's
 * direct grants; null when they have no way in (not owner, member or admin).
 */
function accessFrom(user: UserRow, business: BusinessRow, member: MemberRow | null, grantedDirectly: readonly string[]): BusinessAccess | null {
  const isOwner = business.ownerId === user.id;
  const permissions = permissionsFor({
    roles: user.roles,
    grantedOnBusiness: member?.permissions ?? [],
    isOwnerOfBusiness: isOwner,
    grantedDirectly,
  });
  const isMember = isOwner || !!member;
  const asAdministrator = !isMember && permissions.includes("admin.businesses");
  if (!isMember && !asAdministrator) return null;
  // An administrator managing someone else's hotel may do everything there.
  const effective = asAdministrator ? ([...new Set([...permissions, ...permissionsFor({ roles: [], grantedOnBusiness: [], isOwnerOfBusiness: true })])] as Permission[]) : permissions;
  return { business, permissions: effective, isOwner, asAdministrator };
}

/**
 * Businesses with the user's membership row on each and the account's direct grants, in one
 * statement: every request about a business asks this first, so it is one round trip, not two.
 */
function withMembership(db: Database, userId: string) {
  return db
    .select({ business: businesses, member: businessMembers, direct: directGrantNames(userId) })
    .from(businesses)
    .leftJoin(businessMembers, and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId)));
}

/**
 * The user's access to one business, or null when they have none (not owner, member or admin).
 * admin.businesses counts whether it comes from the administrator role or a direct grant.
 */
export async function accessTo(db: Database, user: UserRow, businessId: string): Promise<BusinessAccess | null> {
  const [row] = await withMembership(db, user.id).where(eq(businesses.id, businessId)).limit(1);
  if (!row) return null;
  return accessFrom(user, row.business, row.member, row.direct);
}

/** accessTo for many businesses in one statement; businesses the user cannot reach are left out of the map. */
export async function accessesTo(db: Database, user: UserRow, businessIds: readonly string[]): Promise<Map<string, BusinessAccess>> {
  const out = new Map<string, BusinessAccess>();
  if (businessIds.length === 0) return out;
  const rows = await withMembership(db, user.id).where(inArray(businesses.id, [...new Set(businessIds)]));
  for (const row of rows) {
    const access = accessFrom(user, row.business, row.member, row.direct);
    if (access) out.set(row.business.id, access);
  }
  return out;
}

/** Oldest first; on the same instant owned before shared, otherwise in the database's order (a stable sort). */
function oldestFirst(userId: string, rows: readonly BusinessRow[]): BusinessRow[] {
  const owned = (b: BusinessRow) => (b.ownerId === userId ? 0 : 1);
  return [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || owned(a) - owned(b));
}

/** How the user's own and shared businesses are found: their membership row, their remembered choice, owner or member. */
export const ownOrShared = {
  member: (userId: string) => and(eq(businessMembers.businessId, businesses.id), eq(businessMembers.userId, userId)),
  remembered: (userId: string) => and(eq(userSelections.userId, userId), eq(userSelections.businessId, businesses.id)),
  where: (userId: string) => or(eq(businesses.ownerId, userId), eq(businessMembers.userId, userId)),
};

/**
 * The user's own and shared businesses with their membership rows and whether each is the one
 * they last selected (user_selected_business), in one query.
 */
function ownOrSharedOf(db: Database, userId: string) {
  return db
    .select({ business: businesses, member: businessMembers, remembered: userSelections.businessId })
    .from(businesses)
    .leftJoin(businessMembers, ownOrShared.member(userId))
    .leftJoin(userSelections, ownOrShared.remembered(userId))
    .where(ownOrShared.where(userId));
}

/** The businesses a user owns or collaborates on, oldest first. */
export async function businessesOf(db: Database, userId: string): Promise<BusinessRow[]> {
  const rows = await ownOrSharedOf(db, userId);
  return oldestFirst(userId, rows.map((r) => r.business));
}

/** The remembered choice among the user's businesses (spec section 1), else the oldest, else null. */
function pickSelected(rows: readonly { business: BusinessRow; remembered: string | null }[], list: readonly BusinessRow[]): BusinessRow | null {
  return rows.find((r) => r.remembered === r.business.id)?.business ?? list[0] ?? null;
}

/**
 * The selected business (spec section 1): the remembered one while it is still in the
 * user's list, otherwise the first business, or null when the user has none.
 */
export async function selectedBusiness(db: Database, userId: string): Promise<BusinessRow | null> {
  const rows = await ownOrSharedOf(db, userId);
  return pickSelected(rows, oldestFirst(userId, rows.map((r) => r.business)));
}

/** A business of the user's with their membership row there and whether it is their remembered choice. */
export interface OwnOrSharedRow {
  business: BusinessRow;
  member: MemberRow | null;
  remembered: string | null;
}

/** Everything the signed-in shell needs about the user's businesses, in two queries. */
export interface BusinessesState {
  /** Owned or collaborating, oldest first. */
  list: BusinessRow[];
  /** The user's access to each business of `list`, by id. */
  access: Map<string, BusinessAccess>;
  selected: BusinessRow | null;
  /** The account's direct grants (user_permissions). */
  direct: string[];
}

export async function businessesStateOf(db: Database, user: UserRow): Promise<BusinessesState> {
  const direct = await directGrantsOf(db, user.id);
  return businessesStateFrom(user, await ownOrSharedOf(db, user.id), direct);
}

/** The businesses state from rows already read (app-state reads them with more in one statement: shell-state.ts). */
export function businessesStateFrom(user: UserRow, rows: readonly OwnOrSharedRow[], direct: string[]): BusinessesState {
  const access = new Map<string, BusinessAccess>();
  for (const row of rows) {
    const found = accessFrom(user, row.business, row.member, direct);
    if (found) access.set(row.business.id, found);
  }
  const list = oldestFirst(user.id, rows.map((r) => r.business));
  return { list, access, selected: pickSelected(rows, list), direct };
}
