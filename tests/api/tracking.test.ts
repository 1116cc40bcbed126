import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { bookingEvents } from "#api/services/metrics/on-the-books.ts";
import { bookingCurve } from "#domain/metrics/pace.ts";
import { toDayNumber } from "#domain/pricing/dates.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, otherOwner, type BookingsFixture } from "./bookings-fixture.ts";
import { reservationWriter } from "./tracking-fixture.ts";

/**
 * Pickup, pace, booking curves and on-the-books against numbers worked out by hand from
 * reservations created at known instants. The hotel is in São Paulo (UTC−3): an instant of
 * 02:00 UTC on 15 June is still 14 June there, and that is the day it was booked.
 */
const NOW = new Date("2026-06-15T15:00:00Z"); // 12:00 in São Paulo: today is 2026-06-15
let t: TestApi;
let f: BookingsFixture;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = NOW;
  f = await bookingsFixture(t, { pricing: false, rooms: false });
  const w = reservationWriter(t.db, f.business.id);
  const [std, dlx, ste] = [f.standard.id, f.deluxe.id, f.suite.id];
  w.stay({ categoryId: std, arrival: "2026-07-10", nights: 2, rate: 20_000, createdAt: "2026-06-14T13:00:00Z" }); // R1
  w.stay({ categoryId: dlx, arrival: "2026-07-10", rate: 30_000, createdAt: "2026-05-01T12:00:00Z", cancelledAt: "2026-06-12T12:00:00Z" }); // R2
  w.stay({ categoryId: std, arrival: "2026-07-11", rate: 25_000, createdAt: "2026-06-15T02:00:00Z" }); // R3: 14 June in São Paulo
  w.stay({ categoryId: ste, arrival: "2026-07-10", nights: 3, rate: 50_000, createdAt: "2026-06-10T12:00:00Z" }); // R4
  w.stay({ categoryId: std, arrival: "2026-07-12", rate: 20_000, createdAt: "2026-06-15T12:00:00Z", cancelledAt: "2026-06-15T13:00:00Z" }); // R5
  w.stay({ categoryId: std, arrival: "2025-07-11", rate: 18_000, createdAt: "2025-06-10T12:00:00Z", status: "checked_out" }); // R6, last year
  w.stay({ categoryId: std, arrival: "2025-07-11", rate: 20_000, createdAt: "2025-06-20T12:00:00Z", status: "checked_out" }); // R7, last year, booked later
  w.stay({ categoryId: dlx, arrival: "2025-07-20", rate: 22_000, createdAt: "2025-07-01T12:00:00Z", status: "no_show" }); // R8: a no-show
  await w.flush();
  await w.block({ categoryId: dlx, startsAt: "2026-07-10", endsAt: "2026-07-11", createdAt: "2026-06-01T12:00:00Z" });
});
afterAll(() => t.close());

const get = (path: string, status = 200) => t.json("GET", `${f.base}/tracking/${path}`, { token: f.token, status });

describe("on the books as of a date", () => {
  it("counts each night booked by the end of that day and not cancelled by then", async () => {
    const today = await get("on-the-books?from=2026-07-10&to=2026-07-12");
    expect(today.as_of).toBe("2026-06-15");
    expect(today.nights.map((n: any) => [n.date, n.room_nights, n.revenue, n.capacity])).toEqual([
      ["2026-07-10", 2, 70_000, 13],
      ["2026-07-11", 3, 95_000, 13],
      ["2026-07-12", 1, 50_000, 14],
    ]);
    expect(today.nights[0].occupancy).toBe(0.1538);
    const earlier = await get("on-the-books?as_of=2026-06-11&from=2026-07-10&to=2026-07-12");
    expect(earlier.nights.map((n: any) => [n.room_nights, n.revenue])).toEqual([[2, 80_000], [1, 50_000], [1, 50_000]]);
    // Before the block was recorded the Deluxe room was still for sale.
    const may = await get("on-the-books?as_of=2026-05-20&from=2026-07-10&to=2026-07-10");
    expect(may.nights[0]).toMatchObject({ room_nights: 1, revenue: 30_000, capacity: 14 });
  });

  it("books a reservation on the hotel's day, not UTC's", async () => {
    const june14 = await get("on-the-books?as_of=2026-06-14&from=2026-07-11&to=2026-07-11");
    expect(june14.nights[0].room_nights).toBe(3);
  });

  it("a no-show is on the books until its arrival day, then off", async () => {
    const before = await get("on-the-books?as_of=2025-07-19&from=2025-07-20&to=2025-07-20");
    const after = await get("on-the-books?as_of=2025-07-20&from=2025-07-20&to=2025-07-20");
    expect([before.nights[0].room_nights, after.nights[0].room_nights]).toEqual([1, 0]);
  });
});

