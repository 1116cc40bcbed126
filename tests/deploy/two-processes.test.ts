import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#api/db/client.ts";
import { dailyCommandRuns, reservations } from "#api/db/schema/index.ts";
import { DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { bookingsFixture, reservationCount, stay, type BookingsFixture } from "#tests/api/bookings-fixture.ts";
import type { TestApi } from "#tests/helpers/api.ts";
import { startNginx, startTarifa, stopAll, stopTarifa, type Nginx, type Tarifa } from "./processes.ts";

/**
 * Two Tarifa processes on one PostgreSQL database behind nginx (deploy/tarifa.service and
 * deploy/nginx.conf as written, with this test's ports): what one process does the other sees,
 * the shared limits and schedules hold across both, and restarting either one under load loses
 * nothing and answers no 5xx through the proxy (issue 18 points 3–5, ADR 0028).
 */

const ADMIN_URL = process.env.DEPLOY_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT_A = 3981;
const PORT_B = 3982;
const HTTPS_PORT = 3983;
const HTTP_PORT = 3984;
const METRICS_TOKEN = randomBytes(24).toString("hex");

const dbName = `tarifa_deploy_${randomBytes(5).toString("hex")}`;
const dir = mkdtempSync(join(tmpdir(), "tarifa-deploy-"));
let admin: pg.Client;
let database: DatabaseHandle;
let env: Record<string, string>;
let a: Tarifa;
let b: Tarifa;
let proxy: Nginx;
let token: string;

const direct = (t: Tarifa, path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${t.port}${path}`, init);
const json = (body: unknown, bearer?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
  body: JSON.stringify(body),
});
const bearer = (t: string): RequestInit => ({ headers: { Authorization: `Bearer ${t}` } });

async function login(base: string, email = demoUsers.owner.email): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, json({ email, password: DEMO_PASSWORD }));
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: join(dir, "data"),
    // Every process of a deployment shares these (docs/deploy.md).
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SECRETS_KEY: randomBytes(32).toString("hex"),
    METRICS_TOKEN,
    APP_URL: `https://localhost:${HTTPS_PORT}`,
    LOG_LEVEL: "info",
    RENEWALS_EVERY_MINUTES: "0",
  };
  // Both start at once on an empty database: one migrates and seeds, the other waits for it.
  // A runs the unit's cluster (WEB_CONCURRENCY=2); B is a single process.
  [a, b] = await Promise.all([startTarifa("A", PORT_A, env), startTarifa("B", PORT_B, { ...env, WEB_CONCURRENCY: "1" })]);
  proxy = await startNginx(dir, { httpsPort: HTTPS_PORT, httpPort: HTTP_PORT, upstreams: [PORT_A, PORT_B] });
  database = await openDatabase({ kind: "postgres", url: env.DATABASE_URL, max: 4 });
  token = await login(proxy.url);
}, 240_000);

