import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
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
  const { seed } = await import("#api/seed/index.ts");
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
    expect(offer.kinds).toEqual(["daily-prices", "financial", "commissions", "monthly", "sales", "pickup-pace", "forecast", "explorer"]);
    await t.json("GET", `${base}/exports/guests.csv`, { token: owner, status: 404 });
    await t.json("GET", `${base}/exports/financial.pdf`, { token: owner, status: 404 });
    await t.json("GET", `${base}/exports/financial.csv?from=2026-04-01&to=2026-03-01`, { token: owner, status: 422 });
  });
});

/** The demo pousada: two years back and one ahead of reservations, so pace, pickup and the forecast have something to say. */
const DEMO = "/api/v1/businesses/d3e00000-0000-4000-8000-000000000001";
/** A file's money (1234.5) in cents; its percentages (12.34) as 0–1 ratios. */
const centsIn = (v: unknown) => Math.round(Number(v) * 100);
const blankOr = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

describe("exports of the tracking page and the explorer", () => {
  it("pickup and pace by stay month hold the pace and pickup answers' numbers", async () => {
    const period = "from=2026-03-01&to=2026-08-31";
    const rows = await csv(`${DEMO}/exports/pickup-pace.csv?${period}`);
    const pace = await t.json("GET", `${DEMO}/tracking/pace?from=2026-03&months=6`, { token: owner, status: 200 });
    expect(rows.map((r) => r.Month)).toEqual(pace.months.map((m: any) => m.month));
    rows.forEach((r, i) => {
      const m = pace.months[i];
      expect(Number(r["Rooms available"])).toBe(m.capacity);
      expect(Number(r["On the books (room nights)"])).toBe(m.on_the_books.room_nights);
      expect(Number(r["Occupancy (%)"])).toBeCloseTo(m.on_the_books.occupancy * 100, 2);
      expect(centsIn(r["Revenue on the books"])).toBe(m.on_the_books.revenue);
      expect(r["Month last year"]).toBe(m.last_year.month);
      expect(Number(r["Last year, same lead (room nights)"])).toBe(m.last_year.on_the_books.room_nights);
      expect(centsIn(r["Last year, same lead (revenue)"])).toBe(m.last_year.on_the_books.revenue);
      expect(blankOr(r["Last year, final (room nights)"])).toBe(m.last_year.final?.room_nights ?? null);
      expect(blankOr(r["Change in room nights (%)"])).toBe(m.change.room_nights_percent);
      expect(blankOr(r["Change in revenue (%)"])).toBe(m.change.revenue_percent);
    });
    expect(rows.some((r) => Number(r["On the books (room nights)"]) > 0)).toBe(true);
    // Pickup by month: the pickup view's stay nights (today, 15 March, to 31 August) added up by month.
    for (const window of [1, 7, 30]) {
      const pickup = await t.json("GET", `${DEMO}/tracking/pickup?window=${window}&days=170`, { token: owner, status: 200 });
      expect(pickup.to).toBe("2026-08-31");
      const byMonth = new Map<string, { n: number; r: number }>();
      for (const n of pickup.by_stay_date) {
        const sum = byMonth.get(n.date.slice(0, 7)) ?? { n: 0, r: 0 };
        byMonth.set(n.date.slice(0, 7), { n: sum.n + n.pickup.room_nights, r: sum.r + n.pickup.revenue });
      }
      const days = window === 1 ? "day" : "days";
      for (const r of rows) {
        expect(Number(r[`Pickup ${window} ${days} (room nights)`]), `${r.Month} ${window}`).toBe(byMonth.get(r.Month)?.n ?? 0);
        expect(centsIn(r[`Pickup ${window} ${days} (revenue)`]), `${r.Month} ${window}`).toBe(byMonth.get(r.Month)?.r ?? 0);
      }
      if (window === 30) expect(rows.some((r) => Number(r["Pickup 30 days (room nights)"]) !== 0)).toBe(true);
    }
    // The workbook holds the same numbers, as numbers.
    const sheet = await xlsx(`${DEMO}/exports/pickup-pace.xlsx?from=2026-02-01&to=2026-03-31`);
    expect(sheet[0].slice(0, 3)).toEqual(["Month", "Rooms available", "On the books (room nights)"]);
    const march = rows[0];
    expect(sheet[2].slice(0, 3)).toEqual(["2026-03", Number(march["Rooms available"]), Number(march["On the books (room nights)"])]);
  }, 60_000);

  it("the forecast per night holds the forecast answer's nights, each with the scorecard's error that far out", async () => {
    const { refreshScorecard } = await import("#api/services/forecast/scorecard.ts");
    await refreshScorecard(t.db, DEMO_BUSINESS.id, NOW);
    const rows = await xlsx(`${DEMO}/exports/forecast.xlsx?from=2026-02-01&to=2026-03-31`);
    const f = await t.json("GET", `${DEMO}/tracking/forecast?from=2026-03-15&to=2026-03-31`, { token: owner, status: 200 });
    expect(rows[0]).toEqual([
      "Date", "Days out", "Rooms available", "On the books (room nights)", "Occupancy on the books (%)", "Expected rooms occupied", "Range, low (rooms)", "Range, high (rooms)",
      "Expected occupancy (%)", "Expected revenue", "Method", "Error measured at (days out)", "Mean error (MAPE, %)", "Mean error (rooms a night)",
    ]);
    // The nights before today are past: the file starts today, as the forecast does.
    expect(rows.slice(1).map((r) => r[0])).toEqual(f.nights.map((n: any) => n.date));
    expect(f.scorecard.status).toBe("ready");
    const horizons = new Map(f.scorecard.horizons.map((h: any) => [h.days, h]));
    const names: Record<string, string> = (await import("#locales/en-US/tracking.json")).default.forecast.method;
    rows.slice(1).forEach((r, i) => {
      const n = f.nights[i];
      const h: any = horizons.get([1, 3, 7, 14, 30, 60, 90].find((d) => d >= n.days_before));
      expect(r.slice(1, 4)).toEqual([n.days_before, n.capacity, n.on_the_books.room_nights]);
      expect(Number(r[4])).toBeCloseTo(n.on_the_books.occupancy * 100, 2);
      expect(r.slice(5, 8)).toEqual([n.forecast.room_nights, n.low, n.high]);
      expect(Number(r[8])).toBeCloseTo(n.forecast.occupancy * 100, 2);
      expect(centsIn(r[9])).toBe(n.forecast.revenue);
      expect(r[10]).toBe(names[n.method]);
      expect([r[11], r[12], r[13]]).toEqual([h.days, h.forecast.percent, h.forecast.rooms]);
    });
    // One category, as the page's picker asks for it; an unknown one is refused before the first byte.
    const category = f.categories[0];
    const one = await csv(`${DEMO}/exports/forecast.csv?from=2026-03-15&to=2026-03-21&category=${category.uuid}`);
    const fOne = await t.json("GET", `${DEMO}/tracking/forecast?from=2026-03-15&to=2026-03-21&category=${category.uuid}`, { token: owner, status: 200 });
    expect(one.map((r) => Number(r["Expected rooms occupied"]))).toEqual(fOne.nights.map((n: any) => n.forecast.room_nights));
    expect(one.map((r) => Number(r["Rooms available"]))).toEqual(fOne.nights.map((n: any) => n.capacity));
    const refused = await t.json("GET", `${DEMO}/exports/forecast.csv?category=00000000-0000-4000-8000-000000000000`, { token: owner, lang: "en", status: 422 });
    expect(Object.keys(refused.errors)).toEqual(["category"]);
  }, 120_000);

  it("the explorer's question holds the explore answer's rows and total, beside the comparison", async () => {
    const question = "metrics=occupancy,adr,room_revenue,average_lead_time&dimension=channel&from=2025-09-01&to=2026-02-28&compare=last_year";
    const rows = await csv(`${DEMO}/exports/explorer.csv?${question}`);
    const e = await t.json("GET", `${DEMO}/metrics/explore?${question}`, { token: owner, status: 200 });
    expect(Object.keys(rows[0])).toEqual([
      "Channel", "Compared with", "Occupancy (%)", "Occupancy (%) (compared)", "ADR (average daily rate)", "ADR (average daily rate) (compared)",
      "Room revenue", "Room revenue (compared)", "Average lead time (days)", "Average lead time (days) (compared)",
    ]);
    expect(rows).toHaveLength(e.rows.length + 1);
    expect(rows.at(-1)!.Channel).toBe("Total");
    const lines = [...e.rows.map((r: any) => [r.values, r.compare]), [e.total, e.compare_total]];
    rows.forEach((row, i) => {
      const [own, other] = lines[i];
      const cells = Object.values(row).slice(2);
      const expected = ["occupancy", "adr", "room_revenue", "average_lead_time"].flatMap((m) => [own?.[m], other?.[m]]);
      cells.forEach((cell, j) => {
        const want = expected[j];
        if (want === null || want === undefined) return expect(cell).toBe("");
        if (j < 2) expect(Number(cell)).toBeCloseTo(want * 100, 2);
        else if (j < 6) expect(centsIn(cell)).toBe(want);
        else expect(Number(cell)).toBe(want);
      });
    });
    expect(rows.map((r) => r.Channel)).toContain("Booking.com");
    // The same question by month without a comparison, as a workbook.
    const sheet = await xlsx(`${DEMO}/exports/explorer.xlsx?metrics=room_nights_sold,revpar&dimension=month&from=2026-02-01&to=2026-03-31&compare=none`);
    const byMonth = await t.json("GET", `${DEMO}/metrics/explore?metrics=room_nights_sold,revpar&dimension=month&from=2026-02-01&to=2026-03-31&compare=none`, { token: owner, status: 200 });
    expect(sheet).toEqual([
      ["Month", "Room nights sold", "RevPAR"],
      ...byMonth.rows.map((r: any) => [r.key, r.values.room_nights_sold, r.values.revpar / 100]),
      ["Total", byMonth.total.room_nights_sold, byMonth.total.revpar / 100],
    ]);
    // A question the explorer refuses is refused here too, beside its parameter.
    const refused = await t.json("GET", `${DEMO}/exports/explorer.csv?metrics=nonsense&from=2026-02-01&to=2026-03-31`, { token: owner, lang: "en", status: 422 });
    expect(Object.keys(refused.errors)).toEqual(["metrics"]);
  }, 60_000);
});