describe("pickup", () => {
  it("nets bookings and cancellations of the last 7 days, by stay date and by booking date", async () => {
    const p = await get("pickup?window=7&days=3");
    expect([p.as_of, p.from, p.to, p.window]).toEqual(["2026-06-15", "2026-06-15", "2026-06-17", 7]);
    // No stays in the next 3 nights.
    expect(p.totals.net).toEqual({ room_nights: 0, revenue: 0 });
    const july = await get("pickup?as_of=2026-06-15&window=7&days=30");
    const stay = Object.fromEntries(july.by_stay_date.map((n: any) => [n.date, n.pickup]));
    expect(stay["2026-07-10"]).toEqual({ room_nights: 1, revenue: 40_000 });
    expect(stay["2026-07-11"]).toEqual({ room_nights: 3, revenue: 95_000 });
    expect(stay["2026-07-12"]).toEqual({ room_nights: 1, revenue: 50_000 });
    const day = Object.fromEntries(july.by_booking_date.map((d: any) => [d.date, d]));
    expect(july.by_booking_date.map((d: any) => d.date)).toEqual(["2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-15"]);
    expect(day["2026-06-10"].booked).toEqual({ room_nights: 3, revenue: 150_000 });
    // R2 was booked before the window and cancelled in it: lost.
    expect(day["2026-06-12"].cancelled).toEqual({ room_nights: 1, revenue: 30_000 });
    expect(day["2026-06-14"].booked).toEqual({ room_nights: 3, revenue: 65_000 });
    // R5 was booked and cancelled today: neither gained nor lost.
    expect(day["2026-06-15"]).toMatchObject({ booked: { room_nights: 0 }, cancelled: { room_nights: 0 }, net: { room_nights: 0, revenue: 0 } });
    expect(july.totals).toMatchObject({ booked: { room_nights: 6, revenue: 215_000 }, cancelled: { room_nights: 1, revenue: 30_000 }, net: { room_nights: 5, revenue: 185_000 } });
    // Both views add up to the same net pickup.
    const sum = july.by_stay_date.reduce((s: number, n: any) => s + n.pickup.room_nights, 0);
    expect(sum).toBe(5);
  });

  it("a one-day window on the hotel's day holds only what changed that day", async () => {
    const p = await get("pickup?window=1&days=30");
    expect(p.totals).toMatchObject({ booked: { room_nights: 0 }, cancelled: { room_nights: 0 }, net: { room_nights: 0, revenue: 0 } });
    expect(p.by_stay_date.every((n: any) => n.pickup.room_nights === 0)).toBe(true);
  });

  it("shows last year's books for the same weekday 52 weeks earlier at the same lead", async () => {
    const p = await get("pickup?window=7&days=30");
    const night = p.by_stay_date.find((n: any) => n.date === "2026-07-10");
    expect(night.last_year).toMatchObject({ date: "2025-07-11", on_the_books: { room_nights: 1, revenue: 18_000 } });
  });
});

describe("pace", () => {
  it("compares each stay month with the same month last year at the same lead, and last year's final", async () => {
    const p = await get("pace?from=2026-07&months=2");
    expect([p.as_of, p.last_year_as_of]).toEqual(["2026-06-15", "2025-06-15"]);
    const [july, august] = p.months;
    expect(july).toMatchObject({
      month: "2026-07",
      capacity: 14 * 31 - 2,
      on_the_books: { room_nights: 6, revenue: 215_000, occupancy: 0.0139 },
      last_year: { month: "2025-07", on_the_books: { room_nights: 1, revenue: 18_000 }, final: { room_nights: 2, revenue: 38_000 } },
      change: { room_nights: 5, revenue: 197_000, room_nights_percent: 500 },
    });
    expect(august).toMatchObject({ on_the_books: { room_nights: 0 }, change: { room_nights_percent: null } });
  });
});

describe("booking curves", () => {
  it("sum the month's books d days before each night, unknown leads left empty", async () => {
    const c = await get("booking-curves?month=2026-07");
    const [july, lastJuly] = c.curves;
    expect([july.key, lastJuly.key]).toEqual(["2026-07", "2025-07"]);
    // 31 July is 46 days after today: leads under 46 are not known yet.
    expect(july.points[45].room_nights).toBeNull();
    expect(july.points[46]).toMatchObject({ days_before: 46, room_nights: 1, revenue: 30_000 });
    // Last July is over: its whole curve is known, and at d = 0 it holds what stayed (the no-show is off).
    expect(lastJuly.points[0].room_nights).toBe(2);
    expect(lastJuly.points[25].room_nights).toBe(1);
  });

  it("agree with the domain's definition at every lead, by month and by category", async () => {
    const today = toDayNumber("2026-06-15");
    const events = await bookingEvents(t.db, { businessId: f.business.id, timezone: "America/Sao_Paulo", from: "2025-07-01", to: "2026-07-31" });
    const nightsOf = (first: string, last: string) => Array.from({ length: toDayNumber(last) - toDayNumber(first) + 1 }, (_, i) => toDayNumber(first) + i);
    const byMonth = await get("booking-curves?month=2026-07");
    for (const [curve, [first, last]] of [[byMonth.curves[0], ["2026-07-01", "2026-07-31"]], [byMonth.curves[1], ["2025-07-01", "2025-07-31"]]] as const) {
      const expected = bookingCurve(events, nightsOf(first, last), today);
      expect(curve.points.map((p: any) => p.room_nights)).toEqual(expected.map((e) => e?.roomNights ?? null));
    }
    const byCategory = await get("booking-curves?month=2025-07&by=category");
    for (const curve of byCategory.curves) {
      const expected = bookingCurve(events.filter((e) => e.categoryId === curve.key), nightsOf("2025-07-01", "2025-07-31"), today);
      expect(curve.points.map((p: any) => p.revenue)).toEqual(expected.map((e) => e?.revenue ?? null));
    }
    expect(byCategory.curves.map((k: any) => k.name)).toEqual(["Standard", "Deluxe", "Suíte"]);
  });
});

