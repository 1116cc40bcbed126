// Intelligence (issue 11): the dashboard API with three years × 60 rooms of reservations on
// PGlite (goal p95 ≤ 100 ms), the month-by-month and breakdown calls beside it, and the dashboard
// page's throughput against the bare /unauthorized page on the bench server (goal ≥ 50 %).
// The 60-room hotel is built in a PGlite database of its own with the demo seed's own mechanics
// (two years back and one ahead, lead times by channel, cancellations), priced like the demo, and
// the API runs in this process on it (`api.fetch(Request)`, the path the web takes when embedded).
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";

const OWNER = "dono@pousada-demo.com.br";
const PASSWORD = "Tarifa!2026";
const NAME = "Hotel Bench Sessenta";
const CATEGORIES = [
  { name: "Standard", rooms: 36, value: 0 },
  { name: "Superior", rooms: 16, value: 6_000 },
  { name: "Suíte", rooms: 8, value: 15_000 },
];

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function apiOn60Rooms() {
  process.env.LOG_LEVEL = "silent";
  const { parseConfig, setConfig } = await import("#config");
  const { openDatabase } = await import("#api/db/client.ts");
  const { createApi } = await import("#api/app.ts");
  const { seedUsers } = await import("#api/seed/users.ts");
  const { seedBookings } = await import("#api/seed/bookings.ts");
  const { seedPricing } = await import("#api/seed/pricing.ts");
  const schema = await import("#api/db/schema/index.ts");
  const { sql } = await import("drizzle-orm");
  const config = parseConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/tarifa-bench-intelligence", SESSION_SECRET: "bench-secret-bench-secret-bench-secret!", LOG_LEVEL: "silent" });
  setConfig(config);
  const handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  const now = new Date();
  const people = await seedUsers(handle.db, now);
  const [business] = await handle.db
    .insert(schema.businesses)
    .values({ ownerId: people.owner.id, slug: "hotel-bench-sessenta", companyName: NAME, status: "SETUP_DONE", country: "BR", state: "RJ", roomCount: 60, totalRooms: 60 })
    .returning();
  await handle.db.insert(schema.roomCategories).values(CATEGORIES.map((c, i) => ({ businessId: business.id, name: c.name, roomCount: c.rooms, priceVariationValue: c.value, commission: 15, position: i })));
  const t0 = performance.now();
  await seedBookings(handle.db, now, NAME);
  const seeded = performance.now() - t0;
  await seedPricing(handle.db, now, business.id);
  // As the demo seed does (api/seed/index.ts): PGlite has no autovacuum to gather statistics.
  await handle.db.execute(sql`analyze`);
  const [{ n, nights }] = (
    (await handle.db.execute(sql`select count(*)::int as n, (select count(*)::int from reservation_nights where business_id = ${business.id}) as nights from reservations where business_id = ${business.id}`)) as unknown as {
      rows: { n: number; nights: number }[];
    }
  ).rows;
  const api = createApi({ db: handle.db, config, now: () => new Date() });
  const call = async (path: string, token?: string, body?: unknown) => {
    const headers = new Headers({ accept: "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (body !== undefined) headers.set("content-type", "application/json");
    return api.fetch(new Request(`http://bench.local${path}`, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  };
  const login = await call("/api/auth/login", undefined, { email: OWNER, password: PASSWORD });
  const token = ((await login.json()) as { token: string }).token;
  return { handle, call, token, businessId: business.id, base: `/api/v1/businesses/${business.id}`, reservations: n, nights, seededMs: seeded };
}

/** Sequential GETs after a warm-up: latency percentiles. */
async function timeGets(call: (p: string, t?: string) => Promise<Response>, path: string, token: string, runs = 60, beforeEach?: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await (await call(path, token)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await beforeEach?.();
    const t0 = performance.now();
    const res = await call(path, token);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function pageVsBaseline(ctx: BenchContext): Promise<BenchRow[]> {
  const cookie = await ctx.signIn(OWNER);
  const baseline = await ctx.load("/unauthorized");
  const page = await ctx.load("/", { headers: { cookie } });
  return [
    { name: "intelligence: / dashboard page (demo pousada, 3 years × 14 rooms) requests/s", value: page.rps, unit: "req/s" },
    { name: "intelligence: / dashboard page throughput vs /unauthorized", value: page.rps / baseline.rps, unit: "x", goal: "≥ 0.5" },
  ];
}

export const run: BenchSuite = async (ctx) => {
  const rows: BenchRow[] = [];
  const h = await apiOn60Rooms();
  try {
    rows.push({ name: `intelligence: 60 rooms, 3 years: ${h.reservations} reservations, ${h.nights} nights, seeded`, value: h.seededMs, unit: "ms" });
    const dashboard = await timeGets(h.call, `${h.base}/dashboard`, h.token);
    rows.push({ name: "intelligence: GET /dashboard p50 (60 rooms × 3 years, PGlite)", value: dashboard.p50, unit: "ms" });
    rows.push({ name: "intelligence: GET /dashboard p95 (60 rooms × 3 years, PGlite)", value: dashboard.p95, unit: "ms", goal: "≤ 100 ms" });
    // The same call with the business's data version moved before each one, as any write moves it
    // (api/services/data-version.ts), so no remembered answer serves: what the first visit after a booking costs.
    const { sql } = await import("drizzle-orm");
    const moveVersion = () => h.handle.db.execute(sql`update data_versions set version = version + 1 where business_id = ${h.businessId}`);
    const cold = await timeGets(h.call, `${h.base}/dashboard`, h.token, 30, moveVersion);
    rows.push({ name: "intelligence: GET /dashboard p50, computed each time (no cached answer)", value: cold.p50, unit: "ms" });
    rows.push({ name: "intelligence: GET /dashboard p95, computed each time (no cached answer)", value: cold.p95, unit: "ms", goal: "≤ 100 ms" });
    const year = new Date().getUTCFullYear();
    const monthly = await timeGets(h.call, `${h.base}/metrics/monthly?year=${year}`, h.token, 30);
    rows.push({ name: "intelligence: GET /metrics/monthly p95 (60 rooms × 3 years)", value: monthly.p95, unit: "ms" });
    const breakdown = await timeGets(h.call, `${h.base}/metrics/breakdown?from=${year - 2}-01-01&to=${year}-12-31&dimension=lead_time`, h.token, 30);
    rows.push({ name: "intelligence: GET /metrics/breakdown lead time over 3 years p95", value: breakdown.p95, unit: "ms" });
    const explore = await timeGets(h.call, `${h.base}/metrics/explore?dimension=night&from=${year}-01-01&to=${year}-12-31&compare=last_year`, h.token, 30);
    rows.push({ name: "intelligence: GET /metrics/explore 366 nights vs last year p95", value: explore.p95, unit: "ms" });
  } finally {
    await h.handle.close();
  }
  rows.push(...(await pageVsBaseline(ctx)));
  return rows;
};
