import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { businesses, businessMembers, users } from "#api/db/schema/index.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { addDays } from "#domain/pricing/dates.ts";
import { createTestApi, DEMO_PASSWORD, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
const TODAY = "2026-03-10";
const base = `/api/v1/businesses/${DEMO_BUSINESS.id}`;
let t: TestApi;
let tokens: { owner: string; collaborator: string; stranger: string; analyst: string };
let strangerBusiness: string;

beforeAll(async () => {
  t = await createTestApi({ seed: false });
  t.clock.now = NOW;
  const { seed } = await import("#api/seed/index.ts");
  await seed(t.db, NOW);
  const [stranger] = await t.db
    .insert(users)
    .values({ name: "Outro", surname: "Dono", email: "outro@hotel-vizinho.com.br", passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["owner"], emailVerifiedAt: NOW })
    .returning();
  const [own] = await t.db.insert(businesses).values({ ownerId: stranger.id, slug: "hotel-vizinho", companyName: "Hotel Vizinho", country: "BR", state: "RJ", status: "SETUP_DONE" }).returning();
  strangerBusiness = own.id;
  // An analyst: the intelligence pages without the dashboard.
  const [analyst] = await t.db
    .insert(users)
    .values({ name: "Ana", surname: "Lista", email: "analista@pousada-demo.com.br", passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["collaborator"], emailVerifiedAt: NOW })
    .returning();
  await t.db.insert(businessMembers).values({ businessId: DEMO_BUSINESS.id, userId: analyst.id, permissions: ["user.business-intelligence"] });
  tokens = {
    owner: await t.login(demoUsers.owner.email),
    collaborator: await t.login(demoUsers.collaborator.email),
    stranger: await t.login("outro@hotel-vizinho.com.br"),
    analyst: await t.login("analista@pousada-demo.com.br"),
  };
});
afterAll(() => t.close());

/**
 * The figures of a period computed here, independently of api/services/metrics: rooms from the
 * categories, blocked rooms from the room blocks themselves, rooms sold from the reservations'
 * statuses (not the `holds` flag nor the inventory counters).
 */
async function independent(from: string, to: string) {
  const { rows } = (await t.db.execute(sql`
    with nights as (select d::date as night from generate_series(${from}::date, ${to}::date, interval '1 day') d),
    supply as (
      select n.night,
             (select sum(room_count) from room_categories where business_id = ${DEMO_BUSINESS.id})
             - coalesce((select sum(b.count) from room_blocks b where b.business_id = ${DEMO_BUSINESS.id} and n.night between b.starts_at and b.ends_at), 0) as rooms
      from nights n
    ),
    sold as (
      select rn.night, rn.rate from reservation_nights rn join reservations r on r.id = rn.reservation_id
      where r.business_id = ${DEMO_BUSINESS.id} and r.status in ('pending', 'confirmed', 'checked_in', 'checked_out')
        and rn.night between ${from}::date and ${to}::date
    )
    select (select sum(rooms) from supply)::int as available, (select count(*) from sold)::int as sold, (select coalesce(sum(rate), 0) from sold)::bigint as revenue`)) as unknown as {
    rows: { available: number; sold: number; revenue: string }[];
  };
  const { available, sold } = rows[0];
  const revenue = Number(rows[0].revenue);
  return { rooms_available: available, room_nights_sold: sold, room_revenue: revenue, occupancy: sold / available, adr: sold ? Math.round(revenue / sold) : null, revpar: Math.round(revenue / available) };
}

function expectSame(api: Record<string, number | null>, mine: Awaited<ReturnType<typeof independent>>) {
  expect(api.rooms_available).toBe(mine.rooms_available);
  expect(api.room_nights_sold).toBe(mine.room_nights_sold);
  expect(api.room_revenue).toBe(mine.room_revenue);
  expect(api.occupancy).toBeCloseTo(mine.occupancy, 4);
  expect(api.adr).toBe(mine.adr);
  expect(api.revpar).toBe(mine.revpar);
}

describe("the dashboard", () => {
  it("equals an independent computation for tonight, the next 7 and 30 nights and month to date", async () => {
    const d = await t.json("GET", `${base}/dashboard`, { token: tokens.owner, status: 200 });
    expect(d.today).toBe(TODAY);
    expectSame(d.tonight, await independent(TODAY, TODAY));
    expectSame(d.next_7, await independent(TODAY, addDays(TODAY, 6)));
    expectSame(d.next_30, await independent(TODAY, addDays(TODAY, 29)));
    expectSame(d.month_to_date.actual, await independent("2026-03-01", TODAY));
    expectSame(d.month_to_date.last_year, await independent("2025-03-01", "2025-03-10"));
    expect(d.next_30.room_nights_sold).toBeGreaterThan(0);
  });

  it("lists the next 30 nights one by one for its chart, each equal to an independent computation", async () => {
    const d = await t.json("GET", `${base}/dashboard`, { token: tokens.owner, status: 200 });
    expect(d.nights.map((n: { date: string }) => n.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(TODAY, i)));
    for (const night of d.nights) {
      const mine = await independent(night.date, night.date);
      expect(night).toMatchObject({ rooms_available: mine.rooms_available, room_nights_sold: mine.room_nights_sold, room_revenue: mine.room_revenue, adr: mine.adr, revpar: mine.revpar });
      expect(night.occupancy).toBeCloseTo(mine.occupancy, 4);
    }
    // The nights add up to the "next 30 nights" card.
    const sum = (k: "rooms_available" | "room_nights_sold" | "room_revenue") => d.nights.reduce((s: number, n: Record<string, number>) => s + n[k], 0);
    expect([sum("rooms_available"), sum("room_nights_sold"), sum("room_revenue")]).toEqual([d.next_30.rooms_available, d.next_30.room_nights_sold, d.next_30.room_revenue]);
  });

  it("counts today's arrivals and departures, pickup and the nights waiting to be published", async () => {
    const d = await t.json("GET", `${base}/dashboard`, { token: tokens.owner, status: 200 });
    const { rows } = (await t.db.execute(sql`
      select count(*) filter (where arrival = ${TODAY}::date)::int as arrivals, count(*) filter (where departure = ${TODAY}::date)::int as departures
      from reservations where business_id = ${DEMO_BUSINESS.id} and status not in ('cancelled', 'no_show')`)) as unknown as { rows: { arrivals: number; departures: number }[] };
    expect(d.movements).toMatchObject(rows[0]);
    const week = (await t.db.execute(sql`
      select count(*)::int as nights from reservation_nights rn join reservations r on r.id = rn.reservation_id
      where r.business_id = ${DEMO_BUSINESS.id} and r.status not in ('cancelled', 'no_show') and rn.night >= ${TODAY}::date
        and r.created_at >= ${new Date(NOW.getTime() - 7 * 86_400_000).toISOString()}::timestamptz and r.created_at < ${NOW.toISOString()}::timestamptz`)) as unknown as { rows: { nights: number }[] };
    expect(d.pickup.last_7d.room_nights).toBe(week.rows[0].nights);
    expect(d.pickup.last_7d.room_nights).toBeGreaterThan(0);
    expect(d.pickup.last_24h.room_nights).toBeLessThanOrEqual(d.pickup.last_7d.room_nights);
    expect(d.days_to_update).toMatchObject({ count: 0, first: null, within_nights: 30 });
    // Two nights whose published rate is forgotten wait to be published; one past the card's 30 nights does not count.
    const [soon, later, beyond] = [addDays(TODAY, 3), addDays(TODAY, 5), addDays(TODAY, 40)];
    await t.db.execute(sql`delete from published_rates where business_id = ${DEMO_BUSINESS.id} and date in (${soon}::date, ${later}::date, ${beyond}::date)`);
    const waiting = await t.json("GET", `${base}/dashboard`, { token: tokens.owner, status: 200 });
    expect(waiting.days_to_update).toEqual({ count: 2, first: soon, within_nights: 30 });
    const hrefs: Record<string, string> = { raiseHighOccupancy: "/days-to-update", fillWeakNights: "/calendar", publishPrices: "/days-to-update", goalGap: "/goals", belowMarketFull: "/market-analysis", negativePickup: "/sales-dashboard" };
    for (const a of waiting.actions) expect(a.href.split("?")[0], a.kind).toBe(hrefs[a.kind]);
  });
});

describe("month by month", () => {
  it("equals an independent computation for every month of this year and last year", async () => {
    const m = await t.json("GET", `${base}/metrics/monthly?year=2026`, { token: tokens.owner, status: 200 });
    expect(m.months).toHaveLength(12);
    for (const row of [m.months[0], m.months[2], m.months[5]]) {
      const [y, mo] = row.month.split("-").map(Number);
      const last = new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
      expectSame(row.this_year, await independent(`${row.month}-01`, last));
      const lastYearEnd = new Date(Date.UTC(y - 1, mo, 0)).toISOString().slice(0, 10);
      expectSame(row.last_year, await independent(`${y - 1}-${String(mo).padStart(2, "0")}-01`, lastYearEnd));
    }
    expectSame(m.totals.this_year, await independent("2026-01-01", "2026-12-31"));
  });

  it("refuses a year that is not one with 422", async () => {
    const bad = await t.json("GET", `${base}/metrics/monthly?year=abc`, { token: tokens.owner, status: 422 });
    expect(Object.keys(bad.errors)).toEqual(["year"]);
    await t.json("GET", `${base}/metrics/monthly?year=1800`, { token: tokens.owner, status: 422 });
  });
});

describe("breakdowns and the explorer", () => {
  it("splits a period by channel with mixes adding up to the whole", async () => {
    const b = await t.json("GET", `${base}/metrics/breakdown?from=2026-01-01&to=2026-03-31&dimension=channel`, { token: tokens.owner, status: 200 });
    const sum = (k: string) => b.rows.reduce((s: number, r: any) => s + r[k], 0);
    expect(sum("room_nights_sold")).toBe(b.total.room_nights_sold);
    expect(sum("room_revenue")).toBe(b.total.room_revenue);
    expect(sum("room_nights_share")).toBeCloseTo(1, 2);
    // Channels have no rooms of their own: their occupancy is their part of the period's.
    expect(sum("occupancy")).toBeCloseTo(b.total.occupancy, 2);
    expectSame(b.total, await independent("2026-01-01", "2026-03-31"));
  });

  it("answers every dimension, buckets in order", async () => {
    for (const dimension of ["category", "lead_time", "length_of_stay", "weekday", "country"]) {
      const b = await t.json("GET", `${base}/metrics/breakdown?from=2025-10-01&to=2026-03-31&dimension=${dimension}`, { token: tokens.owner, status: 200 });
      expect(b.rows.length).toBeGreaterThan(0);
      expect(b.rows.reduce((s: number, r: any) => s + r.reservations, 0)).toBe(b.total.reservations);
    }
    const lead = await t.json("GET", `${base}/metrics/breakdown?from=2025-10-01&to=2026-03-31&dimension=lead_time`, { token: tokens.owner, status: 200 });
    const order = ["0", "1-3", "4-7", "8-14", "15-30", "31-60", "61-90", "91+"];
    expect(lead.rows.map((r: any) => order.indexOf(r.key))).toEqual([...lead.rows.map((r: any) => order.indexOf(r.key))].sort((a, b) => a - b));
    const cats = await t.json("GET", `${base}/metrics/breakdown?from=2026-01-01&to=2026-01-31&dimension=category`, { token: tokens.owner, status: 200 });
    expect(cats.rows.every((r: any) => typeof r.label === "string")).toBe(true);
  });

  it("compares two periods with the chosen metrics", async () => {
    const e = await t.json("GET", `${base}/metrics/explore?metrics=occupancy,adr,cancellation_rate&dimension=month&from=2026-01-01&to=2026-03-31&compare=last_year`, { token: tokens.owner, status: 200 });
    expect(e.compare_period).toEqual({ from: "2025-01-01", to: "2025-03-31" });
    expect(e.rows.map((r: any) => [r.key, r.compare_key])).toEqual([
      ["2026-01", "2025-01"],
      ["2026-02", "2025-02"],
      ["2026-03", "2025-03"],
    ]);
    expect(Object.keys(e.rows[0].values)).toEqual(["occupancy", "adr", "cancellation_rate"]);
    const jan = await independent("2026-01-01", "2026-01-31");
    expect(e.rows[0].values.occupancy).toBeCloseTo(jan.occupancy, 4);
    const none = await t.json("GET", `${base}/metrics/explore?metrics=revpar&dimension=channel&from=2026-01-01&to=2026-01-31&compare=none`, { token: tokens.owner, status: 200 });
    expect(none.compare_period).toBeNull();
    expect(none.rows[0].compare).toBeNull();
  });

  it("refuses bad questions with 422 beside the field, never 500", async () => {
    const cases: [string, string][] = [
      ["metrics/breakdown?dimension=planet", "dimension"],
      ["metrics/breakdown?dimension=channel&from=2026-13-01", "from"],
      ["metrics/breakdown?dimension=channel&from=2026-03-01&to=2026-01-01", "to"],
      ["metrics/breakdown?dimension=channel&from=2020-01-01&to=2026-01-01", "to"],
      ["metrics/explore?metrics=happiness", "metrics"],
      ["metrics/explore?compare=custom", "compare_from"],
      ["metrics/explore?dimension=galaxy", "dimension"],
    ];
    for (const [path, field] of cases) {
      const answer = await t.json("GET", `${base}/${path}`, { token: tokens.owner, status: 422, lang: "en" });
      expect(Object.keys(answer.errors)).toContain(field);
    }
  });
});

describe("the demo data behind the pages", () => {
  it("spans two years back and books ahead, with lead times by channel and cancellations dated", async () => {
    const { rows } = (await t.db.execute(sql`
      select min(arrival)::text as first, max(arrival)::text as last, count(*) filter (where status = 'cancelled' and cancelled_at is null)::int as undated,
             count(*) filter (where created_at > ${NOW.toISOString()}::timestamptz or cancelled_at > ${NOW.toISOString()}::timestamptz)::int as in_future
      from reservations where business_id = ${DEMO_BUSINESS.id}`)) as unknown as { rows: { first: string; last: string; undated: number; in_future: number }[] };
    expect(rows[0].first <= addDays(TODAY, -720)).toBe(true);
    expect(rows[0].last >= addDays(TODAY, 180)).toBe(true);
    expect(rows[0]).toMatchObject({ undated: 0, in_future: 0 });
    const b = await t.json("GET", `${base}/metrics/breakdown?from=${addDays(TODAY, -730)}&to=${TODAY}&dimension=channel`, { token: tokens.owner, status: 200 });
    const lead = Object.fromEntries(b.rows.map((r: any) => [r.key, r.average_lead_time]));
    expect(lead.walk_in).toBe(0);
    expect(lead.direct).toBeGreaterThan(lead.booking_com);
    expect(b.total.cancellations).toBeGreaterThan(0);
    expect(b.total.no_shows).toBeGreaterThan(0);
  });
});

describe("goals", () => {
  it("are set for months, read back, cleared when blank, and appear on the dashboard and month by month", async () => {
    await t.json("PUT", `${base}/goals`, {
      token: tokens.owner,
      status: 200,
      body: { months: [{ month: "2026-03", revenue: 9_000_000, occupancy: 70, adr: 32_000 }, { month: "2026-04", revenue: 5_000_000, occupancy: null, adr: null }] },
    });
    const year = await t.json("GET", `${base}/goals?year=2026`, { token: tokens.owner, status: 200 });
    expect(year.editable).toBe(true);
    expect(year.months[2]).toMatchObject({ month: "2026-03", revenue: 9_000_000, occupancy: 70, adr: 32_000 });
    expect(year.months[3]).toMatchObject({ month: "2026-04", revenue: 5_000_000, occupancy: null, adr: null });
    // Beside each goal, what the month sold (the same figures as month by month).
    expectSame(year.months[0].actual, await independent("2026-01-01", "2026-01-31"));
    const d = await t.json("GET", `${base}/dashboard`, { token: tokens.owner, status: 200 });
    expect(d.month_to_date.goal).toEqual({ month: "2026-03", revenue: 9_000_000, occupancy: 70, adr: 32_000 });
    const m = await t.json("GET", `${base}/metrics/monthly?year=2026`, { token: tokens.owner, status: 200 });
    expect(m.months[3].goal.revenue).toBe(5_000_000);
    await t.json("PUT", `${base}/goals`, { token: tokens.owner, status: 200, body: { months: [{ month: "2026-04", revenue: null, occupancy: null, adr: null }] } });
    expect((await t.json("GET", `${base}/goals?year=2026`, { token: tokens.owner, status: 200 })).months[3].revenue).toBeNull();
  });

  it("refuses bad goals with 422 and writes nothing", async () => {
    const bad = await t.json("PUT", `${base}/goals`, {
      token: tokens.owner,
      status: 422,
      body: { months: [{ month: "2026-05", revenue: 100, occupancy: 50, adr: 1 }, { month: "2026-13", revenue: -5, occupancy: 120, adr: 1.5 }] },
    });
    expect(Object.keys(bad.errors).sort()).toEqual(["months.1.adr", "months.1.month", "months.1.occupancy", "months.1.revenue"]);
    expect((await t.json("GET", `${base}/goals?year=2026`, { token: tokens.owner, status: 200 })).months[4].revenue).toBeNull();
    await t.json("PUT", `${base}/goals`, { token: tokens.owner, status: 422, body: "not json" });
    await t.json("PUT", `${base}/goals`, { token: tokens.owner, status: 422, body: { months: [{ month: "2026-05", revenue: 1, occupancy: 1, adr: 1 }, { month: "2026-05", revenue: 2, occupancy: 1, adr: 1 }] } });
  });
});

describe("who may see what", () => {
  it("refuses strangers and unknown businesses", async () => {
    for (const path of ["dashboard", "metrics/monthly", "metrics/breakdown?dimension=channel", "metrics/explore", "goals"]) {
      await t.json("GET", `${base}/${path}`, { token: tokens.stranger, status: 403 });
      await t.json("GET", `/api/v1/businesses/00000000-0000-4000-8000-000000000000/${path}`, { token: tokens.owner, status: 404 });
      await t.json("GET", `/api/v1/businesses/not-a-uuid/${path}`, { token: tokens.owner, status: 422 });
      await t.json("GET", `${base}/${path}`, { status: 401 });
    }
    await t.json("PUT", `/api/v1/businesses/${strangerBusiness}/goals`, { token: tokens.owner, status: 403, body: { months: [{ month: "2026-01", revenue: 1, occupancy: null, adr: null }] } });
  });

  it("gives a collaborator with the dashboard only the dashboard and read-only goals", async () => {
    await t.json("GET", `${base}/dashboard`, { token: tokens.collaborator, status: 200 });
    expect((await t.json("GET", `${base}/goals`, { token: tokens.collaborator, status: 200 })).editable).toBe(false);
    for (const path of ["metrics/monthly", "metrics/breakdown?dimension=channel", "metrics/explore"]) await t.json("GET", `${base}/${path}`, { token: tokens.collaborator, status: 403 });
    await t.json("PUT", `${base}/goals`, { token: tokens.collaborator, status: 403, body: { months: [{ month: "2026-01", revenue: 1, occupancy: null, adr: null }] } });
  });

  it("gives an analyst the intelligence calls but not the dashboard", async () => {
    await t.json("GET", `${base}/dashboard`, { token: tokens.analyst, status: 403 });
    await t.json("GET", `${base}/metrics/monthly`, { token: tokens.analyst, status: 200 });
    expect((await t.json("GET", `${base}/goals`, { token: tokens.analyst, status: 200 })).editable).toBe(true);
  });
});
