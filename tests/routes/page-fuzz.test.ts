import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, runRoute, type RouteHarness, type RouteModule } from "#tests/helpers/route.ts";

/**
 * Issue 24: every loader of app/routes.ts, as an anonymous visitor, the demo pousada's owner and
 * the administrator, with hostile values in each path segment — NUL, bytes that are not UTF-8, a
 * path climbing up, 8 KB, integers past 2³¹, years 0 and 9999, SQL and markup — and hostile query
 * strings: no answer is a 500 (or an error thrown out of the page). Each layout's loader runs too.
 */
interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}
interface Page {
  file: string;
  /** The URL pattern, `:name` segments to fill. */
  path: string;
  /** The layouts around it, outermost first. */
  layouts: string[];
}

/** Every route module with its full path and the layouts around it. */
function pagesOf(entries: RouteEntry[], prefix = "", layouts: string[] = []): Page[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${prefix}/${e.path}` : prefix || "/";
    const here: Page = { file: e.file, path, layouts };
    return [here, ...(e.children ? pagesOf(e.children, e.path ? path : prefix, [...layouts, e.file]) : [])];
  });
}

/** Path segments as a hostile client would send them (already percent-encoded for the URL). */
const SEGMENTS = [
  "%00",
  "abc%00def",
  "%ff",
  "%c3%28",
  "..",
  "%2e%2e%2f%2e%2e",
  encodeURIComponent("😀🏨"),
  "x".repeat(8 * 1024),
  "2147483648",
  "-2147483649",
  "0",
  "9999-12-31",
  "0000-01-01",
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent("<script>alert(1)</script>"),
  "00000000-0000-0000-0000-000000000000",
  crypto.randomUUID(),
];
/** Query strings with every common parameter hostile at once (a NUL alone is the root's 400, tested elsewhere). */
const QUERIES = [
  "from=9999-12-31&to=0000-01-01&day=0000-01-01&month=9999-12&year=0&page=2147483648&per_page=-1&q=%27%20OR%201%3D1&edit=..&category=2147483648&start=9999-12-31",
  `from=${"9".repeat(40)}&to=x&month=0000-01&year=99999&page=-2147483649&q=${"y".repeat(8 * 1024)}&edit=${crypto.randomUUID()}&status=%F0%9F%98%80&lng=xx`,
];
/** Loaders that end the visit (they would sign the caller out for the pages after them). */
const ENDS_THE_VISIT = new Set(["routes/auth/logout.ts"]);

const CALLERS = ["anonymous", "owner", "admin"] as const;

let h: RouteHarness;
const tokens: Record<(typeof CALLERS)[number], string | null> = { anonymous: null, owner: null, admin: null };
const modules = new Map<string, RouteModule>();
const load = async (file: string) => {
  if (!modules.has(file)) modules.set(file, (await import(/* @vite-ignore */ join(process.cwd(), "app", file))) as RouteModule);
  return modules.get(file)!;
};

beforeAll(async () => {
  h = await createRouteHarness();
  tokens.owner = await h.t.login(demoUsers.owner.email);
  tokens.admin = await h.t.login(demoUsers.admin.email);
}, 180_000);
afterAll(() => h?.close());

/** `pattern` with every `:name` (or `:name?`) segment replaced by `segment`; the params the router would give. */
function fill(pattern: string, segment: string) {
  const params: Record<string, string> = {};
  const path = pattern.replace(/:([A-Za-z_]+)\??/g, (_m, name: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      decoded = segment;
    }
    params[name] = decoded;
    return segment;
  });
  return { path: path.replace(/\/\*$/, `/${segment}`), params: pattern.endsWith("*") ? { ...params, "*": segment } : params };
}

const pages = pagesOf(routes as RouteEntry[]).filter((p) => !ENDS_THE_VISIT.has(p.file));

describe("every page loader with hostile input answers below 500", () => {
  it("covers the whole route tree", () => {
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.filter((p) => p.path.includes(":")).length).toBeGreaterThan(20);
  });

  it.each(CALLERS)("as %s", async (caller) => {
    const failures: string[] = [];
    /** Loaders that answered 200: the fuzz reaches pages, not only the sign-in redirect. */
    let shown = 0;
    const browser = h.browser();
    if (tokens[caller]) await browser.useToken(tokens[caller]!);
    for (const page of pages) {
      const modulesAround = await Promise.all(page.layouts.map(load));
      const route = await load(page.file);
      // The page's own loader, then each layout's, as the router runs them for the address.
      const handlers: [RouteModule, RouteModule[]][] = [[route, modulesAround], ...modulesAround.map((m, i): [RouteModule, RouteModule[]] => [m, modulesAround.slice(0, i)])];
      const addresses = page.path.includes(":") || page.path.endsWith("*") ? SEGMENTS.map((s) => fill(page.path, s)) : QUERIES.map((q) => ({ path: `${page.path}?${q}`, params: {} }));
      for (const { path, params } of addresses) {
        for (const [module, layouts] of handlers) {
          if (!module.loader) continue;
          const request = new Request(new URL(path.replace(/\/{2,}/g, "/"), "http://localhost"), { headers: { Cookie: browser.cookieHeader() } });
          try {
            const answer = await runRoute(request, module, "loader", { layouts, params });
            if (answer.status === 200) shown++;
            if (answer.status >= 500) failures.push(`${caller} ${path.slice(0, 120)} (${page.file}) → ${answer.status}`);
          } catch (error) {
            failures.push(`${caller} ${path.slice(0, 120)} (${page.file}) threw ${String(error).slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    console.log(`page fuzz as ${caller}: ${shown} loaders answered 200`);
    if (caller !== "anonymous") expect(shown).toBeGreaterThan(100);
  }, 900_000);
});
