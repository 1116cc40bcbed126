// Footprint and mixed load (issue 18, points 1–2; ADR 0029): a production server of its own on a
// fresh embedded database (and on PostgreSQL when BENCH_DATABASE_URL is set), its memory idle
// after a first start, then 20 connections for 60 s cycling the signed-in pages and API reads a
// hotel's day is made of, with its memory before, after and idle after the load.
// `npm run bench -- --suite=footprint [--soak]`; the soak adds 10 minutes at 20 requests/s and
// compares the memory after its first minute with the end (BENCH_SOAK_SECONDS shortens it).
import pg from "pg";
import { DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { mixedLoad, type MixedRequest } from "#bench/lib/mixed-load.ts";
import { cpuMs, rssMiB } from "#bench/lib/rss.ts";
import { startProductionServer } from "#bench/lib/server.ts";
import { apiToken, signIn } from "#bench/lib/session.ts";
import type { BenchRow, BenchSuite } from "#bench/types.ts";

const args = process.argv.slice(2);
const SOAK = args.includes("--soak");
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS) || 600;
const LOAD_SECONDS = Number(process.env.BENCH_MIXED_SECONDS) || 60;
const IDLE_SECONDS = 20;
const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

/** The mix of the issue: signed-in `/`, `/calendar`, `/bookings`, and the API's reservations, availability, calendar and app-state reads. */
async function theMix(baseUrl: string): Promise<MixedRequest[]> {
  const { email } = demoUsers.owner;
  const cookie = await signIn(baseUrl, email, DEMO_PASSWORD);
  const token = await apiToken(baseUrl, email, DEMO_PASSWORD);
  const api = { authorization: `Bearer ${token}`, accept: "application/json" };
  const businesses = (await (await fetch(`${baseUrl}/api/v1/businesses`, { headers: api })).json()) as {
    businesses: { uuid: string }[];
    selected_business_uuid?: string;
  };
  const id = businesses.selected_business_uuid ?? businesses.businesses[0]!.uuid;
  const today = new Date();
  const from = today.toISOString().slice(0, 10);
  const to = new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const page = { cookie };
  return [
    { path: "/", headers: page },
    { path: `/api/v1/businesses/${id}/reservations?from=${from}&to=${to}`, headers: api },
    { path: "/calendar", headers: page },
    { path: `/api/v1/businesses/${id}/availability?from=${from}&to=${to}`, headers: api },
    { path: "/bookings", headers: page },
    { path: `/api/v1/businesses/${id}/calendar?from=${from}&to=${to}`, headers: api },
    { path: "/api/v1/user/app-state", headers: api },
  ];
}

async function measure(label: string, port: number, env: Record<string, string>, rssGoal: { idle: number; loaded: number }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const server = await startProductionServer(port, undefined, env);
  try {
    rows.push({ name: `${label}: first start (migrate + seed) until healthy`, value: server.coldStartMs / 1000, unit: "s" });
    await sleep(IDLE_SECONDS);
    rows.push({ name: `${label}: RSS idle ${IDLE_SECONDS} s after a first start`, value: rssMiB(server.pid), unit: "MiB", goal: `<= ${rssGoal.idle} MB` });
    const mix = await theMix(server.baseUrl);
    // Warm-up: every route once (lazy route modules, first plans), not counted.
    await mixedLoad(server.baseUrl, mix, { concurrency: 2, seconds: 3 });
    const before = rssMiB(server.pid);
    const cpuBefore = cpuMs(server.pid);
    const result = await mixedLoad(server.baseUrl, mix, { concurrency: 20, seconds: LOAD_SECONDS });
    const cpu = cpuMs(server.pid) - cpuBefore;
    const after = rssMiB(server.pid);
    await sleep(IDLE_SECONDS);
    const idle = rssMiB(server.pid);
    const name = `${label}: mixed load (20 connections, ${LOAD_SECONDS} s)`;
    rows.push(
      { name: `${name} requests/s`, value: result.rps, unit: "req/s", goal: ">= 100 req/s" },
      { name: `${name} p50`, value: result.p50, unit: "ms" },
      { name: `${name} p95`, value: result.p95, unit: "ms", goal: "<= 500 ms" },
      { name: `${name} p99`, value: result.p99, unit: "ms" },
      { name: `${name} errors`, value: result.errors, unit: "x", goal: "0" },
      // What the figures above cannot hide on a shared machine: the server's own CPU per answer.
      { name: `${name} server CPU per request`, value: cpu / result.requests, unit: "ms" },
    );
    for (const [path, p95] of result.p95ByPath) rows.push({ name: `${name} p95 of ${path}`, value: p95, unit: "ms" });
    rows.push(
      { name: `${label}: RSS before the load`, value: before, unit: "MiB" },
      { name: `${label}: RSS after the load`, value: after, unit: "MiB", goal: `<= ${rssGoal.loaded} MB` },
      { name: `${label}: RSS idle ${IDLE_SECONDS} s after the load`, value: idle, unit: "MiB", goal: `<= ${rssGoal.loaded} MB` },
    );
    if (SOAK) rows.push(...(await soak(label, server.baseUrl, server.pid, mix)));
  } finally {
    await server.stop();
  }
  return rows;
}

