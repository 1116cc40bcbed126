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
import { businesses, guests, reservationNights, reservations, roomCategories, salesChannels, users } from "#api/db/schema/index.ts";
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

  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  for (let i = 0; i < stays.length; i += CHUNK) {
    const chunk = stays.slice(i, i + CHUNK);
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const codes = await newCodes(tx, REAL_HOTEL.id, chunk.length);
      const guestRows = chunk.map((s, k) => ({ id: randomUUID(), businessId: REAL_HOTEL.id, name: codes[k]!, country: s.country }));
      await tx.insert(guests).values(guestRows);
      const rows = chunk.map((s, k) => ({
        id: randomUUID(),
        businessId: REAL_HOTEL.id,
        code: codes[k]!,
        guestId: guestRows[k]!.id,
        status: s.status !== "booked" ? s.status : s.departure <= today ? ("checked_out" as const) : ("checked_in" as const),
        arrival: s.arrival,
        departure: s.departure,
        categoryId: s.categoryId,
        adults: s.adults,
        children: s.children,
        ratePerNight: Math.round(s.total / stayNights(s.arrival, s.departure).length),
        total: s.total,
        currency: "EUR",
        channel: s.channel,
        createdAt: at(s.bookedOn),
        cancelledAt: s.cancelledOn ? at(s.cancelledOn) : null,
        updatedAt: at(s.cancelledOn ?? s.bookedOn),
      }));
      await tx.insert(reservations).values(rows);
      const nights = chunk.flatMap((s, k) => {
        const dates = stayNights(s.arrival, s.departure);
        const rates = nightRates(s.total, dates.length);
        return dates.map((night, n) => ({ reservationId: rows[k]!.id, night, businessId: REAL_HOTEL.id, categoryId: s.categoryId, rate: rates[n]!, holds: s.status === "booked" }));
      });
      for (let n = 0; n < nights.length; n += 5_000) await tx.insert(reservationNights).values(nights.slice(n, n + 5_000));
    });
  }
  // The rooms each night sold, as every booking path keeps them (the data never sold more than the 187 rooms).
  await db.execute(sql`insert into inventory_nights (category_id, night, business_id, sold)
    select category_id, night, business_id, count(*)::int from reservation_nights where business_id = ${REAL_HOTEL.id} and holds
    group by 1, 2, 3 order by 1, 2 on conflict (category_id, night) do update set sold = excluded.sold`);
  return true;
}
