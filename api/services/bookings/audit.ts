import type { Database } from "#api/db/client.ts";
import { bookingAudit } from "#api/db/schema/index.ts";
import type { BookingContext } from "./context.ts";
import { recordBookingActivity } from "./activity.ts";

type Entity = (typeof bookingAudit.$inferInsert)["entity"];

/** Appends one line to the audit trail, inside the caller's transaction. */
export async function audit(tx: Database, ctx: BookingContext, entity: Entity, entityId: string, action: string, changes: Record<string, unknown> = {}) {
  // `at` is the database clock, so the trail keeps its order even when the API runs on a test clock.
  await tx.insert(bookingAudit).values({ businessId: ctx.business.id, entity, entityId, action, userId: ctx.userId, changes });
  await recordBookingActivity(tx, ctx, entity, entityId, action, changes);
}

/** `{ field: { from, to } }` for the fields whose value changed. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) out[field] = { from: from ?? null, to: to ?? null };
  }
  return out;
}
