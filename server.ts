import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { createApi } from "./api/app.ts";
import { openDatabase, type DatabaseHandle } from "./api/db/client.ts";
import { seedIfEmpty } from "./api/db/seed.ts";
import { scheduleRenewals, type RenewalSchedule } from "./api/services/billing/renewal-schedule.ts";
import { ConfigError, getConfig, type Config } from "./config.ts";
import { httpUpstream, setUpstream } from "./app/lib/upstream.server.ts";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * One process: the upstream API under /api (unless API_BASE_URL points elsewhere), static
 * assets, and the React Router app for every other path.
 */
export async function startServer(config: Config, options: { seed?: boolean } = {}): Promise<RunningServer> {
  let database: DatabaseHandle | undefined;
  let renewals: RenewalSchedule | undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  // One source of truth for the caller's address: Express's req.ip (X-Forwarded-For only from a
  // trusted proxy). The API's rate limits and the web's API client read this header.
  app.use((req, _res, next) => {
    req.headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  if (config.API_BASE_URL) {
    setUpstream(httpUpstream(config.API_BASE_URL));
  } else {
    database = config.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: resolve(config.DATA_DIR, "pglite") });
    await database.migrate();
    if (options.seed !== false) await seedIfEmpty(database.db, { log: true });
    const api = createApi({ db: database.db, config, now: () => new Date() });
    // The API's process renews the built-in provider's subscriptions (Stripe renews its own).
    if (config.RENEWALS_EVERY_MINUTES > 0) {
      renewals = scheduleRenewals(database.db, { everyMs: config.RENEWALS_EVERY_MINUTES * 60_000 });
    }
    setUpstream(async (request) => api.fetch(request));
    const apiListener = getRequestListener(api.fetch);
    app.all(["/api", "/api/{*splat}"], (req, res) => apiListener(req, res));
  }

  app.use(
    helmet({
      contentSecurityPolicy: config.isProduction
        ? {
            directives: {
              // React Router's hydration data is an inline script.
              "script-src": ["'self'", "'unsafe-inline'"],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:"],
              "upgrade-insecure-requests": config.cookieSecure ? [] : null,
            },
          }
        : false,
      strictTransportSecurity: config.cookieSecure,
      crossOriginEmbedderPolicy: false,
      // "no-referrer" makes browsers send `Origin: null` on form posts, which React Router refuses.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());

  if (config.isProduction) {
    const buildDir = resolve("build");
    app.use("/assets", express.static(resolve(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(resolve(buildDir, "client"), { maxAge: "1h" }));
    const build = (await import(pathToFileURL(resolve(buildDir, "server/index.js")).href)) as ServerBuild;
    app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    app.all("/{*splat}", async (req, res, next) => {
      try {
        const build = (await devServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
        return createRequestHandler({ build, mode: "development" })(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  }

  const server = await new Promise<import("node:http").Server>((done) => {
    const s = app.listen(config.PORT, config.HOST, () => done(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  return {
    url: `http://localhost:${port}`,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections?.();
      await renewals?.stop();
      await database?.close();
    },
  };
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
  console.log(`Tarifa is running on ${running.url} (ready in ${Math.round(performance.now() - started)} ms)`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void running.close().then(() => process.exit(0));
    });
  }
}
