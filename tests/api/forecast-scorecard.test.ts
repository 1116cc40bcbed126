import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyCommand } from "#api/services/daily/commands.ts";
import { runDailyCommand } from "#api/services/daily/runs.ts";
import { backtest, ISSUE_HORIZONS } from "#domain/forecast/backtest.ts";
import { addDays, toDayNumber, weekday } from "#domain/pricing/dates.ts";
import { backtestOffThread } from "#api/services/forecast/backtest-thread.ts";
import { loadForecastInputs } from "#api/services/forecast/input.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, otherOwner, type BookingsFixture } from "./bookings-fixture.ts";
import { mulberry32 } from "#domain/random.ts";
import { reservationWriter } from "./tracking-fixture.ts";

/**
 * The forecast of /tracking (domain/forecast from the reservation versions) and its scorecard,
 * stored by the daily command forecast.scorecard: a hotel with a year and a quarter of history, one
 * whose history starts after the scorecard's first night, and one with none.
 */
const NOW = new Date("2026-06-15T15:00:00Z"); // 12:00 in São Paulo
const TODAY = "2026-06-15";
let t: TestApi;
let full: BookingsFixture;
let recent: BookingsFixture;
let empty: BookingsFixture;
const scorecard = dailyCommand("forecast.scorecard")!;

/** One stay of the generated history, as the test knows it (days are the hotel's, in São Paulo). */
interface Known {
  night: string;
  bookedOn: string;
  cancelledOn: string | null;
}

/** Random one-night stays on every night from `first` on, booked up to 90 days ahead, one in ten cancelled; what the test knows of each. */
async function history(f: BookingsFixture, first: string, seed: number): Promise<Known[]> {
  const w = reservationWriter(t.db, f.business.id);
  const random = mulberry32(seed);
  const known: Known[] = [];
  for (let night = first; night <= "2026-09-15"; night = addDays(night, 1)) {
    const weekend = weekday(night) === 5 || weekday(night) === 6;
    for (const c of [f.standard, f.deluxe, f.suite]) {
      for (let room = 0; room < c.roomCount; room++) {
        if (random() > 0.4 + (weekend ? 0.3 : 0)) continue;
        const lead = Math.floor(random() * random() * 90);
        const bookedOn = addDays(night, -lead);
        // Between 12:00 and 21:00 UTC: 09:00 to 18:00 in São Paulo, the same day.
        const created = new Date(Date.parse(`${bookedOn}T12:00:00Z`) + Math.floor(random() * 10) * 3_600_000);
        if (created > NOW) continue;
        const days = random() < 0.1 ? Math.floor(random() * (lead + 1)) : null;
        const cancel = days === null ? null : new Date(created.getTime() + days * 86_400_000);
        const cancelled = cancel !== null && cancel <= NOW;
        w.stay({
          categoryId: c.id,
          arrival: night,
          rate: 20_000 + (weekend ? 8_000 : 0),
          createdAt: created.toISOString(),
          cancelledAt: cancelled ? cancel.toISOString() : undefined,
          status: cancelled ? undefined : night < TODAY ? "checked_out" : "confirmed",
        });
        known.push({ night, bookedOn, cancelledOn: cancelled ? addDays(bookedOn, days!) : null });
      }
    }
  }
  await w.flush();
  return known;
}

let fullStays: Known[];

beforeAll(async () => {
  t = await createTestApi({ seed: true });
  t.clock.now = NOW;
  full = await bookingsFixture(t, { pricing: false, rooms: false });
  recent = await bookingsFixture(t, { pricing: false, rooms: false });
  empty = await bookingsFixture(t, { pricing: false, rooms: false });
  fullStays = await history(full, "2025-03-01", 7);
  await history(recent, "2026-03-01", 11);
}, 180_000);
afterAll(() => t.close());

const forecast = (f: BookingsFixture, query = "") => t.json("GET", `${f.base}/tracking/forecast${query}`, { token: f.token, status: 200 });

describe("the forecast of /tracking", () => {
  it("forecasts every night asked with the rooms expected occupied inside its 80 % range, the demand and the method of its distance", async () => {
    const fc = await forecast(full, "?days=120");
    expect(fc.nights).toHaveLength(120);
    expect(fc.nights[0]).toMatchObject({ date: TODAY, days_before: 0 });
    expect(fc.horizons.map((h: any) => h.days)).toEqual([1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365]);
    for (const n of fc.nights) {
      expect(n.low).not.toBeNull();
      expect(n.low).toBeLessThanOrEqual(n.forecast.room_nights);
      expect(n.high).toBeGreaterThanOrEqual(n.forecast.room_nights);
      expect(n.high).toBeLessThanOrEqual(n.capacity);
      expect(n.unconstrained).toBeGreaterThanOrEqual(n.forecast.room_nights);
      expect(n.expected_cancellations).toBeLessThanOrEqual(n.on_the_books.room_nights);
      const horizon = fc.horizons.find((h: any) => h.days >= n.days_before);
      expect(n.method).toBe(horizon.method);
    }
    // A tenth of the bookings are cancelled: some of what is on the books 60 days out is expected to go.
    expect(fc.nights.slice(30, 90).some((n: any) => n.expected_cancellations > 0)).toBe(true);
    // Far nights have little on the books yet: the forecast adds the bookings still to come.
    const far = fc.nights.slice(60, 120);
    expect(far.reduce((s: number, n: any) => s + n.forecast.room_nights, 0)).toBeGreaterThan(far.reduce((s: number, n: any) => s + n.on_the_books.room_nights, 0));
    expect(fc.totals.forecast.room_nights).toBeCloseTo(fc.nights.reduce((s: number, n: any) => s + n.forecast.room_nights, 0), 0);
  });

  it("has no scorecard before the first computation", async () => {
    expect((await forecast(full)).scorecard).toBeNull();
    expect(await t.json("GET", `${full.base}/tracking/forecast/accuracy`, { token: full.token, status: 200 })).toEqual({ today: TODAY, scorecard: null });
  });
});

