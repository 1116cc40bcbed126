import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { cookiesOf, send, signedIn, startRealServer, visitor, type Answer, type RealServer } from "#tests/helpers/real-server.ts";

/**
 * Issue 17, points 3 and 4, through the real server (server.ts, in this process, over sockets):
 * the headers of each class of answer, bodies refused while they stream, memory that does not
 * grow with what was refused, and keep-alive connections that survive a 413.
 */

/** A hashed asset and another static file, as `react-router build` leaves them in build/client. */
const ASSET = "/assets/entry.client-C8x2qLp0.js";
function writeClientFiles(dir: string) {
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, ASSET), "console.log('built');\n");
  writeFileSync(join(dir, "robots.txt"), "User-agent: *\n");
}

let server: RealServer;

beforeAll(async () => {
  // Seeded: a signed-in page is one of the classes of answer. In development the server serves
  // built files only when given them; the production build's are served the same way.
  server = await startRealServer("tarifa-security-", { clientFiles: writeClientFiles });
}, 240_000); // a fresh embedded database is prepared by a child process, then Vite compiles the app

afterAll(() => server?.close());

describe("headers of every class of answer", () => {
  const everywhere = (a: Answer) => {
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    expect(a.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  };

  it("a page: a script nonce instead of 'unsafe-inline', every inline script carrying it, not stored", async () => {
    // /login is sent without any script (ADR 0033); the error page keeps React Router's.
    expect((await send("GET", "/login")).body).not.toMatch(/<script\b/);
    const page = await send("GET", "/no-such-page");
    everywhere(page);
    const csp = page.headers["content-security-policy"] as string;
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = page.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect((await send("GET", "/no-such-page")).headers["content-security-policy"]).not.toContain(nonce);
  });

  it("the error page, a redirect and an API answer (found, refused, unknown)", async () => {
    const missing = await send("GET", "/no-such-page");
    expect(missing.status).toBe(404);
    everywhere(missing);
    expect(missing.headers["cache-control"]).toBe("private, no-store");
    expect(missing.headers["content-security-policy"]).toMatch(/'nonce-/);

    const redirect = await send("GET", "/bookings");
    expect(redirect.status).toBe(302);
    everywhere(redirect);
    expect(redirect.headers["cache-control"]).toBe("private, no-store");

    for (const [path, status] of [["/api/health", 200], ["/api/v1/user", 401], ["/api/no-such-call", 404]] as const) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(status);
      everywhere(answer);
      expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(answer.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("a signed-in page: not stored, with nosniff, Referrer-Policy and frame-ancestors", async () => {
    const cookie = await signedIn(demoUsers.owner.email);
    const page = await send("GET", "/bookings", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Pousada Maré Alta");
    everywhere(page);
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });

  it("a document's styles: inline until the browser holds the whole stylesheet, then a link to it (ADR 0056)", async () => {
    const jar = (await signedIn(demoUsers.owner.email)).split("; ").filter((c) => !c.startsWith("stylesheet="));
    const session = jar.join("; ");
    const inline = /<style id="app-styles">[^]+?<\/style>/;
    const linked = /<link id="app-styles" rel="stylesheet" href="([^"]+)"\/>/;

    // No cookie: the styles the markup uses inline, and (the page links the whole stylesheet at the end of the body,
    // as a print style until it has hydrated: ADR 0061) the cookie.
    const first = await send("GET", "/calendar", { headers: { cookie: session } });
    expect(first.status).toBe(200);
    expect(first.body).toMatch(inline);
    expect(first.body).not.toMatch(linked);
    const set = (first.headers["set-cookie"] ?? []).find((c) => c.startsWith("stylesheet="));
    expect(set).toMatch(/; Path=\/; HttpOnly; SameSite=Lax/);
    expect(set).toMatch(/Max-Age=604800/);
    const held = set!.split(";")[0];
    const href = /<link rel="stylesheet" href="([^"]+)" media="print"\/><\/?[a-z]/.exec(first.body.slice(first.body.indexOf("</head>")))?.[1];
    expect(href).toBeTruthy();

    // With it: the head links that same stylesheet, nothing inline, no cookie again; every signed-in page alike.
    for (const path of ["/calendar", "/", "/bookings"]) {
      const page = await send("GET", path, { headers: { cookie: `${session}; ${held}` } });
      expect(page.status, path).toBe(200);
      expect(linked.exec(page.body)?.[1], path).toBe(href);
      expect(page.body, path).not.toMatch(inline);
      expect(cookiesOf(page).filter((c) => c.startsWith("stylesheet=")), path).toEqual([]);
    }

    // Another build's stylesheet (a deploy since): inline again, and the cookie for this one.
    const stale = `stylesheet=${encodeURIComponent(Buffer.from(JSON.stringify("/assets/app-0ld.css")).toString("base64"))}`;
    const after = await send("GET", "/calendar", { headers: { cookie: `${session}; ${stale}` } });
    expect(after.body).toMatch(inline);
    expect(cookiesOf(after)).toContain(held);

    // A page sent without scripts has the browser fetch the stylesheet without ever applying it, and says so.
    const login = await send("GET", "/login");
    expect(login.body).toMatch(inline);
    expect(login.body).toContain(`<link rel="stylesheet" href="${href}" media="print"/>`);
    expect(cookiesOf(login)).toContain(held);
  });

  it("a signed-in API answer with personal data: not stored either", async () => {
    const credentials = JSON.stringify({ email: demoUsers.owner.email, password: DEMO_PASSWORD });
    const login = await send("POST", "/api/auth/login", { headers: { "content-type": "application/json" }, body: credentials });
    expect(login.status).toBe(200);
    const user = await send("GET", "/api/v1/user", { headers: { authorization: `Bearer ${JSON.parse(login.body).token}` } });
    expect(user.status).toBe(200);
    expect(JSON.parse(user.body).user.email).toBe(demoUsers.owner.email);
    everywhere(user);
    expect(user.headers["cache-control"]).toBe("private, no-store");
  });

  it("a hashed asset is cached for a year, immutable; another static file for an hour", async () => {
    const asset = await send("GET", ASSET);
    expect(asset.status).toBe(200);
    expect(asset.body).toContain("built");
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const other = await send("GET", "/robots.txt");
    expect(other.status).toBe(200);
    expect(other.headers["x-content-type-options"]).toBe("nosniff");
    expect(other.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("a handler that allows caching keeps its own Cache-Control", async () => {
    const messages = await send("GET", "/locales/en-US");
    expect(messages.status).toBe(200);
    everywhere(messages);
    expect(messages.headers["cache-control"]).toBe("public, max-age=86400");
  });
});

describe("bodies refused while they stream", () => {
  const form = (v: { cookie: string }, extra: Record<string, string> = {}) => ({
    cookie: v.cookie,
    "content-type": "application/x-www-form-urlencoded",
    ...extra,
  });

  it("a 100 MB form streamed without Content-Length is refused with a translated 413; memory does not grow with it", async () => {
    const v = await visitor();
    const before = process.memoryUsage();
    const answer = await send("POST", "/login", { headers: form(v, { cookie: `${v.cookie}; lng=en-US` }), bodyBytes: 100 * 1024 * 1024 });
    const after = process.memoryUsage();
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The submission is too large (at most 1 MB).");
    expect(answer.headers.connection).toBe("close");
    // The answer comes after about the first megabyte: the client had written only that, and what the sockets buffer.
    expect(answer.sentBytes! / 1024 / 1024, `${answer.sentBytes} bytes written before the answer`).toBeLessThan(16);
    const grewMb = (after.rss - before.rss) / 1024 / 1024;
    const buffersMb = (after.arrayBuffers - before.arrayBuffers) / 1024 / 1024;
    expect(grewMb, `rss grew ${grewMb.toFixed(1)} MB`).toBeLessThan(20);
    expect(buffersMb, `array buffers grew ${buffersMb.toFixed(1)} MB`).toBeLessThan(8);
  }, 60_000);

  it("a declared Content-Length over the limit is refused before the body is sent", async () => {
    const v = await visitor();
    const answer = await send("POST", "/login", { headers: form(v), bodyBytes: 50 * 1024 * 1024, contentLength: true });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("grande demais");
    expect(answer.headers.connection).toBe("close");
  }, 60_000);

  it("the API refuses its own oversized bodies the same way (chunked and declared)", async () => {
    for (const contentLength of [false, true]) {
      const answer = await send("POST", "/api/auth/login", {
        headers: { "content-type": "application/json", "accept-language": "en" },
        bodyBytes: 20 * 1024 * 1024,
        contentLength,
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toMatch(/too large/i);
      expect(answer.headers.connection).toBe("close");
    }
  }, 60_000);

  it("keep-alive connections survive the 413s: every request after them is answered", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const v = await visitor();
    let answered = 0;
    let failed = 0;
    const oversized = [
      () => send("POST", "/api/auth/login", { agent, headers: { "content-type": "application/json" }, bodyBytes: 3 * 1024 * 1024 }),
      () => send("POST", "/api/auth/login", { agent, headers: { "content-type": "application/json" }, bodyBytes: 3 * 1024 * 1024, contentLength: true }),
      () => send("POST", "/login", { agent, headers: form(v), bodyBytes: 3 * 1024 * 1024 }),
      () => send("POST", "/login", { agent, headers: form(v), bodyBytes: 3 * 1024 * 1024, contentLength: true }),
    ];
    for (let round = 0; round < 10; round++) {
      const refused = await Promise.all(oversized.map((post) => post()));
      for (const r of refused) expect(r.status).toBe(413);
      const after = await Promise.allSettled(Array.from({ length: 36 }, () => send("GET", "/api/health", { agent })));
      for (const r of after) {
        if (r.status === "fulfilled" && r.value.status === 200) answered++;
        else failed++;
      }
    }
    agent.destroy();
    expect(failed).toBe(0);
    expect(answered).toBe(360);
  }, 120_000);
});
