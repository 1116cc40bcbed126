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
const { startServer } = await import("../server.ts");
const running = await startServer(config);
console.log(`Tarifa is running on ${running.url} (ready in ${Math.round(performance.now() - started)} ms)`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
