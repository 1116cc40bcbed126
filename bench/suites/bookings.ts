// Bookings (issue 6): availability for 365 nights × 5 categories with 5,000 reservations on
// PGlite (goal p95 ≤ 50 ms), reservation-creation throughput on PGlite and on PostgreSQL, and
// creation over HTTP on the bench server. The 5,000-reservation hotel is built directly in a
// database of its own (bulk insert, then the inventory rebuilt), and the API runs in this process
// on it (`api.fetch(Request)`, the same path the web takes when embedded), so the figures are the
// API's and the database's, not the socket's.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { BenchContext, BenchRow, BenchSuite } from "#bench/types.ts";
import { mulberry32 } from "#domain/random.ts";

const YEAR_NIGHTS = 365;
const RESERVATIONS = 5_000;
const CATEGORIES = [
  { name: "Standard", rooms: 12, min: 1, max: 2 },
  { name: "Superior", rooms: 8, min: 1, max: 3 },
  { name: "Deluxe", rooms: 6, min: 1, max: 3 },
  { name: "Família", rooms: 4, min: 2, max: 5 },
  { name: "Suíte", rooms: 2, min: 2, max: 4 },
];
const OWNER = "dono@pousada-demo.com.br";
const PASSWORD = "Tarifa!2026";

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type Kind = "pglite" | "postgres";

