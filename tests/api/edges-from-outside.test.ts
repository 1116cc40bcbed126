import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import type { OpenApiDocument } from "#api/openapi/document.ts";
import { INT32_MAX, INT32_MIN, VALID_TEXT_PATTERN } from "#domain/validation.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

/**
 * Issue 24: what two outside fuzzers found against a production build, each request as they sent
 * it, then the class of each (every integer of every body bounded to its column, every date and
 * month to 2000–2100, 405 with Allow for a method a path does not have).
 */
let t: TestApi;
let owner: string;
let doc: OpenApiDocument;
const biz = `/api/v1/businesses/${DEMO_BUSINESS.id}`;

beforeAll(async () => {
  t = await createTestApi({ seed: true });
  owner = await t.login(demoUsers.owner.email);
  doc = await t.json("GET", "/api/openapi.json", { status: 200 });
}, 120_000);
afterAll(() => t.close());

describe("the 500s the outside fuzzers found", () => {
  it.each(["0000-01", "9999-12", "1999-12", "2101-01"])("PUT …/goals with month %s → 422 next to the month, nothing written", async (month) => {
    const res = await t.call("PUT", `${biz}/goals`, { token: owner, lang: "en", body: { months: [{ month, revenue: 0, occupancy: 0, adr: 0 }] } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors["months.0.month"]).toEqual(["Enter a date between 2000-01-01 and 2100-12-31."]);
  });

  it.each([2 ** 31, 2 ** 53])("PUT …/pms with pms_id %s → 422, not integer out of range", async (pmsId) => {
    const res = await t.call("PUT", `${biz}/pms`, { token: owner, body: { pms_id: pmsId, credentials: { username: "u", password: "p", property_id: "1" } } });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["pms_id"]);
  });

  it("GET /dev/mailbox/%00 anonymously is a 4xx", async () => {
    for (const path of ["/api/dev/mailbox/%00", "/api/dev/mailbox/abc%00def"]) {
      const res = await t.call("GET", path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("a method the path does not have", () => {
  it("answers 405 with the path's methods in Allow, 404 for a path nobody has", async () => {
    const patch = await t.call("PATCH", `${biz}/goals`, { token: owner, body: {} });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("allow")).toBe("GET, HEAD, PUT");
    expect((await t.call("DELETE", "/api/health")).headers.get("allow")).toBe("GET, HEAD");
    expect((await t.call("GET", "/api/v1/no-such-thing", { token: owner })).status).toBe(404);
  });
});

/** Every schema object in the requests the document describes (bodies and query parameters). */
function requestSchemas(): { where: string; schema: Record<string, unknown> }[] {
  const found: { where: string; schema: Record<string, unknown> }[] = [];
  const walk = (value: unknown, where: string) => {
    if (!value || typeof value !== "object") return;
    const schema = value as Record<string, unknown>;
    if (typeof schema.type === "string") found.push({ where, schema });
    for (const [key, inner] of Object.entries(schema)) walk(inner, `${where}.${key}`);
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const operation = op as { requestBody?: unknown; parameters?: unknown };
      walk(operation.requestBody, `${method.toUpperCase()} ${path} body`);
      walk(operation.parameters, `${method.toUpperCase()} ${path} query`);
    }
  }
  return found;
}

describe("the document says what the API enforces", () => {
  // A time in seconds, compared in memory and never stored.
  const NOT_A_COLUMN = /POST \/api\/auth\/verify-email body.*expires/;

  it("bounds every integer to PostgreSQL's integer", () => {
    const loose = requestSchemas()
      .filter(({ where, schema }) => schema.type === "integer" && !NOT_A_COLUMN.test(where))
      .filter(({ schema }) => !(Number(schema.maximum ?? Infinity) <= INT32_MAX && Number(schema.minimum ?? schema.exclusiveMinimum ?? -Infinity) >= INT32_MIN))
      .map(({ where }) => where);
    expect(loose).toEqual([]);
  });

  it("bounds every date and month to the years 2000–2100", () => {
    const dates = requestSchemas().filter(({ schema }) => schema.format === "date" || JSON.stringify(schema).includes("\\\\d{4}-"));
    expect(dates.length).toBeGreaterThan(50);
    const unbounded = dates.filter(({ schema }) => !JSON.stringify(schema).includes("(?:20\\\\d\\\\d|2100)-")).map(({ where }) => where);
    expect(unbounded).toEqual([]);
  });

  it("gives every request string the text rule the API applies (no NUL, no lone surrogate)", () => {
    const strings = requestSchemas().filter(({ schema }) => schema.type === "string");
    const ruleless = strings.filter(({ schema }) => schema.pattern === undefined && schema.enum === undefined && schema.const === undefined && schema.format === undefined);
    expect(ruleless.map(({ where }) => where)).toEqual([]);
    const text = new RegExp(VALID_TEXT_PATTERN, "u");
    expect(["a\u0000b", "\ud800", "x\udc00y"].filter((v) => text.test(v))).toEqual([]);
    expect(["", "Pousada Maré Alta 🏨", "👨‍👩‍👧‍👦🇧🇷"].every((v) => text.test(v))).toBe(true);
  });
});
