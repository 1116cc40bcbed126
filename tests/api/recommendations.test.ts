import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "#domain/random.ts";
import { competitorRates, competitors, engineQuotes, priceResponses, roomCategories } from "#api/db/schema/index.ts";
import { DAILY_COMMANDS } from "#api/services/daily/commands.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
});
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
const Standard = () => w.categories[0];
const rateOn = async (night: string, category = 0) => (await w.t.json("GET", `${w.base}/calendar?from=${night}&to=${night}`, { token: w.tokens.owner })).days[0].rates[category];
/** A minute passes (the writes of each step then have their own moment). */
const tick = () => (w.t.clock.now = new Date(w.t.clock.now.getTime() + 60_000));
const list = (q = "from=2026-05-12&to=2026-05-14") => w.t.json("GET", `${w.base}/recommendations?${q}`, { token: w.tokens.owner, status: 200 });

describe("the revenue brain's API", () => {
  it("starts switched off with the default guardrails and nothing to recommend", async () => {
    const answer = await w.t.json("GET", `${w.base}/recommendations`, { token: w.tokens.collaborator, status: 200 });
    expect(answer.settings).toMatchObject({ ...SETTINGS, holiday_effect_percent: 5 });
    expect(answer.today).toBe("2026-03-10");
    expect(answer.from).toBe("2026-03-10");
    expect(answer.to).toBe("2026-04-08");
    expect(answer.categories.map((c: any) => c.mode)).toEqual(["off", "off", "off"]);
    expect(answer.data).toEqual([]);
  });

  it("recommends for a category switched to recommend, with reasons that add up, after an owner's event", async () => {
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: { ...SETTINGS, category_modes: { [Standard().id]: "recommend" } }, status: 200 });
    const event = await w.t.json("POST", `${w.base}/recommendations/events`, { token: w.tokens.owner, body: { name: "Festa do Divino", starts_at: "2026-05-12", ends_at: "2026-05-14", effect_percent: 8 }, status: 201 });
    expect(event.event).toMatchObject({ name: "Festa do Divino", effect_percent: 8 });
    const answer = await list();
    expect(answer.categories.map((c: any) => c.mode)).toEqual(["recommend", "off", "off"]);
    expect(answer.data).toHaveLength(3);
    for (const r of answer.data) {
      expect(r).toMatchObject({ room_category_uuid: Standard().id, current: 25_000, value: 27_000, status: "pending", field: "price" });
      expect(r.reasons.reduce((s: number, x: any) => s + x.amount, 0)).toBe(r.value);
      expect(r.reasons.map((x: any) => x.step)).toEqual(["rules", "event"]);
      expect(r.effect.occupancy_before).toBe(0);
    }
  });

  it("accepts a range: the calendar shows the new prices and the activity log who and why", async () => {
    const before = (await list()).changes.length;
    tick();
    const accepted = await w.t.json("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: { from: "2026-05-12", to: "2026-05-13" }, status: 200 });
    expect(accepted).toEqual({ decided: 2, nights: ["2026-05-12", "2026-05-13"] });
    expect(await rateOn("2026-05-12")).toMatchObject({ rate: 27_000, manual: true });
    expect(await rateOn("2026-05-14")).toMatchObject({ rate: 25_000, manual: false });
    const answer = await list();
    expect(answer.data.map((r: any) => r.status)).toEqual(["accepted", "accepted", "pending"]);
    expect(answer.changes).toHaveLength(before + 1);
    expect(answer.changes[0]).toMatchObject({ source: "recommendation", from: "2026-05-12", to: "2026-05-13", nights: 2 });
    const log = await w.t.json("GET", `${w.base}/activity-log?area=price_settings&per_page=1`, { token: w.tokens.owner, status: 200 });
    const fields = log.data[0].changes.map((c: any) => c.field);
    expect(log.data[0].actor.kind).toBe("user");
    expect(fields).toEqual(expect.arrayContaining(["manual_prices.2026-05-12.price", "reasons.2026-05-12"]));
    // Nothing is left to accept on those nights.
    expect(await w.t.json("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: { night: "2026-05-12" }, status: 200 })).toEqual({ decided: 0, nights: [] });
  });

  it("rejects one night, which the next recomputation leaves rejected", async () => {
    await w.t.json("POST", `${w.base}/recommendations/reject`, { token: w.tokens.owner, body: { night: "2026-05-14", category: Standard().id }, status: 200 });
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: { ...SETTINGS, category_modes: { [Standard().id]: "recommend" } }, status: 200 });
    const r = (await list()).data.find((x: any) => x.night === "2026-05-14");
    expect(r.status).toBe("rejected");
    expect(await rateOn("2026-05-14")).toMatchObject({ rate: 25_000, manual: false });
  });

  it("undoes: the prices of the moment before the accept come back in one step", async () => {
    const moment = (await list()).changes.find((c: any) => c.source === "recommendation").at;
    tick();
    const undone = await w.t.json("POST", `${w.base}/recommendations/undo`, { token: w.tokens.owner, body: { category: Standard().id, from: "2026-05-01", to: "2026-05-31", moment }, status: 200 });
    expect(undone.restored).toEqual(["2026-05-12", "2026-05-13"]);
    expect(await rateOn("2026-05-12")).toMatchObject({ rate: 25_000, manual: false });
    const answer = await list();
    expect(answer.changes[0]).toMatchObject({ source: "undo", nights: 2 });
    // Undone nights are not offered again at the same price.
    expect(answer.data.filter((r: any) => r.status === "pending")).toEqual([]);
  });

  it("in autopilot applies the moves by itself, as Tarifa autopilot", async () => {
    await w.t.json("POST", `${w.base}/recommendations/events`, { token: w.tokens.owner, body: { name: "Congresso", starts_at: "2026-06-02", ends_at: "2026-06-02", effect_percent: -8 }, status: 201 });
    const saved = await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: { ...SETTINGS, category_modes: { [w.categories[1].id]: "autopilot" } }, status: 200 });
    expect(saved.applied).toBeGreaterThan(0);
    const cell = await rateOn("2026-06-02", 1);
    expect(cell.manual).toBe(true);
    expect(cell.rate).toBeLessThan((await rateOn("2026-06-03", 1)).rate);
    const log = await w.t.json("GET", `${w.base}/activity-log?area=price_settings&per_page=1`, { token: w.tokens.owner, status: 200 });
    expect(log.data[0].actor).toMatchObject({ kind: "job", name: "Tarifa autopilot" });
    // Switched off, its pending recommendations go.
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: SETTINGS, status: 200 });
    expect((await list("from=2026-03-10&to=2027-03-09")).data.filter((r: any) => r.status === "pending")).toEqual([]);
  });

  it("refuses bad input with translated field errors (422)", async () => {
    const bad = [
      { ...SETTINGS, mode: "turbo" },
      { ...SETTINGS, max_daily_change_percent: -1 },
      { ...SETTINGS, freeze_days: 1.5 },
      { ...SETTINGS, category_modes: { "00000000-0000-4000-8000-000000000000": "recommend" } },
    ];
    for (const body of bad) {
      const answer = await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body, status: 422, lang: "en" });
      expect(Object.keys(answer.errors).length).toBeGreaterThan(0);
    }
    const reversed = await w.t.json("POST", `${w.base}/recommendations/events`, { token: w.tokens.owner, body: { name: "X", starts_at: "2026-05-10", ends_at: "2026-05-01", effect_percent: 5 }, status: 422, lang: "en" });
    expect(reversed.errors.ends_at[0]).toMatch(/end date/i);
    await w.t.json("POST", `${w.base}/recommendations/events`, { token: w.tokens.owner, body: { name: "", starts_at: "2026-05-01", ends_at: "2026-05-01", effect_percent: 500 }, status: 422 });
    const vague = await w.t.json("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: {}, status: 422, lang: "en" });
    expect(vague.errors.night).toBeTruthy();
    await w.t.json("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: { from: "2026-05-10", to: "2026-05-01" }, status: 422 });
    await w.t.json("POST", `${w.base}/recommendations/undo`, { token: w.tokens.owner, body: { category: Standard().id, from: "2026-05-01", to: "2026-05-02", moment: "yesterday" }, status: 422 });
    await w.t.json("GET", `${w.base}/recommendations?from=2026-01-01&to=2027-06-01`, { token: w.tokens.owner, status: 422 });
    await w.t.json("DELETE", `${w.base}/recommendations/events/00000000-0000-4000-8000-000000000000`, { token: w.tokens.owner, status: 404 });
  });

  it("lets only who may change prices decide, and nobody outside the business read", async () => {
    const body = { all: true };
    expect((await w.t.call("POST", `${w.base}/recommendations/accept`, { token: w.tokens.collaborator, body })).status).toBe(403);
    expect((await w.t.call("POST", `${w.base}/recommendations/undo`, { token: w.tokens.collaborator, body: { category: Standard().id, from: "2026-05-01", to: "2026-05-02", moment: NOW.toISOString() } })).status).toBe(403);
    expect((await w.t.call("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.collaborator, body: SETTINGS })).status).toBe(403);
    expect((await w.t.call("GET", `${w.base}/recommendations`, { token: w.tokens.stranger })).status).toBe(403);
    expect((await w.t.call("POST", `${w.base}/recommendations/reject`, { token: w.tokens.stranger, body })).status).toBe(403);
    await w.setCollaboratorPermissions([]);
    expect((await w.t.call("GET", `${w.base}/recommendations`, { token: w.tokens.collaborator })).status).toBe(403);
    await w.setCollaboratorPermissions(["user.calendar"]);
  });

  it("will not accept while manual prices are switched off", async () => {
    await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, {
      token: w.tokens.owner,
      body: { price_variation_type: "value", apply_single_rate: true, single_rate_variation: 3000, price_increase_per_person: 5000, reference_occupation: 2, manual_prices_enabled: false },
      status: 200,
    });
    const answer = await w.t.json("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: { all: true }, status: 422 });
    expect(answer.errors._form).toBeTruthy();
  });

  it("learns the guests' answer to price from this hotel's booking-engine quotes, and only this hotel's (ADR 0064)", async () => {
    const nights = ["2026-07-14", "2026-07-15"];
    const reasonsOf = async () => (await list(`from=${nights[0]}&to=${nights[1]}`)).data.filter((r: any) => r.room_category_uuid === Standard().id).map((r: any) => r.reasons.map((x: any) => x.step));
    // Competitors ask R$ 250 on those nights.
    const [rival] = await w.t.db.insert(competitors).values({ businessId: w.businessId, name: "Pousada Vizinha" }).returning();
    await w.t.db.insert(competitorRates).values(nights.map((stayDate) => ({ competitorId: rival.id, businessId: w.businessId, stayDate, rate: 25_000 })));
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: { ...SETTINGS, category_modes: { [Standard().id]: "recommend" } }, status: 200 });
    expect((await reasonsOf()).every((steps: string[]) => steps.includes("market") && !steps.includes("response"))).toBe(true);
    expect((await list()).guests_answer).toEqual({ quotes: 0, needed: 200, elasticity: null });

    // A year of quotes in which dearer stays clearly sold less (logit P = 1 − 12 x), written for this hotel;
    // the other hotel's quotes say the opposite and must not count.
    const random = mulberry32(27);
    const quote = (businessId: string, categoryId: string, slope: number) => {
      const x = (random() - 0.5) * 0.4;
      const market = 50_000;
      return { businessId, categoryId, arrival: "2026-02-01", nights: 2, price: Math.round(market * Math.exp(x)), market, quotedAt: new Date(NOW.getTime() - Math.floor(random() * 300) * 86_400_000), bookedAt: random() < 1 / (1 + Math.exp(-(1 + slope * x))) ? NOW : null };
    };
    const [foreignCategory] = await w.t.db.select().from(roomCategories).where(eq(roomCategories.businessId, w.otherBusinessId));
    await w.t.db.insert(engineQuotes).values(Array.from({ length: 3000 }, () => quote(w.otherBusinessId, foreignCategory.id, 2)));
    await w.t.db.insert(engineQuotes).values(Array.from({ length: 1200 }, () => quote(w.businessId, Standard().id, -12)));
    // The response is fitted once a business day: today's is kept, and the new quotes count from tomorrow.
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: { ...SETTINGS, category_modes: { [Standard().id]: "recommend" } }, status: 200 });
    expect((await reasonsOf()).every((steps: string[]) => !steps.includes("response"))).toBe(true);
    expect(await w.t.db.select().from(priceResponses).where(eq(priceResponses.businessId, w.businessId))).toEqual([{ businessId: w.businessId, asOf: "2026-03-10", fit: null }]);
    // The owner is told how many of this hotel's quotes count, and that the answer is not learnt yet.
    expect((await list()).guests_answer).toEqual({ quotes: 1200, needed: 200, elasticity: null });
    w.t.clock.now = new Date(NOW.getTime() + 86_400_000);
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: { ...SETTINGS, category_modes: { [Standard().id]: "recommend" } }, status: 200 });
    const answer = await list(`from=${nights[0]}&to=${nights[1]}`);
    expect(answer.guests_answer.quotes).toBe(1200);
    expect(answer.guests_answer.elasticity).toBeLessThan(-1);
    const standard = answer.data.filter((r: any) => r.room_category_uuid === Standard().id);
    expect(standard).toHaveLength(2);
    for (const r of standard) {
      const response = r.reasons.find((x: any) => x.step === "response");
      expect(response.detail).toMatchObject({ median: 25_000, quotes: 1200 });
      // Price-sensitive guests: a quote earns most below the market, so the brain lowers the price (as far as the day's 10 % allows).
      expect(response.detail.position).toBeLessThan(-5);
      expect(r.reasons.map((x: any) => x.step)).not.toContain("market");
      const rules = r.reasons.find((x: any) => x.step === "rules").amount;
      expect(r.value).toBe(rules - rules / 10);
      expect(r.reasons.reduce((sum: number, x: any) => sum + x.amount, 0)).toBe(r.value);
    }
    // The what-if reads the same quotes: 10 % dearer sells fewer rooms in proportion to how price-sensitive they showed guests to be.
    const preview = await w.t.json("POST", `${w.base}/recommendations/preview`, { token: w.tokens.owner, body: SETTINGS, status: 200 });
    expect(preview.price_response).toMatchObject({ source: "quotes", samples: 1200 });
    expect(preview.price_response.elasticity).toBeLessThan(-1);
    await w.t.json("PUT", `${w.base}/recommendations/settings`, { token: w.tokens.owner, body: SETTINGS, status: 200 });
    w.t.clock.now = NOW;
  });
});

