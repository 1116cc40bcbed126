import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METHODS, type OpenApiDocument } from "#api/openapi/document.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { ContractChecker, operationsOf } from "#tests/helpers/openapi-contract.ts";

let t: TestApi;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApi({ seed: false });
  doc = await t.json("GET", "/api/openapi.json", { status: 200 });
});
afterAll(() => t.close());

/** Hono's `/businesses/:id` → OpenAPI's `/businesses/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** State-changing operations that take no body: the path says it all. */
const BODYLESS = new Set([
  "post /api/v1/businesses/{id}/imports/{importId}/run",
  "post /api/v1/businesses/{id}/channel-bookings-needing-attention/{revisionId}/resolve",
  "post /api/v1/auth/email/resend",
  "post /api/v1/auth/two-factor",
  "post /api/v1/admin/users/{id}/disable",
  "post /api/v1/admin/users/{id}/enable",
  "post /api/v1/admin/users/{id}/reset-two-factor",
  "post /api/v1/auth/logout-everywhere",
  "post /api/auth/logout",
  "post /api/auth/access-token",
  "post /api/v1/admin/billing/renew",
  "post /api/v1/businesses/{id}/setup/complete",
  "post /api/v1/businesses/{id}/setup/retry",
  "post /api/v1/businesses/{id}/onboarding/submit",
  "post /api/v1/admin/businesses/{id}/channex/resync",
  "post /api/v1/invitations/{token}/accept",
  "post /api/v1/admin/daily-commands/runs/{uuid}/retry",
  "post /api/v1/businesses/{id}/ical-imports/{importId}/poll",
  "post /api/v1/businesses/{id}/ical-imports/poll",
  "post /api/v1/businesses/{id}/ical-feeds/{feedId}/regenerate",
  "post /api/v1/notifications/{uuid}/read",
  "post /api/v1/notifications/read-all",
  "post /api/v1/businesses/{id}/stay-rules/demand-rules/suggested",
  // Stripe signs the raw bytes; the handler verifies the signature before it parses anything.
  "post /api/webhooks/stripe",
]);

