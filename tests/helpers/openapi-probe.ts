import { and, eq } from "drizzle-orm";
import { businesses, businessMembers } from "#api/db/schema/index.ts";
import { demoUsers, userByEmail, type TestApi } from "./api.ts";
import type { ContractChecker, DocumentedOperation } from "./openapi-contract.ts";

/**
 * What the tests that walk /api/openapi.json with hostile input share: the request sent in-process
 * through `app.fetch`, and the checks every answer must pass (tests/api/openapi-fuzz.test.ts, the
 * random walk; tests/api/input-edge-every-field.test.ts, the deterministic one). ADR 0022.
 */

/** A stack frame, a file of ours, or SQL / a database error: nothing of the inside may reach a caller. */
export const LEAK =
  /\n\s+at |\bat [^\s]+ \([^)]*:\d+:\d+\)|node_modules|\/api\/(?:services|routes|db)\/|\.ts:\d+|\b(?:select \S+ from|insert into|delete from|update \S+ set)\b|syntax error at|violates [a-z -]*constraint|duplicate key value|relation "|column "[^"]*" (?:of|does)|invalid input syntax|pglite|drizzle/i;

/** A string value that stands for a non-finite number in `jsonText` (JSON.stringify cannot write one). */
export const NON_FINITE = "\u0001nonfinite:";

/** JSON text where non-finite numbers stay numbers (`1e999` parses to Infinity). */
export const jsonText = (value: unknown) => (JSON.stringify(value) ?? "null").replace(/"\\u0001nonfinite:([^"]*)"/g, "$1");

/** A path segment or query value, percent-encoded; a lone surrogate as a client would send it (its UTF-8 bytes). */
export const encode = (value: unknown) => {
  const text = typeof value === "string" ? value : jsonText(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split(LONE_SURROGATE).map((part, i) => (i % 2 === 1 ? surrogateBytes(part) : encodeURIComponent(part))).join("");
  }
};
const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
/** The three UTF-8-style bytes of a lone surrogate (WTF-8), e.g. `\ud800` → `%ED%A0%80`. */
const surrogateBytes = (unit: string) => {
  const c = unit.charCodeAt(0);
  return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
};

/** The JSON Schema of an operation's JSON request body, or null when it takes none. */
export const jsonBodySchemaOf = (op: DocumentedOperation): JsonSchema | null => {
  const content = (op.operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
  return content?.["application/json"]?.schema ?? null;
};

/** The query parameters an operation documents, with their schemas. */
export const queryParametersOf = (op: DocumentedOperation) =>
  ((op.operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: JsonSchema }[]).filter((p) => p.in === "query");

/** The subset of JSON Schema the document's request side uses (Zod's `toJSONSchema`, io "input"). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** `{id}` of a business-scoped path names the demo pousada. */
export const isBusinessId = (op: DocumentedOperation, name: string) =>
  name === "id" && (op.path.startsWith("/api/v1/businesses/") || op.path.includes("/subscriptions/") || op.path.includes("/payments/"));

/** The operation's path with each `{name}` replaced by `valueOf(name)` (percent-encoded). */
/**
 * A path parameter as it goes in the URL: "." and ".." (also as %2E) are dot segments the URL drops,
 * so the request would land on another path than the operation's; a drawn id never is one.
 */
export const pathSegment = (v: unknown) => {
  const value = encode(v);
  return /^(\.|%2e){1,2}$/i.test(value) ? `${value}x` : value || "x";
};

export const fillPath = (op: DocumentedOperation, valueOf: (name: string) => unknown) =>
  op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathSegment(valueOf(name)));

/** The demo pousada, its owner and its collaborator, as seeded. */
export async function demoBusiness(t: TestApi) {
  const owner = await userByEmail(t.db, demoUsers.owner.email);
  const collaborator = await userByEmail(t.db, demoUsers.collaborator.email);
  const [member] = await t.db.select().from(businessMembers).where(eq(businessMembers.userId, collaborator.id));
  const [business] = await t.db.select().from(businesses).where(and(eq(businesses.id, member!.businessId), eq(businesses.ownerId, owner.id)));
  return { owner, collaborator, businessId: business!.id };
}

/** Operations after which the caller must sign in again (they end sessions when they succeed). */
export const ENDS_SESSIONS = /\/auth\/(logout|logout-everywhere|change-password)$|\/users\/\{uuid\}$/;

export interface ProbeRequest {
  /** The concrete path, ids filled in. */
  path: string;
  /** The query string without `?`, already encoded. */
  query: string;
  /** `type` null sends the text without a Content-Type. */
  body: { type: string | null; text: string } | null;
  /** The whole Authorization header, if any. */
  authorization?: string;
  lang?: string;
}

export interface ProbeAnswer {
  status: number;
  /** The body when it is text (JSON, plain text, CSV, iCalendar), else "". */
  text: string;
  /** `caller METHOD url → status`, for messages. */
  where: string;
  /** Why the answer is not acceptable (≥ 500, leaks internals, breaks the document), or null. */
  problem: string | null;
}

/** Sends one request in-process and checks the answer: < 500, no stack trace, file path or SQL, and it keeps the document. */
export async function probe(t: TestApi, checker: ContractChecker, op: DocumentedOperation, r: ProbeRequest, caller = ""): Promise<ProbeAnswer> {
  const headers = new Headers({ "accept-language": r.lang ?? "pt-BR" });
  if (r.authorization) headers.set("authorization", r.authorization);
  if (r.body?.type) headers.set("content-type", r.body.type);
  const url = `http://tarifa.test${r.path}${r.query ? `?${r.query}` : ""}`;
  const res = await t.api.fetch(new Request(url, { method: op.method.toUpperCase(), headers, body: r.body ? r.body.text : undefined }));
  const type = res.headers.get("content-type");
  const text = /json|text\/plain|text\/csv|text\/calendar/.test(type ?? "") ? await res.text() : (await res.arrayBuffer(), "");
  const where = `${caller ? `${caller} ` : ""}${op.method.toUpperCase()} ${url.slice(0, 300)} → ${res.status}`;
  const shown = text.slice(0, 2000);
  let problem: string | null = null;
  if (res.status >= 500) problem = `${where}\n${shown}`;
  else if (!op.path.startsWith("/api/openapi.json") && !op.path.startsWith("/api/docs") && LEAK.test(text)) problem = `${where}: leaks internals\n${shown}`;
  else {
    const broken = checker.check(op.method, new URL(url).pathname, res.status, type, /json/.test(type ?? "") && text ? JSON.parse(text) : undefined);
    if (broken) problem = `${where}: ${broken}`;
  }
  return { status: res.status, text, where, problem };
}
