/**
 * The production entry, compiled to build/node/start.js by `npm run build` and run by
 * `npm start` (scripts/start.mjs builds first when there is no build). Migrations and the demo
 * seed run at start.
 */
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

const started = performance.now();
const { startServer } = await import("../server.ts");
const running = await startServer(config);
console.log(`Tarifa is running on ${running.url} (ready in ${Math.round(performance.now() - started)} ms)`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
export {};
