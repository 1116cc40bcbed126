import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekday } from "#domain/pricing/dates.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, type BookingsFixture } from "./bookings-fixture.ts";
import { mulberry32, reservationWriter } from "./tracking-fixture.ts";

/**
 * The backtest never sees the future: the forecast it reports for a past night, made h days
 * before, must equal the live forecast of a copy of the hotel cut back to what was known then
 * (reservations made later removed, later cancellations undone, later blocks removed) with the
 * clock set to that day. Any use of later data — final figures, later bookings or cancellations,
 * blocks recorded later — makes the two differ.
 */
const NOW = new Date("2026-06-15T15:00:00Z");
/** Past nights and how many days before them the forecast is checked; latest "as of" day first (each cut removes more). */
const CASES = [
  { night: "2026-06-12", horizon: 7, method: "multiplicative" },
  { night: "2026-05-20", horizon: 30, method: "additive" },
  { night: "2026-05-21", horizon: 30, method: "multiplicative" },
  { night: "2026-04-30", horizon: 60, method: "additive" },
] as const;
let t: TestApi;
let f: BookingsFixture;

beforeAll(async () => {
  t = await createTestApi({ seed: true });
  t.clock.now = NOW;
  f = await bookingsFixture(t, { pricing: false, rooms: false });
  const w = reservationWriter(t.db, f.business.id);
  const random = mulberry32(42);
  for (let night = "2025-01-01"; night <= "2026-09-15"; night = addDays(night, 1)) {
    const weekend = weekday(night) === 5 || weekday(night) === 6;
    const summer = night.slice(5, 7) <= "02" || night.slice(5, 7) === "12";
    const chance = 0.35 + (weekend ? 0.35 : 0) + (summer ? 0.15 : 0);
    for (const c of [f.standard, f.deluxe, f.suite]) {
      for (let room = 0; room < c.roomCount; room++) {
        if (random() > chance) continue;
        // A few walk-ins are typed in the morning after (booked after their night).
        const lead = random() < 0.03 ? -1 : Math.floor(random() * random() * 100);
        const created = new Date(Date.parse(`${addDays(night, -lead)}T12:00:00Z`) + Math.floor(random() * 10) * 3_600_000);
        if (created > NOW) continue;
        const roll = random();
        // Most cancellations come before the night; a few correct the record days after it.
        const cancel =
          roll < 0.12
            ? new Date(created.getTime() + Math.floor(random() * (Math.max(0, lead) + 1)) * 86_400_000)
            : roll < 0.15
              ? new Date(Date.parse(`${addDays(night, 5)}T12:00:00Z`))
              : null;
        w.stay({
          categoryId: c.id,
          arrival: night,
          rate: 20_000 + (weekend ? 8_000 : 0) + Math.floor(random() * 5) * 1_000,
          createdAt: created.toISOString(),
          cancelledAt: cancel && cancel <= NOW ? cancel.toISOString() : undefined,
          status: cancel && cancel <= NOW ? undefined : night < "2026-06-15" ? "checked_out" : "confirmed",
        });
      }
    }
  }
  // Right before each "as of" day of the cases below, stays whose record was corrected after that
  // day: a forecast that read final figures instead of what was known would count them differently.
  for (const c of CASES) {
    const asOf = addDays(c.night, -c.horizon);
    for (let k = 1; k <= 7; k++) {
      w.stay({ categoryId: f.standard.id, arrival: addDays(asOf, -k), rate: 21_000, createdAt: `${addDays(asOf, -k - 20)}T12:00:00Z`, cancelledAt: `${addDays(asOf, 3)}T12:00:00Z` });
    }
  }
  await w.flush();
  // Two Standard rooms closed for nights in May, recorded on 1 May.
  await w.block({ categoryId: f.standard.id, startsAt: "2026-05-19", endsAt: "2026-05-21", count: 2, createdAt: "2026-05-01T12:00:00Z" });
}, 120_000);
afterAll(() => t.close());

/** Cuts the hotel back to what was known at the end of `day` (São Paulo). */
async function knownAt(day: string) {
  const local = (column: string) => sql.raw(`(${column} at time zone 'America/Sao_Paulo')::date`);
  const id = f.business.id;
  await t.db.execute(sql`delete from reservation_nights where reservation_id in (select id from reservations where business_id = ${id} and ${local("created_at")} > ${day}::date)`);
  await t.db.execute(sql`delete from reservations where business_id = ${id} and ${local("created_at")} > ${day}::date`);
  await t.db.execute(sql`update reservations set status = 'confirmed', cancelled_at = null where business_id = ${id} and cancelled_at is not null and ${local("cancelled_at")} > ${day}::date`);
  await t.db.execute(sql`delete from room_blocks where business_id = ${id} and ${local("created_at")} > ${day}::date`);
  t.clock.now = new Date(`${day}T23:00:00Z`); // 20:00 in São Paulo
}

describe("the backtest", () => {
  it("reports for each past night the forecast made h days before with only what was known then", async () => {
    const cases = CASES;
    const reported: { room_nights: number; actual: number }[] = [];
    for (const c of cases) {
      const accuracy = await t.json("GET", `${f.base}/tracking/forecast/accuracy?method=${c.method}`, { token: f.token, status: 200 });
      expect(accuracy.methods[c.method].map((h: any) => h.days)).toEqual([7, 30, 60]);
      const night = accuracy.nights.find((n: any) => n.date === c.night);
      reported.push({ room_nights: night.forecast[c.horizon].room_nights, actual: night.actual.room_nights });
    }
    for (const [i, c] of cases.entries()) {
      const asOf = addDays(c.night, -c.horizon);
      await knownAt(asOf);
      const live = await t.json("GET", `${f.base}/tracking/forecast?from=${c.night}&to=${c.night}&method=${c.method}`, { token: f.token, status: 200 });
      expect(live.today).toBe(asOf);
      expect(live.nights[0].days_before).toBe(c.horizon);
      expect(live.nights[0].forecast.room_nights, `${c.night} at ${c.horizon} days, ${c.method}`).toBe(reported[i].room_nights);
      // The test means something: the night picked up rooms after that day, which a leak would have seen.
      expect(live.nights[0].on_the_books.room_nights).toBeLessThan(reported[i].actual);
    }
  });
});

describe("accuracy", () => {
  it("is measured for both methods at 7, 30 and 60 days out and names the better one", async () => {
    t.clock.now = NOW;
    // (The history was cut back above; what is left is still a year and a half of stays.)
    const a = await t.json("GET", `${f.base}/tracking/forecast/accuracy`, { token: f.token, status: 200 });
    for (const method of ["additive", "multiplicative"]) {
      for (const h of a.methods[method]) {
        expect(h.nights).toBeGreaterThan(0);
        expect(h.mape).toBeGreaterThanOrEqual(0);
        expect(h.mae_points).toBeGreaterThanOrEqual(0);
      }
    }
    const mean = (m: string) => a.methods[m].reduce((s: number, h: any) => s + h.mape, 0) / 3;
    expect(a.best_method).toBe(mean("multiplicative") < mean("additive") ? "multiplicative" : "additive");
  });
});
