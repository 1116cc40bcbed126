import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { daysBetween } from "#domain/bookings/stay.ts";
import { reservationCreateSchema, type Channel } from "#domain/schemas/bookings.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, channexBookingRevisions, channexConnections, reservations, roomCategories } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { logger } from "#api/logger.ts";
import { audit } from "#api/services/bookings/audit.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";
import { createReservation, transitionReservation, updateReservation } from "#api/services/bookings/reservations.ts";
import type { BookingRevision, ChannexClient, ChannexRoom } from "./channex-client.ts";
import { clientFor, mappingFor } from "./connections.ts";
import { planTargets } from "./plan-targets.ts";
import { recordSyncError } from "./sync-error.ts";
import { notify } from "#api/services/notifications/notify.ts";

export interface FeedReport {
  applied: number;
  duplicates: number;
  overbooked: number;
  /** Recorded as reservations needing attention (and acknowledged). */
  attention: number;
  /** Not recorded (left in the feed for the next poll). */
  failed: number;
}

/** Booking.com → booking_com…; anything we do not know is "other". */
export function channelOf(otaName: string | null | undefined): Channel {
  const name = (otaName ?? "").toLowerCase();
  if (name.includes("booking")) return "booking_com";
  if (name.includes("airbnb")) return "airbnb";
  if (name.includes("expedia")) return "expedia";
  return "other";
}

/** Why a revision could not be placed: it is kept as a reservation needing attention. */
export type AttentionReason = "unmapped_room" | "unknown_rate_plan" | "currency" | "invalid";

