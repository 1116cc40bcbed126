/**
 * Issue 17 ("done when"): NUL characters, lone surrogates and far dates in every string, JSON and
 * date field and query parameter — deterministically, not by the fuzz's chance. From
 * /api/openapi.json, for every operation with a JSON body: a body shaped as the schema asks (its
 * required fields filled with plausible values) with one field at a time, nested ones included
 * (properties, array items, map values), set to a NUL-containing string, then a lone surrogate,
 * and each date or date-time field (by format, or by name) to year 99999 and to 2026-02-30; the
 * same for every documented query parameter. As the demo pousada's owner (an administrator for
 * /api/v1/admin). No answer may be ≥ 500, leak a stack trace or SQL, or break the document, and
 * text the database cannot store is never accepted.
 *
 * The random walk over the same document is tests/api/openapi-fuzz.test.ts; both send through
 * tests/helpers/openapi-probe.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import type { OpenApiDocument } from "#api/openapi/document.ts";
import { issueSession } from "#api/services/tokens.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { ContractChecker, operationsOf, type DocumentedOperation } from "#tests/helpers/openapi-contract.ts";
import {
  demoBusiness,
  encode,
  ENDS_SESSIONS,
  fillPath,
  isBusinessId,
  jsonBodySchemaOf,
  jsonText,
  probe,
  queryParametersOf,
  type JsonSchema,
} from "#tests/helpers/openapi-probe.ts";

/** The text values every string field and query parameter gets, one at a time. */
const BAD_TEXT = { nul: "a\u0000b", surrogate: "\ud800x" } as const;
/** The far and the impossible date, for date fields and parameters. */
const FAR_DATES = { date: ["99999-01-01", "2026-02-30"], "date-time": ["99999-01-01T00:00:00Z", "2026-02-30T12:00:00Z"] } as const;
/** Fields and parameters that hold a date though the document gives no format (plain strings with a date rule of their own). */
const DATE_NAME = /^(from|to|as_of|date|month|arrival|departure|compare_from|compare_to|starts?_at|ends?_at|expires_at)$|_(on|date)$/;
/** Named like a date but not one: far dates there need only not break anything. */
const NOT_DATES = new Set(["GET /api/dev/mailbox ?to"]);

let t: TestApi;
let doc: OpenApiDocument;
let checker: ContractChecker;
let businessId: string;
let ownerId: string;
const tokens = { owner: "", admin: "" };
let requests = 0;

async function signIn() {
  tokens.owner = (await issueSession(t.db, ownerId, t.clock.now)).token;
  tokens.admin = (await issueSession(t.db, (await userByEmail(t.db, demoUsers.admin.email)).id, t.clock.now)).token;
}

beforeAll(async () => {
  t = await createTestApi();
  doc = await t.json("GET", "/api/openapi.json", { status: 200 });
  checker = new ContractChecker(doc);
  const demo = await demoBusiness(t);
  businessId = demo.businessId;
  ownerId = demo.owner.id;
  await signIn();
}, 120_000);
afterAll(async () => {
  console.log(`Every field walk: ${requests} requests`);
  await t?.close();
});

const callerOf = (op: DocumentedOperation) => (op.path.startsWith("/api/v1/admin/") ? "admin" : "owner");

// ---- a body the schema would take -------------------------------------------------------------

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type);
const variantsOf = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? [];
const isString = (s: JsonSchema) => typeOf(s) === "string" && s.enum === undefined && s.const === undefined;

/** A string for a field with a pattern and no format: the first of these that fits. */
const PATTERN_CANDIDATES = ["walk", "BR", "BRL", "2026-06", "12:00", "#336699", "user.walk-test", "walk_field", "walk-slug-1", "https://example.com/walk", "ab1", "1"];
const NAMED: Record<string, string> = {
  country: "BR",
  currency: "BRL",
  timezone: "America/Sao_Paulo",
  preferred_language: "pt-BR",
  locale: "pt-BR",
  language: "pt-BR",
  password: "Walk-a-long-password-2026",
  password_confirmation: "Walk-a-long-password-2026",
  business_uuid: DEMO_BUSINESS.id,
  room_category_uuid: "d3e00000-0000-4000-8000-000000000011",
};

