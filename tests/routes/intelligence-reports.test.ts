import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as explorer from "#app/routes/intelligence/business-intelligence.tsx";
import * as dashboard from "#app/routes/intelligence/dashboard.tsx";
import * as goals from "#app/routes/intelligence/goals.tsx";
import * as monthly from "#app/routes/intelligence/monthly.tsx";
import * as sales from "#app/routes/intelligence/sales-dashboard.tsx";
import * as tracking from "#app/routes/intelligence/tracking.tsx";
import * as commissions from "#app/routes/reports/commissions.tsx";
import * as exportCentre from "#app/routes/reports/export-centre.tsx";
import * as financial from "#app/routes/reports/financial.tsx";
import * as hostCompetitors from "#app/routes/reports/hosts/competitors.tsx";
import * as hostUnits from "#app/routes/reports/hosts/index.tsx";
import * as hostPrices from "#app/routes/reports/hosts/precifications.tsx";
import * as reports from "#app/routes/reports/index.tsx";
import * as rewards from "#app/routes/reports/rewards.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * The intelligence and reports pages through their loaders (and the goals' action), JavaScript
 * off (issue 23): each reads its answer through the intelligence, tracking or reports area of the
 * API client, and a question the API refuses (422) shows the default one with the reason.
 */
const inApp = { layouts: [appLayout] };

let h: RouteHarness;
let owner: Browser;
let token: string;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  token = await owner.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

describe("the intelligence pages", () => {
  it("reads the dashboard, the monthly view, the sales breakdowns and the explorer", async () => {
    const home = await owner.get("/", dashboard, inApp);
    expect(home.status).toBe(200);
    expect(home.data.dashboard.nights).toHaveLength(30);

    const year = (await owner.get("/monthly?year=2025", monthly, inApp)).data;
    expect(year.errors).toBeNull();
    expect(year.monthly).toMatchObject({ year: 2025 });
    expect(year.monthly.months).toHaveLength(12);

    const refused = (await owner.get("/monthly?year=1900", monthly, inApp)).data;
    expect(Object.keys(refused.errors)).toEqual(["year"]);
    expect(refused.monthly.year).not.toBe(1900);

    const mix = (await owner.get("/sales-dashboard", sales, inApp)).data;
    expect(mix.errors).toBeNull();
    expect(mix.breakdowns.length).toBeGreaterThan(1);
    expect(new Set(mix.breakdowns.map((b: { dimension: string }) => b.dimension)).size).toBe(mix.breakdowns.length);

    const explored = (await owner.get("/business-intelligence?metrics=occupancy&metrics=adr&dimension=month", explorer, inApp)).data;
    expect(explored.errors).toBeNull();
    expect(explored.explore).toMatchObject({ metrics: ["occupancy", "adr"], dimension: "month" });
  });

  it("reads each tracking view, and saves a month's goal", async () => {
    for (const view of ["pickup", "pace", "curves", "forecast"]) {
      const page = await owner.get(`/tracking?view=${view}`, tracking, inApp);
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ view, error: null });
      expect(page.data[view]).toBeTruthy();
    }

    const saved = await owner.post("/goals", goals, { year: "2030", "months[0].month": "2030-03", "months[0].revenue": "12.345,67", "months[0].occupancy": "70", "months[0].adr": "" }, inApp);
    expect(saved.location).toBe("/goals?year=2030");
    const page = await owner.get("/goals?year=2030", goals, inApp);
    expect(page.data.goals.months.find((m: { month: string }) => m.month === "2030-03")).toMatchObject({ revenue: 1234567, occupancy: 70, adr: null });
  });
});

describe("the reports pages", () => {
  it("reads the summary, the financial and commissions reports, the export centre and the rewards", async () => {
    const summary = (await owner.get("/reports?from=2025-01-01&to=2025-01-31", reports, inApp)).data;
    expect(summary).toMatchObject({ periodError: null, report: { from: "2025-01-01", to: "2025-01-31" } });
    expect(summary.report.reports.map((r: { kind: string }) => r.kind)).toEqual(["financial", "commissions"]);

    const reversed = (await owner.get("/reports/financial?from=2025-02-01&to=2025-01-01", financial, inApp)).data;
    expect(reversed.periodError).toEqual(expect.any(String));
    expect(reversed.report.totals).toBeTruthy();

    const paid = (await owner.get("/reports/commissions", commissions, inApp)).data;
    expect(paid.periodError).toBeNull();
    expect(Object.keys(paid.report.totals).sort()).toEqual(["commission", "effective_percent", "room_nights", "room_revenue"]);
    expect(Array.isArray(paid.report.lines)).toBe(true);

    const centre = (await owner.get("/exportar", exportCentre, inApp)).data;
    expect(centre.report.kinds).toContain("reservations");

    const earned = (await owner.get("/rewards", rewards, inApp)).data;
    expect(Array.isArray(earned.rewards.progress)).toBe(true);
  });
});

describe("the hosts' pages (a bed & breakfast)", () => {
  it("read each unit's figures, the listings around and the next nights' prices", async () => {
    const bedAndBreakfast = "b7e00000-0000-4000-8000-000000000003";
    await h.t.json("PUT", `/api/v1/businesses/${DEMO_BUSINESS.id}/type`, { token, body: { business_type_uuid: bedAndBreakfast }, status: 200 });

    const units = (await owner.get("/hosts?from=2025-01-01&to=2025-01-31", hostUnits, inApp)).data;
    expect(units).toMatchObject({ host: true, periodError: null, report: { from: "2025-01-01", to: "2025-01-31", is_bnb: true } });
    expect(units.report.units.length).toBeGreaterThan(0);

    const listings = (await owner.get("/hosts/competitors", hostCompetitors, inApp)).data;
    expect(listings.host).toBe(true);
    expect(listings.rates.nights).toHaveLength(28);

    const prices = (await owner.get("/hosts/precifications?start=2030-01-07", hostPrices, inApp)).data;
    expect(prices).toMatchObject({ host: true, from: "2030-01-07", calendar: { from: "2030-01-07", to: "2030-01-20" } });
    expect(prices.calendar.days).toHaveLength(14);
    expect(prices.units.length).toBe(units.report.units.length);
  });
});
