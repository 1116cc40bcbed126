import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** `npm start`: build when there is no build, then serve (migrations and the demo seed run at start). */
process.env.NODE_ENV ??= "production";
const { ConfigError, getConfig } = await import("../config.ts");
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

if (config.isProduction && !existsSync("build/server/index.js")) {
  console.log("No build found: building once (npm run build)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const started = performance.now();
// WEB_CONCURRENCY > 1: this process forks the workers and serves nothing itself (server/cluster.ts).
const { runPrimary } = await import("../server/cluster.ts");
(await import("../server/json-console.ts")).jsonConsole();
if (!runPrimary(config.WEB_CONCURRENCY, { shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 })) {
  const { startServer } = await import("../server.ts");
  const { onTerminate } = await import("../server/shutdown.ts");
  const { logger } = await import("../api/logger.ts");
  const running = await startServer(config);
  logger.info({ msg: `Tarifa is running on ${running.url}`, ready_ms: Math.round(performance.now() - started), pid: process.pid });
  onTerminate(() => running.close());
}