function sampleString(s: JsonSchema, key: string): string {
  if (NAMED[key]) return NAMED[key];
  switch (s.format) {
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
    case "date":
      return "2026-06-15";
    case "date-time":
      return "2026-06-15T12:00:00.000Z";
    case "email":
      return "walk@example.com";
    case "uri":
    case "url":
      return "https://example.com/walk";
  }
  const fits = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity) && (!s.pattern || matches(s.pattern, v));
  return PATTERN_CANDIDATES.find(fits) ?? "w".repeat(Math.max(1, s.minLength ?? 1));
}
const matches = (pattern: string, v: string) => {
  try {
    return new RegExp(pattern, "u").test(v);
  } catch {
    return new RegExp(pattern).test(v);
  }
};

function sampleNumber(s: JsonSchema): number {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
  return Math.min(low, s.maximum ?? Infinity);
}

/** A value the schema takes, as far as JSON Schema can tell (refinements it cannot express aside). */
function sample(s: JsonSchema, key = "", depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined) return s.default;
  const variants = variantsOf(s).filter((v) => v.type !== "null");
  if (variants.length) return sample(variants[0]!, key, depth);
  switch (typeOf(s)) {
    case "string":
      return sampleString(s, key);
    case "integer":
    case "number":
      return sampleNumber(s);
    case "boolean":
      return false;
    case "null":
      return null;
    case "array":
      return depth > 6 || !s.items ? [] : Array.from({ length: s.minItems ?? 0 }, () => sample(s.items!, key, depth + 1));
    case "object":
      return objectWith(s, undefined, depth);
    default:
      return "walk";
  }
}

/** The object's required properties, sampled; `except` is left for the caller to fill. */
function objectWith(s: JsonSchema, except: string | undefined, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > 6) return out;
  for (const name of s.required ?? []) {
    if (name === except) continue;
    const property = s.properties?.[name] ?? (typeof s.additionalProperties === "object" ? s.additionalProperties : {});
    out[name] = sample(property, name, depth + 1);
  }
  return out;
}

/** What JSON Schema cannot say (a rule across fields): added to the sampled body of these operations. */
const REFINED: Record<string, Record<string, unknown>> = {
  // Exactly one of percent_off and amount_off.
  "post /api/v1/admin/coupons": { percent_off: 10 },
};
const refinedOf = (op: DocumentedOperation) => REFINED[`${op.method} ${op.path}`] ?? {};

/** A body the operation would take (the rules JSON Schema cannot say included). */
function sampleBody(op: DocumentedOperation, schema: JsonSchema): unknown {
  const body = sample(schema);
  return body && typeof body === "object" && !Array.isArray(body) ? { ...body, ...refinedOf(op) } : body;
}

// ---- every string and date field of a schema --------------------------------------------------

/** One step from a schema into a part of it. */
type Step = { key: string } | { item: true } | { variant: number };
interface Field {
  steps: Step[];
  schema: JsonSchema;
  /** The dotted name, for messages: `room_setup.categories[].name`. */
  name: string;
}

/** Every string (and untyped, JSON) value a body may hold, nested ones included. */
function fieldsOf(s: JsonSchema, steps: Step[] = [], name = "", depth = 0): Field[] {
  if (depth > 8) return [];
  const found: Field[] = [];
  variantsOf(s).forEach((variant, i) => {
    if (variant.type !== "null") found.push(...fieldsOf(variant, [...steps, { variant: i }], name, depth + 1));
  });
  if (isString(s) || (!s.type && !variantsOf(s).length && s.enum === undefined && s.const === undefined && !s.properties)) {
    if (steps.length) found.push({ steps, schema: s, name });
  }
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    found.push(...fieldsOf(property, [...steps, { key }], name ? `${name}.${key}` : key, depth + 1));
  }
  if (typeof s.additionalProperties === "object" && !s.properties) {
    const key = String(s.propertyNames?.enum?.[0] ?? "walk");
    found.push(...fieldsOf(s.additionalProperties, [...steps, { key }], `${name}.${key}`, depth + 1));
  }
  if (s.items) found.push(...fieldsOf(s.items, [...steps, { item: true }], `${name}[]`, depth + 1));
  return found;
}

/** A body the operation would take, with `value` at the end of `steps`. */
function bodyFor(op: DocumentedOperation, s: JsonSchema, steps: Step[], value: unknown): unknown {
  const body = bodyWith(s, steps, value);
  if (!body || typeof body !== "object" || Array.isArray(body) || !("key" in steps[0]!)) return body;
  return { ...refinedOf(op), ...body };
}