class Unplaceable extends Error {
  constructor(
    readonly reason: AttentionReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads the booking revisions feed (every page, oldest first) and takes each revision in turn:
 * new → created, modified → changed, cancelled → cancelled, through the bookings service, in one
 * transaction that also records its id (the primary key makes a second delivery, or a second
 * process, a no-op), acknowledged right after that commit. A revision that cannot be placed —
 * an unmapped room (Channex sends its room type as null), an unknown rate plan, another
 * currency, values we cannot take — is recorded as a reservation needing attention, with the
 * guest and the amounts, told to the team, and acknowledged too: nothing from a channel is
 * dropped, and one bad revision never blocks the ones behind it. Its later cancellation is
 * recorded beside it and shows on it (cancelAttention). A night already full is still
 * taken (the guest paid the channel) and flagged as an overbooking. Only a failure to record
 * leaves a revision unacknowledged, for the next poll.
 */
export async function pullBookings(db: Database, businessId: string, options: { now?: () => Date; client?: ChannexClient } = {}): Promise<FeedReport> {
  const now = options.now ?? (() => new Date());
  const [connection] = await db.select().from(channexConnections).where(eq(channexConnections.businessId, businessId));
  const report: FeedReport = { applied: 0, duplicates: 0, overbooked: 0, attention: 0, failed: 0 };
  if (!connection?.active) return report;
  const client = options.client ?? clientFor(connection);
  let feed: BookingRevision[];
  try {
    feed = await client.bookingFeed(connection.propertyId);
  } catch (error) {
    // Channex unreachable or refusing: recorded (and told once), then the job's retry and the next minute try again.
    await recordSyncError(db, businessId, `booking feed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500), now());
    throw error;
  }
  for (const revision of feed.filter((r) => r.property_id === connection.propertyId)) {
    try {
      const outcome = await takeRevision(db, businessId, mappingFor(connection), revision, now());
      report[outcome === "overbooked" ? "applied" : outcome]++;
      if (outcome === "overbooked") report.overbooked++;
    } catch (error) {
      report.failed++;
      const message = `booking revision ${revision.id}: ${error instanceof Error ? error.message : String(error)}`;
      logger.error({ msg: "channex booking revision not recorded", business_id: businessId, err: message });
      await recordSyncError(db, businessId, message.slice(0, 500), now());
      // Not recorded, so not acknowledged: Channex serves it again at the next poll.
      continue;
    }
    await client.acknowledge(revision.id);
    await db.update(channexBookingRevisions).set({ acknowledgedAt: now() }).where(eq(channexBookingRevisions.revisionId, revision.id));
  }
  await db.update(channexConnections).set({ lastFeedAt: now() }).where(eq(channexConnections.businessId, businessId));
  return report;
}

/** One revision, committed: placed, already known, or recorded as needing attention. */
async function takeRevision(
  db: Database,
  businessId: string,
  mapping: ReturnType<typeof mappingFor>,
  revision: BookingRevision,
  now: Date,
): Promise<"applied" | "overbooked" | "duplicates" | "attention"> {
  const [known] = await db.select({ id: channexBookingRevisions.revisionId }).from(channexBookingRevisions).where(eq(channexBookingRevisions.revisionId, revision.id));
  if (known) return "duplicates";
  try {
    const outcome = await applyRevision(db, businessId, mapping, revision, now);
    return outcome === "duplicate" ? "duplicates" : outcome;
  } catch (error) {
    const reason: AttentionReason = error instanceof Unplaceable ? error.reason : "invalid";
    logger.warn({ msg: "channex booking revision needs attention", business_id: businessId, revision: revision.id, reason, err: error instanceof Error ? error.message : String(error) });
    return (await recordAttention(db, businessId, revision, reason, now)) ? "attention" : "duplicates";
  }
}

/** What a revision says of the guest and the stay, kept on its record. */
function revisionFacts(revision: BookingRevision) {
  const customer = revision.customer ?? {};
  return {
    guestName: [customer.name, customer.surname].filter(Boolean).join(" ").trim().slice(0, 200) || null,
    otaName: revision.ota_name?.slice(0, 100) ?? null,
    otaReservationCode: revision.ota_reservation_code?.slice(0, 100) ?? null,
    arrival: /^\d{4}-\d{2}-\d{2}$/.test(revision.arrival_date ?? "") ? revision.arrival_date : null,
    departure: /^\d{4}-\d{2}-\d{2}$/.test(revision.departure_date ?? "") ? revision.departure_date : null,
    amount: revision.amount?.slice(0, 40) ?? null,
    currency: revision.currency?.slice(0, 3) ?? null,
  };
}

/** The revision as a reservation needing attention, and the team told; false when another process recorded it first. */
async function recordAttention(db: Database, businessId: string, revision: BookingRevision, reason: AttentionReason, now: Date): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const facts = revisionFacts(revision);
    const [inserted] = await tx
      .insert(channexBookingRevisions)
      .values({ revisionId: revision.id, businessId, bookingId: revision.booking_id, status: revision.status, reservationIds: [], attention: reason, ...facts, appliedAt: now })
      .onConflictDoNothing()
      .returning({ id: channexBookingRevisions.revisionId });
    if (!inserted) return false;
    await notify(tx, {
      businessId,
      kind: "reservation.needs_attention",
      params: { channel: facts.otaName ?? "Channex", guest: facts.guestName ?? facts.otaReservationCode ?? revision.booking_id, check_in: facts.arrival ?? "", check_out: facts.departure ?? "" },
      link: "/bookings",
    });
    return true;
  });
}

async function applyRevision(
  db: Database,
  businessId: string,
  mapping: ReturnType<typeof mappingFor>,
  revision: BookingRevision,
  now: Date,
): Promise<"applied" | "overbooked" | "duplicate"> {
  const categoryOf = new Map(Object.entries(mapping).map(([categoryId, m]) => [m.room_type_id, categoryId]));
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId));
      const cancelling = revision.status === "cancelled";
      // A cancellation takes no price, so its currency does not matter: it must reach the booking.
      if (!cancelling && revision.currency && revision.currency !== business.currency) {
        throw new Unplaceable("currency", `revision in ${revision.currency}, business in ${business.currency}`);
      }
      // Inside the revision's transaction every booking call runs on it (as savepoints).
      const ctx: BookingContext = { db: tx, business, userId: null, now, t: translatorFor("pt-BR"), actor: { kind: "channel", label: revision.ota_name ?? "Channex" } };
      const [previous] = await tx
        .select({ ids: channexBookingRevisions.reservationIds })
        .from(channexBookingRevisions)
        // The last revision that was placed: one kept as needing attention made no reservation.
        .where(and(eq(channexBookingRevisions.businessId, businessId), eq(channexBookingRevisions.bookingId, revision.booking_id), isNull(channexBookingRevisions.attention)))
        .orderBy(sql`${channexBookingRevisions.appliedAt} desc`)
        .limit(1);
      const earlier = previous?.ids ?? [];
      const ids: string[] = [];
      const targets = cancelling ? [] : await planTargets(tx, businessId);
      // Which of our plans a room's Channex rate plan is: a mapped pair's plan, null for the category's own Channex plan (the engine's price).
      const planOf = (categoryId: string, channexPlan: string | null | undefined) => {
        const pair = targets.find((p) => p.categoryId === categoryId && p.ratePlanKey === channexPlan);
        if (pair) return pair.planId;
        if (channexPlan && channexPlan === mapping[categoryId]?.rate_plan_id) return null;
        throw new Unplaceable("unknown_rate_plan", `rate plan ${channexPlan ?? "null"} is not mapped`);
      };
      if (cancelling) {
        for (const id of earlier) await cancelIfHeld(ctx, id, revision);
        await cancelAttention(tx, businessId, revision);
      } else {
        for (const [index, room] of revision.rooms.entries()) {
          const categoryId = room.room_type_id ? categoryOf.get(room.room_type_id) : undefined;
          if (!categoryId) throw new Unplaceable("unmapped_room", `room type ${room.room_type_id ?? "null"} is not mapped to a category`);
          const input = await reservationInput(tx, categoryId, revision, room);
          const ratePlanId = planOf(categoryId, room.rate_plan_id);
          const existing = earlier[index];
          if (existing) {
            await updateReservation(ctx, existing, input, { allowOverbooking: true });
            await tx.update(reservations).set({ ratePlanId }).where(eq(reservations.id, existing));
            ids.push(existing);
          } else {
            ids.push(await createReservation(ctx, input, { allowOverbooking: true, ratePlanId }));
          }
        }
        // Rooms the modification dropped.
        for (const id of earlier.slice(revision.rooms.length)) await cancelIfHeld(ctx, id, revision);
      }
      const flagged = ids.length
        ? await tx
            .select({ id: reservations.id })
            .from(reservations)
            .where(and(eq(reservations.businessId, businessId), eq(reservations.overbooked, true), sql`${reservations.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`))
        : [];
      for (const row of flagged) await audit(tx, ctx, "reservation", row.id, "overbooked", { channel: revision.ota_name ?? "channex", revision: revision.id });
      await tx.insert(channexBookingRevisions).values({
        ...revisionFacts(revision),
        revisionId: revision.id,
        businessId,
        bookingId: revision.booking_id,
        status: revision.status,
        reservationIds: cancelling ? earlier : ids,
        overbooked: flagged.length > 0,
        appliedAt: now,
      });
      return flagged.length ? "overbooked" : "applied";
    });
  } catch (error) {
    // Another process applied the same revision first.
    if ((error as { cause?: { code?: string }; code?: string })?.code === "23505" || (error as { cause?: { code?: string } })?.cause?.code === "23505") return "duplicate";
    throw error;
  }
}

/**
 * A cancellation of a booking kept as needing attention: its record shows the cancellation (read
 * from this revision, recorded beside it) and is back on the list even if it was marked handled —
 * a reservation entered by hand must be cancelled by hand too — and the team is told.
 */
async function cancelAttention(tx: Database, businessId: string, revision: BookingRevision) {
  const reopened = await tx
    .update(channexBookingRevisions)
    .set({ resolvedAt: null })
    .where(and(eq(channexBookingRevisions.businessId, businessId), eq(channexBookingRevisions.bookingId, revision.booking_id), isNotNull(channexBookingRevisions.attention)))
    .returning({ guest: channexBookingRevisions.guestName, code: channexBookingRevisions.otaReservationCode, arrival: channexBookingRevisions.arrival, departure: channexBookingRevisions.departure });
  if (reopened.length === 0) return;
  const facts = revisionFacts(revision);
  const [first] = reopened;
  await notify(tx, {
    businessId,
    kind: "reservation.cancelled",
    params: {
      guest: facts.guestName ?? first.guest ?? facts.otaReservationCode ?? first.code ?? revision.booking_id,
      check_in: facts.arrival ?? first.arrival ?? "",
      check_out: facts.departure ?? first.departure ?? "",
    },
    link: "/bookings",
  });
}

async function cancelIfHeld(ctx: BookingContext, reservationId: string, revision: BookingRevision) {
  const [row] = await ctx.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, reservationId));
  if (!row || row.status === "cancelled" || row.status === "no_show" || row.status === "checked_out") return;
  await transitionReservation(ctx, reservationId, "cancel", `${revision.ota_name ?? "Channex"} ${revision.ota_reservation_code ?? revision.booking_id}`.slice(0, 500));
}

/** The reservation fields of one room of a revision (guest counts kept within the category). */
async function reservationInput(tx: Database, categoryId: string, revision: BookingRevision, room: ChannexRoom) {
  const [category] = await tx.select().from(roomCategories).where(eq(roomCategories.id, categoryId));
  const arrival = room.checkin_date ?? revision.arrival_date;
  const departure = room.checkout_date ?? revision.departure_date;
  const nights = Math.max(1, daysBetween(arrival, departure));
  const adults = Math.min(Math.max(room.occupancy?.adults ?? 1, 1), category.maxOccupation);
  const children = Math.min(room.occupancy?.children ?? 0, Math.max(0, category.maxOccupation - adults));
  const amount = Number(room.amount ?? revision.amount ?? NaN);
  const customer = revision.customer ?? {};
  const name = [customer.name, customer.surname].filter(Boolean).join(" ").trim() || (revision.ota_reservation_code ?? revision.booking_id);
  const email = customer.mail && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(customer.mail) ? customer.mail : null;
  return reservationCreateSchema.parse({
    arrival,
    departure,
    room_category_uuid: categoryId,
    room_uuid: null,
    adults: Math.max(adults, category.minOccupation),
    children,
    guest: { name: name.slice(0, 120), email, phone: customer.phone?.slice(0, 40) ?? null, document: null, country: customer.country?.slice(0, 2).toUpperCase() ?? null },
    // The channel's price is what the guest pays.
    rate_per_night: Number.isFinite(amount) && amount > 0 ? Math.round((amount * 100) / nights) : null,
    channel: channelOf(revision.ota_name),
    status: "confirmed",
    notes: `${revision.ota_name ?? "Channex"} ${revision.ota_reservation_code ?? ""}`.trim().slice(0, 2000),
  });
}
