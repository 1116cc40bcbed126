import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstNightKnown, forecastNight, round1 } from "#domain/metrics/forecast.ts";
import { onTheBooks } from "#domain/metrics/pace.ts";
import { addDays, toDayNumber, weekday } from "#domain/pricing/dates.ts";
import { loadHistory } from "#api/services/metrics/forecast.ts";
import { rowsOf } from "#api/db/query.ts";
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
/** The rate that marks the stays moved after the forecast day. */
const MOVED_RATE = 23_456;
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
  // On each case's night, stays booked weeks before its "as of" day and moved to other nights two
  // days after it: the books of that day had them on the night, today's record does not.
  for (const c of CASES) {
    const asOf = addDays(c.night, -c.horizon);
    for (let k = 0; k < 3; k++) w.stay({ categoryId: f.deluxe.id, arrival: c.night, rate: MOVED_RATE, createdAt: `${addDays(asOf, -20 - k)}T12:00:00Z` });
  }
  await w.flush();
  for (const c of CASES) {
    const movedAt = new Date(`${addDays(c.night, 2 - c.horizon)}T12:00:00Z`);
    await t.db.transaction(async (tx) => {
      const moved = sql`select id from reservations where business_id = ${f.business.id} and rate_per_night = ${MOVED_RATE} and arrival = ${c.night}::date`;
      await tx.execute(sql`update reservation_nights set night = night + 40 where reservation_id in (${moved})`);
      await tx.execute(sql`update reservations set arrival = arrival + 40, departure = departure + 40, updated_at = ${movedAt.toISOString()}::timestamptz where id in (${moved})`);
    });
  }
  // Two Standard rooms closed for nights in May, recorded on 1 May.
  await w.block({ categoryId: f.standard.id, startsAt: "2026-05-19", endsAt: "2026-05-21", count: 2, createdAt: "2026-05-01T12:00:00Z" });
}, 120_000);
afterAll(() => t.close());

/**
 * Cuts the hotel back to what was known at the end of `day` (São Paulo): the reservations'
 * versions made later (bookings, moves, cancellations) and the blocks recorded later are removed.
 */
async function knownAt(day: string) {
  const local = (column: string) => sql.raw(`(${column} at time zone 'America/Sao_Paulo')::date`);
  const id = f.business.id;
  await t.db.execute(sql`delete from reservation_versions where business_id = ${id} and ${local("valid_from")} > ${day}::date`);
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
    // What today's record has on each night in Deluxe, still booked on the "as of" day (a leaky reading of the books then).
    const deluxeNow: number[] = [];
    for (const c of cases) {
      const [row] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from reservations where business_id = ${f.business.id} and category_id = ${f.deluxe.id}
        and arrival <= ${c.night}::date and departure > ${c.night}::date and (created_at at time zone 'America/Sao_Paulo')::date <= ${addDays(c.night, -c.horizon)}::date
        and (cancelled_at is null or (cancelled_at at time zone 'America/Sao_Paulo')::date > ${addDays(c.night, -c.horizon)}::date)`);
      deluxeNow.push(Number(row.n));
    }
    for (const [i, c] of cases.entries()) {
      const asOf = addDays(c.night, -c.horizon);
      await knownAt(asOf);
      // The pickup forecast made live on that day, from the history the database then held (the
      // page's forecast is the newer one of domain/forecast; the backtest measures this classical one).
      const known = await loadHistory(t.db, { id: f.business.id, timezone: "America/Sao_Paulo" }, asOf);
      const [night, day] = [toDayNumber(c.night), toDayNumber(asOf)];
      const live = known.histories.reduce((sum, h) => sum + forecastNight(h, night, day, c.method, firstNightKnown(known.histories)(day)).forecast.roomNights, 0);
      expect(round1(live), `${c.night} at ${c.horizon} days, ${c.method}`).toBe(reported[i].room_nights);
      // The test means something: the night's books changed after that day, which a leak would have
      // seen — the three Deluxe stays moved away two days later were on them then, and are not now.
      const deluxe = known.histories.find((h) => h.id === f.deluxe.id)!;
      const deluxeThen = onTheBooks(deluxe.nights.get(night) ?? [], day).roomNights;
      expect(deluxeThen).toBeGreaterThanOrEqual(3);
      expect(deluxeNow[i]).toBeLessThan(deluxeThen);
    }
  });
});

describe("accuracy", () => {
  it("is measured for both methods at 7, 30 and 60 days out, each figure the mean of the nights it lists", async () => {
    t.clock.now = NOW;
    // (The history was cut back above; what is left is still a year and a half of stays.)
    const answers = await Promise.all(
      (["additive", "multiplicative"] as const).map((method) => t.json("GET", `${f.base}/tracking/forecast/accuracy?method=${method}`, { token: f.token, status: 200 })),
    );
    for (const a of answers) {
      expect(a.methods[a.method].map((h: any) => h.days)).toEqual([7, 30, 60]);
      for (const h of a.methods[a.method]) {
        const measured = a.nights.filter((n: any) => n.forecast[h.days]);
        expect(h.nights).toBe(measured.length);
        // The percentage error leaves out the nights that sold nothing; the error in points keeps them.
        const sold = measured.filter((n: any) => n.actual.room_nights > 0);
        expect(sold.length).toBeLessThan(measured.length);
        const mape = sold.reduce((s: number, n: any) => s + Math.abs(n.forecast[h.days].room_nights - n.actual.room_nights) / n.actual.room_nights, 0) / sold.length;
        const points = measured.reduce((s: number, n: any) => s + Math.abs(n.forecast[h.days].room_nights - n.actual.room_nights) / n.capacity, 0) / measured.length;
        // The answer lists forecasts to a tenth of a room, so the figures agree within half a point.
        expect(h.mape).toBeCloseTo(mape * 100, 0);
        expect(h.mae_points).toBeCloseTo(points * 100, 0);
      }
    }
    // Both answers name the same best method, and it is the one with the lower mean error.
    const [additive, multiplicative] = answers;
    expect(multiplicative.best_method).toBe(additive.best_method);
    const mean = (a: any) => a.methods[a.method].reduce((s: number, h: any) => s + h.mape, 0) / 3;
    const best = additive.best_method === "additive" ? additive : multiplicative;
    const other = best === additive ? multiplicative : additive;
    expect(mean(best)).toBeLessThanOrEqual(mean(other));
  });
});
