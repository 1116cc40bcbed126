import { and, eq } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import {
  businessGoals,
  businessMembers,
  businesses,
  guests,
  inventoryNights,
  ledgerAccounts,
  payments,
  publishedRates,
  occupationLogs,
  reservationExtras,
  reservationNights,
  reservations,
  roomBlocks,
  roomCategories,
  rooms,
  salesChannels,
} from "#api/db/schema/index.ts";

/** The bed-and-breakfast business type (is_bnb) of the reference data. */
export const BNB_TYPE_ID = "b7e00000-0000-4000-8000-000000000003";

/**
 * A small B&B whose every figure is worked out by hand in tests/api/reports*.test.ts:
 * category A (2 rooms, 10 % commission) and B (1 room, no commission), booking_com registered
 * as a sales channel at 15 %, five reservations around February–March 2026 and one in 2025.
 */
export async function seedReportFixture(db: Database, ownerId: string) {
  const [business] = await db
    .insert(businesses)
    .values({ ownerId, slug: "pousada-relatorio", companyName: "Pousada Relatório", country: "BR", state: "RJ", status: "SETUP_DONE", businessTypeId: BNB_TYPE_ID, timezone: "America/Sao_Paulo", currency: "BRL" })
    .returning();
  const id = business.id;
  const [a, b] = await db
    .insert(roomCategories)
    .values([
      { businessId: id, name: "Chalé", roomCount: 2, commission: 10, position: 0 },
      { businessId: id, name: "Estúdio", roomCount: 1, commission: 0, position: 1 },
    ])
    .returning();
  const [a1, a2, b1] = await db
    .insert(rooms)
    .values([
      { businessId: id, categoryId: a.id, number: "A1" },
      { businessId: id, categoryId: a.id, number: "A2" },
      { businessId: id, categoryId: b.id, number: "B1" },
    ])
    .returning();
  await db.insert(salesChannels).values({ businessId: id, code: "booking_com", name: "Booking.com", commission: 15 });
  const [guest] = await db.insert(guests).values({ businessId: id, name: "Ana Lima", email: "ana@example.com", country: "BR" }).returning();

  type Stay = { code: string; status: "confirmed" | "checked_out" | "cancelled"; channel: string; category: string; room: string | null; nights: [string, number][]; departure: string };
  const stays: Stay[] = [
    { code: "R1", status: "confirmed", channel: "direct", category: a.id, room: a1.id, nights: [["2026-02-10", 20000], ["2026-02-11", 20000]], departure: "2026-02-12" },
    { code: "R2", status: "checked_out", channel: "booking_com", category: a.id, room: a2.id, nights: [["2026-02-27", 30000], ["2026-02-28", 30000], ["2026-03-01", 31000]], departure: "2026-03-02" },
    { code: "R3", status: "confirmed", channel: "booking_com", category: b.id, room: b1.id, nights: [["2026-03-05", 15033]], departure: "2026-03-06" },
    { code: "R4", status: "cancelled", channel: "direct", category: b.id, room: b1.id, nights: [["2026-03-10", 10000], ["2026-03-11", 10000]], departure: "2026-03-12" },
    { code: "R5", status: "confirmed", channel: "airbnb", category: b.id, room: null, nights: [["2026-03-20", 12345]], departure: "2026-03-21" },
    { code: "R6", status: "checked_out", channel: "direct", category: a.id, room: a1.id, nights: [["2025-02-10", 20000]], departure: "2025-02-11" },
  ];
  const ids: Record<string, string> = {};
  for (const s of stays) {
    // The reservation and its nights in one transaction, as the API writes them (the versions trigger sees both).
    await db.transaction(async (tx) => {
      const total = s.nights.reduce((sum, [, rate]) => sum + rate, 0);
      const [r] = await tx
        .insert(reservations)
        .values({
          businessId: id,
          code: s.code,
          status: s.status,
          arrival: s.nights[0][0],
          departure: s.departure,
          categoryId: s.category,
          roomId: s.room,
          guestId: guest.id,
          ratePerNight: Math.round(total / s.nights.length),
          total,
          channel: s.channel,
          createdAt: new Date(`${s.nights[0][0]}T12:00:00Z`),
          cancelledAt: s.status === "cancelled" ? new Date("2026-03-01T12:00:00Z") : null,
        })
        .returning();
      ids[s.code] = r.id;
      const holds = s.status !== "cancelled";
      await tx.insert(reservationNights).values(s.nights.map(([night, rate]) => ({ reservationId: r.id, night, businessId: id, categoryId: s.category, roomId: s.room, rate, holds })));
      if (holds) {
        for (const [night] of s.nights) {
          await tx
            .insert(inventoryNights)
            .values({ categoryId: s.category, night, businessId: id, sold: 1 })
            .onConflictDoUpdate({ target: [inventoryNights.categoryId, inventoryNights.night], set: { sold: 2 } });
        }
      }
    });
  }
  // B1 out of sale on 25 and 26 March.
  await db.insert(roomBlocks).values({ businessId: id, categoryId: b.id, roomId: b1.id, count: 1, startsAt: "2026-03-25", endsAt: "2026-03-26" });
  await db.insert(inventoryNights).values([
    { categoryId: b.id, night: "2026-03-25", businessId: id, blocked: 1 },
    { categoryId: b.id, night: "2026-03-26", businessId: id, blocked: 1 },
  ]);
  await db.insert(reservationExtras).values({ reservationId: ids.R2, businessId: id, description: "Jantar", quantity: 2, unitPrice: 2500, total: 5000 });
  const [account] = await db.insert(ledgerAccounts).values({ businessId: id, name: "Caixa", kind: "cash" }).returning();
  await db.insert(payments).values([
    { reservationId: ids.R1, businessId: id, accountId: account.id, kind: "deposit", amount: 10000, receivedOn: "2026-02-01" },
    { reservationId: ids.R2, businessId: id, accountId: account.id, kind: "balance", amount: 91000, receivedOn: "2026-03-02" },
    { reservationId: ids.R2, businessId: id, accountId: account.id, kind: "refund", amount: 1000, receivedOn: "2026-03-03" },
  ]);
  return { id, categories: { a: a.id, b: b.id }, rooms: { a1: a1.id, a2: a2.id, b1: b1.id }, reservations: ids };
}

