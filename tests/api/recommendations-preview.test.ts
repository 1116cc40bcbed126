// The what-if of the brain's settings (issue 27, point 3): POST …/recommendations/preview.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
}, 180_000);
afterAll(() => w.t.close());

const SETTINGS = {
  mode: "off",
  category_modes: {},
  max_daily_change_percent: 10,
  max_weekly_change_percent: 20,
  freeze_days: 2,
  max_interval_percent: 100,
  max_move_per_booking_percent: 2,
  target_occupancy_percent: 80,
  demand_sensitivity: 0.5,
  market_weight_percent: 25,
  holiday_effect_percent: 0,
};
const preview = (body: unknown, status = 200, token = w.tokens.owner) => w.t.json("POST", `${w.base}/recommendations/preview`, { token, body, status });

describe("the what-if of the brain's settings", () => {
  it("compares the next 90 nights of every category, unchanged while the brain stays off", async () => {
    const answer = await preview(SETTINGS);
    expect(answer).toMatchObject({ from: "2026-03-10", to: "2026-06-07", currency: "BRL" });
    expect(answer.nights).toHaveLength(90 * 3);
    for (const n of answer.nights) expect(n.price_after).toBe(n.price_before);
    expect(answer.totals.revenue_after).toBe(answer.totals.revenue_before);
    // No sales behind it: the price response is the published middle, said to be so.
    expect(answer.price_response).toMatchObject({ source: "prior", elasticity: -1, samples: 0 });
    expect(answer.price_response.low).toBeLessThan(-1);
    expect(answer.price_response.high).toBeGreaterThan(-1);
  });

  it("shows the prices the settings would set, without saving them or anything else", async () => {
    await w.t.json("POST", `${w.base}/recommendations/events`, { token: w.tokens.owner, body: { name: "Festa do Divino", starts_at: "2026-05-12", ends_at: "2026-05-13", effect_percent: 8 }, status: 201 });
    const standard = w.categories[0].id;
    const answer = await preview({ ...SETTINGS, category_modes: { [standard]: "autopilot" } });
    const moved = answer.nights.filter((n: any) => n.price_after !== n.price_before);
    expect(moved.map((n: any) => [n.night, n.room_category_uuid])).toEqual([
      ["2026-05-12", standard],
      ["2026-05-13", standard],
    ]);
    expect(moved[0]).toMatchObject({ price_before: 25_000, price_after: 27_000 });
    // Nothing was written: the settings are still off and no recommendation is stored.
    const list = await w.t.json("GET", `${w.base}/recommendations?from=2026-05-12&to=2026-05-13`, { token: w.tokens.owner, status: 200 });
    expect(list.settings.category_modes).toEqual({});
    expect(list.data).toEqual([]);
    const calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-05-12&to=2026-05-12`, { token: w.tokens.owner });
    expect(calendar.days[0].rates[0]).toMatchObject({ rate: 25_000, manual: false });
  });

  it("answers bad settings with the field's error and a 422", async () => {
    const bad = await preview({ ...SETTINGS, max_daily_change_percent: 500 }, 422);
    expect(bad.errors.max_daily_change_percent).toBeTruthy();
    const foreign = await preview({ ...SETTINGS, category_modes: { "7b0c3f0e-8a55-4c1e-9d1a-2f4b6c8d0e12": "autopilot" } }, 422);
    expect(foreign.errors.category_modes).toBeTruthy();
  });

  it("is for those who may change the price settings of that business", async () => {
    await preview(SETTINGS, 403, w.tokens.collaborator);
    await preview(SETTINGS, 403, w.tokens.stranger);
    expect((await w.t.call("POST", `/api/v1/businesses/${w.otherBusinessId}/recommendations/preview`, { token: w.tokens.owner, body: SETTINGS })).status).toBe(403);
  });
});
