import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { DEMO_COMPETITORS } from "#api/seed/competitors.ts";
import { businesses, businessMembers, competitorRates, users } from "#api/db/schema/index.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { createTestApi, DEMO_PASSWORD, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
const base = `/api/v1/businesses/${DEMO_BUSINESS.id}`;
let t: TestApi;
let tokens: { owner: string; collaborator: string; stranger: string };
let strangerBusiness: string;

beforeAll(async () => {
  t = await createTestApi({ seed: false });
  t.clock.now = NOW;
  const { seed } = await import("#api/seed/index.ts");
  await seed(t.db, NOW);
  const collaborator = await userByEmail(t.db, demoUsers.collaborator.email);
  await t.db
    .update(businessMembers)
    .set({ permissions: ["user.dashboard", "user.competitor-analysis"] })
    .where(and(eq(businessMembers.userId, collaborator.id), eq(businessMembers.businessId, DEMO_BUSINESS.id)));
  const [stranger] = await t.db
    .insert(users)
    .values({ name: "Outro", surname: "Dono", email: "outro@hotel-vizinho.com.br", passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["owner"], features: ["competitors"], emailVerifiedAt: NOW })
    .returning();
  const [own] = await t.db
    .insert(businesses)
    .values({ ownerId: stranger.id, slug: "hotel-vizinho", companyName: "Hotel Vizinho", country: "BR", state: "RJ", status: "SETUP_DONE" })
    .returning();
  strangerBusiness = own.id;
  tokens = {
    owner: await t.login(demoUsers.owner.email),
    collaborator: await t.login(demoUsers.collaborator.email),
    stranger: await t.login("outro@hotel-vizinho.com.br"),
  };
});
afterAll(() => t.close());

describe("the competitive set", () => {
  let created: any;

  it("lists the demo pousada's seeded competitors", async () => {
    const answer = await t.json("GET", `${base}/competitors`, { token: tokens.owner, status: 200 });
    expect(answer.data.map((c: any) => c.name).sort()).toEqual(DEMO_COMPETITORS.map((c) => c.name).sort());
    expect(answer.data[0]).toMatchObject({ active: true, stars: expect.any(Number), distance_km: expect.any(Number) });
  });

  it("adds, edits and deactivates a competitor", async () => {
    created = (await t.json("POST", `${base}/competitors`, { token: tokens.owner, status: 201, body: { name: "Pousada Nova Onda", stars: 3, distance_km: 1.25, room_label: "Duplo", url: "https://example.com/nova" } })).data;
    expect(created).toMatchObject({ name: "Pousada Nova Onda", stars: 3, distance_km: 1.25, active: true, notes: null });
    const edited = await t.json("PUT", `${base}/competitors/${created.uuid}`, { token: tokens.owner, status: 200, body: { name: "Pousada Nova Onda", stars: 4, active: false } });
    expect(edited.data).toMatchObject({ stars: 4, active: false, distance_km: null, url: null });
  });

  it("refuses a name already in the set (any case) and bad fields with 422 beside each field", async () => {
    const taken = await t.json("POST", `${base}/competitors`, { token: tokens.owner, status: 422, body: { name: "pousada nova onda" } });
    expect(Object.keys(taken.errors)).toEqual(["name"]);
    const bad = await t.json("POST", `${base}/competitors`, { token: tokens.owner, status: 422, lang: "en", body: { name: "", stars: 6, distance_km: -1, url: "ftp://x" } });
    expect(Object.keys(bad.errors).sort()).toEqual(["distance_km", "name", "stars", "url"]);
    expect(bad.errors.stars[0]).toMatch(/5/);
  });

  it("answers 404 for an unknown competitor or one of another business", async () => {
    const foreign = (await t.json("POST", `/api/v1/businesses/${strangerBusiness}/competitors`, { token: tokens.stranger, status: 201, body: { name: "Hotel X" } })).data;
    await t.json("PUT", `${base}/competitors/${foreign.uuid}`, { token: tokens.owner, status: 404, body: { name: "Roubado" } });
    await t.json("DELETE", `${base}/competitors/${foreign.uuid}`, { token: tokens.owner, status: 404 });
    await t.json("DELETE", `${base}/competitors/not-a-uuid`, { token: tokens.owner, status: 404 });
    await t.json("PUT", `${base}/competitors/00000000-0000-4000-8000-000000000000`, { token: tokens.owner, status: 404, body: { name: "X" } });
  });

  it("deletes a competitor with its rates", async () => {
    await t.json("PUT", `${base}/competitors/rates`, { token: tokens.owner, status: 200, body: { rates: [{ competitor_id: created.uuid, date: "2026-03-20", rate: 30_000 }] } });
    expect((await t.call("DELETE", `${base}/competitors/${created.uuid}`, { token: tokens.owner })).status).toBe(204);
    expect(await t.db.select().from(competitorRates).where(eq(competitorRates.competitorId, created.uuid))).toEqual([]);
  });
});

