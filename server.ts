import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { createApi } from "./api/app.ts";
import { allowedMethodsOf } from "./api/method-not-allowed.ts";
import { openDatabase, SERVER_PGLITE_SETTINGS, type DatabaseHandle } from "./api/db/client.ts";
import { prepareDatabase } from "./api/seed/prepare.ts";
import { startBackupEndpoint } from "./api/db/backup/endpoint.ts";
import { backgroundFor } from "./api/services/jobs/server-jobs.ts";
import type { JobQueue } from "./api/services/queue/queue.ts";
import { ConfigError, getConfig, type Config } from "./config.ts";
import { logger } from "./api/logger.ts";
import { observe } from "./server/observability.ts";
import { drainable, onTerminate } from "./server/shutdown.ts";
import { trustProxySetting } from "./server/trust-proxy.ts";
import { drainListenersFollowCompression } from "./server/compression-drain.ts";
import { refuseUnsupportedMethods } from "./server/unsupported-methods.ts";
import { rememberedAnswers } from "./server/remembered-answers.ts";
import { callerOf, REMEMBERED_PATHS } from "./server/remembered-callers.ts";
import { httpUpstream, upstreamLoadContext } from "./server/upstream.ts";
import type { Upstream } from "./contract/upstream.ts";
import {
  baseSecurityHeaders,
  finishAnswer,
  IMMUTABLE_ASSET_MAX_AGE,
  STATIC_FILE_MAX_AGE,
} from "./server/security-headers.ts";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * One process: the upstream API under /api (unless API_BASE_URL points elsewhere), static
 * assets, and the React Router app for every other path.
 */
