/**
 * Issue 24: a client that follows only /api/openapi.json gets no 422 for a request the document
 * allows. For main operations of the demo pousada's owner, fast-check draws bodies and query
 * strings from the document's own schemas (every bound, pattern, enum and required field:
 * tests/helpers/schema-arbitrary.ts) and each answer must be a success — or, where the operation
 * has one, its documented business-rule refusal — within the document (tests/helpers/openapi-probe.ts).
 *
 * `FC_SEED=<seed> npx vitest run tests/api/openapi-valid-requests.test.ts` replays a run.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "#api/openapi/document.ts";
import { DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { ratePlanObject, ratePlanSchema } from "#domain/schemas/distribution.ts";
import { issueSession } from "#api/services/tokens.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { ContractChecker, operationsOf, type DocumentedOperation } from "#tests/helpers/openapi-contract.ts";
import { demoBusiness, encode, fillPath, jsonBodySchemaOf, jsonText, probe, queryParametersOf, type JsonSchema } from "#tests/helpers/openapi-probe.ts";
import { arbitraryOf, type DrawOptions } from "#tests/helpers/schema-arbitrary.ts";

const RUNS = Number(process.env.VALID_RUNS ?? 25);
/** The longest period a `from`–`to` query takes: 366 nights, both days counted. */
const MAX_SPAN_DAYS = 365;

let t: TestApi;
let doc: OpenApiDocument;
let checker: ContractChecker;
let businessId: string;
let token: string;
let draw: DrawOptions;

beforeAll(async () => {
  t = await createTestApi();
  doc = await t.json("GET", "/api/openapi.json", { status: 200 });
  checker = new ContractChecker(doc);
  const demo = await demoBusiness(t);
  businessId = demo.businessId;
  token = (await issueSession(t.db, demo.owner.id, t.clock.now)).token;
  const base = `/api/v1/businesses/${businessId}`;
  const idsOf = async (path: string, key: string) => ((await t.json("GET", `${base}${path}`, { token, status: 200 }))[key] as { uuid: string }[]).map((x) => x.uuid);
  const ids: Record<string, string[]> = {
    item_category_uuid: await idsOf("/item-categories", "data"),
    category: Object.values(DEMO_CATEGORY_IDS),
  };
  draw = { idFor: (field) => (ids[field]?.length ? fc.constantFrom(...ids[field]) : undefined), maxString: 300 };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Case {
  /** A refusal the hotel's data explains rather than the request's shape (a code already taken). */
  businessRefusal?: (status: number, answer: { errors?: Record<string, unknown> }) => boolean;
  /** Body fields left out of the draw: a rule a JSON Schema cannot carry (check digits), described on the field. */
  omit?: string[];
  /**
   * Rules between fields (the schema's refinement, described on the operation) that a JSON
   * Schema does not carry: a drawn body that breaks one is skipped. Only such a body is: one the
   * fields' own schema refuses still fails the test.
   */
  betweenFields?: (body: unknown) => boolean;
}
const onlyField = (field: string) => (status: number, answer: { errors?: Record<string, unknown> }) => status === 422 && Object.keys(answer.errors ?? {}).join() === field;

const OPERATIONS: [method: string, path: string, rules: Case][] = [
  ["get", "/api/v1/businesses/{id}/reservations", {}],
  ["get", "/api/v1/businesses/{id}/calendar", {}],
  ["get", "/api/v1/businesses/{id}/tracking/pickup", {}],
  // A month appears once (the items' uniqueness by one field, which a JSON Schema cannot carry).
  ["put", "/api/v1/businesses/{id}/goals", { betweenFields: (b) => new Set((b as { months: { month: string }[] }).months.map((m) => m.month)).size === (b as { months: unknown[] }).months.length }],
  // An item's name is unique in its business: an earlier drawn request may have taken it.
  ["post", "/api/v1/businesses/{id}/items", { businessRefusal: onlyField("name") }],
  // A CPF or CNPJ has check digits.
  ["post", "/api/v1/businesses/{id}/suppliers", { omit: ["tax_id"] }],
  // The business may already have the code drawn.
  ["post", "/api/v1/businesses/{id}/rate-plans", { businessRefusal: onlyField("code"), betweenFields: (b) => !ratePlanObject.safeParse(b).success || ratePlanSchema.safeParse(b).success }],
];

const operation = (method: string, path: string): DocumentedOperation => {
  const found = operationsOf(doc).find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

/**
 * A query string of documented parameters (required ones always, the others now and then). The
 * rules between two parameters that a JSON Schema cannot carry — `from` on or before `to`, and
 * at most a year (366 nights) between them — are kept by putting the two in order and bringing
 * `from` within the year before `to`.
 */
const queryOf = (op: DocumentedOperation): fc.Arbitrary<string> => {
  const params = queryParametersOf(op).map((p) => {
    const value = arbitraryOf(p.schema ?? {}, draw, p.name).map((v) => [p.name, v] as const);
    return p.required ? value : fc.option(value, { nil: null });
  });
  return fc.tuple(...params).map((drawn) => {
    const values = new Map(drawn.filter((d) => d !== null));
    const [from, to] = [values.get("from"), values.get("to")];
    if (typeof from === "string" && typeof to === "string") {
      const [first, last] = from <= to ? [from, to] : [to, from];
      const yearBefore = new Date(Date.parse(`${last}T00:00:00Z`) - MAX_SPAN_DAYS * 86_400_000).toISOString().slice(0, 10);
      values.set("from", first < yearBefore ? yearBefore : first).set("to", last);
    }
    return [...values].map(([name, v]) => `${name}=${encode(v)}`).join("&");
  });
};

describe("requests drawn from the OpenAPI document are taken as valid", () => {
  it.each(OPERATIONS)("%s %s", async (method, path, rules) => {
    const op = operation(method, path);
    const documented = jsonBodySchemaOf(op);
    const schema = documented && rules.omit ? { ...documented, properties: Object.fromEntries(Object.entries(documented.properties ?? {}).filter(([k]) => !rules.omit!.includes(k))) } : documented;
    const request = fc.record({ query: queryOf(op), body: schema ? arbitraryOf(schema as JsonSchema, draw) : fc.constant(null) });
    await fc.assert(
      fc.asyncProperty(request, async ({ query, body: value }) => {
        fc.pre(value === null || !rules.betweenFields || rules.betweenFields(value));
        const body = value === null ? null : jsonText(value);
        const answer = await probe(t, checker, op, {
          path: fillPath(op, () => businessId),
          query,
          body: body === null ? null : { type: "application/json", text: body },
          authorization: `Bearer ${token}`,
        });
        expect(answer.problem).toBeNull();
        const refusedForData = answer.status >= 400 && rules.businessRefusal?.(answer.status, JSON.parse(answer.text || "{}"));
        if (answer.status >= 300 && !refusedForData) expect.fail(`${answer.where}\n${body ?? ""}\n${answer.text.slice(0, 1000)}`);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
