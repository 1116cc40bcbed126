import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { stayNights } from "#domain/bookings/stay.ts";
import { BUILT_IN_PRESETS, mappingSchema } from "#domain/imports/mapping.ts";
import { mapRow, type ImportedStay } from "#domain/imports/rows.ts";
import { addDays, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, roomCategories, salesChannels, users } from "#api/db/schema/index.ts";
import { unnestColumns } from "#api/db/query.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { nightRates } from "#api/services/imports/run.ts";
import { seedBilling } from "./billing.ts";
import { BUILT_IN_PMS_ID } from "./businesses.ts";
import { demoUsers } from "./users.ts";
import { newCodes } from "#api/services/bookings/codes.ts";

/**
 * The second demo business: a real hotel, so every page can be seen on real bookings (issue 25
 * point 4). Its bookings are the public data set N. Antonio, A. de Almeida, L. Nunes, "Hotel
 * booking demand datasets", Data in Brief 22 (2019) 41–49, doi:10.1016/j.dib.2018.11.126, data
 * set H1 (a 187-room resort in the Algarve, 2015–2017), CC BY 4.0, kept in
 * tests/fixtures/hotel-booking-demand/. Each row goes through the import's own mapping (the
 * built-in preset "hotel-booking-demand", domain/imports) and is then moved by whole weeks, so
 * its last arrival falls in the week before today and every weekday stays what it was; the stays
 * that began then and go on past today are confirmed bookings of the coming nights.
 * Written in bulk, a transaction per chunk of reservations with their nights (the database's
 * triggers record the versions, migration 0031). Only `npm run db:seed` adds it: it takes tens
 * of seconds, too long for the first `npm start`.
 */
export const REAL_HOTEL = {
  id: "d3e00000-0000-4000-8000-000000000101",
  slug: "resort-algarve-dados-reais",
  companyName: "Resort Algarve (dados reais)",
  categoryId: "d3e00000-0000-4000-8000-000000000111",
  /** The resort's rooms, as the data set's article gives them. */
  rooms: 187,
} as const;