/** A migrated database with the demo accounts, an in-process API on it and the owner's token. */
async function openApi(kind: Kind, url?: string) {
  process.env.LOG_LEVEL = "silent";
  const { parseConfig, setConfig } = await import("#config");
  const { openDatabase } = await import("#api/db/client.ts");
  const { createApi } = await import("#api/app.ts");
  const { seedUsers } = await import("#api/seed/users.ts");
  const config = parseConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/tarifa-bench-bookings", SESSION_SECRET: "bench-secret-bench-secret-bench-secret!", LOG_LEVEL: "silent" });
  setConfig(config);
  const handle = kind === "pglite" ? await openDatabase({ kind: "pglite" }) : await openDatabase({ kind: "postgres", url: url!, max: 10 });
  await handle.migrate();
  const people = await seedUsers(handle.db, new Date());
  const api = createApi({ db: handle.db, config, now: () => new Date() });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers = new Headers({ accept: "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (body !== undefined) headers.set("content-type", "application/json");
    return api.fetch(new Request(`http://bench.local${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  };
  const login = await call("POST", "/api/auth/login", undefined, { email: OWNER, password: PASSWORD });
  const token = ((await login.json()) as { token: string }).token;
  return { handle, call, token, owner: people.owner };
}

/** The bench hotel: 5 categories (32 rooms), a tariff, numbered rooms and 5,000 reservations over a year, inventory rebuilt. */
export async function buildHotel(db: import("#api/db/client.ts").Database, ownerId: string, from: string) {
  const { sql } = await import("drizzle-orm");
  const schema = await import("#api/db/schema/index.ts");
  const { rebuildInventory } = await import("#api/services/bookings/inventory.ts");
  const [business] = await db
    .insert(schema.businesses)
    .values({ ownerId, slug: `bench-${randomBytes(4).toString("hex")}`, companyName: "Hotel Bench", status: "SETUP_DONE", roomCount: 32, totalRooms: 32 })
    .returning();
  const categories = await db
    .insert(schema.roomCategories)
    .values(CATEGORIES.map((c, i) => ({ businessId: business.id, name: c.name, roomCount: c.rooms, minOccupation: c.min, maxOccupation: c.max, priceVariationValue: 3_000 * i, position: i })))
    .returning();
  await db.insert(schema.rooms).values(categories.flatMap((c, ci) => Array.from({ length: c.roomCount }, (_, i) => ({ businessId: business.id, categoryId: c.id, number: String((ci + 1) * 100 + i + 1) }))));
  const levels = await db
    .insert(schema.fluctuationLevels)
    .values([
      { businessId: business.id, level: 1, name: "Baixa", fromPercentage: 0, toPercentage: 40 },
      { businessId: business.id, level: 2, name: "Média", fromPercentage: 40, toPercentage: 70 },
      { businessId: business.id, level: 3, name: "Alta", fromPercentage: 70, toPercentage: 100 },
    ])
    .returning();
  const seasons = await db
    .insert(schema.seasonalities)
    .values([
      { businessId: business.id, title: "Base", color: "#4F7CAC", rate: 25_000, isReference: true },
      { businessId: business.id, title: "Fins de semana", color: "#2F9E44", rate: 30_000, isReference: false },
      { businessId: business.id, title: "Verão", color: "#F08C00", rate: 36_000, isReference: false },
    ])
    .returning();
  await db.insert(schema.seasonalityDates).values([
    { seasonalityId: seasons[1].id, startsAt: from, endsAt: addDays(from, YEAR_NIGHTS), daysOfWeek: [5, 6] },
    { seasonalityId: seasons[2].id, startsAt: from, endsAt: addDays(from, 60), daysOfWeek: [0, 1, 2, 3, 4, 5, 6] },
  ]);
  await db.insert(schema.seasonalityLevelVariations).values(
    seasons.flatMap((s) => levels.map((l, i) => ({ seasonalityId: s.id, fluctuationLevelId: l.id, priceVariationType: "percentage" as const, priceVariation: [0, 10, 25][i] }))),
  );
  // 5,000 stays of 1–3 nights wherever a room is free: about 40 % of the year's 11,680 room-nights.
  const random = mulberry32(6);
  const sold = new Map<string, number>();
  const guests: Record<string, unknown>[] = [];
  const reservations: Record<string, unknown>[] = [];
  const nights: Record<string, unknown>[] = [];
  const uuid = () => {
    const h = randomBytes(16).toString("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  for (let n = 0, tries = 0; n < RESERVATIONS && tries < RESERVATIONS * 20; tries++) {
    const c = categories[Math.floor(random() * categories.length)];
    const arrival = addDays(from, Math.floor(random() * (YEAR_NIGHTS - 3)));
    const length = 1 + Math.floor(random() * 3);
    const dates = Array.from({ length }, (_, i) => addDays(arrival, i));
    if (dates.some((d) => (sold.get(`${c.id}|${d}`) ?? 0) >= c.roomCount)) continue;
    for (const d of dates) sold.set(`${c.id}|${d}`, (sold.get(`${c.id}|${d}`) ?? 0) + 1);
    const id = uuid();
    const guestId = uuid();
    guests.push({ id: guestId, business_id: business.id, name: `Hóspede ${n}` });
    reservations.push({
      id,
      business_id: business.id,
      code: `B${String(n).padStart(5, "0")}`,
      status: "confirmed",
      arrival,
      departure: addDays(arrival, length),
      category_id: c.id,
      guest_id: guestId,
      adults: c.minOccupation,
      rate_per_night: 25_000,
      total: 25_000 * length,
      channel: "direct",
    });
    for (const d of dates) nights.push({ reservation_id: id, night: d, business_id: business.id, category_id: c.id, rate: 25_000, holds: true });
    n++;
  }
  const bulk = (table: string, columns: string, rows: Record<string, unknown>[]) =>
    db.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(columns.split(",").map((c) => c.trim().split(" ")[0]).join(", "))})
          select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(columns)})`,
    );
  await bulk("guests", "id uuid, business_id uuid, name text", guests);
  await bulk(
    "reservations",
    "id uuid, business_id uuid, code text, status text, arrival date, departure date, category_id uuid, guest_id uuid, adults int, rate_per_night int, total int, channel text",
    reservations,
  );
  await bulk("reservation_nights", "reservation_id uuid, night date, business_id uuid, category_id uuid, rate int, holds boolean", nights);
  await rebuildInventory(db, business.id);
  return { businessId: business.id, categories, reservations: reservations.length };
}

/** Sequential GETs after a warm-up: latency percentiles. */
async function timeGets(call: (m: string, p: string, t?: string) => Promise<Response>, path: string, token: string, runs = 60) {
  for (let i = 0; i < 5; i++) await (await call("GET", path, token)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await call("GET", path, token);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** Creates reservations for `seconds` with `concurrency` callers, each on its own nights so none is refused. */
async function creationThroughput(
  call: (m: string, p: string, t?: string, b?: unknown) => Promise<Response>,
  base: string,
  token: string,
  categories: { id: string; minOccupation: number }[],
  start: string,
  opts: { seconds: number; concurrency: number },
) {
  let next = 0;
  let created = 0;
  let refused = 0;
  const until = performance.now() + opts.seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < until) {
        const i = next++;
        const c = categories[i % categories.length];
        const arrival = addDays(start, Math.floor(i / categories.length) % 700);
        const res = await call("POST", `${base}/reservations`, token, {
          arrival,
          departure: addDays(arrival, 1),
          room_category_uuid: c.id,
          adults: c.minOccupation,
          guest: { name: `Carga ${i}` },
          channel: "direct",
        });
        await res.arrayBuffer();
        if (res.status === 201) created++;
        else refused++;
      }
    }),
  );
  return { rate: created / ((performance.now() - t0) / 1000), created, refused };
}

export async function measure(kind: Kind, url?: string): Promise<BenchRow[]> {
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const { handle, call, token, owner } = await openApi(kind, url);
  try {
    const from = new Date().toISOString().slice(0, 10);
    const t0 = performance.now();
    const hotel = await buildHotel(handle.db, owner.id, from);
    const buildMs = performance.now() - t0;
    const base = `/api/v1/businesses/${hotel.businessId}`;
    const to = addDays(from, YEAR_NIGHTS - 1);
    const year = await timeGets(call, `${base}/availability?from=${from}&to=${to}`, token);
    const check = (await (await call("GET", `${base}/availability?from=${from}&to=${to}`, token)).json()) as { data: { nights: { categories: unknown[] }[] } };
    if (check.data.nights.length !== YEAR_NIGHTS || check.data.nights[0].categories.length !== CATEGORIES.length) throw new Error("unexpected availability shape");
    const overview = await timeGets(call, `${base}/rooms-overview?from=${from}&to=${addDays(from, 13)}`, token, 30);
    const list = await timeGets(call, `${base}/reservations?from=${from}&to=${addDays(from, 30)}&q=H%C3%B3spede%201`, token, 30);
    const creation = await creationThroughput(call, base, token, hotel.categories, addDays(from, 400), { seconds: 5, concurrency: kind === "pglite" ? 2 : 8 });
    const name = `${YEAR_NIGHTS} nights x ${CATEGORIES.length} categories, ${hotel.reservations} reservations`;
    return [
      { name: `bookings: build ${hotel.reservations}-reservation hotel on ${label} (bulk)`, value: buildMs / 1000, unit: "s" },
      { name: `bookings: API availability ${name}, ${label} p95`, value: year.p95, unit: "ms", goal: kind === "pglite" ? "<= 50 ms" : undefined },
      { name: `bookings: API availability ${name}, ${label} p50`, value: year.p50, unit: "ms" },
      { name: `bookings: API rooms overview 14 nights x 32 rooms, ${label} p95`, value: overview.p95, unit: "ms" },
      { name: `bookings: API reservations search (30 nights, by name), ${label} p95`, value: list.p95, unit: "ms" },
      { name: `bookings: API reservation creation, ${label} (${kind === "pglite" ? 2 : 8} callers, occupancy hook included)`, value: creation.rate, unit: "ops/s" },
      ...(creation.refused ? [{ name: `bookings: creations refused during the ${label} run`, value: creation.refused, unit: "x" as const }] : []),
    ];
  } finally {
    await handle.close();
  }
}

/** A PostgreSQL server to measure on: BENCH_DATABASE_URL, else the local one CI starts, when it answers. */
async function postgresUrl(): Promise<string | null> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const host = new URL(base).hostname;
  if (spawnSync("pg_isready", ["-h", host, "-q"]).status !== 0) return null;
  return base;
}

