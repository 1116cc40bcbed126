import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as dashboard from "#app/routes/competitors/market-analysis.dashboard.tsx";
import * as market from "#app/routes/competitors/market-analysis.tsx";
import * as rateShopper from "#app/routes/competitors/rate-shopper.tsx";
import { businessMembers, plans, subscriptions } from "#api/db/schema/index.ts";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const inApp = { layouts: [appLayout] };
let h: RouteHarness;
let owner: Browser;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  await owner.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

describe("rate shopper (loader and action)", () => {
  it("shows the next 14 nights with our rate, the five seeded competitors and the market", async () => {
    const page = await owner.get("/rate-shopper", rateShopper, inApp);
    expect(page.status).toBe(200);
    expect(page.data.answer.nights).toHaveLength(14);
    expect(page.data.answer.competitors).toHaveLength(5);
    expect(page.data.answer.nights[0].our_rate).toBeGreaterThan(0);
  });

  it("saves the changed cells of the grid, sold out included, and ignores the unchanged ones", async () => {
    const page = await owner.get("/rate-shopper?start=2030-01-07", rateShopper, inApp);
    const [a, b] = page.data.answer.competitors;
    const sent = await owner.post(
      "/rate-shopper?start=2030-01-07",
      rateShopper,
      {
        intent: "rates",
        [`rate:${a.uuid}:2030-01-07`]: "1.234,50",
        [`was:${a.uuid}:2030-01-07`]: "",
        [`rate:${b.uuid}:2030-01-07`]: "esgotado",
        [`was:${b.uuid}:2030-01-07`]: "",
        [`rate:${b.uuid}:2030-01-08`]: "",
        [`was:${b.uuid}:2030-01-08`]: "",
      },
      inApp,
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/rate-shopper?start=2030-01-07");
    const after = await owner.get("/rate-shopper?start=2030-01-07", rateShopper, inApp);
    const night = after.data.answer.nights[0];
    expect(night.rates).toEqual(
      expect.arrayContaining([expect.objectContaining({ competitor_uuid: a.uuid, rate: 123_450 }), expect.objectContaining({ competitor_uuid: b.uuid, rate: null })]),
    );
    expect(night.market).toMatchObject({ count: 1, sold_out: 1, median: 123_450 });
  });

  it("answers an unreadable cell beside it, keeps what was typed and saves nothing", async () => {
    const page = await owner.get("/rate-shopper?start=2030-02-04", rateShopper, inApp);
    const [a] = page.data.answer.competitors;
    const cell = `rate:${a.uuid}:2030-02-04`;
    const sent = await owner.post("/rate-shopper?start=2030-02-04", rateShopper, { intent: "rates", [cell]: "caro", [`was:${a.uuid}:2030-02-04`]: "", [`rate:${a.uuid}:2030-02-05`]: "300", [`was:${a.uuid}:2030-02-05`]: "" }, inApp);
    expect(sent.status).toBe(422);
    expect(sent.data.cells[cell]).toBe("competitors:validation.rate");
    expect(sent.data.values[cell]).toBe("caro");
    const after = await owner.get("/rate-shopper?start=2030-02-04", rateShopper, inApp);
    expect(after.data.answer.nights[1].rates).toEqual([]);
  });

  it("adds a competitor, refuses a duplicate name beside the field, deactivates and deletes", async () => {
    const added = await owner.post("/rate-shopper", rateShopper, { intent: "save-competitor", name: "Pousada Teste Rota", active: "on", stars: "3", distance_km: "0.8" }, inApp);
    expect(added.status).toBe(302);
    const dup = await owner.post("/rate-shopper", rateShopper, { intent: "save-competitor", name: "pousada teste rota", active: "on" }, inApp);
    expect(dup.status).toBe(422);
    expect(Object.keys(dup.data.result.error)).toEqual(["name"]);
    const list = (await owner.get("/rate-shopper", rateShopper, inApp)).data.answer.competitors;
    const created = list.find((c: { name: string }) => c.name === "Pousada Teste Rota");
    expect(created).toMatchObject({ stars: 3, distance_km: 0.8, active: true });
    expect((await owner.post("/rate-shopper", rateShopper, { intent: "toggle", competitor_uuid: created.uuid }, inApp)).status).toBe(302);
    const toggled = (await owner.get("/rate-shopper", rateShopper, inApp)).data.answer.competitors.find((c: { uuid: string }) => c.uuid === created.uuid);
    expect(toggled.active).toBe(false);
    expect((await owner.post("/rate-shopper", rateShopper, { intent: "delete", competitor_uuid: created.uuid }, inApp)).status).toBe(302);
    const gone = (await owner.get("/rate-shopper", rateShopper, inApp)).data.answer.competitors;
    expect(gone.some((c: { uuid: string }) => c.uuid === created.uuid)).toBe(false);
  });

  it("imports a pasted CSV, and rejects a file with a bad line as a whole", async () => {
    const bad = await owner.post("/rate-shopper", rateShopper, { intent: "import", csv: "Hotel Casarão Colonial;2030-03-01;500\nNinguém;2030-03-01;500" }, inApp);
    expect(bad.status).toBe(422);
    expect(bad.data.errors.some((e: string) => /2/.test(e))).toBe(true);
    const none = await owner.get("/rate-shopper?start=2030-03-01", rateShopper, inApp);
    expect(none.data.answer.nights[0].rates).toEqual([]);
    const file = new File(["concorrente;data;tarifa\nHotel Casarão Colonial;01/03/2030;500,00\n"], "tarifas.csv", { type: "text/csv" });
    const good = await owner.post("/rate-shopper", rateShopper, { intent: "import", file }, inApp);
    expect(good.status).toBe(302);
    const after = await owner.get("/rate-shopper?start=2030-03-01", rateShopper, inApp);
    expect(after.data.answer.nights[0].rates[0]).toMatchObject({ rate: 50_000, source: "csv" });
  });

  it("sends a collaborator without the permission to /unauthorized, and without the feature to the subscriptions page", async () => {
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    expect((await collaborator.get("/rate-shopper", rateShopper, inApp)).location).toBe("/unauthorized");
    const user = await userByEmail(h.t.db, demoUsers.collaborator.email);
    await h.t.db.update(businessMembers).set({ permissions: ["user.dashboard", "user.competitor-analysis"] }).where(and(eq(businessMembers.userId, user.id), eq(businessMembers.businessId, POUSADA)));
    expect((await collaborator.get("/rate-shopper", rateShopper, inApp)).location).toBe("/account-settings/subscriptions?required=competitors");
    expect((await collaborator.get("/market-analysis", market, inApp)).status).toBe(200);
  });
});

describe("market analysis (loaders)", () => {
  it("analyses the next 30 nights by default, 90 or custom dates on demand", async () => {
    const page = await owner.get("/market-analysis", market, inApp);
    expect(page.status).toBe(200);
    expect(page.data.choice).toBe("30");
    expect(page.data.market.nights).toHaveLength(30);
    expect(page.data.market.kpis.coverage).toBeGreaterThan(0);
    const ninety = await owner.get("/market-analysis/dashboard?period=90", dashboard, inApp);
    expect(ninety.data.market.nights).toHaveLength(90);
    const custom = await owner.get("/market-analysis?period=custom&from=2030-01-07&to=2030-01-13", market, inApp);
    expect([custom.data.choice, custom.data.market.from, custom.data.market.to]).toEqual(["custom", "2030-01-07", "2030-01-13"]);
  });

  it("falls back to 30 nights with the reason when custom dates are reversed", async () => {
    const page = await owner.get("/market-analysis?period=custom&from=2030-01-13&to=2030-01-07", market, inApp);
    expect(page.status).toBe(200);
    expect(page.data.periodError).toBeTruthy();
    expect(page.data.market.nights).toHaveLength(30);
  });

  it("sends a business without the market-analysis add-on to the subscriptions page", async () => {
    const [addOn] = await h.t.db.select().from(plans).where(eq(plans.planIdentifier, "competitorAnalysis"));
    await h.t.db.delete(subscriptions).where(and(eq(subscriptions.businessId, POUSADA), eq(subscriptions.planId, addOn.id)));
    expect((await owner.get("/market-analysis", market, inApp)).location).toBe("/account-settings/subscriptions?required=competitorAnalysis");
    expect((await owner.get("/market-analysis/dashboard", dashboard, inApp)).location).toBe("/account-settings/subscriptions?required=competitorAnalysis");
    // The rate shopper is the account's feature, not the plan's.
    expect((await owner.get("/rate-shopper", rateShopper, inApp)).status).toBe(200);
  });
});
