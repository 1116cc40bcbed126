// Channels (issue 12): the latency from a reservation's commit to the fake Channex receiving its
// availability delta (goal p95 ≤ 2 s; bookings a few seconds apart, as Channex's rate limit
// spaces a property's pushes by 6 s), and the job queue's throughput, on PGlite and on
// PostgreSQL. Issue 27 (on PGlite): the latency from a reservation's commit to the fake Channex
// accepting the new price it causes with the brain in autopilot (the booking moves the night's
// occupancy band, the brain recomputes the night and writes its price, the outbox pushes it). The API and the queue run in this process on a database of their own, the fake
// Channex (tests/helpers/fake-channex.ts) on a local port, as in the tests.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { BenchRow, BenchSuite } from "#bench/types.ts";

const LATENCY_SAMPLES = 12;
/**
 * Each booking comes this long past the least time between two pushes of one property after the
 * previous push (MIN_PUSH_INTERVAL_MS, 7.5 s since the Channex issue; Channex's rate limit), so the
 * figure is the way of one booking, not the wait for the next slot. (Until 2026-11-29 this was
 * 6.5 s, set when the interval was 6 s: each sample then waited about 1 s for its slot.)
 */
const SAMPLE_GAP_PAST_THE_INTERVAL_MS = 500;
const QUEUE_JOBS = 1_000;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = "pglite" | "postgres";

/**
 * `brain`: two occupancy bands (empty, and +10 % from the first booking), manual prices on, the
 * brain in autopilot for the first category with an owner event (+5 %) over the sampled nights; the
 * latency is then to the restrictions call carrying the night's new price.
 */
