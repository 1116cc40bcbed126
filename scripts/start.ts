/**
 * The production entry, compiled to build/node/start.js by `npm run build` and run by
 * `npm start` (scripts/start.mjs builds first when there is no build). Migrations and the demo
 * seed run at start.
 */
process.env.NODE_ENV ??= "production";
const { ConfigError, getConfig } = await import("#config");
let config;
try {
  config = getConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const started = performance.now();
// WEB_CONCURRENCY > 1: this process forks the workers and serves nothing itself (server/cluster.ts).
const { runPrimary } = await import("#server/cluster.ts");
(await import("#server/json-console.ts")).jsonConsole();
if (!runPrimary(config.WEB_CONCURRENCY, { shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 })) {
  const { startServer } = await import("#root/server.ts");
  const { onTerminate } = await import("#server/shutdown.ts");
  const { logger } = await import("#api/logger.ts");
  const running = await startServer(config);
  logger.info({ msg: `Tarifa is running on ${running.url}`, ready_ms: Math.round(performance.now() - started), pid: process.pid });
  onTerminate(() => running.close());
}
export {};
