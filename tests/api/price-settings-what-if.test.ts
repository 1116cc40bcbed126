// The what-if of a change to the price settings (issue 27, point 3): POST …/tariff-configuration/{setting}/what-if
// takes the save's body, answers the next 90 nights now and after with their expected occupancy and revenue,
// and keeps nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
}, 180_000);
afterAll(() => w.t.close());

const whatIf = (setting: string, body: unknown, status = 200, token = w.tokens.owner) =>
  w.t.json("POST", `${w.base}/tariff-configuration/${setting}/what-if`, { token, body, status });
const tariff = async () => (await w.t.json("GET", `${w.base}/tariff-configuration`, { token: w.tokens.owner, status: 200 })).tariff_configuration;
/** The rooms-tariff body that would save the settings as they are, with the reference rate replaced. */
async function roomsTariff(rate?: number) {
  const rt = (await tariff()).rooms_tariff;
  return {
    rate: rate ?? rt.rate,
    categories: rt.categories.map((c: any) => ({ uuid: c.uuid, price_variation_type: c.price_variation_type, price_variation_value: c.price_variation_value, min_price: c.min_price, max_price: c.max_price })),
  };
}
const season = { title: "Festival de Inverno", color: "#AA3366", rate: 40_000, is_reference: false, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2026-05-01", ends_at: "2026-05-03" }] };

describe("the what-if of a change to the price settings", () => {
  it("keeps every night as it is when the settings sent are the ones saved", async () => {
    const answer = await whatIf("rooms-tariff", await roomsTariff());
    expect(answer).toMatchObject({ from: "2026-03-10", to: "2026-06-07", currency: "BRL" });
    expect(answer.nights).toHaveLength(90 * 3);
    for (const n of answer.nights) expect(n.price_after).toBe(n.price_before);
    expect(answer.totals.revenue_after).toBe(answer.totals.revenue_before);
  });

  it("shows a higher reference rate on the nights it prices, with fewer rooms expected, and saves nothing", async () => {
    const before = await tariff();
    const activity = await w.t.json("GET", `${w.base}/activity-log`, { token: w.tokens.owner, status: 200 });
    const answer = await whatIf("rooms-tariff", await roomsTariff(Math.round(before.rooms_tariff.rate * 1.2)));
    const raised = answer.nights.filter((n: any) => n.price_after > n.price_before);
    expect(raised.length).toBeGreaterThan(0);
    expect(answer.nights.every((n: any) => n.price_after >= n.price_before)).toBe(true);
    // A dearer night sells no more rooms than before (the price response is negative).
    for (const n of raised) expect(n.occupancy_after).toBeLessThanOrEqual(n.occupancy_before);
    expect(answer.totals.revenue_after_low).toBeLessThanOrEqual(answer.totals.revenue_after);
    expect(answer.totals.revenue_after_high).toBeGreaterThanOrEqual(answer.totals.revenue_after);
    // Nothing was kept: the settings, the calendar and the activity log are as they were.
    expect(await tariff()).toEqual(before);
    const calendar = await w.t.json("GET", `${w.base}/calendar?from=2026-04-14&to=2026-04-14`, { token: w.tokens.owner, status: 200 });
    expect(calendar.days[0].rates[0].rate).toBe(answer.nights.find((n: any) => n.night === "2026-04-14" && n.room_category_uuid === w.categories[0].id).price_before);
    expect(await w.t.json("GET", `${w.base}/activity-log`, { token: w.tokens.owner, status: 200 })).toEqual(activity);
  });

  it("shows a new season on its own nights only, and a change to one that exists", async () => {
    const answer = await whatIf("sazonalities", season);
    const moved = [...new Set(answer.nights.filter((n: any) => n.price_after !== n.price_before).map((n: any) => n.night))];
    expect(moved).toEqual(["2026-05-01", "2026-05-02", "2026-05-03"]);
    expect((await tariff()).sazonalities.some((s: any) => s.title === season.title)).toBe(false);
    const reference = (await tariff()).sazonalities.find((s: any) => s.is_reference);
    const edited = await whatIf("sazonalities", { uuid: reference.uuid, title: reference.title, color: reference.color, rate: reference.rate + 5_000, is_reference: true, dates: [] });
    expect(edited.nights.some((n: any) => n.price_after > n.price_before)).toBe(true);
  });

  it("answers bad settings with the field's error and a 422, an unknown season with 404", async () => {
    const bad = await whatIf("rooms-tariff", { ...(await roomsTariff()), rate: -5 }, 422);
    expect(bad.errors.rate).toBeTruthy();
    const levels = await whatIf("fluctuation-levels", { fluctuation_levels: [{ name: "", from_percentage: 90, to_percentage: 10 }] }, 422);
    expect(Object.keys(levels.errors).length).toBeGreaterThan(0);
    await whatIf("sazonalities", { ...season, dates: [{ days_of_week: [1], starts_at: "2026-05-03", ends_at: "2026-05-01" }] }, 422);
    await whatIf("sazonalities", { ...season, uuid: "7b0c3f0e-8a55-4c1e-9d1a-2f4b6c8d0e12" }, 404);
  });

  it("is for those who may change the price settings of that business", async () => {
    const body = await roomsTariff();
    await whatIf("rooms-tariff", body, 403, w.tokens.collaborator);
    await whatIf("rooms-tariff", body, 403, w.tokens.stranger);
    expect((await w.t.call("POST", `/api/v1/businesses/${w.otherBusinessId}/tariff-configuration/rooms-tariff/what-if`, { token: w.tokens.owner, body })).status).toBe(403);
    expect((await w.t.call("POST", `${w.base}/tariff-configuration/lead-time/what-if`, { body: {} })).status).toBe(401);
  });
});