function bodyWith(s: JsonSchema, steps: Step[], value: unknown, depth = 0): unknown {
  if (!steps.length) return value;
  const [step, ...rest] = steps;
  if ("variant" in step!) return bodyWith(variantsOf(s)[step.variant]!, rest, value, depth);
  if ("item" in step!) {
    const others = Array.from({ length: Math.max(0, (s.minItems ?? 1) - 1) }, () => sample(s.items!, "", depth + 1));
    return [bodyWith(s.items!, rest, value, depth + 1), ...others];
  }
  const inner = s.properties?.[step!.key] ?? (typeof s.additionalProperties === "object" ? s.additionalProperties : {});
  return { ...objectWith(s, step!.key, depth), [step!.key]: bodyWith(inner, rest, value, depth + 1) };
}

interface BadValue {
  label: string;
  value: string;
  /** A 2xx/3xx would mean the value was taken; false for a "date" that is not one (NOT_DATES). */
  mustRefuse: boolean;
}

/** The bad values a field gets: the two texts always, the two far dates when it holds a date. */
function badValuesFor(schema: JsonSchema, name: string, what: string): BadValue[] {
  const values: BadValue[] = [
    { label: "NUL", value: BAD_TEXT.nul, mustRefuse: true },
    { label: "lone surrogate", value: BAD_TEXT.surrogate, mustRefuse: true },
  ];
  const last = name.split(/[.[\]]/).filter(Boolean).at(-1) ?? "";
  const kind = schema.format === "date-time" ? "date-time" : schema.format === "date" || DATE_NAME.test(last) ? "date" : null;
  if (kind) for (const value of FAR_DATES[kind]) values.push({ label: value, value, mustRefuse: !NOT_DATES.has(what) });
  return values;
}

// ---- ids in the path --------------------------------------------------------------------------

const NOTHING = "00000000-0000-4000-8000-000000000000";
/** Path parameters whose things are listed somewhere else than the collection before them. */
const LISTED_IN: Record<string, { path: string; under?: string }> = {
  channelId: { path: `/api/v1/businesses/${DEMO_BUSINESS.id}/sales-channels` },
  name: { path: "/api/v1/admin/daily-commands", under: "commands" },
};

const resolved = new Map<string, unknown>();
/**
 * A path parameter's value: the demo pousada for a business id, the owner for a user, the demo
 * slug, a file the export centre offers; otherwise the first item the collection before it lists
 * (`…/items` for `{itemId}`), or one the walk creates there with a sampled body when it lists none,
 * so that a body reaches the handler of a thing that exists. Else a UUID that names nothing.
 */
async function pathFor(op: DocumentedOperation): Promise<string> {
  const values: Record<string, unknown> = {};
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
    if (isBusinessId(op, name!)) values[name!] = businessId;
    else if (name === "uuid") values[name] = ownerId;
    else if (name === "slug") values[name] = DEMO_BUSINESS.slug;
    else if (name === "file") values[name] = "reservations.csv";
    else {
      const collection = fillPath({ ...op, path: op.path.slice(0, op.path.indexOf(`/{${name}}`)) }, (n) => values[n]);
      const source = LISTED_IN[name!] ?? { path: collection };
      const key = `${source.path} ${name}`;
      if (!resolved.has(key)) resolved.set(key, await existingIn(op, source, name!));
      values[name!] = resolved.get(key);
    }
  }
  return fillPath(op, (name) => values[name]);
}

async function existingIn(op: DocumentedOperation, source: { path: string; under?: string }, name: string): Promise<string> {
  const authorization = `Bearer ${tokens[callerOf(op)]}`;
  const keys = ["code", "name"].includes(name) ? [name] : ["uuid", "id"];
  const listed = await t.api.fetch(new Request(`http://tarifa.test${source.path}`, { headers: { authorization } }));
  if (listed.status === 200 && /json/.test(listed.headers.get("content-type") ?? "")) {
    const answer = await listed.json();
    const found = firstWith(source.under ? answer[source.under] : answer, keys, true);
    if (found) return found;
  }
  // Nothing listed: make one, if the collection takes a body.
  const create = operationsOf(doc).find((o) => o.method === "post" && o.pattern.test(source.path));
  const schema = create && jsonBodySchemaOf(create);
  if (!create || !schema) return NOTHING;
  const made = await t.api.fetch(
    new Request(`http://tarifa.test${source.path}`, { method: "POST", headers: { authorization, "content-type": "application/json" }, body: jsonText(sampleBody(create, schema)) }),
  );
  return made.status < 300 ? (firstWith(await made.json(), keys, false) ?? NOTHING) : NOTHING;
}

