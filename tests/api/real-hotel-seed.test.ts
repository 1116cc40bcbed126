import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAL_HOTEL, REAL_HOTEL_FILE, seedRealHotel } from "#api/seed/real-hotel.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

/**
 * The real demo hotel of `npm run db:seed` against what this test reads from the data set itself
 * (its own parsing, not the import's): how many reservations of each kind, the room nights of
 * every night of the last year, the revenue, and the weekdays kept by a move of whole weeks.
 */
const NOW = new Date("2026-11-28T15:00:00Z"); // 15:00 in Lisbon
const TODAY = "2026-11-28";
const DAY = 86_400_000;
let t: TestApi;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The file's bookings with nights and a rate not below zero (what any import keeps), as day offsets. */
function fromFile() {
  const rows = parse(gunzipSync(readFileSync(REAL_HOTEL_FILE)), { columns: true }) as Record<string, string>[];
  return rows
    .map((r) => ({
      arrival: Date.UTC(Number(r.arrival_date_year), MONTHS.indexOf(r.arrival_date_month!), Number(r.arrival_date_day_of_month)),
      nights: Number(r.stays_in_weekend_nights) + Number(r.stays_in_week_nights),
      adr: Number(r.adr),
      kind: r.reservation_status === "No-Show" ? "no_show" : r.is_canceled === "1" ? "cancelled" : "stayed",
    }))
    .filter((r) => r.nights > 0 && r.adr >= 0);
}

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = NOW;
  expect(await seedRealHotel(t.db, NOW)).toBe(true);
}, 600_000);
afterAll(() => t.close());

describe("the real demo hotel", () => {
  const file = fromFile();
  const lastArrival = Math.max(...file.map((r) => r.arrival));
  // Whole weeks that bring the last arrival into the week before today.
  const shift = 7 * Math.floor((Date.parse(TODAY) - DAY - lastArrival) / (7 * DAY)) * DAY;

  it("holds every booking of the file, cancelled, missed or stayed, with its revenue", async () => {
    const rows = (await t.db.execute(sql`select status, count(*)::int as n, sum(total)::bigint as total from reservations where business_id = ${REAL_HOTEL.id} group by 1`)) as unknown as { rows: { status: string; n: number; total: string }[] };
    const count = (status: string) => rows.rows.filter((r) => status.split(",").includes(r.status)).reduce((s, r) => s + Number(r.n), 0);
    const stayed = file.filter((r) => r.kind === "stayed");
    expect(count("cancelled")).toBe(file.filter((r) => r.kind === "cancelled").length);
    expect(count("no_show")).toBe(file.filter((r) => r.kind === "no_show").length);
    expect(count("checked_out,checked_in")).toBe(stayed.length);
    const revenue = rows.rows.filter((r) => r.status === "checked_out" || r.status === "checked_in").reduce((s, r) => s + Number(r.total), 0);
    expect(revenue).toBe(stayed.reduce((s, r) => s + Math.round(r.adr * r.nights * 100), 0));
  });

  it("moves the bookings by whole weeks: the last arrival in the week before today, every weekday kept", async () => {
    const [first] = ((await t.db.execute(sql`select to_char(min(arrival), 'YYYY-MM-DD') as first, to_char(max(arrival), 'YYYY-MM-DD') as last from reservations where business_id = ${REAL_HOTEL.id}`)) as unknown as { rows: { first: string; last: string }[] }).rows;
    const firstArrival = Math.min(...file.map((r) => r.arrival));
    expect(first!.first).toBe(iso(firstArrival + shift));
    expect(first!.last).toBe(iso(lastArrival + shift));
    expect(new Date(`${first!.first}T00:00:00Z`).getUTCDay()).toBe(new Date(firstArrival).getUTCDay());
    expect(first!.last < TODAY && first!.last >= iso(Date.parse(TODAY) - 7 * DAY)).toBe(true);
  });

  it("shows on /tracking the rooms of each night of the last year that the file says were occupied", async () => {
    const token = await t.login(demoUsers.owner.email);
    const from = iso(Date.parse(TODAY) - 365 * DAY);
    const to = iso(Date.parse(TODAY) - DAY);
    const answer = await t.json("GET", `/api/v1/businesses/${REAL_HOTEL.id}/tracking/on-the-books?as_of=${TODAY}&from=${from}&to=${to}`, { token, status: 200 });
    const occupied = new Map<string, number>();
    for (const r of file) {
      if (r.kind !== "stayed") continue;
      for (let n = 0; n < r.nights; n++) {
        const night = iso(r.arrival + shift + n * DAY);
        occupied.set(night, (occupied.get(night) ?? 0) + 1);
      }
    }
    expect(answer.nights).toHaveLength(365);
    for (const n of answer.nights) expect(n.room_nights, n.date).toBe(occupied.get(n.date) ?? 0);
    expect(Math.max(...answer.nights.map((n: { room_nights: number }) => n.room_nights))).toBeLessThanOrEqual(REAL_HOTEL.rooms);
  });

  it("is the demo owner's second business, and is not added twice", async () => {
    const token = await t.login(demoUsers.owner.email);
    const list = await t.json("GET", "/api/v1/businesses", { token, status: 200 });
    expect(JSON.stringify(list)).toContain(REAL_HOTEL.companyName);
    expect(await seedRealHotel(t.db, NOW)).toBe(false);
  });
});
