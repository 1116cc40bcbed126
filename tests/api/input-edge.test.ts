import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/**
 * Text and dates PostgreSQL cannot take — a NUL character, a lone UTF-16 surrogate, a year such as
 * 9999 — are refused at the API's edge with a 4xx (ADR 0018), never a 500. The requests quoted in
 * issue 17 first, then a walk over every route with such values in its query and body.
 */
let t: TestApi;
let owner: string;
let admin: string;
let ownerId: string;
const biz = `/api/v1/businesses/${DEMO_BUSINESS.id}`;

beforeAll(async () => {
  t = await createTestApi({ seed: true });
  owner = await t.login(demoUsers.owner.email);
  admin = await t.login(demoUsers.admin.email);
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
});
afterAll(() => t.close());

async function status(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const res = await t.call(method, path, options);
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe("the requests quoted in issue 17", () => {
  it.each([
    [`${biz}/availability?from=9999-12-31&to=9999-12-31`],
    [`${biz}/rooms-overview?from=9999-12-31&to=9999-12-31`],
    [`${biz}/rooms-overview?from=0001-01-01&to=0001-01-31`],
    [`${biz}/days-to-update?from=9999-12-31`],
    [`${biz}/days-to-update?to=0001-01-01`],
    [`${biz}/reservations?from=9999-12-31&to=9999-12-31`],
    [`${biz}/calendar?from=9999-12-01&to=9999-12-31`],
  ])("GET %s → 4xx (dates out of 2000–2100)", async (path) => {
    const res = await status("GET", path, { token: owner });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("answers a far date with the translated message next to the field", async () => {
    const res = await t.call("GET", `${biz}/availability?from=9999-12-31&to=9999-12-31`, { token: owner, lang: "en" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.from).toEqual(["Enter a date between 2000-01-01 and 2100-12-31."]);
  });

  it.each([
    ["/api/v1/admin/users?search=%00", "admin"],
    [`${biz}/reservations?q=%00`, "owner"],
    ["/api/v1/admin/businesses?search=%00", "admin"],
    [`${biz}/reservations?q=a%00b&from=2026-01-01`, "owner"],
    // A lone surrogate can only come as its bytes, which are not UTF-8 (they used to be read as U+FFFD).
    [`${biz}/reservations?q=%ED%A0%80x`, "owner"],
    ["/api/v1/admin/users?search=x%ED%B0%80", "admin"],
  ])("GET %s → 400 for a NUL or a lone surrogate in the query", async (path, who) => {
    const res = await status("GET", path, { token: who === "admin" ? admin : owner });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("O endereço tem caracteres inválidos.");
  });

  it("PUT /api/v1/users/{uuid} with a NUL in state → 422 on the field, nothing saved", async () => {
    const res = await status("PUT", `/api/v1/users/${ownerId}`, { token: owner, body: { state: "\u0000" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ state: ["Este texto tem caracteres inválidos."] });
  });

  it("a body nested 5,000 deep → 422, not a stack overflow (500)", async () => {
    const res = await status("POST", "/api/v1/businesses", { token: owner, body: "[".repeat(5_000) + "]".repeat(5_000) });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Os dados enviados não são válidos.");
  });

  it("POST /api/v1/businesses with a NUL in company_name → 422 on the field", async () => {
    const res = await status("POST", "/api/v1/businesses", { token: owner, body: { company_name: "Pousada\u0000", country: "BR" } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["company_name"]);
  });

  it("POST /api/v1/admin/permissions with a NUL inside a JSON column → 422 on that path", async () => {
    const res = await status("POST", "/api/v1/admin/permissions", { token: admin, body: { name: "user.nul-test", description: { "pt-BR": "a\u0000b" } } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["description.pt-BR"]);
  });

  it.each([
    ["POST", "/api/v1/businesses", '{"company_name":"\\ud800x","country":"BR"}', "company_name"],
    ["POST", "/api/v1/admin/permissions", '{"name":"user.surrogate","description":{"pt-BR":"\\udc00"}}', "description.pt-BR"],
    ["PUT", "/api/v1/users/{owner}", '{"state":"x\\ud800"}', "state"],
    ["POST", "/api/v1/businesses", '{"company_name":"Pousada","country":"BR","\\ud800":"x"}', "_form"],
  ])("%s %s with a lone surrogate in the JSON text → 422", async (method, path, raw, field) => {
    const token = path.includes("admin") ? admin : owner;
    const res = await t.call(method, path.replace("{owner}", ownerId), { token, body: raw });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual([field]);
  });

  it("still accepts emoji and accents (surrogate pairs are fine)", async () => {
    const res = await status("PUT", `/api/v1/users/${ownerId}`, { token: owner, body: { state: "São Paulo 🌴" } });
    expect(res.status).toBeLessThan(300);
  });
});

/** Values each field and parameter gets in the walk. */
const BAD_TEXT = ["a\u0000b", "\ud800x", "x\udfff"];
const FAR_DATES = ["9999-12-31", "0001-01-01", "2026-02-30", "99999-01-01"];
const FIELDS = [
  "name", "surname", "email", "company", "company_name", "phone", "state", "city", "title", "notes", "description", "q", "search",
  "code", "reason", "message", "slug", "color", "document", "country", "timezone", "currency", "plan_identifier", "payment_method_id",
];
const DATE_FIELDS = ["date", "from", "to", "arrival", "departure", "starts_at", "ends_at", "expires_at"];

/** Hono's route table with each `:param` filled in: the demo business, the owner, or a plain word. */
function concrete(path: string): string {
  return path
    .replace(/:id\b|:businessId\b/g, DEMO_BUSINESS.id)
    .replace(/:uuid\b|:userId\b/g, ownerId)
    .replace(/:slug\b/g, "pousada-mare-alta")
    .replace(/:[A-Za-z]+/g, "x");
}

describe("every route, every string and date", () => {
  it("answers < 500 to NUL characters, lone surrogates and far dates in queries and bodies", async () => {
    const routes = [...new Map(t.api.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r])).values()]
      // Signing out would end the walk's own sessions; the webhook checks a signature first.
      .filter((r) => !/logout|access-token|webhooks/.test(r.path));
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    const calls: [string, string, unknown][] = [];
    for (const r of routes) {
      const path = concrete(r.path);
      for (const bad of [...BAD_TEXT, ...FAR_DATES]) {
        const query = new URLSearchParams([...FIELDS, ...DATE_FIELDS].map((f) => [f, bad])).toString();
        calls.push([r.method, `${path}?${query}`, undefined]);
      }
      if (r.method === "GET" || r.method === "DELETE") continue;
      for (const bad of BAD_TEXT) {
        const body: Record<string, unknown> = Object.fromEntries(FIELDS.map((f) => [f, bad]));
        body.description = { "pt-BR": bad };
        calls.push([r.method, path, body]);
      }
      for (const far of FAR_DATES) calls.push([r.method, path, Object.fromEntries(DATE_FIELDS.map((f) => [f, far]))]);
    }
    for (const [method, path, body] of calls) {
      for (const token of [owner, admin]) {
        const res = await t.call(method, path, { token, body });
        if (res.status >= 500) failures.push(`${method} ${path.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