describe("forecast", () => {
  it("gives each night the rooms expected occupied within what can be sold, its range, the demand and the method in use", async () => {
    const fc = await get("forecast?from=2026-07-10&to=2026-07-12");
    expect(fc.nights.map((n: any) => [n.date, n.days_before])).toEqual([["2026-07-10", 25], ["2026-07-11", 26], ["2026-07-12", 27]]);
    for (const n of fc.nights) {
      expect(n.forecast.room_nights).toBeGreaterThanOrEqual(0);
      expect(n.forecast.room_nights).toBeLessThanOrEqual(Math.max(n.capacity, n.on_the_books.room_nights));
      expect(n.expected_cancellations).toBeGreaterThanOrEqual(0);
      expect(n.expected_cancellations).toBeLessThanOrEqual(n.on_the_books.room_nights);
      expect(n.unconstrained).toBeGreaterThanOrEqual(n.forecast.room_nights);
      expect(fc.horizons.find((h: any) => h.days === 30).method).toBe(n.method);
    }
    expect(fc.nights[0].on_the_books).toMatchObject({ room_nights: 2, revenue: 70_000 });
    expect(fc.nights[0].capacity).toBe(13);
    expect(fc.totals.on_the_books.room_nights).toBe(2 + 3 + 1);
    const suite = await get(`forecast?from=2026-07-10&to=2026-07-10&category=${f.suite.id}`);
    expect(suite.nights[0]).toMatchObject({ capacity: 2, on_the_books: { room_nights: 1, revenue: 50_000 } });
    expect(suite.category).toEqual({ uuid: f.suite.id, name: "Suíte" });
  });
});

describe("access and bad input", () => {
  const paths = ["on-the-books", "pickup", "pace", "booking-curves", "forecast", "forecast/accuracy"];

  it("needs user.business-intelligence on the business, and the business to be the caller's", async () => {
    const collaborator = await t.login(demoUsers.collaborator.email);
    const stranger = await otherOwner(t);
    for (const p of paths) {
      await t.json("GET", `/api/v1/businesses/${DEMO_BUSINESS.id}/tracking/${p}`, { token: collaborator, status: 403 });
      await t.json("GET", `${f.base}/tracking/${p}`, { token: stranger.token, status: 403 });
      await t.json("GET", `${f.base}/tracking/${p}`, { status: 401 });
      await t.json("GET", `/api/v1/businesses/not-a-uuid/tracking/${p}`, { token: f.token, status: 422 });
      await t.json("GET", `/api/v1/businesses/00000000-0000-4000-8000-000000000000/tracking/${p}`, { token: f.token, status: 404 });
    }
  });

  it("answers 422 beside the field for malformed or out-of-range parameters, never 500", async () => {
    const bad: [string, string][] = [
      ["on-the-books?as_of=2026-02-30", "as_of"],
      ["on-the-books?from=2026-07-10&to=2026-07-01", "to"],
      ["on-the-books?from=2026-01-01&to=2027-06-01", "to"],
      ["on-the-books?category=00000000-0000-4000-8000-000000000000", "category"],
      ["pickup?window=3", "window"],
      ["pickup?days=0", "days"],
      ["pickup?days=abc", "days"],
      ["pace?from=2026-13", "from"],
      ["pace?months=25", "months"],
      ["booking-curves?by=week", "by"],
      ["booking-curves?month=julho", "month"],
      ["forecast?from=2026-06-01", "from"],
      ["forecast?category=abc", "category"],
      ["forecast?days=367", "days"],
    ];
    for (const [path, field] of bad) {
      const answer = await get(path, 422);
      expect(Object.keys(answer.errors), path).toEqual([field]);
    }
    const en = await t.json("GET", `${f.base}/tracking/pace?from=2026-13`, { token: f.token, lang: "en", status: 422 });
    expect(en.errors.from[0]).toBe("Enter a month as YYYY-MM.");
  });
});
