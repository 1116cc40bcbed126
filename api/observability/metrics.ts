import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { AggregatorRegistry, Counter, Gauge, Histogram, collectDefaultMetrics, register } from "prom-client";

/**
 * Prometheus metrics of this process (prom-client's global registry): HTTP requests by route
 * pattern and status, the event loop's lag, heap and RSS (prom-client's defaults), the database
 * pool and query durations, and the job queue's depth, failures and latency. Under `npm start`
 * with WEB_CONCURRENCY > 1 the primary process sums every worker's (server/cluster.ts).
 */

// Vitest evaluates this module once per project in one process while prom-client's registry is
// global: an earlier evaluation's metrics are forgotten so these names can be registered again.
for (const metric of register.getMetricsAsArray()) {
  const { name } = metric as unknown as { name: string };
  if (name.startsWith("tarifa_")) register.removeSingleMetric(name);
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let started = false;
/** prom-client's default metrics (event-loop lag, heap, RSS, GC, handles), once per process. */
export function startProcessMetrics(): void {
  if (started) return;
  started = true;
  collectDefaultMetrics({ prefix: "tarifa_", eventLoopMonitoringPrecision: 20 });
  // A worker answers its primary's requests for its metrics (prom-client's cluster protocol).
  if (cluster.isWorker) new AggregatorRegistry();
}

export const httpRequests = new Counter({
  name: "tarifa_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
});

export const httpDuration = new Histogram({
  name: "tarifa_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
});

export const rememberedAnswers = new Counter({
  name: "tarifa_remembered_answers_total",
  help: "Signed-in reads that may be remembered (ADR 0034), by result: hit (served from memory) or miss",
  labelNames: ["result"] as const,
});

export const dbQueryDuration = new Histogram({
  name: "tarifa_db_query_duration_seconds",
  help: "Database query durations, by driver and outcome",
  labelNames: ["driver", "outcome"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});

/** The PostgreSQL pool's connections (node-postgres), read at each scrape. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Set<PoolCounts>();
export const dbPool = new Gauge({
  name: "tarifa_db_pool_connections",
  help: "Database pool connections: total, idle, and requests waiting for one",
  labelNames: ["state"] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const p of pools) {
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: "total" }, total);
    this.set({ state: "idle" }, idle);
    this.set({ state: "waiting" }, waiting);
  },
});
export function observePool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}

export const jobRuns = new Counter({
  name: "tarifa_jobs_total",
  help: "Jobs run by this process, by queue and outcome (completed, failed)",
  labelNames: ["queue", "outcome"] as const,
});
export const jobDuration = new Histogram({
  name: "tarifa_job_duration_seconds",
  help: "Time a job ran, by queue",
  labelNames: ["queue"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
});
export const jobLatency = new Histogram({
  name: "tarifa_job_latency_seconds",
  help: "Time from when a job could start to when a worker took it, by queue",
  labelNames: ["queue"] as const,
  buckets: [0.1, 0.5, 1, 2, 5, 15, 60, 300, 1800],
});

/** Jobs waiting (created or to be retried) per queue, read from the queue's tables at each scrape. */
let depthSource: (() => Promise<{ queue: string; state: string; count: number }[]>) | undefined;
export const jobQueueDepth = new Gauge({
  name: "tarifa_job_queue_depth",
  help: "Jobs waiting in the queue, by queue and state (created, retry)",
  labelNames: ["queue", "state"] as const,
  async collect() {
    this.reset();
    if (!depthSource) return;
    try {
      for (const row of await depthSource()) this.set({ queue: row.queue, state: row.state }, row.count);
    } catch {
      // A scrape while the database is away shows no depth rather than failing the whole page.
    }
  },
});
export function observeQueueDepth(source: typeof depthSource): void {
  depthSource = source;
}

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "via"];
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: a direct connection from this machine that no proxy forwarded (no
 * forwarding header at all), or anyone presenting METRICS_TOKEN as a bearer token.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  const direct = LOOPBACK.test(req.socket.remoteAddress ?? "") && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
  if (direct) return true;
  if (!token) return false;
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ASK_PRIMARY = "tarifa:metrics";
let asked = 0;
const waiting = new Map<number, (text: string | null) => void>();

/** This process's metrics, or under a cluster every worker's summed by the primary. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return register.metrics();
  const id = ++asked;
  const text = await new Promise<string | null>((done) => {
    waiting.set(id, done);
    process.send!({ type: ASK_PRIMARY, id });
    setTimeout(() => waiting.get(id)?.(null), 5_000).unref();
  });
  waiting.delete(id);
  return text ?? register.metrics();
}

if (cluster.isWorker) {
  process.on("message", (message: { type?: string; id?: number; text?: string }) => {
    if (message?.type === `${ASK_PRIMARY}:answer` && message.id) waiting.get(message.id)?.(message.text ?? null);
  });
}

/** In the primary: answers workers' requests for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK_PRIMARY) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: `${ASK_PRIMARY}:answer`, id: message.id, text }),
      () => worker.send({ type: `${ASK_PRIMARY}:answer`, id: message.id, text: null }),
    );
  });
}

export const metricsContentType = register.contentType;
