import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import {
  businesses,
  fluctuationLevels,
  guests,
  reservationNights,
  reservations,
  roomCategories,
  rooms,
  seasonalities,
  seasonalityLevelVariations,
  users,
} from "#api/db/schema/index.ts";
import { expectedInventory } from "#api/services/bookings/inventory.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { DEMO_PASSWORD, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/**
 * A hotel of its own for a bookings test file: the demo owner's "Pousada Teste" with the demo
 * pousada's three categories (Standard 8 rooms 1–2 guests, Deluxe 4 rooms 1–3, Suíte 2 rooms
 * 2–4), numbered rooms, and a minimal tariff (reference season R$ 250, bands 0–40 / 40–70 / 70–100
 * at +0 / +10 % / +25 %, Deluxe +R$ 80, Suíte +40 %).
 */
export async function bookingsFixture(t: TestApi, options: { pricing?: boolean; rooms?: boolean } = {}) {
  const db = t.db;
  const owner = await userByEmail(db, demoUsers.owner.email);
  const [business] = await db
    .insert(businesses)
    .values({ ownerId: owner.id, slug: `teste-${randomBytes(4).toString("hex")}`, companyName: "Pousada Teste", status: "SETUP_DONE", roomCount: 14, totalRooms: 14 })
    .returning();
  const cats = await db
    .insert(roomCategories)
    .values([
      { businessId: business.id, name: "Standard", roomCount: 8, minOccupation: 1, maxOccupation: 2, position: 0 },
      { businessId: business.id, name: "Deluxe", roomCount: 4, minOccupation: 1, maxOccupation: 3, priceVariationValue: 8_000, position: 1 },
      { businessId: business.id, name: "Suíte", roomCount: 2, minOccupation: 2, maxOccupation: 4, priceVariationType: "percentage", priceVariationValue: 40, position: 2 },
    ])
    .returning();
  const [standard, deluxe, suite] = cats;
  if (options.rooms !== false) {
    await db.insert(rooms).values([
      ...[101, 102, 103, 104, 105, 106, 107, 108].map((n) => ({ businessId: business.id, categoryId: standard.id, number: String(n) })),
      ...[201, 202, 203, 204].map((n) => ({ businessId: business.id, categoryId: deluxe.id, number: String(n) })),
      ...[301, 302].map((n) => ({ businessId: business.id, categoryId: suite.id, number: String(n) })),
    ]);
  }
  if (options.pricing !== false) await minimalTariff(db, business.id);
  const token = await t.login(demoUsers.owner.email);
  const base = `/api/v1/businesses/${business.id}`;
  return { business, standard, deluxe, suite, token, owner, base };
}
export type BookingsFixture = Awaited<ReturnType<typeof bookingsFixture>>;

export async function minimalTariff(db: Database, businessId: string) {
  const levels = await db
    .insert(fluctuationLevels)
    .values([
      { businessId, level: 1, name: "Baixa", fromPercentage: 0, toPercentage: 40 },
      { businessId, level: 2, name: "Média", fromPercentage: 40, toPercentage: 70 },
      { businessId, level: 3, name: "Alta", fromPercentage: 70, toPercentage: 100 },
    ])
    .returning();
  const [season] = await db.insert(seasonalities).values({ businessId, title: "Base", color: "#4F7CAC", rate: 25_000, isReference: true }).returning();
  await db.insert(seasonalityLevelVariations).values(
    levels.map((l, i) => ({ seasonalityId: season.id, fluctuationLevelId: l.id, priceVariationType: "percentage" as const, priceVariation: [0, 10, 25][i] })),
  );
}

/** Another owner with a hotel of their own, signed in. */
export async function otherOwner(t: TestApi) {
  const email = `outro-${randomBytes(3).toString("hex")}@example.com`;
  await t.db.insert(users).values({ name: "Outro", surname: "Dono", email, passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["owner"], emailVerifiedAt: new Date() });
  return { email, token: await t.login(email) };
}

export function stay(f: BookingsFixture, over: Record<string, unknown> = {}) {
  return {
    arrival: "2027-03-10",
    departure: "2027-03-12",
    room_category_uuid: f.deluxe.id,
    adults: 2,
    children: 0,
    guest: { name: "Maria Souza", email: "maria@example.com", phone: "+55 48 99999-0000", country: "BR" },
    channel: "direct",
    ...over,
  };
}

/** The inventory counters equal a recount from reservations and blocks (nothing drifted, nothing half-written). */
export async function inventoryMatches(db: Database, businessId: string): Promise<{ ok: boolean; detail: string }> {
  const expected = await expectedInventory(db, businessId);
  const rows = (await db.execute(
    sql`select category_id, to_char(night, 'YYYY-MM-DD') as night, sold, blocked from inventory_nights where business_id = ${businessId}`,
  )) as unknown as { rows: { category_id: string; night: string; sold: number; blocked: number }[] };
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of rows.rows) {
    const k = `${r.category_id}|${r.night}`;
    seen.add(k);
    const e = expected.get(k) ?? { sold: 0, blocked: 0 };
    if (e.sold !== Number(r.sold) || e.blocked !== Number(r.blocked)) problems.push(`${k}: have ${r.sold}/${r.blocked}, expected ${e.sold}/${e.blocked}`);
  }
  for (const [k, e] of expected) if (!seen.has(k) && (e.sold || e.blocked)) problems.push(`${k}: missing, expected ${e.sold}/${e.blocked}`);
  return { ok: problems.length === 0, detail: problems.join("\n") };
}

/** Rows that a failed write could have left behind: guests without a reservation, nights without one. */
export async function orphanCount(db: Database, businessId: string) {
  const [g] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(guests)
    .where(sql`${guests.businessId} = ${businessId} and not exists (select 1 from reservations r where r.guest_id = ${guests.id})`);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservationNights)
    .where(sql`${reservationNights.businessId} = ${businessId} and not exists (select 1 from reservations r where r.id = ${reservationNights.reservationId})`);
  return Number(g.n) + Number(n.n);
}

export async function reservationCount(db: Database, businessId: string) {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(reservations).where(eq(reservations.businessId, businessId));
  return Number(r.n);
}