describe("rates", () => {
  let ids: string[];
  beforeAll(async () => {
    ids = (await t.json("GET", `${base}/competitors`, { token: tokens.owner })).data.map((c: any) => c.uuid);
  });

  it("shows our rate, each competitor's and the market per night", async () => {
    const answer = await t.json("GET", `${base}/competitors/rates?from=2026-03-10&to=2026-03-23`, { token: tokens.owner, status: 200 });
    expect(answer.nights).toHaveLength(14);
    expect(answer.configured).toBe(true);
    expect(answer.category.name).toBe(answer.categories[0].name);
    const night = answer.nights[0];
    expect(night.our_rate).toBeGreaterThan(0);
    const priced = night.rates.map((r: any) => r.rate).filter((r: number | null) => r !== null);
    expect(night.market.count).toBe(priced.length);
    expect(night.market.min).toBe(Math.min(...priced));
    expect(night.market.max).toBe(Math.max(...priced));
    expect(night.position.index).toBeCloseTo((night.our_rate / night.market.median) * 100, 0);
  });

  it("records a batch (sold out too) and the market follows", async () => {
    const date = "2026-04-02";
    const rates = ids.map((id, i) => ({ competitor_id: id, date, rate: i === 0 ? null : 20_000 + i * 10_000 }));
    const saved = await t.json("PUT", `${base}/competitors/rates`, { token: tokens.owner, status: 200, body: { rates } });
    expect(saved).toEqual({ saved: ids.length, cleared: 0 });
    const answer = await t.json("GET", `${base}/competitors/rates?from=${date}&to=${date}`, { token: tokens.owner });
    const night = answer.nights[0];
    expect(night.market).toMatchObject({ count: ids.length - 1, sold_out: 1, min: 30_000, max: 20_000 + (ids.length - 1) * 10_000 });
    expect(night.rates.every((r: any) => r.source === "manual")).toBe(true);
    await t.json("PUT", `${base}/competitors/rates`, { token: tokens.owner, status: 200, body: { rates: [{ competitor_id: ids[1], date, rate: null, clear: true }] } });
    const after = await t.json("GET", `${base}/competitors/rates?from=${date}&to=${date}`, { token: tokens.owner });
    expect(after.nights[0].market.count).toBe(ids.length - 2);
  });

  it("refuses bad rows with 422 per row and writes none of the batch", async () => {
    const date = "2026-04-03";
    const before = await t.db.select().from(competitorRates).where(eq(competitorRates.stayDate, date));
    const answer = await t.json("PUT", `${base}/competitors/rates`, {
      token: tokens.owner,
      status: 422,
      body: { rates: [{ competitor_id: ids[0], date, rate: 11_100 }, { competitor_id: ids[1], date: "2026-02-30", rate: -5 }] },
    });
    expect(Object.keys(answer.errors).sort()).toEqual(["rates.1.date", "rates.1.rate"]);
    const foreign = (await t.json("GET", `/api/v1/businesses/${strangerBusiness}/competitors`, { token: tokens.stranger })).data[0].uuid;
    const wrong = await t.json("PUT", `${base}/competitors/rates`, { token: tokens.owner, status: 422, body: { rates: [{ competitor_id: ids[0], date, rate: 11_100 }, { competitor_id: foreign, date, rate: 10_000 }] } });
    expect(Object.keys(wrong.errors)).toEqual(["rates.1.competitor_id"]);
    expect(await t.db.select().from(competitorRates).where(eq(competitorRates.stayDate, date))).toEqual(before);
  });

  it("defaults to the next 14 nights from today, or `days` nights from `from`", async () => {
    const answer = await t.json("GET", `${base}/competitors/rates`, { token: tokens.owner, status: 200 });
    expect([answer.from, answer.to, answer.today, answer.nights.length]).toEqual(["2026-03-10", "2026-03-23", "2026-03-10", 14]);
    const month = await t.json("GET", `${base}/market-analysis?days=30&from=2026-04-01`, { token: tokens.owner, status: 200 });
    expect([month.from, month.to]).toEqual(["2026-04-01", "2026-04-30"]);
  });

  it("answers 422 for reversed, too long or malformed periods and unknown categories", async () => {
    await t.json("GET", `${base}/competitors/rates?days=0`, { token: tokens.owner, status: 422 });
    await t.json("GET", `${base}/competitors/rates?to=2026-01-01`, { token: tokens.owner, status: 422 });
    await t.json("GET", `${base}/competitors/rates?from=2026-03-20&to=2026-03-10`, { token: tokens.owner, status: 422 });
    await t.json("GET", `${base}/competitors/rates?from=2026-01-01&to=2027-01-02`, { token: tokens.owner, status: 422 });
    await t.json("GET", `${base}/competitors/rates?from=amanha&to=2026-03-10`, { token: tokens.owner, status: 422 });
    const unknown = await t.json("GET", `${base}/competitors/rates?from=2026-03-10&to=2026-03-11&category=00000000-0000-4000-8000-000000000000`, { token: tokens.owner, status: 422 });
    expect(Object.keys(unknown.errors)).toEqual(["category"]);
  });
});