describe("a booking recomputes its nights", () => {
  let t: TestApi;
  let f: BookingsFixture;
  beforeAll(async () => {
    t = await createTestApi();
    t.clock.now = new Date("2027-01-15T12:00:00Z");
    f = await bookingsFixture(t);
  });
  afterAll(() => t.close());

  it("from the bookings path, in autopilot", async () => {
    await t.json("PUT", `${f.base}/tariff-configuration/occupancy-pricing`, {
      token: f.token,
      body: { price_variation_type: "value", apply_single_rate: false, single_rate_variation: 0, price_increase_per_person: 0, reference_occupation: 2, manual_prices_enabled: true },
      status: 200,
    });
    const settings = { ...SETTINGS, category_modes: { [f.suite.id]: "autopilot" }, holiday_effect_percent: 0, market_weight_percent: 0 };
    await t.json("PUT", `${f.base}/recommendations/settings`, { token: f.token, body: settings, status: 200 });
    await t.json("POST", `${f.base}/recommendations/events`, { token: f.token, body: { name: "Réveillon", starts_at: "2027-03-10", ends_at: "2027-03-11", effect_percent: 0 }, status: 201 });
    const calendar = () => t.json("GET", `${f.base}/calendar?from=2027-03-10&to=2027-03-10&category=${f.suite.id}`, { token: f.token });
    expect((await calendar()).days[0].rates[0].manual).toBe(false);
    // The event's effect changes behind the API's back: only the booking's recomputation can pick it up.
    await t.db.execute(`update brain_events set effect_percent = 6 where business_id = '${f.business.id}'`);
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { room_category_uuid: f.suite.id }), status: 201 });
    const cell = (await calendar()).days[0].rates[0];
    expect(cell.manual).toBe(true);
    const log = await t.json("GET", `${f.base}/activity-log?area=price_settings&per_page=1`, { token: f.token, status: 200 });
    expect(log.data[0].actor.name).toBe("Tarifa autopilot");
  });

  it("from the daily command, which recomputes the whole horizon", async () => {
    await t.db.execute(`insert into brain_events (business_id, name, starts_at, ends_at, effect_percent) values ('${f.business.id}', 'Festa', '2027-04-20', '2027-04-20', 5)`);
    const list = () => t.json("GET", `${f.base}/recommendations?from=2027-04-20&to=2027-04-20`, { token: f.token, status: 200 });
    expect((await list()).data).toEqual([]);
    await DAILY_COMMANDS.find((c) => c.name === "pricing.recompute")!.run(t.db, f.business.id, t.clock.now);
    expect((await list()).data).toEqual([expect.objectContaining({ room_category_uuid: f.suite.id, status: "applied", value: 36_800 })]);
  });
});