export async function startServer(
  config: Config,
  options: {
    seed?: boolean;
    /**
     * The built client files to serve (`assets/` with content hashes, the rest as they are): the
     * production build's `build/client` by default; in development Vite serves the sources, and a
     * test may pass a directory to check how built files are answered.
     */
    clientDir?: string;
  } = {},
): Promise<RunningServer> {
  let database: DatabaseHandle | undefined;
  let jobs: JobQueue | undefined;
  let backups: { close(): Promise<void> } | undefined;
  const app = express();
  app.disable("x-powered-by");
  // Several processes, graceful shutdown, metrics and request ids: server/*.ts, ADR 0028.
  let server: import("node:http").Server | undefined;
  const drain = drainable(() => server);
  app.use(drain.track);
  const observed = observe(app, { metricsToken: config.METRICS_TOKEN });
  app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));
  // One source of truth for the caller's address: Express's req.ip (X-Forwarded-For only from a
  // trusted proxy). The API's rate limits and the web's API client read this header.
  app.use((req, _res, next) => {
    req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  // Security headers for every class of answer, the API's and static files' included (server/security-headers.ts).
  app.use(baseSecurityHeaders({ https: config.cookieSecure }));
  app.use(finishAnswer);
  let apiMethods: ((path: string) => string[]) | undefined;
  app.use(refuseUnsupportedMethods((path) => apiMethods?.(path) ?? []));

  let upstream: Upstream;
  if (config.API_BASE_URL) {
    upstream = httpUpstream(config.API_BASE_URL);
  } else {
    database = await openServerDatabase(config, { seed: options.seed !== false });
    const handle = database;
    const api = createApi({ db: database.db, config, now: () => new Date() });
    apiMethods = allowedMethodsOf(api);
    // Channel pushes, booking feeds and renewals run on the durable queue (ADR 0015).
    // pg-boss creates its queues with DDL that deadlocks when processes start together: one at a time.
    if (config.JOBS === "true") jobs = await handle.exclusive(() => backgroundFor(handle, config));
    // `npm run db:backup` asks the running server for the embedded database (ADR 0023).
    if (database.dumpDataDir) backups = await startBackupEndpoint(database, config.DATA_DIR);
    upstream = async (request) => api.fetch(request);
    // Signed-in reads asked again while nothing they show has changed (ADR 0034).
    app.use(rememberedAnswers({ paths: REMEMBERED_PATHS, callerOf: callerOf(handle.db, () => new Date()) }));
    const apiListener = getRequestListener(api.fetch);
    app.all(["/api", "/api/{*splat}"], (req, res) => apiListener(req, res));
  }

  app.use(compression());
  app.use(drainListenersFollowCompression);

  const clientDir = options.clientDir ?? (config.isProduction ? resolve("build/client") : undefined);
  if (clientDir) {
    app.use("/assets", express.static(resolve(clientDir, "assets"), { immutable: true, maxAge: IMMUTABLE_ASSET_MAX_AGE }));
    app.use(express.static(clientDir, { maxAge: STATIC_FILE_MAX_AGE }));
  }

  if (config.isProduction) {
    const buildDir = resolve("build");
    const build = (await import(pathToFileURL(resolve(buildDir, "server/index.js")).href)) as ServerBuild;
    observed.setBuild(build);
    app.all("/{*splat}", createRequestHandler({ build, mode: "production", getLoadContext: upstreamLoadContext(build, upstream) }));
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    app.all("/{*splat}", async (req, res, next) => {
      try {
        const build = (await devServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
        return createRequestHandler({ build, mode: "development", getLoadContext: upstreamLoadContext(build, upstream) })(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  }

  server = await new Promise<import("node:http").Server>((done) => {
    const s = app.listen(config.PORT, config.HOST, () => done(s));
  });
  const address = server!.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  return {
    url: `http://localhost:${port}`,
    async close() {
      // Stop accepting and finish the requests in flight, while the jobs in hand finish too.
      const deadlineMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
      await Promise.all([drain.drain(deadlineMs), jobs?.stop(deadlineMs)]);
      await backups?.close();
      await database?.close();
    },
  };
}

/**
 * The database, migrated and seeded. PostgreSQL is prepared in this process. The embedded one is
 * prepared by a short-lived child process first (migrations, demo seed), and opened here with
 * small buffers: WebAssembly memory never shrinks, so what the first start needs must not stay
 * in the server (ADR 0029).
 */
async function openServerDatabase(config: Config, { seed }: { seed: boolean }): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ kind: "postgres", url: config.DATABASE_URL });
    // Processes starting together migrate and seed one at a time (an advisory lock, ADR 0028).
    await database.exclusive(() => prepareDatabase(database, { seed, log: true }));
    return database;
  }
  await runPrepareDatabaseProcess(config, seed ? [] : ["--no-seed"]);
  return openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite"), settings: SERVER_PGLITE_SETTINGS });
}

/** Runs scripts/prepare-database (compiled beside this file in build/node/, or under tsx from source). */
function runPrepareDatabaseProcess(config: Config, args: string[]): Promise<void> {
  const compiled = !import.meta.url.endsWith(".ts");
  const script = new URL(compiled ? "./prepare-database.js" : "./scripts/prepare-database.ts", import.meta.url);
  const argv = [...(compiled ? [] : ["--import", "tsx"]), fileURLToPath(script), ...args];
  return new Promise((done, fail) => {
    // This process's configuration, not just its environment (tests and scripts pass their own).
    const env = { ...process.env, NODE_ENV: config.NODE_ENV, DATA_DIR: config.DATA_DIR, SESSION_SECRET: config.SESSION_SECRET, SECRETS_KEY: config.SECRETS_KEY };
    const child = spawn(process.execPath, argv, { stdio: ["ignore", "inherit", "inherit"], env });
    child.once("error", fail);
    child.once("exit", (code, signal) =>
      code === 0 ? done() : fail(new Error(`preparing the database failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let config: Config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.isProduction && !existsSync(resolve("build/server/index.js"))) {
    console.error("No production build: run `npm run build` (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  const started = performance.now();
  const running = await startServer(config);
  logger.info({ msg: `Tarifa is running on ${running.url}`, ready_ms: Math.round(performance.now() - started), pid: process.pid });
  onTerminate(() => running.close());
}
