import cluster from "node:cluster";
import { logger } from "#api/logger.ts";
import { serveClusterMetrics } from "#api/observability/metrics.ts";

/**
 * WEB_CONCURRENCY > 1: this process becomes the primary of a node cluster that forks that many
 * workers, each a whole Tarifa process (web, API, job workers) sharing the listening port; the
 * database (PostgreSQL) holds everything they share (ADR 0028). A worker that dies is replaced;
 * on SIGTERM the primary passes it on and waits for every worker to finish its requests.
 * Answers true in the primary (the caller must not start a server), false in a worker or alone.
 */
export function runPrimary(concurrency: number, options: { shutdownTimeoutMs: number }): boolean {
  if (concurrency <= 1 || !cluster.isPrimary) return false;
  serveClusterMetrics();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < concurrency; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.error({ msg: "worker died: starting another", pid: worker.process.pid, code, signal });
    setTimeout(fork, 1_000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ msg: "stopping workers", signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    for (const w of workers) w!.process.kill("SIGTERM");
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) w!.once("exit", () => --left === 0 && process.exit(0));
    // Workers have their own deadline; this one only guards against a worker that hangs.
    setTimeout(() => process.exit(1), options.shutdownTimeoutMs + 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  logger.info({ msg: "cluster primary", pid: process.pid, workers: concurrency });
  return true;
}