describe("the scorecard", () => {
  beforeAll(async () => {
    for (const f of [full, recent, empty]) expect((await runDailyCommand(t.db, scorecard, f.business.id, { now: NOW })).outcome).toBe("succeeded");
  }, 300_000);

  it("scores the hotel's last year at 1 … 90 days out, the forecast in use beside the baselines, in rooms and in %", async () => {
    const s = (await forecast(full)).scorecard;
    expect(s).toMatchObject({ status: "ready", as_of: TODAY, from: "2025-06-15", to: "2026-06-14", computed_at: NOW.toISOString() });
    expect(s.horizons.map((h: any) => h.days)).toEqual([1, 3, 7, 14, 30, 60, 90]);
    for (const h of s.horizons) {
      expect(h.nights).toBeGreaterThan(300);
      expect(Object.keys(h.baselines)).toEqual(["onTheBooks", "sameWeekdayLastYear", "additivePickup", "multiplicativePickup", "lastYearPickup"]);
      expect(h.coverage).toBeGreaterThanOrEqual(0);
      expect(h.coverage).toBeLessThanOrEqual(100);
      expect(h.forecast.percent).toBeGreaterThan(0);
    }
  });

  it("gives the 'on the books' baseline the error this test computes from its own bookings", async () => {
    const s = (await forecast(full)).scorecard;
    for (const h of s.horizons) {
      let percent = 0;
      let rooms = 0;
      let nights = 0;
      for (let night = "2025-06-15"; night <= "2026-06-14"; night = addDays(night, 1)) {
        const asOf = addDays(night, -h.days);
        const ofNight = fullStays.filter((k) => k.night === night);
        const sold = ofNight.filter((k) => k.cancelledOn === null).length;
        const onBooks = ofNight.filter((k) => k.bookedOn <= asOf && (k.cancelledOn === null || k.cancelledOn > asOf)).length;
        if (sold === 0) continue;
        nights++;
        percent += Math.abs(onBooks - sold) / sold;
        rooms += Math.abs(onBooks - sold);
      }
      expect(h.nights, `h=${h.days}`).toBe(nights);
      expect(h.baselines.onTheBooks.percent, `h=${h.days}`).toBeCloseTo((100 * percent) / nights, 1);
      expect(h.baselines.onTheBooks.rooms, `h=${h.days}`).toBeCloseTo(rooms / nights, 1);
    }
  });

  it("is what /tracking/forecast/accuracy answers: the forecast in use per horizon beside the baselines", async () => {
    const accuracy = await t.json("GET", `${full.base}/tracking/forecast/accuracy`, { token: full.token, status: 200 });
    expect(accuracy).toEqual({ today: TODAY, scorecard: (await forecast(full)).scorecard });
    expect(accuracy.scorecard.horizons[0]).toMatchObject({ days: 1, method: expect.any(String), forecast: { percent: expect.any(Number) } });
    await t.json("GET", `${full.base}/tracking/forecast/accuracy`, { token: (await otherOwner(t)).token, status: 403 });
  });

  it("scores only the nights since the history began when it starts after the year's first night", async () => {
    const s = (await forecast(recent)).scorecard;
    expect(s).toMatchObject({ status: "ready", from: "2026-03-01", to: "2026-06-14" });
    expect(s.horizons[0].nights).toBeLessThanOrEqual(106);
  });

  it("says the history is too short instead of showing empty figures", async () => {
    const s = (await forecast(empty)).scorecard;
    expect(s).toMatchObject({ status: "too_little_history", from: null, to: "2026-06-14", horizons: [] });
    const fc = await forecast(empty, "?days=30");
    expect(fc.nights.every((n: any) => n.forecast.room_nights === 0 && n.low === null && n.high === null)).toBe(true);
  });

  it("is the business's own: another owner cannot read it, and the daily run replaces it rather than adding one", async () => {
    const stranger = await otherOwner(t);
    await t.json("GET", `${full.base}/tracking/forecast`, { token: stranger.token, status: 403 });
    const later = new Date("2026-06-16T15:00:00Z");
    expect((await runDailyCommand(t.db, scorecard, empty.business.id, { now: later })).outcome).toBe("succeeded");
    const s = (await forecast(empty)).scorecard;
    expect(s).toMatchObject({ as_of: "2026-06-16", computed_at: later.toISOString() });
  });
});

describe("the scorecard's backtest on a worker thread", () => {
  it("leaves the server answering while it runs, and gives the figures the backtest gives in place", async () => {
    const inputs = await loadForecastInputs(t.db, full.business);
    const window = { from: toDayNumber("2025-06-15"), to: toDayNumber("2026-06-14"), today: toDayNumber(TODAY) };
    let finished = false;
    const running = backtestOffThread({ data: inputs.hotelData, window, horizons: ISSUE_HORIZONS }).then((scores) => {
      finished = true;
      return scores;
    });
    // Computed on the serving thread, the backtest would be over before this request is handled.
    expect(await t.json("GET", "/api/health", { status: 200 })).toMatchObject({ status: "ok" });
    expect(finished).toBe(false);
    expect(await running).toEqual(backtest(inputs.hotel, window, ISSUE_HORIZONS));
  }, 120_000);
});
