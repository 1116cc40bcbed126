import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { DEMO_PASSWORD } from "#api/seed/users.ts";
import { parseConfig, setConfig, type Config } from "#config";
import type { RunningServer } from "#root/server.ts";
import { seededCopyHolds } from "./api.ts";
import { createPgliteTestDatabase, moveToDataDir } from "./db.ts";
import { testConfig } from "./test-config.ts";

/**
 * The real server (server.ts) in the test's process, on a fresh seeded embedded database, and a
 * client that speaks to it over sockets as a browser would: pages, forms with their CSRF token,
 * signing in.
 */
let base: URL;

export interface RealServer {
  base: URL;
  config: Config;
  running: RunningServer;
  close(): Promise<void>;
}

/** Starts the server in development mode (Vite compiles the app on the first page, done here). */
export async function startRealServer(prefix: string, o: { clientFiles?: (dir: string) => void } = {}): Promise<RealServer> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  // The app is compiled by Vite into a module graph of its own, which reads its configuration
  // from the environment: the session secret must be the same there as in server.ts's.
  process.env.SESSION_SECRET ??= "real-server-test-secret-real-server-test-secret";
  const config = parseConfig({
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: process.env.SESSION_SECRET,
    LOG_LEVEL: "silent",
    RENEWALS_EVERY_MINUTES: "0",
    // The run's seeded copy (below) sealed its secrets with the tests' key.
    SECRETS_KEY: testConfig().SECRETS_KEY,
  });
  setConfig(config);
  // The run's seeded database (tests/helpers/global-setup.ts) while its dates hold, so the server's
  // first start only checks it instead of migrating and seeding afresh (about 15 s a file).
  if (seededCopyHolds(new Date())) await moveToDataDir(await createPgliteTestDatabase({ seeded: true }), dataDir);
  const { startServer } = await import("#root/server.ts");
  let clientDir: string | undefined;
  if (o.clientFiles) {
    clientDir = join(dataDir, "client");
    o.clientFiles(clientDir);
  }
  const running = await startServer(config, { clientDir });
  base = new URL(`http://127.0.0.1:${port}`);
  await visitor();
  return {
    base,
    config,
    running,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** With `bodyBytes`: how much of the body was written before the answer came (or the socket closed). */
  sentBytes?: number;
}

/** One request; `body` is written in `chunkBytes` pieces (chunked unless `contentLength`) until the answer comes. */
export function send(
  method: string,
  path: string,
  o: { agent?: http.Agent; headers?: Record<string, string>; body?: string; bodyBytes?: number; chunkBytes?: number; contentLength?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.bodyBytes !== undefined && o.contentLength) headers["content-length"] = String(o.bodyBytes);
    const req = http.request(new URL(path, base), { method, headers, agent: o.agent ?? false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body, sentBytes: o.bodyBytes === undefined ? undefined : written }));
      res.on("error", reject);
    });
    let answered = false;
    let written = 0;
    req.on("response", () => (answered = true));
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (o.bodyBytes === undefined) return void req.end(o.body);
    const chunk = Buffer.alloc(o.chunkBytes ?? 64 * 1024, "a");
    const pump = () => {
      while (!answered && !req.destroyed && written < o.bodyBytes!) {
        const piece = chunk.subarray(0, Math.min(chunk.length, o.bodyBytes! - written));
        written += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

export const cookiesOf = (a: Answer) => (a.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);

/** The cookies a visitor gets from the sign-in page (CSRF cookie included), and the form's token. */
export async function visitor() {
  const page = await send("GET", "/login");
  const cookie = cookiesOf(page).join("; ");
  expect(cookie).toContain("csrf=");
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1]?.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
  return { cookie, csrf };
}

/** Signs in through the /login form as a browser would, landing on the page it is sent to; answers the cookies the browser then sends. */
export async function signedIn(email: string): Promise<string> {
  const v = await visitor();
  const form = new URLSearchParams({ csrf: v.csrf!, email, password: DEMO_PASSWORD }).toString();
  const sent = await send("POST", "/login", {
    headers: { cookie: v.cookie, origin: base.origin, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(form)) },
    body: form,
  });
  expect(sent.status, sent.body.slice(0, 500)).toBe(302);
  const jar = new Map(v.cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c]));
  for (const c of cookiesOf(sent)) jar.set(c.slice(0, c.indexOf("=")), c);
  expect(jar.has("__session")).toBe(true);
  // As a browser: the page it is sent to shows the welcome message once and updates the cookie.
  const landed = await send("GET", sent.headers.location!, { headers: { cookie: [...jar.values()].join("; ") } });
  for (const c of cookiesOf(landed)) jar.set(c.slice(0, c.indexOf("=")), c);
  return [...jar.values()].join("; ");
}