afterAll(async () => {
  await proxy?.stop();
  await stopAll();
  await database?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe("two processes on one PostgreSQL behind nginx", () => {
  it("migrated and seeded once when both started together", async () => {
    const { rows } = await admin.query(`select count(*)::int as n from pg_database where datname = $1`, [dbName]);
    expect(rows[0].n).toBe(1);
    const users = await database.db.execute(sql`select count(*)::int as n from users where email = ${demoUsers.owner.email}`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    const migrations = await database.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`);
    const m = (migrations as unknown as { rows: { n: number; d: number }[] }).rows[0];
    expect(m.n).toBe(m.d);
    for (const t of [a, b]) expect((await direct(t, "/api/health/ready")).status).toBe(200);
  });

  it("a session made on one process works on the other", async () => {
    const made = await login(`http://127.0.0.1:${PORT_A}`);
    const onB = await direct(b, "/api/v1/user", bearer(made));
    expect(onB.status).toBe(200);
    expect((await onB.json()).email ?? "").toBeDefined();
    // Signed out on B, refused on A.
    expect((await direct(b, "/api/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${made}` } })).status).toBeLessThan(300);
    expect((await direct(a, "/api/v1/user", bearer(made))).status).toBe(401);
  });

  it("a rate limit counts across both", async () => {
    const email = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    const statuses: number[] = [];
    // Five failed sign-ins per address are allowed in 15 minutes, wherever they land.
    for (let i = 0; i < 6; i++) {
      const res = await direct(i % 2 ? b : a, "/api/auth/login", json({ email, password: "wrong-password" }));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });

  it("50 parallel bookings of the last room, across both, create one", async () => {
    const f: BookingsFixture = await bookingsFixture({ db: database.db, login: () => login(proxy.url) } as unknown as TestApi);
    for (let i = 0; i < 3; i++) {
      expect((await direct(a, `${f.base}/reservations`, json(stay(f, { guest: { name: `Hóspede ${i}` } }), f.token))).status).toBe(201);
    }
    const before = await reservationCount(database.db, f.business.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => direct(i % 2 ? b : a, `${f.base}/reservations`, json(stay(f, { guest: { name: `Corrida ${i}` } }), f.token))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await reservationCount(database.db, f.business.id)).toBe(before + 1);
  }, 60_000);

  it("a daily job runs once", async () => {
    // The slot of the maintenance command comes now: its schedule fires every minute from here on.
    const command = "maintenance.prune";
    const day = new Date().toISOString().slice(0, 10);
    await database.db.execute(sql`delete from daily_command_runs where command = ${command}`);
    await database.db.execute(sql`update pgboss.schedule set cron = '* * * * *' where name = ${`daily.all.${command}`}`);
    const deadline = Date.now() + 100_000;
    let runs: (typeof dailyCommandRuns.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      runs = await database.db.select().from(dailyCommandRuns).where(and(eq(dailyCommandRuns.command, command), eq(dailyCommandRuns.day, day)));
      if (runs.some((r) => r.outcome === "succeeded")) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    await database.db.execute(sql`update pgboss.schedule set cron = '50 3 * * *' where name = ${`daily.all.${command}`}`);
    // Both processes (three workers) poll the schedule; a few more seconds for a second run to show.
    await new Promise((r) => setTimeout(r, 3000));
    runs = await database.db.select().from(dailyCommandRuns).where(and(eq(dailyCommandRuns.command, command), eq(dailyCommandRuns.day, day)));
    expect(runs.map((r) => r.outcome)).toEqual(["succeeded"]);
    const fanOuts = await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${`daily.all.${command}`}`);
    expect((fanOuts as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it("nginx passes the security headers, compresses, caches hashed assets and hides /metrics", async () => {
    const page = await fetch(`${proxy.url}/login`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get("content-security-policy")).toMatch(/script-src/);
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(html).toContain("<form");
    // /login is sent without scripts (ADR 0033); /unauthorized (a 403 page) keeps its hashed assets
    // — for a browser: a bot's user agent gets the bare error body.
    const browser = { "Accept-Encoding": "gzip", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0" };
    const scripted = await (await fetch(`${proxy.url}/unauthorized`, { headers: browser })).text();
    const asset = /\/assets\/[^"]+\.js/.exec(scripted)?.[0];
    expect(asset).toBeDefined();
    const first = await fetch(`${proxy.url}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/immutable/);
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect((await fetch(`${proxy.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${proxy.url}/metrics`, bearer(METRICS_TOKEN))).status).toBe(404);
  });

  it("lets a reservations file of 7 MB through to the import (other bodies stop at 6 MB)", async () => {
    const f: BookingsFixture = await bookingsFixture({ db: database.db, login: () => login(proxy.url) } as unknown as TestApi);
    const rows = Array.from({ length: 70_000 }, (_, i) => `R${i},2025-01-01,2025-01-03,${"x".repeat(70)}`);
    const csv = ["code,arrival,departure,notes", ...rows].join("\n") + "\n";
    expect(csv.length).toBeGreaterThan(6.5 * 1024 * 1024);
    const upload = (path: string, field: string) => {
      const form = new FormData();
      form.append(field, new Blob([csv], { type: "text/csv" }), "history.csv");
      return fetch(`${proxy.url}${f.base}/${path}`, { method: "POST", body: form, headers: { Authorization: `Bearer ${f.token}`, "Accept-Language": "en" } });
    };
    const imported = await upload("imports", "file");
    expect(imported.status, await imported.clone().text()).toBe(201);
    expect((await imported.json()).import).toMatchObject({ status: "uploaded", row_count: 70_000 });
    // Anywhere else nginx keeps its 6 MB limit.
    expect((await upload("upload-logo", "logo")).status).toBe(413);
  }, 120_000);

  it("carries nginx's request id into the API's log lines, and every log line is JSON", async () => {
    const res = await fetch(`${proxy.url}/api/v1/user`, bearer(token));
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await new Promise((r) => setTimeout(r, 200));
    const lines = [...a.lines, ...b.lines];
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.some((l) => l.request_id === id && l.msg === "request" && l.path === "/api/v1/user")).toBe(true);
  });

  it("answers /metrics to a direct loopback scrape, and with the token to a forwarded one", async () => {
    const scraped = await direct(a, "/metrics");
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/^tarifa_http_requests_total\{method="GET",route="\/api\/health\/ready",status="200"\} \d+/m);
    expect(text).toMatch(/^tarifa_db_query_duration_seconds_count\{driver="postgres",outcome="ok"\} \d+/m);
    expect(text).toMatch(/^tarifa_process_resident_memory_bytes \d+/m);
    const forwarded = { "X-Forwarded-For": "203.0.113.9" };
    expect((await direct(a, "/metrics", { headers: forwarded })).status).toBe(404);
    expect((await direct(a, "/metrics", { headers: { ...forwarded, Authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(404);
    expect((await direct(a, "/metrics", { headers: { ...forwarded, Authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });

  it("restarts each process in turn under load without losing an acknowledged booking or answering a 5xx", async () => {
    const f: BookingsFixture = await bookingsFixture({ db: database.db, login: () => login(proxy.url) } as unknown as TestApi);
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let stop = false;
    let n = 0;
    const client = async () => {
      while (!stop) {
        const i = n++;
        // One night each, far apart: no two bookings compete for a room.
        const arrival = new Date(Date.UTC(2028, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
        const departure = new Date(Date.UTC(2028, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
        try {
          const res = i % 3 === 0
            ? await fetch(`${proxy.url}${f.base}/reservations?per_page=5`, bearer(f.token))
            : await fetch(`${proxy.url}${f.base}/reservations`, json(stay(f, { arrival, departure, room_category_uuid: f.standard.id, adults: 1, guest: { name: `Carga ${i}` } }), f.token));
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = await res.json();
          if (res.status === 201) acknowledged.push(body.reservation.uuid);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, client));
    await new Promise((r) => setTimeout(r, 1500));
    for (const which of ["B", "A"] as const) {
      const old = which === "A" ? a : b;
      expect(await stopTarifa(old)).toBe(true);
      const again = await startTarifa(which, old.port, which === "A" ? env : { ...env, WEB_CONCURRENCY: "1" });
      if (which === "A") a = again;
      else b = again;
      await new Promise((r) => setTimeout(r, 1500));
    }
    stop = true;
    await load;
    expect(failures).toEqual([]);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(10);
    const stored = await database.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.businessId, f.business.id));
    const ids = new Set(stored.map((r) => r.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  }, 240_000);
});