describe("CSV import", () => {
  it("imports names or ids, both date styles, reais and sold-out marks", async () => {
    const list = (await t.json("GET", `${base}/competitors`, { token: tokens.owner })).data;
    const csv = ["concorrente;data;tarifa", `${list[0].name.toUpperCase()};10/04/2026;1.234,56`, `${list[1].uuid};2026-04-10;esgotado`, `${list[2].name};2026-04-10;R$ 300`].join("\n");
    const answer = await t.json("POST", `${base}/competitors/rates/import`, { token: tokens.owner, status: 200, body: { csv } });
    expect(answer).toEqual({ imported: 3, lines: 3 });
    const night = (await t.json("GET", `${base}/competitors/rates?from=2026-04-10&to=2026-04-10`, { token: tokens.owner })).nights[0];
    const byId = Object.fromEntries(night.rates.map((r: any) => [r.competitor_uuid, r]));
    expect(byId[list[0].uuid]).toMatchObject({ rate: 123_456, source: "csv" });
    expect(byId[list[1].uuid]).toMatchObject({ rate: null, source: "csv" });
    expect(byId[list[2].uuid].rate).toBe(30_000);
  });

  it("is all or nothing: any bad line rejects the file with the line numbers", async () => {
    const list = (await t.json("GET", `${base}/competitors`, { token: tokens.owner })).data;
    const csv = [`${list[0].name},2026-04-11,250`, `Pousada Fantasma,2026-04-11,250`, `${list[1].name},31/02/2026,abc`].join("\n");
    const answer = await t.json("POST", `${base}/competitors/rates/import`, { token: tokens.owner, status: 422, lang: "en" });
    expect(answer.message).toBeTruthy();
    const rejected = await t.json("POST", `${base}/competitors/rates/import`, { token: tokens.owner, status: 422, lang: "en", body: { csv } });
    expect(Object.keys(rejected.errors)).toEqual(["csv.2", "csv.3"]);
    expect(rejected.errors["csv.3"]).toHaveLength(2);
    expect(rejected.errors["csv.3"][0]).toMatch(/^Line 3, date/);
    const rows = await t.db.select().from(competitorRates).where(and(eq(competitorRates.stayDate, "2026-04-11"), eq(competitorRates.source, "csv")));
    expect(rows).toEqual([]);
    await t.json("POST", `${base}/competitors/rates/import`, { token: tokens.owner, status: 422, body: { csv: "\n\n" } });
  });
});