describe("/api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("documents every route the app registers, and nothing it does not", () => {
    const registered = new Set(
      t.api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`),
    );
    const documented = new Set(operationsOf(doc).map((op) => `${op.method} ${op.path}`));
    expect([...registered].filter((op) => !documented.has(op))).toEqual([]);
    expect([...documented].filter((op) => !registered.has(op))).toEqual([]);
    expect(documented.size).toBeGreaterThan(250);
  });

  it("gives every operation a tag, a summary, its security, its error answers and, when it changes something, its body", () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operationsOf(doc)) {
      const name = `${method} ${path}`;
      if (!operation.tags?.length) problems.push(`${name}: no tag`);
      if (!operation.summary) problems.push(`${name}: no summary`);
      if (!operation.security) problems.push(`${name}: no security`);
      const responses = operation.responses ?? {};
      if (!responses.default) problems.push(`${name}: no default error answer`);
      if (path.startsWith("/api/v1/")) {
        expect(operation.security, name).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
        if (!responses["401"] || !responses["403"]) problems.push(`${name}: no 401/403`);
      }
      if (["post", "put", "patch"].includes(method) && !operation.requestBody && !BODYLESS.has(name)) problems.push(`${name}: no request body`);
      if (operation.requestBody && !responses["422"] && !JSON.stringify(operation.requestBody).includes("multipart")) problems.push(`${name}: a body but no 422`);
    }
    expect(problems).toEqual([]);
    expect(doc.tags?.length).toBeGreaterThan(20);
  });

  it("documents the shape of every JSON success answer, not just \"an object\"", () => {
    const vague: string[] = [];
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!/^2\d\d$/.test(status) || !answer || "$ref" in answer) continue;
        const schema = answer.content?.["application/json"]?.schema as Record<string, unknown> | undefined;
        const shaped = schema && ["properties", "anyOf", "oneOf", "allOf", "items", "$ref", "additionalProperties"].some((k) => k in schema);
        if (schema && !shaped) vague.push(`${method} ${path} ${status}`);
      }
    }
    expect(vague).toEqual([]);
  });

  it("carries the handlers' own Zod schemas: the login body and the reservation list's query", () => {
    const login = doc.paths!["/api/auth/login"]!.post!;
    const body = (login.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> }).content["application/json"]!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["email", "password"]));
    expect(body.required).toEqual(expect.arrayContaining(["email", "password"]));
    const list = doc.paths!["/api/v1/businesses/{id}/reservations"]!.get!;
    const names = (list.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(["path:id", "query:page", "query:per_page"]));
  });

  it("describes every error with the shared shape: a message and field errors", () => {
    expect(doc.components?.schemas?.Error).toMatchObject({ required: ["message"] });
    for (const name of ["Unauthenticated", "Forbidden", "NotFound", "Invalid", "CsrfMismatch", "Error"]) {
      expect(JSON.stringify(doc.components?.responses?.[name])).toContain("#/components/schemas/Error");
    }
  });
});

describe("the contract check on every answer of the API suite", () => {
  it("refuses an answer whose shape, status or type the document does not allow", () => {
    const checker = new ContractChecker(doc);
    const json = "application/json";
    expect(checker.check("GET", "/api/v1/businesses", 200, json, { businesses: [], selected_business_uuid: null })).toBeNull();
    expect(checker.check("GET", "/api/v1/businesses", 401, json, { message: "x" })).toBeNull();
    expect(checker.check("GET", "/api/v1/businesses", 401, json, { error: true })).toMatch(/does not match/);
    expect(checker.check("GET", "/api/v1/businesses", 200, json, [1, 2])).toMatch(/does not match/);
    expect(checker.check("GET", "/api/v1/businesses", 200, json, { data: [] })).toMatch(/does not match/);
    expect(checker.check("POST", "/api/v1/businesses/1/rooms", 201, "text/html", "")).toMatch(/documented as JSON/);
    expect(checker.check("GET", "/api/v1/nothing-here", 200, json, {})).toMatch(/no documented operation/);
    // A documented answer schema is strict: a missing field or an undocumented one breaks it.
    const options = { data: { categories: [], rooms: [], channels: ["direct"], channel_names: {}, currency: "BRL", today: "2027-01-15" } };
    expect(checker.check("GET", "/api/v1/businesses/1/reservations/options", 200, json, options)).toBeNull();
    expect(checker.check("GET", "/api/v1/businesses/1/reservations/options", 200, json, {})).toMatch(/does not match/);
    expect(checker.check("GET", "/api/v1/businesses/1/reservations/options", 200, json, { data: { ...options.data, secret: 1 } })).toMatch(/does not match/);
  });

  it("matches the most specific path first, as the router does", () => {
    const checker = new ContractChecker(doc);
    expect(checker.find("GET", "/api/v1/businesses/x/reservations/options")?.path).toBe("/api/v1/businesses/{id}/reservations/options");
    expect(checker.find("GET", "/api/v1/businesses/x/reservations/y")?.path).toBe("/api/v1/businesses/{id}/reservations/{reservationId}");
  });
});

describe("/api/docs", () => {
  it("serves Swagger UI from our own files, under a policy that allows nothing from elsewhere", async () => {
    const page = await t.call("GET", "/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui">');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const asset = await t.call("GET", src[1]!);
      expect(asset.status, src[1]).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src[1]).toBeGreaterThan(50);
    }
    const init = await (await t.call("GET", "/api/docs/init.js")).text();
    expect(init).toContain('"/api/openapi.json"');
  });

  it("serves only the files it names (no path into node_modules)", async () => {
    for (const name of ["package.json", "index.html", "..%2Fpackage.json", "swagger-ui.js.map"]) {
      expect((await t.call("GET", `/api/docs/${name}`)).status, name).toBe(404);
    }
  });
});

it("lists each method once per path", () => {
  for (const item of Object.values(doc.paths ?? {})) {
    expect(METHODS.filter((m) => item?.[m]).length).toBeGreaterThan(0);
  }
});
