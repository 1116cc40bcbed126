import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { pageJsGzipBytes } from "./lib/js-size.ts";
import { load } from "./lib/load.ts";
import { cpuMs } from "./lib/rss.ts";
import { startProductionServer } from "./lib/server.ts";
import { apiToken, signIn, withoutStylesheet } from "./lib/session.ts";
import type { BenchContext, BenchRow, BenchSuite } from "./types.ts";

/**
 * `npm run bench`: a production server on a temporary database, the named pages and calls
 * under fixed-concurrency load beside /unauthorized (the lightest page) as a ratio, the
 * gzip size of each page's JavaScript, then every suite in bench/suites/. Reports only.
 * `npm run bench -- --no-suites` stops after the pages and calls; `--suite=<name>` runs only the
 * suites whose file name contains <name> (e.g. `--suite=calendar`; several: `--suite=calendar,lighthouse`).
 * `--soak` adds the footprint suite's 10-minute soak (bench/suites/footprint.ts). Some suites
 * need no server (`--suite=forecast` measures pure functions) but run after it all the same.
 */
const BASELINE = "/unauthorized";
/** Pages measured for throughput and JavaScript size; `as` signs in first. Areas add theirs. */
const pages: { path: string; as?: keyof typeof demoUsers }[] = [
  { path: "/login" },
  { path: "/", as: "owner" },
  { path: "/calendar", as: "owner" },
  { path: "/bookings", as: "owner" },
];
/** Issue 14: a signed-in page serves at least half the bare route's requests per second in the same run. */
const SIGNED_IN_RATIO_GOAL = ">= 0.50 x";
/** Issue 29: a signed-in page rendered in full (nothing remembered) costs at most 10 ms of server CPU. */
const FULL_RENDER_CPU_GOAL = "<= 10 ms";
/** Issues 14 and 29: the calendar's first document (HTML, as sent before compression). */
const CALENDAR_DOCUMENT_GOAL = "<= 60 KiB";
const calls: { path: string; as?: keyof typeof demoUsers }[] = [
  { path: "/api/health" },
  { path: "/api/v1/user", as: "owner" },
  // What every signed-in page reads first (docs/api/session.md).
  { path: "/api/v1/user/app-state", as: "owner" },
];
const args = process.argv.slice(2);
const suiteFilter = args.includes("--no-suites") ? null : (args.find((a) => a.startsWith("--suite="))?.slice("--suite=".length) ?? "");

