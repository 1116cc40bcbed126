import { eq } from "drizzle-orm";
import type { ActivityAction, ActivityArea, Actor, FieldChange } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { guests, reservations, rooms } from "#api/db/schema/index.ts";
import type { BookingContext } from "./context.ts";
import { recordActivity } from "#api/services/activity/record.ts";

/** The bookings trail's entities the activity log shows, and under which area (quotes are drafts: their reservation is logged). */
const AREA: Record<string, ActivityArea | undefined> = { reservation: "reservations", room: "rooms", room_block: "rooms" };

export function bookingActor(ctx: Pick<BookingContext, "userId" | "actor">): Actor {
  if (ctx.actor) return ctx.actor;
  return ctx.userId ? { kind: "user", userId: ctx.userId } : { kind: "job" };
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } => typeof v === "object" && v !== null && !Array.isArray(v) && "from" in v && "to" in v;

/**
 * The bookings trail's `changes` (created values, or `{ field: { from, to } }`) as the activity
 * log's field changes; a status verb (confirmed, cancelled, checked_in…) is an update whose
 * changes carry the status.
 */
export function bookingFieldChanges(action: string, changes: Record<string, unknown>): { action: ActivityAction; changes: FieldChange[] } {
  const kind: ActivityAction = action === "created" ? "created" : action === "deleted" ? "deleted" : "updated";
  const list = Object.entries(changes).map(([field, v]): FieldChange => {
    if (isChange(v)) return { field, from: v.from ?? null, to: v.to ?? null };
    return kind === "deleted" ? { field, from: v ?? null, to: null } : { field, from: null, to: v ?? null };
  });
  return { action: kind, changes: list.sort((a, b) => a.field.localeCompare(b.field)) };
}

async function labelOf(tx: Database, entity: string, entityId: string, changes: Record<string, unknown>): Promise<string | null> {
  if (entity === "reservation") {
    const [row] = await tx.select({ code: reservations.code, guest: guests.name }).from(reservations).leftJoin(guests, eq(guests.id, reservations.guestId)).where(eq(reservations.id, entityId));
    return row ? [row.code, row.guest].filter(Boolean).join(" · ") : null;
  }
  if (entity === "room") {
    const [row] = await tx.select({ number: rooms.number }).from(rooms).where(eq(rooms.id, entityId));
    return row?.number ?? (typeof changes.number === "string" ? changes.number : null);
  }
  return null;
}

/** Mirrors one line of the bookings trail into the business's activity log, on the same transaction. */
export async function recordBookingActivity(tx: Database, ctx: BookingContext, entity: string, entityId: string, action: string, changes: Record<string, unknown>) {
  const area = AREA[entity];
  // "overbooked" is a flag the channel feed raises on a reservation it already logged, not a change anybody made.
  if (!area || action === "overbooked") return;
  const mapped = bookingFieldChanges(action, changes);
  await recordActivity(tx, {
    businessId: ctx.business.id,
    actor: bookingActor(ctx),
    area,
    action: mapped.action,
    changes: mapped.changes,
    entityId,
    entityLabel: await labelOf(tx, entity, entityId, changes),
  });
}
