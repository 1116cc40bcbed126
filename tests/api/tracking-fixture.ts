import { guests, reservationNights, reservations, roomBlocks } from "#api/db/schema/index.ts";
import type { Database } from "#api/db/client.ts";
import { addDays, stayNights } from "#domain/bookings/stay.ts";

/**
 * Reservations written straight into the tables with the timestamps a test needs (the bookings
 * API stamps `created_at` with its own clock): what pickup, pace and the forecast read (through the
 * versions the database records from them, migration 0031).
 */
export function reservationWriter(db: Database, businessId: string) {
  let guestId: string | null = null;
  let count = 0;
  const pending: { reservation: typeof reservations.$inferInsert; nights: (typeof reservationNights.$inferInsert)[] }[] = [];
  const guest = async () => {
    guestId ??= (await db.insert(guests).values({ businessId, name: "Hóspede Teste" }).returning())[0].id;
    return guestId;
  };
  return {
    /** Queues a stay; `cancelledAt` makes it cancelled, `status` overrides (e.g. no_show). */
    stay(o: { categoryId: string; arrival: string; nights?: number; rate: number; createdAt: string; cancelledAt?: string; status?: (typeof reservations.$inferInsert)["status"] }) {
      const departure = addDays(o.arrival, o.nights ?? 1);
      const dates = stayNights(o.arrival, departure);
      const status = o.status ?? (o.cancelledAt ? "cancelled" : "confirmed");
      const holds = status !== "cancelled" && status !== "no_show";
      const id = crypto.randomUUID();
      pending.push({
        reservation: {
          id,
          businessId,
          code: `T${String(++count).padStart(6, "0")}`,
          status,
          arrival: o.arrival,
          departure,
          categoryId: o.categoryId,
          guestId: "",
          ratePerNight: o.rate,
          total: o.rate * dates.length,
          createdAt: new Date(o.createdAt),
          updatedAt: new Date(o.cancelledAt ?? o.createdAt),
          cancelledAt: o.cancelledAt ? new Date(o.cancelledAt) : null,
        },
        nights: dates.map((night) => ({ reservationId: id, night, businessId, categoryId: o.categoryId, rate: o.rate, holds })),
      });
    },
    async flush() {
      const g = await guest();
      for (let i = 0; i < pending.length; i += 500) {
        const chunk = pending.slice(i, i + 500);
        // One transaction, as the API writes them: the versions trigger sees the nights with their reservation.
        await db.transaction(async (tx) => {
          await tx.insert(reservations).values(chunk.map((p) => ({ ...p.reservation, guestId: g })));
          const nights = chunk.flatMap((p) => p.nights);
          if (nights.length) await tx.insert(reservationNights).values(nights);
        });
      }
      pending.length = 0;
    },
    async block(o: { categoryId: string; startsAt: string; endsAt: string; count?: number; createdAt: string }) {
      await db.insert(roomBlocks).values({ businessId, categoryId: o.categoryId, count: o.count ?? 1, startsAt: o.startsAt, endsAt: o.endsAt, createdAt: new Date(o.createdAt) });
    },
  };
}
