import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forecastModels } from "#api/db/schema/index.ts";
import { dailyCommand } from "#api/services/daily/commands.ts";
import { runDailyCommand } from "#api/services/daily/runs.ts";
import type { StoredModel } from "#api/services/metrics/forecast-model.ts";
import { addDays, weekday } from "#domain/pricing/dates.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, type BookingsFixture } from "./bookings-fixture.ts";
import { mulberry32, reservationWriter } from "./tracking-fixture.ts";

/**
 * The daily command `forecast.refresh` stores the pickup methods' backtest (ADR 0030); the accuracy
 * route reads it. Same books, same answer as computing on the spot.
 */
const NOW = new Date("2026-06-15T15:00:00Z"); // 12:00 in São Paulo
const TODAY = "2026-06-15";
let t: TestApi;
let f: BookingsFixture;
let w: ReturnType<typeof reservationWriter>;
const refresh = dailyCommand("forecast.refresh")!;

beforeAll(async () => {
  t = await createTestApi({ seed: true });
  t.clock.now = NOW;
  f = await bookingsFixture(t, { pricing: false, rooms: false });
  w = reservationWriter(t.db, f.business.id);
  const random = mulberry32(7);
  for (let night = "2025-03-01"; night <= "2026-09-15"; night = addDays(night, 1)) {
    const weekend = weekday(night) === 5 || weekday(night) === 6;
    for (const c of [f.standard, f.deluxe, f.suite]) {
      for (let room = 0; room < c.roomCount; room++) {
        if (random() > 0.4 + (weekend ? 0.3 : 0)) continue;
        const lead = Math.floor(random() * random() * 90);
        const created = new Date(Date.parse(`${addDays(night, -lead)}T12:00:00Z`) + Math.floor(random() * 10) * 3_600_000);
        if (created > NOW) continue;
        const cancel = random() < 0.1 ? new Date(created.getTime() + Math.floor(random() * (lead + 1)) * 86_400_000) : null;
        w.stay({
          categoryId: c.id,
          arrival: night,
          rate: 20_000 + (weekend ? 8_000 : 0) + Math.floor(random() * 5) * 1_000,
          createdAt: created.toISOString(),
          cancelledAt: cancel && cancel <= NOW ? cancel.toISOString() : undefined,
          status: cancel && cancel <= NOW ? undefined : night < TODAY ? "checked_out" : "confirmed",
        });
      }
    }
  }
  await w.flush();
  await w.block({ categoryId: f.standard.id, startsAt: "2026-07-03", endsAt: "2026-07-05", count: 2, createdAt: "2026-06-01T12:00:00Z" });
}, 180_000);
afterAll(() => t.close());

const stored = async () => (await t.db.select().from(forecastModels).where(eq(forecastModels.businessId, f.business.id)))[0];
const withoutSource = ({ model: _model, ...rest }: Record<string, unknown>) => rest;

/** The answers the accuracy route gives: the hotel, one category alone, one method forced. */
async function answers() {
  const get = (path: string) => t.json("GET", `${f.base}/tracking/${path}`, { token: f.token, status: 200 });
  return {
    accuracy: await get("forecast/accuracy"),
    multiplicative: await get("forecast/accuracy?method=multiplicative"),
    suiteAccuracy: await get(`forecast/accuracy?category=${f.suite.id}`),
  };
}

function expectSame(a: Awaited<ReturnType<typeof answers>>, b: Awaited<ReturnType<typeof answers>>) {
  for (const key of Object.keys(a) as (keyof typeof a)[]) expect(withoutSource(b[key]), key).toEqual(withoutSource(a[key]));
}

describe("forecast.refresh", () => {
  let computed: Awaited<ReturnType<typeof answers>>;

  it("without a stored model the backtest is computed on the spot", async () => {
    expect(await stored()).toBeUndefined();
    computed = await answers();
    expect(computed.accuracy.model).toBe("computed");
    expect(computed.suiteAccuracy.model).toBe("computed");
    expect(computed.accuracy.nights.length).toBeGreaterThan(300);
  }, 120_000);

  it("is one of the daily commands, on the admin list with its schedule", async () => {
    const admin = await t.login(demoUsers.admin.email);
    const list = await t.json("GET", "/api/v1/admin/daily-commands", { token: admin, status: 200 });
    expect(list.commands.find((c: { name: string }) => c.name === "forecast.refresh")).toMatchObject({ cron: "10 3 * * *", scope: "business" });
  });

  it("stores the model of the business's day, and a second run replaces it (one row)", async () => {
    expect((await runDailyCommand(t.db, refresh, f.business.id, { now: NOW })).outcome).toBe("succeeded");
    const first = await stored();
    expect(first.asOf).toBe(TODAY);
    const model = first.model as StoredModel;
    expect(model.asOf).toBe(TODAY);
    expect(Object.keys(model.accuracy).sort()).toEqual(["all", f.standard.id, f.deluxe.id, f.suite.id].sort());
    expect((await runDailyCommand(t.db, refresh, f.business.id, { now: NOW, force: true })).outcome).toBe("succeeded");
    const [{ n }] = ((await t.db.execute(sql`select count(*)::int as n from forecast_models where business_id = ${f.business.id}`)) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(1);
  }, 120_000);

  it("reads the stored model and gives the same numbers as computing on the spot", async () => {
    const fromModel = await answers();
    expect(fromModel.accuracy.model).toBe("stored");
    expect(fromModel.suiteAccuracy.model).toBe("stored");
    expectSame(computed, fromModel);
  }, 120_000);

  it("uses what is stored: a value changed in the table shows in the answer", async () => {
    const row = await stored();
    const model = structuredClone(row.model) as StoredModel;
    model.accuracy.all.methods.additive[0].mape = 123.4;
    await t.db.update(forecastModels).set({ model }).where(eq(forecastModels.businessId, f.business.id));
    const answer = await t.json("GET", `${f.base}/tracking/forecast/accuracy?method=additive`, { token: f.token, status: 200 });
    expect(answer.methods.additive[0].mape).toBe(123.4);
    await t.db.update(forecastModels).set({ model: row.model }).where(eq(forecastModels.businessId, f.business.id));
  });

  it("serves the two days after its own, then the backtest is computed again", async () => {
    t.clock.now = new Date(NOW.getTime() + 2 * 86_400_000);
    expect((await t.json("GET", `${f.base}/tracking/forecast/accuracy`, { token: f.token, status: 200 })).model).toBe("stored");
    t.clock.now = new Date(NOW.getTime() + 3 * 86_400_000);
    expect((await t.json("GET", `${f.base}/tracking/forecast/accuracy`, { token: f.token, status: 200 })).model).toBe("computed");
    t.clock.now = NOW;
  }, 120_000);

  it("is not used once the business has a room category the model does not know", async () => {
    await t.db.execute(sql`insert into room_categories (business_id, name, room_count, min_occupation, max_occupation, position) values (${f.business.id}, 'Nova', 2, 1, 2, 9)`);
    const answer = await t.json("GET", `${f.base}/tracking/forecast/accuracy`, { token: f.token, status: 200 });
    expect(answer.model).toBe("computed");
  }, 120_000);
});
