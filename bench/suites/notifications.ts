// Notifications and daily commands (issue 13): the notification list API's p95 for one user with
// 10,000 notifications (goal ≤ 50 ms), and one daily run of every command for 200 businesses on
// the job queue (duration and throughput). In this process, on an embedded database of its own.
import { randomBytes } from "node:crypto";
import type { BenchRow, BenchSuite } from "#bench/types.ts";

const NOTIFICATIONS = 10_000;
const SAMPLES = 200;
const BUSINESSES = Number(process.env.BENCH_DAILY_BUSINESSES ?? 200);
const PASSWORD = "Tarifa!2026";

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export const run: BenchSuite = async () => {
  process.env.LOG_LEVEL = "silent";
  const { parseConfig, setConfig } = await import("#config");
  const { openDatabase } = await import("#api/db/client.ts");
  const { createApi } = await import("#api/app.ts");
  const { seedUsers } = await import("#api/seed/users.ts");
  const schema = await import("#api/db/schema/index.ts");
  const { DAILY_COMMANDS } = await import("#api/services/daily/commands.ts");
  const { dailyJobs, enqueueDaily } = await import("#api/services/daily/schedule.ts");
  const { runningQueue, startJobQueue } = await import("#api/services/queue/queue.ts");
  const { NOTIFICATION_KINDS } = await import("#domain/notifications/kinds.ts");
  const { count, ne } = await import("drizzle-orm");

  const config = parseConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/tarifa-bench-notifications", SESSION_SECRET: "bench-secret-bench-secret-bench-secret!", LOG_LEVEL: "silent" });
  setConfig(config);
  const handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  const { owner } = await seedUsers(handle.db, new Date());
  const api = createApi({ db: handle.db, config, now: () => new Date() });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers = new Headers({ "content-type": "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    const res = await api.fetch(new Request(`http://bench${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const rows: BenchRow[] = [];

  // 200 small hotels of the owner, each with one category and a one-season tariff.
  const hotels = await handle.db
    .insert(schema.businesses)
    .values(Array.from({ length: BUSINESSES }, (_, i) => ({ ownerId: owner.id, slug: `bench-${i}-${randomBytes(3).toString("hex")}`, companyName: `Pousada ${i}`, status: "SETUP_DONE", roomCount: 10, totalRooms: 10 })))
    .returning({ id: schema.businesses.id });
  await handle.db.insert(schema.roomCategories).values(hotels.map((h) => ({ businessId: h.id, name: "Standard", roomCount: 10, minOccupation: 1, maxOccupation: 2, position: 0 })));
  const levels = await handle.db
    .insert(schema.fluctuationLevels)
    .values(hotels.map((h) => ({ businessId: h.id, level: 1, name: "Única", fromPercentage: 0, toPercentage: 100 })))
    .returning({ id: schema.fluctuationLevels.id, businessId: schema.fluctuationLevels.businessId });
  const seasons = await handle.db
    .insert(schema.seasonalities)
    .values(hotels.map((h) => ({ businessId: h.id, title: "Base", color: "#4F7CAC", rate: 25_000, isReference: true })))
    .returning({ id: schema.seasonalities.id, businessId: schema.seasonalities.businessId });
  const levelOf = new Map(levels.map((l) => [l.businessId, l.id]));
  await handle.db
    .insert(schema.seasonalityLevelVariations)
    .values(seasons.map((s) => ({ seasonalityId: s.id, fluctuationLevelId: levelOf.get(s.businessId)!, priceVariationType: "percentage" as const, priceVariation: 0 })));

  // 10,000 notifications for the owner, of every kind, a minute apart, one in three unread.
  const start = Date.now();
  for (let i = 0; i < NOTIFICATIONS; i += 1000) {
    await handle.db.insert(schema.notifications).values(
      Array.from({ length: Math.min(1000, NOTIFICATIONS - i) }, (_, j) => {
        const n = i + j;
        return {
          userId: owner.id,
          businessId: hotels[n % hotels.length].id,
          kind: NOTIFICATION_KINDS[n % NOTIFICATION_KINDS.length],
          params: { guest: `Hóspede ${n}`, check_in: "2027-01-10", check_out: "2027-01-12", count: n, name: `N${n}`, date: "2027-01-10", error: "timeout" },
          link: "/bookings",
          readAt: n % 3 === 0 ? null : new Date(start - n * 60_000),
          createdAt: new Date(start - n * 60_000),
        };
      }),
    );
  }
  // The nightly housekeeping refreshes the planner's statistics (PGlite has no autovacuum).
  const { runDailyCommand } = await import("#api/services/daily/runs.ts");
  await runDailyCommand(handle.db, DAILY_COMMANDS.find((c) => c.name === "maintenance.prune")!, null, { now: new Date() });
  const token = (await call("POST", "/api/auth/login", undefined, { email: owner.email, password: PASSWORD })).token as string;

  const timeCalls = async (name: string, path: string, goal?: string) => {
    for (let i = 0; i < 10; i++) await call("GET", path, token);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await call("GET", path, token);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push({ name: `notifications: ${name} p95 (${NOTIFICATIONS.toLocaleString("en")} for one user)`, value: Math.round(percentile(times, 0.95) * 10) / 10, unit: "ms", goal });
  };
  await timeCalls("GET /notifications page 1", "/api/v1/notifications", "≤ 50 ms");
  await timeCalls("GET /notifications?status=unread&kind=…", "/api/v1/notifications?status=unread&kind=reservation.created");
  await timeCalls("GET /notifications page 400", "/api/v1/notifications?page=400&per_page=25");
  await timeCalls("GET /notifications/unread-count", "/api/v1/notifications/unread-count");

  // One daily run of every command for every business, through the queue.
  const jobs = dailyJobs(handle.db, runningQueue);
  const queue = await startJobQueue(handle, jobs.definitions, { schema: "pgboss_bench" });
  const targets = await handle.db.select({ n: count() }).from(schema.businesses).where(ne(schema.businesses.status, "BUSINESS_CREATED"));
  const t0 = performance.now();
  let expected = 0;
  for (const command of DAILY_COMMANDS) expected += await enqueueDaily(queue, handle.db, command, "all", { now: new Date() });
  for (;;) {
    const [done] = await handle.db.select({ n: count() }).from(schema.dailyCommandRuns).where(ne(schema.dailyCommandRuns.outcome, "running"));
    if (done.n >= expected) break;
    if (performance.now() - t0 > 30 * 60_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  await queue.stop();
  const [failed] = await handle.db.select({ n: count() }).from(schema.dailyCommandRuns).where(ne(schema.dailyCommandRuns.outcome, "succeeded"));
  rows.push({ name: `daily commands: one run of ${DAILY_COMMANDS.length} commands for ${targets[0].n} businesses (${expected} runs, ${failed.n} not succeeded), PGlite`, value: Math.round(seconds * 10) / 10, unit: "s" });
  rows.push({ name: "daily commands: queue throughput (runs per second)", value: Math.round((expected / seconds) * 10) / 10, unit: "ops/s" });
  await handle.close();
  return rows;
};