async function measure(kind: Kind, url?: string, options: { brain?: boolean } = {}): Promise<BenchRow[]> {
  process.env.LOG_LEVEL = "silent";
  const { parseConfig, setConfig } = await import("#config");
  const { openDatabase } = await import("#api/db/client.ts");
  const { createApi } = await import("#api/app.ts");
  const { seedUsers } = await import("#api/seed/users.ts");
  const schema = await import("#api/db/schema/index.ts");
  const { translatorFor } = await import("#api/i18n.ts");
  const { connectChannex } = await import("#api/services/channels/connections.ts");
  const { startBackground } = await import("#api/services/jobs/background.ts");
  const { startJobQueue } = await import("#api/services/queue/queue.ts");
  const { startFakeChannex } = await import("#tests/helpers/fake-channex.ts");
  const { MIN_PUSH_INTERVAL_MS } = await import("#api/services/channels/push.ts");
  const SAMPLE_GAP_MS = MIN_PUSH_INTERVAL_MS + SAMPLE_GAP_PAST_THE_INTERVAL_MS;
  const { eq, sql } = await import("drizzle-orm");

  const fake = await startFakeChannex();
  const config = parseConfig({
    NODE_ENV: "production",
    DATA_DIR: "/tmp/tarifa-bench-channels",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret!",
    LOG_LEVEL: "silent",
    CHANNEX_API_URL: fake.url,
  });
  setConfig(config);
  const handle = kind === "pglite" ? await openDatabase({ kind: "pglite" }) : await openDatabase({ kind: "postgres", url: url!, max: 10 });
  await handle.migrate();
  const people = await seedUsers(handle.db, new Date());
  const owner = people.owner;
  const api = createApi({ db: handle.db, config, now: () => new Date() });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers = new Headers({ "content-type": "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    const res = await api.fetch(new Request(`http://bench${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // A hotel with two categories and a tariff, connected to the fake Channex.
  const [business] = await handle.db
    .insert(schema.businesses)
    .values({ ownerId: owner.id, slug: `bench-${randomBytes(4).toString("hex")}`, companyName: "Pousada Bench", status: "SETUP_DONE", roomCount: 30, totalRooms: 30 })
    .returning();
  const categories = await handle.db
    .insert(schema.roomCategories)
    .values([
      { businessId: business.id, name: "Standard", roomCount: 20, minOccupation: 1, maxOccupation: 2, position: 0 },
      { businessId: business.id, name: "Suíte", roomCount: 10, minOccupation: 1, maxOccupation: 3, position: 1 },
    ])
    .returning();
  const bands = options.brain
    ? [
        { businessId: business.id, level: 1, name: "Vazia", fromPercentage: 0, toPercentage: 1 },
        { businessId: business.id, level: 2, name: "Com reservas", fromPercentage: 1, toPercentage: 100 },
      ]
    : [{ businessId: business.id, level: 1, name: "Única", fromPercentage: 0, toPercentage: 100 }];
  const levels = await handle.db.insert(schema.fluctuationLevels).values(bands).returning();
  const [season] = await handle.db.insert(schema.seasonalities).values({ businessId: business.id, title: "Base", color: "#4F7CAC", rate: 25_000, isReference: true }).returning();
  await handle.db
    .insert(schema.seasonalityLevelVariations)
    .values(levels.map((l) => ({ seasonalityId: season.id, fluctuationLevelId: l.id, priceVariationType: "percentage" as const, priceVariation: l.level === 2 ? 10 : 0 })));
  const token = (await call("POST", "/api/auth/login", undefined, { email: OWNER, password: PASSWORD })).token as string;
  const start = addDays(new Date().toISOString().slice(0, 10), 30);
  if (options.brain) {
    const base = `/api/v1/businesses/${business.id}`;
    await call("PUT", `${base}/tariff-configuration/occupancy-pricing`, token, {
      price_variation_type: "value",
      apply_single_rate: false,
      single_rate_variation: 0,
      price_increase_per_person: 0,
      reference_occupation: 2,
      manual_prices_enabled: true,
    });
    await call("POST", `${base}/recommendations/events`, token, { name: "Festival", starts_at: start, ends_at: addDays(start, 3 * LATENCY_SAMPLES), effect_percent: 5 });
    await call("PUT", `${base}/recommendations/settings`, token, {
      mode: "off",
      category_modes: { [categories[0].id]: "autopilot" },
      max_daily_change_percent: 50,
      max_weekly_change_percent: 100,
      freeze_days: 2,
      max_interval_percent: 100,
      max_move_per_booking_percent: 2,
      target_occupancy_percent: 80,
      demand_sensitivity: 0.5,
      market_weight_percent: 0,
      holiday_effect_percent: 0,
    });
  }
  const property = fake.addProperty();
  await connectChannex(
    handle.db,
    translatorFor("en-US"),
    business.id,
    { property_id: property.id, api_key: fake.apiKey, mapping: categories.map((c, i) => ({ room_category_uuid: c.id, room_type_id: property.roomTypes[i].id, rate_plan_id: property.ratePlans[i].id })) },
    new Date(),
  );
  const queue = await startBackground(handle);
  const outboxEmpty = async () =>
    ((await handle.db.execute(sql`select count(*)::int as n from channel_outbox where business_id = ${business.id}`)) as unknown as { rows: { n: number }[] }).rows[0].n === 0;
  while (!(await outboxEmpty())) await sleep(50);
  await sleep(SAMPLE_GAP_MS);

  const latencies: number[] = [];
  const roomType = property.roomTypes[0].id;
  const ratePlan = property.ratePlans[0].id;
  const priceOf = async (night: string) =>
    ((await call("GET", `/api/v1/businesses/${business.id}/calendar?from=${night}&to=${night}&category=${categories[0].id}`, token)) as { days: { rates: { rate: number }[] }[] }).days[0].rates[0].rate;
  /** The call that carries what the booking of `night` changed: its availability, or (brain) its new price. */
  const carries = (c: (typeof fake.calls)[number], night: string, price: string | null) =>
    price === null
      ? c.path === "/api/v1/availability" && c.values.some((v) => v.room_type_id === roomType && String(v.date_from) <= night && String(v.date_to) >= night)
      : c.path === "/api/v1/restrictions" &&
        c.values.some((v) => v.rate_plan_id === ratePlan && String(v.date ?? v.date_from) <= night && String(v.date ?? v.date_to) >= night && v.rate === price);
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const night = addDays(start, i * 3);
    const before = fake.calls.length;
    await call("POST", `/api/v1/businesses/${business.id}/reservations`, token, {
      arrival: night,
      departure: addDays(night, 1),
      room_category_uuid: categories[0].id,
      adults: 2,
      children: 0,
      guest: { name: `Hóspede ${i}` },
    });
    const committed = Date.now();
    // The price the night has now, as Channex must receive it (the calendar read is not timed: the push is matched by its own clock).
    const price = options.brain ? ((await priceOf(night)) / 100).toFixed(2) : null;
    let received: number | null = null;
    while (received === null && Date.now() - committed < 15_000) {
      const hit = fake.calls.slice(before).find((c) => carries(c, night, price));
      if (hit) received = hit.at;
      else await sleep(5);
    }
    latencies.push((received ?? Date.now()) - committed);
    // The next booking comes after the rate-limit interval since this push.
    await sleep(Math.max(0, SAMPLE_GAP_MS - (Date.now() - (received ?? Date.now()))));
  }
  await queue.stop();
  latencies.sort((a, b) => a - b);
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  if (options.brain) {
    await handle.db.delete(schema.businesses).where(eq(schema.businesses.id, business.id));
    await handle.close();
    await fake.close();
    return [
      { name: `channels ${label}: booking → the brain's new price accepted by Channex p50 (autopilot)`, value: percentile(latencies, 0.5), unit: "ms" },
      { name: `channels ${label}: booking → the brain's new price accepted by Channex p95 (autopilot)`, value: percentile(latencies, 0.95), unit: "ms", goal: "≤ 2000 ms (27)" },
    ];
  }

  // Queue throughput: a no-op job, sent in bulk, worked in batches by one worker.
  let done = 0;
  const bench = await startJobQueue(handle, [{ name: "bench.noop", pollSeconds: 0.5, batchSize: 50, run: async () => void done++ }], { schema: "pgboss" });
  const t0 = Date.now();
  for (let i = 0; i < QUEUE_JOBS; i += 100) await bench.boss.insert(Array.from({ length: 100 }, (_, k) => ({ name: "bench.noop", data: { i: i + k } })));
  while (done < QUEUE_JOBS && Date.now() - t0 < 120_000) await sleep(20);
  const seconds = (Date.now() - t0) / 1000;
  await bench.stop();
  await handle.db.delete(schema.businesses).where(eq(schema.businesses.id, business.id));
  await handle.close();
  await fake.close();
  return [
    { name: `channels ${label}: reservation commit → Channex availability delta p50`, value: percentile(latencies, 0.5), unit: "ms" },
    { name: `channels ${label}: reservation commit → Channex availability delta p95`, value: percentile(latencies, 0.95), unit: "ms", goal: "≤ 2000 ms" },
    { name: `channels ${label}: job queue throughput (${QUEUE_JOBS} no-op jobs, batches of 50)`, value: done / seconds, unit: "ops/s" },
  ];
}

/** A PostgreSQL server to measure on: BENCH_DATABASE_URL, else the local one, when it answers. */
function postgresUrl(): string | null {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const host = new URL(base).hostname;
  if (spawnSync("pg_isready", ["-h", host, "-q"]).status !== 0) return null;
  return base;
}

export const run: BenchSuite = async () => {
  const rows: BenchRow[] = [];
  rows.push(...(await measure("pglite")));
  rows.push(...(await measure("pglite", undefined, { brain: true })));
  const server = postgresUrl();
  if (!server) {
    rows.push({ name: "channels: PostgreSQL figures skipped (no server: set BENCH_DATABASE_URL)", value: 0, unit: "x" });
    return rows;
  }
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
  return rows;
};
