import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { businesses } from "#api/db/schema/index.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { inventoryMatches, orphanCount } from "./bookings-fixture.ts";

let t: TestApi;
let base: string;
let token: string;
let businessId: string;

beforeAll(async () => {
  t = await createTestApi();
  const [pousada] = await t.db.select().from(businesses).where(sql`${businesses.companyName} = 'Pousada Maré Alta'`);
  businessId = pousada.id;
  base = `/api/v1/businesses/${businessId}`;
  token = await t.login(demoUsers.owner.email);
});
afterAll(() => t.close());

describe("the demo pousada's bookings", () => {
  it("has its numbered rooms", async () => {
    const rooms = (await t.json("GET", `${base}/rooms`, { token, status: 200 })).data;
    expect(rooms.map((r: { number: string }) => r.number)).toEqual(["101", "102", "103", "104", "105", "106", "107", "108", "201", "202", "203", "204", "301", "302"]);
  });

  it("has a year of stays across channels and statuses, consistent with the inventory", async () => {
    const rows = (await t.db.execute(sql`select status, channel, count(*)::int as n from reservations where business_id = ${businessId} group by 1, 2`)) as unknown as {
      rows: { status: string; channel: string; n: number }[];
    };
    const statuses = new Set(rows.rows.map((r) => r.status));
    for (const s of ["checked_out", "confirmed", "cancelled", "no_show", "pending"]) expect(statuses).toContain(s);
    expect(new Set(rows.rows.map((r) => r.channel))).toEqual(new Set(["direct", "booking_com", "airbnb", "expedia", "phone", "walk_in"]));
    expect(rows.rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(500);
    expect((await inventoryMatches(t.db, businessId)).detail).toBe("");
    expect(await orphanCount(t.db, businessId)).toBe(0);
  });

  it("keeps each stay's versions from its own dates: booked when created, cancelled when cancelled", async () => {
    const [row] = ((await t.db.execute(sql`select
        count(*) filter (where not exists (select 1 from reservation_versions v where v.reservation_id = r.id))::int as without,
        count(*) filter (where r.status = 'cancelled')::int as cancelled,
        count(*) filter (where r.status = 'cancelled' and exists (select 1 from reservation_versions v where v.reservation_id = r.id and v.status = 'cancelled' and v.valid_from = greatest(r.cancelled_at, r.created_at))
                           and exists (select 1 from reservation_versions v where v.reservation_id = r.id and v.status = 'confirmed' and v.valid_from = r.created_at))::int as dated
      from reservations r where r.business_id = ${businessId}`)) as unknown as { rows: { without: number; cancelled: number; dated: number }[] }).rows;
    expect(row.without).toBe(0);
    expect(row.cancelled).toBeGreaterThan(0);
    expect(row.dated).toBe(row.cancelled);
  });

  it("is fuller on weekends than on weekdays, and never overbooked", async () => {
    const today = todayIn("America/Sao_Paulo", t.clock.now);
    const a = await t.json("GET", `${base}/availability?from=${addDays(today, -180)}&to=${addDays(today, -1)}`, { token, status: 200 });
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const weekend = a.data.nights.filter((n: { date: string }) => [5, 6].includes(new Date(`${n.date}T00:00:00Z`).getUTCDay()));
    const weekday = a.data.nights.filter((n: { date: string }) => [1, 2, 3].includes(new Date(`${n.date}T00:00:00Z`).getUTCDay()));
    expect(mean(weekend.map((n: { occupancy: number }) => n.occupancy))).toBeGreaterThan(mean(weekday.map((n: { occupancy: number }) => n.occupancy)) + 15);
    for (const n of a.data.nights) for (const c of n.categories) expect(c.sold + c.blocked).toBeLessThanOrEqual(c.rooms);
  });
});