export const REAL_HOTEL_FILE = new URL("../../tests/fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);

/** The file's market segments as the hotel's sales channels (the forecast's cancellations differ by them). */
const SEGMENTS: Record<string, { code: string; name: string }> = {
  Direct: { code: "direct", name: "Direto" },
  "Online TA": { code: "online_ta", name: "Agências online" },
  "Offline TA/TO": { code: "offline_ta", name: "Agências e operadores" },
  Groups: { code: "groups", name: "Grupos" },
  Corporate: { code: "corporate", name: "Empresas" },
  Complementary: { code: "complementary", name: "Cortesia" },
};

/** Reservations written per transaction. */
const CHUNK = 2_000;

/**
 * The file's stays as the import maps them (rows it would skip — no nights — left out), moved by
 * the whole weeks that bring its last arrival into the week before `today`.
 */
export function realHotelStays(today: string): { stays: ImportedStay[]; shiftDays: number } {
  const rows = parse(gunzipSync(readFileSync(REAL_HOTEL_FILE)), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const types = [...new Set(rows.map((r) => r.reserved_room_type!))];
  const mapping = mappingSchema.parse({
    ...BUILT_IN_PRESETS["hotel-booking-demand"],
    // The file does not say how many rooms each type has: one category holds the 187 rooms.
    room_types: Object.fromEntries(types.map((t) => [t, REAL_HOTEL.categoryId])),
    channels: Object.fromEntries(Object.entries(SEGMENTS).map(([segment, c]) => [segment, c.code])),
  });
  const context = { mapping, today, seen: new Map<string, number>() };
  const mapped: ImportedStay[] = [];
  for (const row of rows) {
    const outcome = mapRow(row, context);
    if (outcome.ok) mapped.push(outcome.stay);
  }
  // The file holds the arrivals up to its last day: the nights after it have only the stays that
  // began before, so its last arrival, not its last night, is the last full night of history.
  let lastArrival = mapped[0]!.arrival;
  for (const s of mapped) if (s.arrival > lastArrival) lastArrival = s.arrival;
  const shiftDays = 7 * Math.floor((toDayNumber(today) - 1 - toDayNumber(lastArrival)) / 7);
  const move = (day: string) => addDays(day, shiftDays);
  const stays = mapped.map((s) => ({ ...s, bookedOn: move(s.bookedOn), cancelledOn: s.cancelledOn && move(s.cancelledOn), arrival: move(s.arrival), departure: move(s.departure) }));
  return { stays, shiftDays };
}

/** Adds the real hotel, owned by the demo owner, unless it is there already (or the owner is not). Returns whether it did. */
export async function seedRealHotel(db: Database, now: Date): Promise<boolean> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoUsers.owner.email));
  const [existing] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, REAL_HOTEL.id));
  if (!owner || existing) return false;
  const timezone = "Europe/Lisbon";
  const today = businessToday(now, timezone);
  const { stays } = realHotelStays(today);

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.insert(businesses).values({
      id: REAL_HOTEL.id,
      ownerId: owner.id,
      status: "SETUP_DONE",
      slug: REAL_HOTEL.slug,
      companyName: REAL_HOTEL.companyName,
      // The data set's credit, where the business's own details are shown (CC BY 4.0 asks for it).
      corporateName: "Dados públicos: N. Antonio, A. de Almeida, L. Nunes, Hotel booking demand datasets (2019), CC BY 4.0",
      website: "https://doi.org/10.1016/j.dib.2018.11.126",
      businessTypeId: "b7e00000-0000-4000-8000-000000000005", // resort (migration 0006)
      accommodationPurpose: "leisure",
      primaryCustomerSegment: "families",
      country: "PT",
      city: "Algarve",
      roomCount: REAL_HOTEL.rooms,
      totalRooms: REAL_HOTEL.rooms,
      pmsId: BUILT_IN_PMS_ID,
      currency: "EUR",
      timezone,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(roomCategories).values({ id: REAL_HOTEL.categoryId, businessId: REAL_HOTEL.id, name: "Quarto", roomCount: REAL_HOTEL.rooms, minOccupation: 1, maxOccupation: 6, position: 0, createdAt: now });
    await tx.insert(salesChannels).values(Object.values(SEGMENTS).map((c) => ({ businessId: REAL_HOTEL.id, code: c.code, name: c.name })));
    await seedBilling(tx, now, { businessId: REAL_HOTEL.id, addOns: [] });
  });

  // Each chunk in three statements, a column an array (unnestColumns): built row by row through the
  // query builder, the 40,000 bookings took over a minute of CPU, most of it building and parsing SQL.
  const at = (day: string) => `${day}T12:00:00Z`;
  for (let i = 0; i < stays.length; i += CHUNK) {
    const chunk = stays.slice(i, i + CHUNK);
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const codes = await newCodes(tx, REAL_HOTEL.id, chunk.length);
      const guestIds = chunk.map(() => randomUUID());
      const ids = chunk.map(() => randomUUID());
      const column = <T>(type: string, value: (s: ImportedStay, k: number) => T) => [type, chunk.map(value)] as const;
      await tx.execute(sql`insert into guests (id, business_id, name, country)
        select v.id, ${REAL_HOTEL.id}::uuid, v.name, v.country from ${unnestColumns([["uuid", guestIds], ["text", codes], column("text", (s) => s.country ?? null)])} as v(id, name, country)`);
      await tx.execute(sql`insert into reservations (id, business_id, code, guest_id, status, arrival, departure, category_id, adults, children,
          rate_per_night, total, currency, channel, created_at, cancelled_at, updated_at)
        select v.id, ${REAL_HOTEL.id}::uuid, v.code, v.guest_id, v.status, v.arrival, v.departure, v.category_id, v.adults, v.children,
          v.rate_per_night, v.total, 'EUR', v.channel, v.created_at, v.cancelled_at, v.updated_at
        from ${unnestColumns([
          ["uuid", ids],
          ["text", codes],
          ["uuid", guestIds],
          column("text", (s) => (s.status !== "booked" ? s.status : s.departure <= today ? "checked_out" : "checked_in")),
          column("date", (s) => s.arrival),
          column("date", (s) => s.departure),
          column("uuid", (s) => s.categoryId),
          column("int", (s) => s.adults),
          column("int", (s) => s.children),
          column("int", (s) => Math.round(s.total / stayNights(s.arrival, s.departure).length)),
          column("int", (s) => s.total),
          column("text", (s) => s.channel),
          column("timestamptz", (s) => at(s.bookedOn)),
          column("timestamptz", (s) => (s.cancelledOn ? at(s.cancelledOn) : null)),
          column("timestamptz", (s) => at(s.cancelledOn ?? s.bookedOn)),
        ])} as v(id, code, guest_id, status, arrival, departure, category_id, adults, children, rate_per_night, total, channel, created_at, cancelled_at, updated_at)`);
      const nights = chunk.flatMap((s, k) => {
        const dates = stayNights(s.arrival, s.departure);
        const rates = nightRates(s.total, dates.length);
        return dates.map((night, n) => [ids[k]!, night, s.categoryId, rates[n]!, s.status === "booked"] as const);
      });
      const nightColumn = (type: string, n: number) => [type, nights.map((row) => row[n])] as const;
      await tx.execute(sql`insert into reservation_nights (reservation_id, night, business_id, category_id, rate, holds)
        select v.reservation_id, v.night, ${REAL_HOTEL.id}::uuid, v.category_id, v.rate, v.holds
        from ${unnestColumns([nightColumn("uuid", 0), nightColumn("date", 1), nightColumn("uuid", 2), nightColumn("int", 3), nightColumn("boolean", 4)])} as v(reservation_id, night, category_id, rate, holds)`);
    });
  }
  // The rooms each night sold, as every booking path keeps them (the data never sold more than the 187 rooms).
  await db.execute(sql`insert into inventory_nights (category_id, night, business_id, sold)
    select category_id, night, business_id, count(*)::int from reservation_nights where business_id = ${REAL_HOTEL.id} and holds
    group by 1, 2, 3 order by 1, 2 on conflict (category_id, night) do update set sold = excluded.sold`);
  return true;
}