describe("market analysis", () => {
  it("answers KPIs, nights with occupancy, the day-of-week profile and weeks", async () => {
    const answer = await t.json("GET", `${base}/market-analysis?from=2026-03-10&to=2026-04-08`, { token: tokens.owner, status: 200 });
    expect(answer.nights).toHaveLength(30);
    expect(answer.kpis.nights).toBe(30);
    expect(answer.kpis.covered).toBe(30);
    expect(answer.kpis.coverage).toBe(100);
    expect(answer.kpis.nights_above + answer.kpis.nights_at + answer.kpis.nights_below).toBe(30);
    expect(answer.weekdays).toHaveLength(7);
    expect(answer.weekdays.reduce((s: number, d: any) => s + d.nights, 0)).toBe(30);
    expect(answer.weeks[0]).toMatchObject({ week: "2026-03-09", from: "2026-03-10" });
    expect(answer.nights.every((n: any) => typeof n.occupancy === "number")).toBe(true);
    expect(answer.competitors_count).toBe(DEMO_COMPETITORS.length);
  });

  it("compares another category when asked", async () => {
    const first = await t.json("GET", `${base}/market-analysis?from=2026-03-10&to=2026-03-12`, { token: tokens.owner });
    const suite = first.categories[first.categories.length - 1];
    const other = await t.json("GET", `${base}/market-analysis?from=2026-03-10&to=2026-03-12&category=${suite.uuid}`, { token: tokens.owner, status: 200 });
    expect(other.category.uuid).toBe(suite.uuid);
    expect(other.nights[0].our_rate).toBeGreaterThan(first.nights[0].our_rate);
  });
});

describe("who may call", () => {
  const rateShopperCalls = (b: string): [string, string, unknown?][] => [
    ["GET", `${b}/competitors`],
    ["POST", `${b}/competitors`, { name: "Pousada X" }],
    ["GET", `${b}/competitors/rates?from=2026-03-10&to=2026-03-11`],
    ["PUT", `${b}/competitors/rates`, { rates: [] }],
    ["POST", `${b}/competitors/rates/import`, { csv: "x" }],
    ["PUT", `${b}/competitors/00000000-0000-4000-8000-000000000000`, { name: "X" }],
    ["DELETE", `${b}/competitors/00000000-0000-4000-8000-000000000000`],
  ];
  const market = (b: string) => `${b}/market-analysis?from=2026-03-10&to=2026-03-11`;

  it("answers 401 without a session", async () => {
    for (const [method, path, body] of rateShopperCalls(base)) expect((await t.call(method, path, { body })).status).toBe(401);
    expect((await t.call("GET", market(base))).status).toBe(401);
  });

  it("answers 403 to another owner", async () => {
    for (const [method, path, body] of rateShopperCalls(base)) expect((await t.call(method, path, { body, token: tokens.stranger })).status).toBe(403);
    expect((await t.call("GET", market(base), { token: tokens.stranger })).status).toBe(403);
  });

  it("answers 403 on the rate shopper to an account without the competitors feature", async () => {
    for (const [method, path, body] of rateShopperCalls(base)) {
      const res = await t.call(method, path, { body, token: tokens.collaborator });
      expect(res.status).toBe(403);
    }
    // The collaborator holds the permission, and the pousada the add-on: market analysis opens.
    expect((await t.call("GET", market(base), { token: tokens.collaborator })).status).toBe(200);
  });

  it("answers 403 on market analysis to a business without the add-on", async () => {
    const res = await t.call("GET", market(`/api/v1/businesses/${strangerBusiness}`), { token: tokens.stranger });
    expect(res.status).toBe(403);
    // The feature is the account's: the same owner shops rates at their own hotel.
    expect((await t.call("GET", `/api/v1/businesses/${strangerBusiness}/competitors`, { token: tokens.stranger })).status).toBe(200);
  });

  it("answers 403 without the competitor-analysis permission, even with the feature", async () => {
    const collaborator = await userByEmail(t.db, demoUsers.collaborator.email);
    await t.db.update(users).set({ features: ["competitors"] }).where(eq(users.id, collaborator.id));
    await t.db.update(businessMembers).set({ permissions: ["user.dashboard"] }).where(eq(businessMembers.userId, collaborator.id));
    expect((await t.call("GET", `${base}/competitors`, { token: tokens.collaborator })).status).toBe(403);
    expect((await t.call("GET", market(base), { token: tokens.collaborator })).status).toBe(403);
    await t.db.update(businessMembers).set({ permissions: ["user.dashboard", "user.competitor-analysis"] }).where(eq(businessMembers.userId, collaborator.id));
    expect((await t.call("GET", `${base}/competitors`, { token: tokens.collaborator })).status).toBe(200);
  });
});