/** 20 requests/s of the same mix for SOAK_SECONDS; memory after the first minute and at the end. */
async function soak(label: string, baseUrl: string, pid: number, mix: MixedRequest[]): Promise<BenchRow[]> {
  const firstMinute = Math.min(60, SOAK_SECONDS / 2);
  const first = await mixedLoad(baseUrl, mix, { concurrency: 20, seconds: firstMinute, rate: 20 });
  const atFirstMinute = rssMiB(pid);
  const rest = await mixedLoad(baseUrl, mix, { concurrency: 20, seconds: SOAK_SECONDS - firstMinute, rate: 20 });
  const atEnd = rssMiB(pid);
  const name = `${label}: soak ${SOAK_SECONDS} s at 20 req/s`;
  return [
    { name: `${name}, RSS after ${firstMinute} s`, value: atFirstMinute, unit: "MiB" },
    { name: `${name}, RSS at the end`, value: atEnd, unit: "MiB" },
    { name: `${name}, RSS growth since ${firstMinute} s`, value: ((atEnd - atFirstMinute) / atFirstMinute) * 100, unit: "%", goal: "<= 10 %" },
    { name: `${name}, p95`, value: Math.max(first.p95, rest.p95), unit: "ms" },
    { name: `${name}, errors`, value: first.errors + rest.errors, unit: "x", goal: "0" },
  ];
}

/** A database of its own on the PostgreSQL server of BENCH_DATABASE_URL, dropped afterwards. */
async function withPostgresDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `tarifa_bench_footprint_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

export const run: BenchSuite = async () => {
  const port = (Number(process.env.BENCH_PORT) || 4300 + Math.floor(Math.random() * 500)) + 1;
  // BENCH_FOOTPRINT_POSTGRES_ONLY=1 skips the embedded database's run (its first start takes minutes on a busy machine).
  const rows = process.env.BENCH_FOOTPRINT_POSTGRES_ONLY ? [] : await measure("PGlite", port, {}, { idle: 400, loaded: 512 });
  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres) rows.push(...(await withPostgresDatabase(postgres, (url) => measure("PostgreSQL", port, { DATABASE_URL: url }, { idle: 200, loaded: 200 }))));
  return rows;
};

// Alone, without the rest of `npm run bench`: `node --import tsx bench/suites/footprint.ts [--soak]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run(undefined as never)) {
    const value = r.unit === "req/s" ? r.value.toFixed(0) : r.value.toFixed(1);
    console.log(`${r.name.padEnd(72)} ${value.padStart(8)} ${r.unit.padEnd(5)}${r.goal ? `  goal ${r.goal}` : ""}`);
  }
}