/** Breadth first, the first object with one of `keys` as a string (a collaborator's id is at `data[0].user.uuid`), inside a list when `listed`. */
function firstWith(answer: unknown, keys: string[], listed: boolean): string | undefined {
  const pending: { value: unknown; inList: boolean }[] = [{ value: answer, inList: !listed }];
  while (pending.length) {
    const { value, inList } = pending.shift()!;
    if (!value || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      pending.push(...value.map((inner) => ({ value: inner, inList: true })));
      continue;
    }
    const found = inList ? keys.map((k) => (value as Record<string, unknown>)[k]).find((v) => typeof v === "string") : undefined;
    if (found) return found as string;
    pending.push(...Object.values(value).map((inner) => ({ value: inner, inList })));
  }
  return undefined;
}

// ---- the walk ---------------------------------------------------------------------------------

interface Outcome {
  failures: string[];
  /** Bad text or an impossible date answered 2xx/3xx: taken where the schema should refuse it. */
  accepted: string[];
}

async function send(op: DocumentedOperation, path: string, query: string, body: unknown, bad: BadValue, what: string, outcome: Outcome) {
  const caller = callerOf(op);
  requests++;
  const answer = await probe(
    t,
    checker,
    op,
    { path, query, body: body === undefined ? null : { type: "application/json", text: jsonText(body) }, authorization: `Bearer ${tokens[caller]}` },
    caller,
  );
  if (answer.problem) outcome.failures.push(`${what} = ${bad.label}: ${answer.problem}`);
  else if (bad.mustRefuse && answer.status < 400) outcome.accepted.push(`${what} = ${bad.label}: ${answer.where}`);
  if (answer.status < 300 && ENDS_SESSIONS.test(op.path)) await signIn();
}

/** The operation's required query parameters, sampled, with `name` set to `value` (already encoded). */
function queryWith(op: DocumentedOperation, name: string | null, encoded: string): string {
  const parts: string[] = [];
  for (const p of queryParametersOf(op)) {
    if (p.name === name) parts.push(`${encode(p.name)}=${encoded}`);
    else if (p.required) parts.push(`${encode(p.name)}=${encode(String(sample(p.schema ?? {}, p.name)))}`);
  }
  return parts.join("&");
}

describe("every string, JSON and date field and query parameter of /api/openapi.json", () => {
  it("answers a NUL, a lone surrogate and far or impossible dates in each one with a 4xx, never a 500", async () => {
    const outcome: Outcome = { failures: [], accepted: [] };
    let fields = 0;
    let parameters = 0;
    let bodies = 0;
    for (const op of operationsOf(doc)) {
      const schema = op.method === "get" ? null : jsonBodySchemaOf(op);
      const params = queryParametersOf(op);
      if (!schema && !params.length) continue;
      const path = await pathFor(op);
      const label = `${op.method.toUpperCase()} ${op.path}`;
      if (schema) {
        bodies++;
        for (const field of fieldsOf(schema)) {
          fields++;
          const what = `${label} body ${field.name}`;
          for (const bad of badValuesFor(field.schema, field.name, what)) {
            await send(op, path, queryWith(op, null, ""), bodyFor(op, schema, field.steps, bad.value), bad, what, outcome);
          }
        }
      }
      const body = schema ? sampleBody(op, schema) : undefined;
      for (const p of params) {
        parameters++;
        const what = `${label} ?${p.name}`;
        for (const bad of badValuesFor(p.schema ?? {}, p.name, what)) {
          await send(op, path, queryWith(op, p.name, encode(bad.value)), body, bad, what, outcome);
        }
      }
    }
    expect(outcome.failures).toEqual([]);
    expect(outcome.accepted).toEqual([]);
    // The walk reaches what the document holds (about 115 bodies, 500 fields, 125 parameters today).
    expect(bodies).toBeGreaterThanOrEqual(100);
    expect(fields).toBeGreaterThanOrEqual(400);
    expect(parameters).toBeGreaterThanOrEqual(100);
  }, 120_000);
});
