import { eq } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { guests, reservations } from "#api/db/schema/index.ts";
import type { BookingContext } from "./context.ts";
import { notify } from "#api/services/notifications/notify.ts";

type ReservationKind = "reservation.created" | "reservation.changed" | "reservation.cancelled";

/**
 * A reservation that arrived without a person of the hotel behind it — from the public booking
 * page or a channel (no signed-in user) — is news for the team: tell them, in the same
 * transaction as the booking. What the team does itself in the back office is not news to it.
 */
export async function reservationNotice(tx: Database, ctx: BookingContext, kind: ReservationKind, reservationId: string, overbooked = false): Promise<void> {
  if (ctx.userId !== null) return;
  const [row] = await tx
    .select({ guest: guests.name, arrival: reservations.arrival, departure: reservations.departure, code: reservations.code })
    .from(reservations)
    .innerJoin(guests, eq(guests.id, reservations.guestId))
    .where(eq(reservations.id, reservationId));
  if (!row) return;
  const params = { guest: row.guest, check_in: row.arrival, check_out: row.departure, code: row.code };
  const link = `/bookings/${reservationId}`;
  await notify(tx, { businessId: ctx.business.id, kind, params, link });
  if (overbooked) await notify(tx, { businessId: ctx.business.id, kind: "overbooking", params, link });
}