if (!existsSync("build/server/index.js") || !existsSync("build/node/start.js")) {
  console.log("No build: running npm run build…");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else {
  // The server's compiled JavaScript afresh (a second or two), so the bench never runs stale code.
  const compiled = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
}

// BENCH_PORT when several people bench on one machine; otherwise a random one.
const port = Number(process.env.BENCH_PORT) || 4300 + Math.floor(Math.random() * 500);
const first = await startProductionServer(port);
await first.stop();
const server = await startProductionServer(port, first.dataDir);
const rows: BenchRow[] = [
  { name: "npm start cold start, fresh database (migrate + seed)", value: first.coldStartMs / 1000, unit: "s" },
  { name: "npm start cold start, existing build and database", value: server.coldStartMs / 1000, unit: "s" },
];

const cookies = new Map<string, string>();
const tokens = new Map<string, string>();
const ctx: BenchContext = {
  baseUrl: server.baseUrl,
  async signIn(email) {
    if (!cookies.has(email)) cookies.set(email, await signIn(server.baseUrl, email, DEMO_PASSWORD));
    return cookies.get(email)!;
  },
  async apiToken(email) {
    if (!tokens.has(email)) tokens.set(email, await apiToken(server.baseUrl, email, DEMO_PASSWORD));
    return tokens.get(email)!;
  },
  load: (path, options) => load(server.baseUrl + path, options),
};

try {
  // The server's CPU per request (from /proc) beside requests/s: on a shared, busy machine
  // requests/s follow the neighbours' load, CPU per request does not (1000 / it is the ceiling of
  // requests/s one process can serve), so its ratio is the figure to compare between runs.
  const measured = async (path: string, options?: Parameters<typeof load>[1]) => {
    const before = cpuMs(server.pid);
    const result = await ctx.load(path, options);
    return { ...result, cpu: (cpuMs(server.pid) - before) / Math.max(1, result.requests) };
  };
  const baseline = await measured(BASELINE);
  rows.push({ name: `${BASELINE} (baseline) requests/s`, value: baseline.rps, unit: "req/s" });
  rows.push({ name: `${BASELINE} (baseline) p95`, value: baseline.p95, unit: "ms" });
  rows.push({ name: `${BASELINE} (baseline) server CPU per request`, value: baseline.cpu, unit: "ms" });
  for (const page of pages) {
    const headers = page.as ? { cookie: await ctx.signIn(demoUsers[page.as].email) } : undefined;
    const result = await measured(page.path, { headers });
    const label = page.as ? `${page.path} (${page.as})` : page.path;
    rows.push({ name: `${label} requests/s`, value: result.rps, unit: "req/s" });
    rows.push({ name: `${label} p95`, value: result.p95, unit: "ms" });
    rows.push({ name: `${label} throughput vs ${BASELINE}`, value: result.rps / baseline.rps, unit: "x", goal: page.as ? SIGNED_IN_RATIO_GOAL : undefined });
    rows.push({ name: `${label} server CPU per request`, value: result.cpu, unit: "ms" });
    rows.push({ name: `${label} capacity vs ${BASELINE} (CPU per request ratio)`, value: baseline.cpu / result.cpu, unit: "x", goal: page.as ? SIGNED_IN_RATIO_GOAL : undefined });
    if (page.as) {
      // The same page rendered in full every time (nothing remembered, ADR 0034): what a first visit costs.
      const full = await measured(page.path, { headers, unremembered: true });
      rows.push({ name: `${label} not remembered: requests/s`, value: full.rps, unit: "req/s" });
      rows.push({ name: `${label} not remembered: server CPU per request`, value: full.cpu, unit: "ms", goal: FULL_RENDER_CPU_GOAL });
      rows.push({ name: `${label} not remembered: capacity vs ${BASELINE} (CPU per request ratio)`, value: baseline.cpu / full.cpu, unit: "x", goal: ">= 0.35 x" });
    }
    // As a browser on its first visit: the styles inline (ADR 0048); then as the same browser afterwards (ADR 0056).
    const html = await (await fetch(server.baseUrl + page.path, { headers: headers && { cookie: withoutStylesheet(headers.cookie) } })).text();
    const js = pageJsGzipBytes(html);
    rows.push({ name: `${label} JavaScript (${js.files} files, gzip)`, value: js.bytes / 1024, unit: "KiB" });
    if (page.path === "/calendar") {
      rows.push({ name: `${label} HTML document, a browser without the stylesheet`, value: Buffer.byteLength(html) / 1024, unit: "KiB", goal: CALENDAR_DOCUMENT_GOAL });
      const next = await (await fetch(server.baseUrl + page.path, { headers })).text();
      rows.push({ name: `${label} HTML document, a browser holding the stylesheet`, value: Buffer.byteLength(next) / 1024, unit: "KiB", goal: CALENDAR_DOCUMENT_GOAL });
    }
  }
  for (const call of calls) {
    const headers = call.as ? { authorization: `Bearer ${await ctx.apiToken(demoUsers[call.as].email)}` } : undefined;
    const result = await ctx.load(call.path, { headers });
    rows.push({ name: `API ${call.path} requests/s`, value: result.rps, unit: "req/s" });
    rows.push({ name: `API ${call.path} p95`, value: result.p95, unit: "ms" });
  }
  const wanted = suiteFilter === null ? [] : suiteFilter.split(",");
  const suites = readdirSync("bench/suites").filter((f) => f.endsWith(".ts") && wanted.some((w) => f.includes(w)));
  for (const file of suites.sort()) {
    const suite = (await import(pathToFileURL(`bench/suites/${file}`).href)) as { run: BenchSuite };
    rows.push(...(await suite.run(ctx)));
  }
} finally {
  await server.stop();
}

const width = Math.max(...rows.map((r) => r.name.length));
console.log("\nTarifa benchmarks (2-core machine; figures vary with load — they report, never fail)\n");
for (const r of rows) {
  const value = r.unit === "req/s" || r.unit === "ops/s" ? r.value.toFixed(0) : r.value.toFixed(2);
  console.log(`${r.name.padEnd(width)}  ${value.padStart(9)} ${r.unit.padEnd(5)}${r.goal ? `  goal ${r.goal}` : ""}`);
}
