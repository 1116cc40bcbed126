import type { PGlite } from "@electric-sql/pglite";
import { createApi } from "#api/app.ts";
import { openDatabase } from "#api/db/client.ts";
import { seed } from "#api/seed/index.ts";
import { DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { parseConfig, setConfig } from "#config";
import { RequestReads, runWithWork } from "#api/observability/request-context.ts";

/**
 * `node --import tsx bench/queries.ts [--as=owner] [--page] /api/v1/user …`: how many SQL
 * statements each API call runs, and this process's CPU per call, on a fresh in-memory demo
 * database (second call of each, so nothing is warming up); `{business}` in a path stands for
 * the user's selected business. `--page` runs the calls together as one page request does (one
 * incoming request's shared reads, ADR 0032) and prints the page's total too. On PGlite every
 * statement costs about a millisecond whatever its size, so this count is the first thing to
 * look at when a page is slow.
 */
const args = process.argv.slice(2);
const as = (args.find((a) => a.startsWith("--as="))?.slice(5) ?? "owner") as keyof typeof demoUsers;
const paths = args.filter((a) => !a.startsWith("--"));
if (paths.length === 0) paths.push("/api/v1/user", "/api/v1/businesses", "/api/v1/user/app-state");

const handle = await openDatabase({ kind: "pglite" });
await handle.migrate();
const config = parseConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/tarifa-bench-queries", SESSION_SECRET: "bench-secret-bench-secret-bench-secret", LOG_LEVEL: "silent" });
setConfig(config);
await seed(handle.db, new Date());
const api = createApi({ db: handle.db, config, now: () => new Date() });

const login = await api.fetch(
  new Request("http://bench/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demoUsers[as].email, password: DEMO_PASSWORD }),
  }),
);
const { token } = (await login.json()) as { token: string };

let statements = 0;
// BENCH_QUERIES_PRINT=1 prints each statement of the measured call.
let printing = false;
const client = (handle.db as unknown as { $client: PGlite }).$client;
for (const method of ["query", "exec"] as const) {
  const original = client[method].bind(client) as (...a: unknown[]) => Promise<unknown>;
  (client as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
    statements++;
    if (process.env.BENCH_QUERIES_PRINT && printing) console.log("   ", String(a[0]).replace(/\s+/g, " ").slice(0, 220));
    return original(...a);
  };
}

const call = (path: string) => api.fetch(new Request(`http://bench${path}`, { headers: { authorization: `Bearer ${token}` } }));
// `{business}` in a path is the user's selected business.
const { selected_business_uuid: business } = (await (await call("/api/v1/user/app-state")).json()) as { selected_business_uuid: string };
const resolved = paths.map((p) => p.replaceAll("{business}", business));
if (args.includes("--page")) {
  // As a page request does: the calls in order inside one incoming request's context.
  const asPage = () => runWithWork({ requestId: "bench", reads: new RequestReads() }, async () => {
    for (const path of resolved) await (await call(path)).arrayBuffer();
  });
  await asPage();
  statements = 0;
  await asPage();
  const counted = statements;
  const cpu = process.cpuUsage();
  for (let i = 0; i < 10; i++) await asPage();
  const used = process.cpuUsage(cpu);
  console.log(`page of ${resolved.length} calls: ${counted} statements, ${((used.user + used.system) / 1000 / 10).toFixed(1)} ms CPU`);
}
for (const path of resolved) {
  await (await call(path)).arrayBuffer();
  statements = 0;
  printing = true;
  const res = await call(path);
  printing = false;
  const counted = statements;
  const bytes = (await res.arrayBuffer()).byteLength;
  // CPU of this process per call (API and embedded database together), over a few more calls.
  const cpu = process.cpuUsage();
  for (let i = 0; i < 10; i++) await (await call(path)).arrayBuffer();
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / 10;
  console.log(`${path.padEnd(60)} ${String(res.status).padStart(4)} ${String(counted).padStart(4)} statements ${String(bytes).padStart(8)} bytes ${ms.toFixed(1).padStart(7)} ms CPU`);
}
await handle.close();
