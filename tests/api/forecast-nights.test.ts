import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nightDemand } from "#domain/brain/demand.ts";
import { addDays } from "#domain/pricing/dates.ts";
import { rowsOf } from "#api/db/query.ts";
import { forecastNightsTable, roomCategories } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS, DEMO_TIME_ZONE } from "#api/seed/businesses.ts";
import { demoUsers } from "#api/seed/users.ts";
import { recommendInputs } from "#api/services/brain/signals.ts";
import { refreshForecastNights, STORED_NIGHTS } from "#api/services/forecast/stored-nights.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";

/**
 * The forecast stored for the revenue brain (ADR 0054): the year ahead of every room category of
 * the demo pousada, and the brain's demand read from it while it is fresh (else the booking curves).
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const business = { id: DEMO_BUSINESS.id, timezone: DEMO_TIME_ZONE, country: "BR", state: "RJ" };

describe("the stored forecast of the year ahead", () => {
  it("holds every night × category from today, replaced whole by the next computation", async () => {
    const categories = await t.db.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.businessId, business.id));
    const today = businessToday(t.clock.now, business.timezone);
    expect(await refreshForecastNights(t.db, business.id, t.clock.now)).toBe(STORED_NIGHTS * categories.length);
    expect(await refreshForecastNights(t.db, business.id, t.clock.now)).toBe(STORED_NIGHTS * categories.length);
    const [{ count, first, last, asOf, negative }] = await rowsOf<{ count: number; first: string; last: string; asOf: string; negative: number }>(
      t.db,
      sql`select count(*)::int as count, min(night)::text as first, max(night)::text as last, min(as_of)::text as "asOf",
            count(*) filter (where unconstrained < 0 or low > high)::int as negative
          from forecast_nights where business_id = ${business.id}`,
    );
    expect({ count, first, last, asOf, negative }).toEqual({ count: STORED_NIGHTS * categories.length, first: today, last: addDays(today, STORED_NIGHTS - 1), asOf: today, negative: 0 });
  });

  it("gives the brain its demand while fresh: the forecast's rooms less the books, with its interval; stale, the booking curve's", async () => {
    const today = businessToday(t.clock.now, business.timezone);
    const from = addDays(today, 10);
    const to = addDays(today, 40);
    const [category] = await t.db.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.businessId, business.id)).orderBy(roomCategories.position);
    const inputs = () => recommendInputs(t.db, business, { from, to, today, now: t.clock.now, categoryIds: [category!.id], events: [] });
    const stored = new Map(
      (await t.db.select().from(forecastNightsTable).where(and(eq(forecastNightsTable.businessId, business.id), eq(forecastNightsTable.categoryId, category!.id)))).map((r) => [r.night, r]),
    );
    const fresh = await inputs();
    expect(fresh.length).toBe(31);
    let differ = 0;
    let scored = 0;
    for (const input of fresh) {
      const f = stored.get(input.night)!;
      if (f.low === null || f.high === null) continue;
      scored++;
      expect(input.demand.remainingDemand).toBeCloseTo(Math.max(0, f.unconstrained - input.demand.onTheBooks), 4);
      expect(input.demand.interval).toEqual({ low: f.low, high: f.high });
      expect(input.demand.known).toBe(true);
    }
    // The demo's history (a year and more) is long enough to score every horizon of the month ahead.
    expect(scored).toBe(31);
    // Two days old: the daily run is missing, so the booking curves speak again.
    await t.db.update(forecastNightsTable).set({ asOf: addDays(today, -2) }).where(eq(forecastNightsTable.businessId, business.id));
    const stale = await inputs();
    for (const [i, input] of stale.entries()) {
      const curveOnly = nightDemand({ curve: null, weekdayFactor: 1, lead: 0, onTheBooks: input.demand.onTheBooks, capacity: input.demand.capacity });
      if (input.demand.remainingDemand !== fresh[i]!.demand.remainingDemand) differ++;
      if (!input.demand.known) expect(input.demand).toEqual(curveOnly);
    }
    expect(differ).toBeGreaterThan(0);
  });

  it("gives the stay rules the forecast's occupancy of a night, the brain off: a demand rule relaxes where it is below the threshold", async () => {
    const today = businessToday(t.clock.now, business.timezone);
    await refreshForecastNights(t.db, business.id, t.clock.now);
    const [category] = await t.db.select({ id: roomCategories.id, rooms: roomCategories.roomCount }).from(roomCategories).where(eq(roomCategories.businessId, business.id)).orderBy(roomCategories.position);
    const from = addDays(today, 10);
    const to = addDays(today, 69);
    // What the test expects, from the stored rows and the books: (sold + the forecast's rooms still to come, within the rooms free of blocks) ÷ those rooms.
    const stored = new Map((await t.db.select().from(forecastNightsTable).where(and(eq(forecastNightsTable.businessId, business.id), eq(forecastNightsTable.categoryId, category!.id)))).map((r) => [r.night, r]));
    const books = new Map(
      (await rowsOf<{ night: string; sold: number; blocked: number }>(t.db, sql`select night::text as night, sold::int as sold, blocked::int as blocked from inventory_nights where business_id = ${business.id} and category_id = ${category!.id}`)).map((r) => [r.night, r]),
    );
    const expected = (night: string) => {
      const f = stored.get(night)!;
      const { sold, blocked } = books.get(night) ?? { sold: 0, blocked: 0 };
      const rooms = category!.rooms - blocked;
      return Math.round((Math.min(rooms, Math.max(sold, f.unconstrained)) / rooms) * 1000) / 10;
    };
    const occupancies = [...Array(60).keys()].map((i) => expected(addDays(from, i))).sort((a, b) => a - b);
    const threshold = occupancies[30]!; // the median night: some below, some not
    expect(occupancies[0]).toBeLessThan(threshold);

    const token = await t.login(demoUsers.owner.email);
    const base = `/api/v1/businesses/${business.id}`;
    expect((await t.json("GET", `${base}/recommendations`, { token, status: 200 })).settings.mode).toBe("off");
    const rule = await t.json("POST", `${base}/stay-rules/demand-rules`, { token, body: { category: category!.id, min_stay: 3, relax_below_occupancy_percent: threshold }, status: 201 });
    try {
      const answer = await t.json("GET", `${base}/stay-rules/nights?category=${category!.id}&from=${from}&to=${to}`, { token, status: 200 });
      let relaxed = 0;
      for (const n of answer.data as { night: string; min_stay_arrival: number; steps: { step: string; detail?: { reason?: string; occupancyPercent?: number } }[] }[]) {
        const occupancy = expected(n.night);
        const step = n.steps.find((s) => s.step === "demandRelaxed" || s.step === "demand")!;
        if (occupancy < threshold) {
          relaxed++;
          expect(step, n.night).toMatchObject({ step: "demandRelaxed", detail: { reason: "occupancy", occupancyPercent: occupancy } });
          expect(n.min_stay_arrival, n.night).toBe(1);
        } else {
          expect(step.step, n.night).toBe("demand");
          expect(n.min_stay_arrival, n.night).toBe(3);
        }
      }
      expect(relaxed).toBeGreaterThan(0);
    } finally {
      expect((await t.call("DELETE", `${base}/stay-rules/demand-rules/${rule.rule.uuid}`, { token })).status).toBe(204);
    }
  });
});