/** Recommended-rate changes and their publications, for the publishing reward. */
export async function seedPublications(db: Database, businessId: string, categoryId: string, changes: { at: string; night: string; publishedAt: string | null }[]) {
  for (const c of changes) {
    await db.insert(occupationLogs).values({ businessId, date: c.night, kind: "rate", roomCategoryId: categoryId, fromValue: 200, toValue: 220, reason: "booking", createdAt: new Date(c.at) });
    if (c.publishedAt) {
      await db
        .insert(publishedRates)
        .values({ businessId, roomCategoryId: categoryId, date: c.night, rate: 22000, publishedAt: new Date(c.publishedAt) })
        .onConflictDoUpdate({ target: [publishedRates.roomCategoryId, publishedRates.date], set: { publishedAt: new Date(c.publishedAt) } });
    }
  }
}

export async function setGoal(db: Database, businessId: string, month: string, goal: { revenue?: number | null; occupancy?: number | null; adr?: number | null }) {
  await db.insert(businessGoals).values({ businessId, month: `${month}-01`, revenue: goal.revenue ?? null, occupancy: goal.occupancy ?? null, adr: goal.adr ?? null });
}

/** Makes `userId` a collaborator of the business holding exactly `permissions`. */
export async function grant(db: Database, businessId: string, userId: string, permissions: string[]) {
  const existing = await db.select().from(businessMembers).where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  if (existing.length) await db.update(businessMembers).set({ permissions }).where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  else await db.insert(businessMembers).values({ businessId, userId, permissions });
}
