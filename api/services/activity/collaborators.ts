import { and, eq } from "drizzle-orm";
import type { Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { businessMembers, users } from "#api/db/schema/index.ts";
import { recordActivity } from "./record.ts";

/** A member's permissions now (null: not a member), read on the transaction about to change them. */
export async function memberPermissions(tx: Database, businessId: string, userId: string): Promise<string[] | null> {
  const [row] = await tx
    .select({ permissions: businessMembers.permissions })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return row ? [...row.permissions].sort() : null;
}

/** Records a collaborator who joined, had their permissions changed, or left. */
export async function recordMemberChange(tx: Database, businessId: string, actor: Actor, userId: string, before: readonly string[] | null, after: readonly string[] | null) {
  const [person] = await tx.select({ name: users.name, surname: users.surname, email: users.email }).from(users).where(eq(users.id, userId));
  const label = person ? `${`${person.name} ${person.surname}`.trim()} <${person.email}>` : null;
  await recordActivity(tx, {
    businessId,
    actor,
    area: "collaborators",
    entityId: userId,
    entityLabel: label,
    before: before ? { permissions: [...before].sort() } : null,
    after: after ? { permissions: [...after].sort() } : null,
  });
}

/** Records an invitation sent (after set) or withdrawn (before set). */
export async function recordInvitationChange(tx: Database, businessId: string, actor: Actor, invitationId: string, before: { email: string; permissions: readonly string[] } | null, after: { email: string; permissions: readonly string[] } | null) {
  const side = (v: typeof before) => (v ? { invitation: v.email, permissions: [...v.permissions].sort() } : null);
  await recordActivity(tx, { businessId, actor, area: "collaborators", entityId: invitationId, entityLabel: (after ?? before)?.email ?? null, before: side(before), after: side(after) });
}
