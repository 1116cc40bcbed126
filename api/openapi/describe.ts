import { describeRoute, resolver } from "hono-openapi";
import type { z } from "zod";
import { FILLED_TEXT_PATTERN } from "#domain/validation.ts";

/** What a route says about itself; every schema is the one its handler validates with. */
export interface OperationDoc {
  summary?: string;
  /** The JSON body schema the handler passes to `body(c, …)` / `jsonBody(c, …)`. */
  body?: z.ZodType;
  /** The query schema the handler passes to `query(c, …)` / `parseWith(c, …)`. */
  query?: z.ZodObject;
  /** A multipart upload (the file field and its limits are in the prose docs). */
  form?: boolean;
  /** The success status when it is not 200 (201 created, 202 accepted, 204…). */
  status?: number;
  /** The JSON success answer's schema (what the handler sends: io "output"); without it the answer is documented as "an object". */
  response?: z.ZodType;
  /** A success answer that is not JSON (CSV, XLSX, iCalendar, an image…). */
  produces?: string;
  /** Who may call: a signed-in user (default under /api/v1), anyone, or anyone with an optional session. */
  auth?: "user" | "public" | "optional";
}

type ZodNode = { _zod: { def: { type: string; checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; tx?: (v: string) => string } } }[]; in?: ZodNode; out?: ZodNode } } };

const checksOf = (node: ZodNode) => node._zod.def.checks?.map((c) => c._zod.def) ?? [];
const requiresText = (node: ZodNode | undefined) => node?._zod.def.type === "string" && checksOf(node).some((c) => c.check === "min_length" && (c.minimum ?? 0) >= 1);
const trims = (node: ZodNode) => checksOf(node).some((c) => c.check === "overwrite" && c.tx?.(" a ") === "a");
/** A pipe whose input is changed (a transform) before a required text counts it. */
const cleanedBeforeCounting = (node: ZodNode): boolean => {
  const def = node._zod.def;
  if (def.type !== "pipe" || !requiresText(def.out)) return false;
  const stages: (ZodNode | undefined)[] = [def.in];
  for (let stage = stages.pop(); stage; stage = stages.pop()) {
    if (stage._zod.def.type === "transform") return true;
    stages.push(stage._zod.def.in, stage._zod.def.out);
  }
  return false;
};

// Zod features JSON Schema cannot express (transforms' outputs, custom checks) become `{}`: the
// document describes what a request may send (io: input), the handler still refuses the rest.
// A required text cleaned before it is counted (`.trim().min(1)`, `requiredText`) gets the filled
// text rule, so blank text is not in the document either.
// (Zod's options go under `options`; an override of ours replaces hono-openapi's, whose one rule,
// a date as a date-time string, is kept here.)
const SCHEMA_OPTIONS = {
  options: {
    unrepresentable: "any",
    override({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: { type?: unknown; format?: string; pattern?: string; maxLength?: number } }) {
      const node = zodSchema as ZodNode;
      if (node._zod.def.type === "date") Object.assign(jsonSchema, { type: "string", format: "date-time" });
      const cleaned = cleanedBeforeCounting(node);
      if (((requiresText(node) && trims(node)) || cleaned) && jsonSchema.pattern === undefined) jsonSchema.pattern = FILLED_TEXT_PATTERN;
      // What is counted is the cleaned text: its longest is the document's (a padded text a little longer is refused by the document only).
      const longest = cleaned ? checksOf(node._zod.def.out!).find((c) => c.check === "max_length")?.maximum : undefined;
      if (longest !== undefined) jsonSchema.maxLength = Math.min(jsonSchema.maxLength ?? Infinity, longest);
    },
  },
} as const;

/** The JSON Schema of a Zod schema, through hono-openapi's resolver (the same one the document uses). */
export const schemaOf = (schema: z.ZodType) => resolver(schema, SCHEMA_OPTIONS);
/** The JSON Schema of what a handler answers (transforms' outputs, defaults applied). */
export const answerSchemaOf = (schema: z.ZodType) => resolver(schema, { ...SCHEMA_OPTIONS, io: "output" });

/** Marker read when the document is finished (api/openapi/document.ts): the parts describeRoute has no field for. */
export const X_TARIFA = "x-tarifa";
export interface TarifaExtension {
  query?: z.ZodObject;
  response?: z.ZodType;
  status: number;
  produces?: string;
  auth?: OperationDoc["auth"];
  body: boolean;
}

/**
 * `docs("Rooms")` gives the area's describer; each route then gains one short middleware,
 * `doc({ body: roomSchema })`, placed right after its path.
 */
export function docs(tag: string) {
  return (op: OperationDoc = {}) => {
    const extension: TarifaExtension = { query: op.query, response: op.response, status: op.status ?? 200, produces: op.produces, auth: op.auth, body: Boolean(op.body || op.form) };
    return describeRoute({
      tags: [tag],
      ...(op.summary ? { summary: op.summary } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(op.body) } } } }
        : op.form
          ? { requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream" } } } } } } }
          : {}),
      [X_TARIFA]: extension,
    } as unknown as Parameters<typeof describeRoute>[0]);
  };
}
