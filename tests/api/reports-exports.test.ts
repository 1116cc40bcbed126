import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "../helpers/api.ts";
import { grant, seedReportFixture } from "./reports-fixture.ts";

const NOW = new Date("2026-03-15T15:00:00Z");
const FEB_MAR = "from=2026-02-01&to=2026-03-31";
let t: TestApi;
let base: string;
let owner: string;
let collaborator: string;

beforeAll(async () => {
  t = await createTestApi({ seed: false });
  t.clock.now = NOW;
  const { seed } = await import("../../api/db/seed.ts");
  await seed(t.db, NOW);
  const fixture = await seedReportFixture(t.db, (await userByEmail(t.db, demoUsers.owner.email)).id);
  base = `/api/v1/businesses/${fixture.id}`;
  // May read reports but not the reservations (guests' names and contacts).
  await grant(t.db, fixture.id, (await userByEmail(t.db, demoUsers.collaborator.email)).id, ["user.business-intelligence"]);
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
}, 120_000);
afterAll(() => t.close());

async function csv(path: string, token = owner) {
  const res = await t.call("GET", path, { token, lang: "en" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  return parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
}

async function xlsx(path: string, token = owner) {
  const res = await t.call("GET", path, { token, lang: "en" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="[a-z-]+-2026-02-01-2026-03-31\.xlsx"/);
  const book = new ExcelJS.Workbook();
  // exceljs types its input as an older Node Buffer; any Buffer works.
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as Parameters<typeof book.xlsx.load>[0]);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("exports", () => {
  it("the financial CSV has one line per month, channel and category that add up to the report", async () => {
    const rows = await csv(`${base}/exports/financial.csv?${FEB_MAR}`);
    expect(rows[0]).toEqual({ Month: "2026-02", Channel: "Booking.com", Category: "Chalé", "Room nights": "2", "Room revenue": "600.00", Extras: "50.00", "Gross revenue": "650.00", Commission: "90.00", "Net revenue": "560.00" });
    const report = await t.json("GET", `${base}/reports/financial?${FEB_MAR}`, { token: owner, status: 200 });
    const sum = (key: string) => Math.round(rows.reduce((s, r) => s + Number(r[key]) * 100, 0));
    expect([sum("Gross revenue"), sum("Commission"), sum("Net revenue")]).toEqual([report.totals.gross_revenue, report.totals.commission, report.totals.net_revenue]);
  });

  it("the commissions XLSX holds the same numbers, as numbers", async () => {
    const rows = await xlsx(`${base}/exports/commissions.xlsx?${FEB_MAR}`);
    expect(rows[0]).toEqual(["Month", "Channel", "Category", "Room nights", "Room revenue", "Commission (%)", "Commission from", "Commission"]);
    expect(rows.slice(1)).toContainEqual(["2026-03", "Booking.com", "Estúdio", 1, 150.33, 15, "Sales channel", 22.55]);
    const total = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[7]) * 100), 0);
    expect(total).toBe(19_905);
  });

  it("exports the reservations of the period (cancelled ones too, with their status) and the daily prices", async () => {
    const reservations = await csv(`${base}/exports/reservations.csv?${FEB_MAR}`);
    expect(reservations.map((r) => r.Code)).toEqual(["R1", "R2", "R3", "R4", "R5"]);
    expect(reservations[1]).toMatchObject({ Total: "910.00", Channel: "Booking.com", Nights: "3" });
    const sheet = await xlsx(`${base}/exports/reservations.xlsx?${FEB_MAR}`);
    expect(sheet).toHaveLength(6);
    const prices = await csv(`/api/v1/businesses/d3e00000-0000-4000-8000-000000000001/exports/daily-prices.csv?from=2026-03-01&to=2026-03-31`);
    // The demo pousada prices three categories every night.
    expect(prices).toHaveLength(93);
    expect(Number(prices[0].Rate)).toBeGreaterThan(0);
  });

  it("streams a large export page by page (more rows than one page)", async () => {
    const rows = await csv(`/api/v1/businesses/d3e00000-0000-4000-8000-000000000001/exports/reservations.csv?from=2024-03-15&to=2027-03-15`);
    expect(rows.length).toBeGreaterThan(1000);
    expect(new Set(rows.map((r) => r.Code)).size).toBe(rows.length);
  });

  it("exports the month-by-month figures and the sales mix of the metrics module", async () => {
    const monthly = await csv(`${base}/exports/monthly.csv?${FEB_MAR}`);
    // February 2026: 3 rooms × 28 nights, 4 sold for 1 000,00; ADR 250,00; RevPAR 1 000,00 ÷ 84 = 11,90.
    expect(monthly[0]).toMatchObject({ Month: "2026-02", "Rooms available": "84", "Room nights": "4", "Occupancy (%)": "4.76", ADR: "250.00", RevPAR: "11.90", "Room revenue": "1000.00", Extras: "50.00", "Gross revenue": "1050.00", Commission: "130.00", "Net revenue": "920.00" });
    // March: 93 − B1's two blocked nights; 3 sold for 583,78.
    expect(monthly[1]).toMatchObject({ Month: "2026-03", "Rooms available": "91", "Room nights": "3", "Room revenue": "583.78", Commission: "69.05" });
    const sales = await xlsx(`${base}/exports/sales.xlsx?${FEB_MAR}`);
    expect(sales[0]).toEqual(["By", "Value", "Room nights", "Room revenue", "Share of revenue (%)", "ADR", "Commission"]);
    // Booking.com: R2 and R3, 1 060,33 of 1 583,78 (66.95 %), ADR 265,08.
    expect(sales).toContainEqual(["Channel", "Booking.com", 4, 1060.33, 66.95, 265.08, 159.05]);
    expect(sales).toContainEqual(["Category", "Estúdio", 2, 273.78, 17.29, 136.89, 22.55]);
    expect(sales.filter((r) => r[0] === "Weekday").reduce((n, r) => n + Number(r[2]), 0)).toBe(7);
  });

  it("keeps the reservations from who may not read them, and answers 404 for an unknown file", async () => {
    await t.json("GET", `${base}/exports/reservations.csv?${FEB_MAR}`, { token: collaborator, status: 403 });
    expect(await csv(`${base}/exports/financial.csv?${FEB_MAR}`, collaborator)).toHaveLength(5);
    const offer = await t.json("GET", `${base}/exports?${FEB_MAR}`, { token: collaborator, status: 200 });
    expect(offer.kinds).toEqual(["daily-prices", "financial", "commissions", "monthly", "sales"]);
    await t.json("GET", `${base}/exports/guests.csv`, { token: owner, status: 404 });
    await t.json("GET", `${base}/exports/financial.pdf`, { token: owner, status: 404 });
    await t.json("GET", `${base}/exports/financial.csv?from=2026-04-01&to=2026-03-01`, { token: owner, status: 422 });
  });
});
