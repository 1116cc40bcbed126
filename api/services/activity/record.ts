import { eq } from "drizzle-orm";
import { actionFor, changedFields, type ActivityAction, type ActivityArea, type Actor, type FieldChange } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { activityLog, users } from "#api/db/schema/index.ts";

export interface ActivityEntry {
  businessId: string;
  actor: Actor;
  area: ActivityArea;
  entityId?: string | null;
  entityLabel?: string | null;
  /** The record before and after the change (null: it did not exist / is gone); the diff is computed from them. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Top-level fields the reader never sees (timestamps, internal ids). */
  ignore?: readonly string[];
  /** Already computed changes, when the service has them (bookings keep their own trail). */
  changes?: FieldChange[];
  action?: ActivityAction;
}

/** A person acting through the API or the web. */
export const userActor = (userId: string): Actor => ({ kind: "user", userId });

/**
 * Writes one line of the business's activity log on `tx`, the transaction of the change itself,
 * so a change that rolls back leaves no line and a line never describes a change that did not
 * happen. An update that changed nothing is not recorded. Answers whether a line was written.
 */
export async function recordActivity(tx: Database, entry: ActivityEntry): Promise<boolean> {
  const before = entry.before ?? null;
  const after = entry.after ?? null;
  const action = entry.action ?? actionFor(before, after);
  const changes = entry.changes ?? changedFields(before, after, entry.ignore);
  if (action === "updated" && changes.length === 0) return false;
  const actor = entry.actor;
  let actorLabel: string | null = actor.kind === "user" ? null : (actor.label ?? null);
  if (actor.kind === "user") {
    // The name at the time of the change: the line stays readable after the account is renamed or deleted.
    const [person] = await tx.select({ name: users.name, surname: users.surname, email: users.email }).from(users).where(eq(users.id, actor.userId));
    actorLabel = person ? `${person.name ?? ""} ${person.surname ?? ""}`.trim() || person.email : null;
  }
  await tx.insert(activityLog).values({
    businessId: entry.businessId,
    actorKind: actor.kind,
    actorUserId: actor.kind === "user" ? actor.userId : null,
    actorLabel,
    area: entry.area,
    action,
    entityId: entry.entityId ?? null,
    entityLabel: entry.entityLabel ?? null,
    changes,
  });
  return true;
}
