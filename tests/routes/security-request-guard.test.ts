import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness, type RouteModule } from "#tests/helpers/route.ts";

/**
 * Issue 17, point 2: every state-changing web request passes one guard (origin, form body, size,
 * CSRF token) before any action runs. The routes are read from app/routes.ts, so a new route
 * with an action is tried here without anyone listing it; each forged post must be refused by
 * the guard and never reach the action.
 */
type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };
interface ActionRoute {
  url: string;
  file: string;
  module: RouteModule;
  layouts: RouteModule[];
}

const PARAM = "6f0c9c8e-52a4-4c4e-9d2e-0b8f6d7c1a11";

let h: RouteHarness;
let browser: Browser;
let guest: Browser;
let actionRoutes: ActionRoute[];
let messages: { crossOrigin: string; notAForm: string; tooLarge: string };

/** Every route module with an action, with the URL that reaches it and its layouts (outermost first). */
async function enumerate(entries: RouteEntry[], parentPath: string, layouts: RouteModule[], out: ActionRoute[]) {
  for (const entry of entries) {
    const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as RouteModule;
    const path = entry.path === undefined ? parentPath : `${parentPath.replace(/\/$/, "")}/${entry.path}`;
    if (module.action) {
      const url = (path || "/").replace(/:[^/]+/g, PARAM).replace(/\*$/, "anything");
      out.push({ url, file: entry.file, module, layouts });
    }
    if (entry.children) await enumerate(entry.children, path, [...layouts, module], out);
  }
}

beforeAll(async () => {
  h = await createRouteHarness();
  browser = h.browser();
  await browser.signIn(demoUsers.admin.email);
  const { default: routes } = await import("#app/routes.ts");
  actionRoutes = [];
  await enumerate(routes as RouteEntry[], "", [], actionRoutes);
  const en = (await import("#locales/en-US/security.json")).default;
  messages = { crossOrigin: en.request.crossOrigin, notAForm: en.request.notAForm, tooLarge: en.request.tooLarge.replace("{{max}}", "1") };
  browser.setCookie("lng", "en-US");
  guest = h.browser();
  guest.setCookie("lng", "en-US");
}, 60_000);
afterAll(() => h.close());

/** The route with its action replaced by a recorder: a refused post must never get there. */
function recorded(route: ActionRoute) {
  const reached: string[] = [];
  const module = { ...route.module, action: () => (reached.push(route.url), null) };
  return { module, reached };
}

const FORGED: [string, Record<string, string>][] = [
  ["a foreign Origin", { Origin: "https://evil.example" }],
  ["Origin: null", { Origin: "null" }],
  ["a look-alike host", { Origin: "http://localhost.evil.example" }],
  ["another port", { Origin: "http://localhost:8080" }],
  ["Sec-Fetch-Site: cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-site without Origin", { "Sec-Fetch-Site": "same-site" }],
];

describe("the request guard covers every action", () => {
  it("finds the route modules with an action in app/routes.ts (the three that skipped the check among them)", () => {
    const urls = actionRoutes.map((r) => r.url);
    expect(urls.length).toBeGreaterThan(30);
    expect(urls).toEqual(expect.arrayContaining(["/businesses/select", "/language", "/logout", "/login"]));
  });

  it("refuses a forged origin with a valid CSRF token (403, translated), before the action", async () => {
    const leaks: string[] = [];
    for (const route of actionRoutes) {
      for (const [why, headers] of FORGED) {
        const { module, reached } = recorded(route);
        const sent = await browser.post(route.url, module, { probe: "1" }, { layouts: route.layouts, headers });
        if (sent.status !== 403 || sent.data?.message !== messages.crossOrigin || reached.length) {
          leaks.push(`${route.url} (${route.file}) with ${why}: ${sent.status} ${JSON.stringify(sent.data)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it("refuses a post without the CSRF token, and a body that is not a form", async () => {
    const leaks: string[] = [];
    for (const route of actionRoutes) {
      const { module, reached } = recorded(route);
      const noToken = await browser.post(route.url, module, { probe: "1" }, { layouts: route.layouts, csrf: false });
      if (noToken.status !== 403 || reached.length) leaks.push(`${route.url} without a token: ${noToken.status}`);
      const request = new Request(new URL(route.url, "http://localhost"), {
        method: "POST",
        body: JSON.stringify({ csrf: await browser.csrf() }),
        headers: { "Content-Type": "text/plain", Cookie: browser.cookieHeader() },
      });
      const { runRoute } = await import("#tests/helpers/route.ts");
      const json = await runRoute(request, module, "action", { layouts: route.layouts });
      if (json.status !== 415 || json.data?.message !== messages.notAForm || reached.length) leaks.push(`${route.url} as text/plain: ${json.status}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it("lets our own pages' posts through (same Origin, or Sec-Fetch-Site: same-origin, with the token)", async () => {
    const refused: string[] = [];
    for (const route of actionRoutes) {
      for (const headers of [{ Origin: "http://localhost" }, { "Sec-Fetch-Site": "same-origin" }, {}] as Record<string, string>[]) {
        const { module } = recorded(route);
        const sent = await browser.post(route.url, module, { probe: "1" }, { layouts: route.layouts, headers });
        // Route middleware may still redirect (permissions, business state); the guard must not refuse.
        if ([403, 413, 415].includes(sent.status) && Object.values(messages).includes(sent.data?.message)) {
          refused.push(`${route.url} with ${JSON.stringify(headers)}: ${sent.status}`);
        }
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);
});

describe("the request guard's size limit", () => {
  const login = () => actionRoutes.find((r) => r.url === "/login")!;

  it("refuses a declared Content-Length over 1 MiB without reading the body", async () => {
    const { module, reached } = recorded(login());
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request("http://localhost/login", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024), Cookie: guest.cookieHeader() },
    } as RequestInit);
    const { runRoute } = await import("#tests/helpers/route.ts");
    const sent = await runRoute(request, module, "action", { layouts: login().layouts });
    expect(sent.status).toBe(413);
    expect(sent.data.message).toBe(messages.tooLarge);
    expect(reached).toEqual([]);
    // A stream starts by filling its queue; nothing beyond that was read.
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it("counts a body without Content-Length while it streams and stops just past the limit", async () => {
    const { module, reached } = recorded(login());
    let sent = 0;
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/login", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: guest.cookieHeader() },
    } as RequestInit);
    const { runRoute } = await import("#tests/helpers/route.ts");
    const answer = await runRoute(request, module, "action", { layouts: login().layouts });
    expect(answer.status).toBe(413);
    expect(reached).toEqual([]);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it("lets a form just under the limit through to the action", async () => {
    const { module, reached } = recorded(login());
    const sent = await guest.post("/login", module, { filler: "a".repeat(1000 * 1024) }, { layouts: login().layouts });
    expect(sent.status).not.toBe(413);
    expect(reached).toEqual(["/login"]);
  });
});