/** Creation over HTTP on the bench server (the whole stack, PGlite), on the demo pousada's far-future nights. */
async function httpCreation(ctx: BenchContext): Promise<BenchRow[]> {
  const token = await ctx.apiToken(OWNER);
  const call = async (method: string, path: string, t?: string, body?: unknown) =>
    fetch(ctx.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${t ?? token}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const { businesses, selected_business_uuid } = (await (await call("GET", "/api/v1/businesses")).json()) as { businesses: { uuid: string }[]; selected_business_uuid: string | null };
  const base = `/api/v1/businesses/${selected_business_uuid ?? businesses[0].uuid}`;
  const options = (await (await call("GET", `${base}/reservations/options`)).json()) as { data: { today: string; categories: { uuid: string; min_occupation: number }[] } };
  const categories = options.data.categories.map((c) => ({ id: c.uuid, minOccupation: c.min_occupation }));
  const result = await creationThroughput(call, base, token, categories, addDays(options.data.today, 800), { seconds: 5, concurrency: 4 });
  return [{ name: "bookings: HTTP reservation creation on the bench server (PGlite, 4 callers)", value: result.rate, unit: "ops/s" }];
}

export const run: BenchSuite = async (ctx) => {
  const rows: BenchRow[] = [];
  rows.push(...(await measure("pglite")));
  const server = await postgresUrl();
  if (server) {
    const pg = (await import("pg")).default;
    const name = `tarifa_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const u = new URL(server);
      u.pathname = `/${name}`;
      rows.push(...(await measure("postgres", u.toString())));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    rows.push({ name: "bookings: PostgreSQL figures skipped (no server: set BENCH_DATABASE_URL)", value: 0, unit: "x" });
  }
  rows.push(...(await httpCreation(ctx)));
  return rows;
};
