import { eq } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { businessMembers, businesses, businessTypes, pmsSystems, userSelections, users, type UserRow } from "#api/db/schema/index.ts";
import { directGrantNames, directGrantsOf } from "./admin/grants.ts";
import { businessesStateFrom, ownOrShared, type BusinessesState } from "./business-access.ts";
import { ownerColumns, type LinkedRow } from "./business-json.ts";
import { unreadCount, unreadOf } from "./notifications/inbox.ts";

/** What GET /user/app-state reads before it shapes its answer. */
export interface ShellState {
  state: BusinessesState;
  /** The type, PMS and owner of each business of `state.list`, for businessJsonMany. */
  linked: LinkedRow[];
  /** For the bell in the top bar. */
  unread: number;
}

/**
 * The signed-in shell's reads in one statement (issue 29: fewer statements a page): the user's own
 * and shared businesses with their membership, remembered choice, type, PMS and owner, and, as
 * columns of every row, the account's direct grants and unread count. A user without a business
 * has no row to carry those two, so they are read on their own then (two statements, as before).
 */
export async function shellStateOf(db: Database, user: UserRow): Promise<ShellState> {
  const rows = await db
    .select({
      business: businesses,
      member: businessMembers,
      remembered: userSelections.businessId,
      type: businessTypes,
      pms: pmsSystems,
      owner: ownerColumns,
      direct: directGrantNames(user.id),
      unread: unreadOf(user.id),
    })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .leftJoin(businessTypes, eq(businessTypes.id, businesses.businessTypeId))
    .leftJoin(pmsSystems, eq(pmsSystems.id, businesses.pmsId))
    .leftJoin(businessMembers, ownOrShared.member(user.id))
    .leftJoin(userSelections, ownOrShared.remembered(user.id))
    .where(ownOrShared.where(user.id));
  const [first] = rows;
  const [direct, unread] = first ? [[...first.direct].sort(), first.unread] : await Promise.all([directGrantsOf(db, user.id), unreadCount(db, user.id)]);
  return { state: businessesStateFrom(user, rows, direct), linked: rows, unread };
}
