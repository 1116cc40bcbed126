import { and, desc, eq, inArray, isNotNull, isNull, max } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { channexBookingRevisions } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import type { AttentionJson } from "#contract/channels.ts";

/**
 * Channel bookings that could not be placed (an unmapped room or rate plan, another currency,
 * values we cannot take): acknowledged to Channex and kept here, with what the guest booked,
 * until someone of the hotel has entered them by hand and marks them handled. A booking the
 * channel cancelled afterwards says so (`cancelled_at`).
 */
export async function bookingsNeedingAttention(db: Database, businessId: string): Promise<AttentionJson[]> {
  const rows = await db
    .select()
    .from(channexBookingRevisions)
    .where(and(eq(channexBookingRevisions.businessId, businessId), isNotNull(channexBookingRevisions.attention), isNull(channexBookingRevisions.resolvedAt)))
    .orderBy(desc(channexBookingRevisions.appliedAt))
    .limit(200);
  // A later cancellation of the same booking (feed.ts records it beside, without attention).
  const bookingIds = [...new Set(rows.map((r) => r.bookingId))];
  const cancellations = bookingIds.length
    ? await db
        .select({ bookingId: channexBookingRevisions.bookingId, at: max(channexBookingRevisions.appliedAt) })
        .from(channexBookingRevisions)
        .where(
          and(
            eq(channexBookingRevisions.businessId, businessId),
            inArray(channexBookingRevisions.bookingId, bookingIds),
            eq(channexBookingRevisions.status, "cancelled"),
            isNull(channexBookingRevisions.attention),
          ),
        )
        .groupBy(channexBookingRevisions.bookingId)
    : [];
  const cancelledAt = new Map(cancellations.map((c) => [c.bookingId, c.at]));
  return rows.map((r) => ({
    revision_id: r.revisionId,
    booking_id: r.bookingId,
    status: r.status,
    reason: r.attention!,
    guest_name: r.guestName,
    ota_name: r.otaName,
    ota_reservation_code: r.otaReservationCode,
    arrival: r.arrival,
    departure: r.departure,
    amount: r.amount,
    currency: r.currency,
    received_at: r.appliedAt.toISOString(),
    cancelled_at: cancelledAt.get(r.bookingId)?.toISOString() ?? null,
  }));
}

/** Marks one handled (entered by hand, or nothing to do): it leaves the list. */
export async function resolveAttention(db: Database, businessId: string, revisionId: string, now: Date): Promise<void> {
  const [row] = await db
    .update(channexBookingRevisions)
    .set({ resolvedAt: now })
    .where(and(eq(channexBookingRevisions.businessId, businessId), eq(channexBookingRevisions.revisionId, revisionId), isNotNull(channexBookingRevisions.attention), isNull(channexBookingRevisions.resolvedAt)))
    .returning({ id: channexBookingRevisions.revisionId });
  if (!row) throw notFound("channels:api.attentionNotFound");
}
