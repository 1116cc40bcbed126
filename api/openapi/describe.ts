import { describeRoute, resolver } from "hono-openapi";
import type { z } from "zod";

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

// Zod features JSON Schema cannot express (transforms' outputs, custom checks) become `{}`: the
// document describes what a request may send (io: input), the handler still refuses the rest.
const SCHEMA_OPTIONS = { unrepresentable: "any" } as const;

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
