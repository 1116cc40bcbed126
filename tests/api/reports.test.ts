import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, users } from "#api/db/schema/index.ts";
import { stayTotals } from "#api/services/metrics/index.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { stayKpis } from "#domain/metrics/index.ts";
import { createTestApi, DEMO_PASSWORD, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { grant, seedReportFixture } from "./reports-fixture.ts";

/** Every expected figure below is worked out by hand from tests/api/reports-fixture.ts. */
const NOW = new Date("2026-03-15T15:00:00Z");
let t: TestApi;
let base: string;
let fixture: Awaited<ReturnType<typeof seedReportFixture>>;
let tokens: { owner: string; collaborator: string; stranger: string };
let collaboratorId: string;
const FEB_MAR = "from=2026-02-01&to=2026-03-31";

beforeAll(async () => {
  t = await createTestApi({ seed: false });
  t.clock.now = NOW;
  const { seed } = await import("#api/seed/index.ts");
  await seed(t.db, NOW);
  const owner = await userByEmail(t.db, demoUsers.owner.email);
  fixture = await seedReportFixture(t.db, owner.id);
  base = `/api/v1/businesses/${fixture.id}`;
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
  await grant(t.db, fixture.id, collaboratorId, ["user.dashboard", "user.reservations"]);
  const [stranger] = await t.db
    .insert(users)
    .values({ name: "Outro", surname: "Dono", email: "outro@pousada-vizinha.com.br", passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["owner"], emailVerifiedAt: NOW })
    .returning();
  await t.db.insert(businesses).values({ ownerId: stranger.id, slug: "pousada-vizinha", companyName: "Pousada Vizinha", country: "BR", status: "SETUP_DONE" });
  tokens = {
    owner: await t.login(demoUsers.owner.email),
    collaborator: await t.login(demoUsers.collaborator.email),
    stranger: await t.login("outro@pousada-vizinha.com.br"),
  };
}, 120_000);
afterAll(() => t.close());

describe("the financial report", () => {
  it("splits gross and net revenue by month, channel and category, commissions deducted", async () => {
    const r = await t.json("GET", `${base}/reports/financial?${FEB_MAR}`, { token: tokens.owner, status: 200 });
    expect(r).toMatchObject({ from: "2026-02-01", to: "2026-03-31", today: "2026-03-15", currency: "BRL" });
    // February: R1 2 × 200,00 (direct, Chalé 10 %) + R2 2 × 300,00 (booking_com 15 %), R2's 50,00 dinner on its arrival month.
    // March: R2 310,00 + R3 150,33 (booking_com 15 % → 22,55) + R5 123,45 (airbnb, Estúdio 0 %); R4 was cancelled.
    expect(r.months).toEqual([
      { month: "2026-02", room_nights: 4, room_revenue: 100_000, extras_revenue: 5_000, gross_revenue: 105_000, commission: 13_000, net_revenue: 92_000 },
      { month: "2026-03", room_nights: 3, room_revenue: 58_378, extras_revenue: 0, gross_revenue: 58_378, commission: 6_905, net_revenue: 51_473 },
    ]);
    expect(r.totals).toEqual({ room_nights: 7, room_revenue: 158_378, extras_revenue: 5_000, gross_revenue: 163_378, commission: 19_905, net_revenue: 143_473 });
    expect(r.channels).toEqual([
      { channel: "booking_com", room_nights: 4, room_revenue: 106_033, extras_revenue: 5_000, gross_revenue: 111_033, commission: 15_905, net_revenue: 95_128 },
      { channel: "direct", room_nights: 2, room_revenue: 40_000, extras_revenue: 0, gross_revenue: 40_000, commission: 4_000, net_revenue: 36_000 },
      { channel: "airbnb", room_nights: 1, room_revenue: 12_345, extras_revenue: 0, gross_revenue: 12_345, commission: 0, net_revenue: 12_345 },
    ]);
    expect(r.categories).toEqual([
      { room_category_uuid: fixture.categories.a, name: "Chalé", room_nights: 5, room_revenue: 131_000, extras_revenue: 5_000, gross_revenue: 136_000, commission: 17_650, net_revenue: 118_350 },
      { room_category_uuid: fixture.categories.b, name: "Estúdio", room_nights: 2, room_revenue: 27_378, extras_revenue: 0, gross_revenue: 27_378, commission: 2_255, net_revenue: 25_123 },
    ]);
  });

  it("agrees with the metrics module's totals for the same period (the figures of /monthly and the dashboard)", async () => {
    const r = await t.json("GET", `${base}/reports/financial?${FEB_MAR}`, { token: tokens.owner, status: 200 });
    const k = stayKpis(await stayTotals(t.db, { id: fixture.id, timezone: "America/Sao_Paulo" }, { from: "2026-02-01", to: "2026-03-31" }));
    expect([r.totals.room_nights, r.totals.room_revenue, r.totals.extras_revenue, r.totals.gross_revenue, r.totals.commission, r.totals.net_revenue]).toEqual([
      k.roomNightsSold, k.roomRevenue, k.extrasRevenue, k.totalRevenue, k.commission, k.netRevenue,
    ]);
  });

  it("says what past stays still owe: total + extras − payments (refunds subtract)", async () => {
    const r = await t.json("GET", `${base}/reports/financial?${FEB_MAR}`, { token: tokens.owner, status: 200 });
    // Over by 15 March: R1 (400,00 − 100,00), R2 (910,00 + 50,00 − 910,00 + 10,00), R3 (150,33 unpaid). R5 leaves on the 21st.
    expect(r.receivables).toMatchObject({ reservations: 3, billed: 151_033, received: 100_000, outstanding: 51_033 });
    expect(r.receivables.owing.map((o: any) => [o.code, o.outstanding])).toEqual([["R1", 30_000], ["R3", 15_033], ["R2", 6_000]]);
  });

  it("shows the twelve months up to this one without a period, each month listed even when empty", async () => {
    const r = await t.json("GET", `${base}/reports/financial`, { token: tokens.owner, status: 200 });
    expect(r.from).toBe("2025-04-01");
    expect(r.to).toBe("2026-03-31");
    expect(r.months).toHaveLength(12);
    expect(r.months[0]).toMatchObject({ month: "2025-04", gross_revenue: 0 });
  });
});

describe("the commission report", () => {
  it("uses the sales channel's commission when one exists for the code, else the category's", async () => {
    const r = await t.json("GET", `${base}/reports/commissions?${FEB_MAR}`, { token: tokens.owner, status: 200 });
    expect(r.lines.map((l: any) => [l.channel, l.name, l.percent, l.source, l.room_nights, l.room_revenue, l.commission])).toEqual([
      ["airbnb", "Estúdio", 0, "category", 1, 12_345, 0],
      ["booking_com", "Chalé", 15, "channel", 3, 91_000, 13_650],
      ["booking_com", "Estúdio", 15, "channel", 1, 15_033, 2_255],
      ["direct", "Chalé", 10, "category", 2, 40_000, 4_000],
    ]);
    // 199,05 of 1 583,78 = 12.568… %.
    expect(r.totals).toEqual({ room_nights: 7, room_revenue: 158_378, commission: 19_905, effective_percent: 12.57 });
    expect(r.channels[0]).toEqual({ channel: "booking_com", room_nights: 4, room_revenue: 106_033, commission: 15_905, effective_percent: 15 });
  });

  it("the index sums both reports up for the period", async () => {
    const r = await t.json("GET", `${base}/reports?${FEB_MAR}`, { token: tokens.owner, status: 200 });
    expect(r.reports).toEqual([
      { kind: "financial", gross_revenue: 163_378, net_revenue: 143_473, room_nights: 7 },
      { kind: "commissions", commission: 19_905, effective_percent: 12.57, top_channel: "booking_com" },
    ]);
  });
});

describe("the host's units", () => {
  it("answers each room's nights, occupancy, ADR and revenue; blocks take nights away, unassigned stays are apart", async () => {
    const r = await t.json("GET", `${base}/hosts/units?${FEB_MAR}`, { token: tokens.owner, status: 200 });
    expect(r.is_bnb).toBe(true);
    // 59 nights in February and March 2026; B1 is blocked two of them.
    expect(r.units.map((u: any) => [u.number, u.rooms_available, u.room_nights_sold, u.room_revenue, u.adr, u.revpar])).toEqual([
      ["A1", 59, 2, 40_000, 20_000, 678],
      ["A2", 59, 3, 91_000, 30_333, 1_542],
      ["B1", 57, 1, 15_033, 15_033, 264],
    ]);
    expect(r.units[0].occupancy).toBeCloseTo(2 / 59, 10);
    expect(r.unassigned).toEqual({ room_nights_sold: 1, room_revenue: 12_345 });
  });
});

describe("who may read reports, and bad questions", () => {
  const paths = ["/reports", "/reports/financial", "/reports/commissions", "/hosts/units", "/rewards", "/exports", "/exports/financial.csv"];

  it("refuses a stranger and a collaborator without user.business-intelligence (403)", async () => {
    for (const path of paths) {
      await t.json("GET", `${base}${path}`, { token: tokens.stranger, status: 403 });
      await t.json("GET", `${base}${path}`, { token: tokens.collaborator, status: 403 });
    }
    await t.json("GET", `${base}/reports`, { status: 401 });
  });

  it("answers 422 beside the field for a bad date, a reversed or too long period, and a bad business id", async () => {
    const bad = await t.json("GET", `${base}/reports/financial?from=2026-02-30`, { token: tokens.owner, status: 422 });
    expect(Object.keys(bad.errors)).toEqual(["from"]);
    const reversed = await t.json("GET", `${base}/reports/commissions?from=2026-03-01&to=2026-02-01`, { token: tokens.owner, status: 422, lang: "en" });
    expect(reversed.errors.to[0]).toMatch(/before its start/);
    const long = await t.json("GET", `${base}/reports/financial?from=2020-01-01&to=2026-01-01`, { token: tokens.owner, status: 422 });
    expect(Object.keys(long.errors)).toEqual(["to"]);
    await t.json("GET", `/api/v1/businesses/not-a-uuid/reports`, { token: tokens.owner, status: 422 });
  });
});
