import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { VALID_TEXT_PATTERN } from "#domain/validation.ts";
import { answerSchemaOf, schemaOf, X_TARIFA, type TarifaExtension } from "./describe.ts";

type Operation = OpenAPIV3_1.OperationObject & { [X_TARIFA]?: TarifaExtension };
export type OpenApiDocument = OpenAPIV3_1.Document;

export const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const UNSAFE = new Set(["put", "post", "delete", "patch"]);

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The error shapes every operation shares (spec section 8): a translated message, field errors on 422. */
const components: OpenAPIV3_1.ComponentsObject = {
  securitySchemes: {
    bearerAuth: { type: "http", scheme: "bearer", description: "A token from POST /api/auth/login (mode token) or POST /api/auth/access-token." },
    sessionCookie: {
      type: "apiKey",
      in: "cookie",
      name: "tarifa_session",
      description: "The browser session from POST /api/auth/login; state-changing calls also send X-XSRF-TOKEN equal to the XSRF-TOKEN cookie (419 otherwise).",
    },
  },
  schemas: {
    Error: {
      type: "object",
      required: ["message"],
      properties: {
        message: { type: "string", description: "Translated into the caller's Accept-Language." },
        errors: {
          type: "object",
          description: "Field errors on 422: the field's path (e.g. `rooms.0.price`, `_form`) and its translated messages.",
          additionalProperties: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
  responses: {
    BadRequest: errorResponse("A path or query string with a NUL byte or a lone surrogate."),
    Unauthenticated: errorResponse("No live bearer token or session cookie."),
    Forbidden: errorResponse("The caller may not touch this business or resource, or its plan does not include it."),
    NotFound: errorResponse("Nothing with this id (ids that are not UUIDs name nothing)."),
    TooLarge: errorResponse("The body is larger than the limit (1 MiB; uploads have their own)."),
    CsrfMismatch: errorResponse("Cookie mode only: X-XSRF-TOKEN missing or not equal to the XSRF-TOKEN cookie."),
    Invalid: errorResponse("The body or query failed validation; `errors` names each field."),
    Error: errorResponse("Any other refusal (409 conflict, 429 too many requests with Retry-After, 500)."),
  },
};

/** "GET /api/v1/businesses/{id}/rooms" → "get businesses {id} rooms", used when a route gives no summary. */
function summaryFor(method: string, path: string): string {
  const words = path.replace(/^\/api(\/v1)?\//, "").split("/").map((part) => part.replace(/[{}]/g, "").replace(/-/g, " "));
  return `${method.toUpperCase()} ${words.join(" / ")}`;
}

const operationIdFor = (method: string, path: string) =>
  method + path.replace(/^\/api/, "").replace(/[{}]/g, "").split(/[/\-._]/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");

async function queryParameters(query: TarifaExtension["query"]): Promise<OpenAPIV3_1.ParameterObject[]> {
  if (!query) return [];
  const { schema } = await schemaOf(query).toOpenAPISchema();
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(
    ([name, property]) => ({ name, in: "query", required: required.has(name), schema: property }) as unknown as OpenAPIV3_1.ParameterObject,
  );
}

/**
 * Every request string without a pattern, enum or const of its own gets the text rule every body
 * and query passes at the API's edge (api/validate.ts: no NUL, no lone surrogate), so a client
 * generated from the document cannot send text the API refuses.
 */
function withTextRule(schema: unknown): void {
  const pending = [schema];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== "object") continue;
    const s = current as Record<string, unknown>;
    if (s.type === "string" && s.pattern === undefined && s.enum === undefined && s.const === undefined && s.format === undefined) s.pattern = VALID_TEXT_PATTERN;
    pending.push(...Object.values(s));
  }
}

async function complete(method: string, path: string, op: Operation): Promise<void> {
  const ext = op[X_TARIFA] ?? { status: 200, body: false };
  delete op[X_TARIFA];
  const auth = ext.auth ?? (path.startsWith("/api/v1/") ? "user" : "public");
  op.summary ??= summaryFor(method, path);
  op.operationId = operationIdFor(method, path);
  if (auth === "user") op.security = [{ bearerAuth: [] }, { sessionCookie: [] }];
  else if (auth === "optional") op.security = [{}, { bearerAuth: [] }, { sessionCookie: [] }];
  else op.security = [];
  const parameters = await queryParameters(ext.query);
  if (parameters.length) op.parameters = [...(op.parameters ?? []), ...parameters];
  withTextRule(op.parameters);
  withTextRule(op.requestBody);
  const success: OpenAPIV3_1.ResponseObject =
    ext.status === 204
      ? { description: "Done, nothing to answer." }
      : ext.produces
        ? { description: "The file.", content: { [ext.produces]: { schema: { type: "string", contentMediaType: ext.produces } } } }
        : { description: "The answer.", content: { "application/json": { schema: ext.response ? (await answerSchemaOf(ext.response).toOpenAPISchema()).schema : { type: "object" } } } };
  const responses: Record<string, OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject> = { [String(ext.status)]: success, "400": ref("BadRequest") };
  if (auth === "user") Object.assign(responses, { "401": ref("Unauthenticated"), "403": ref("Forbidden") });
  if (path.includes("{")) responses["404"] = ref("NotFound");
  if (ext.body) responses["413"] = ref("TooLarge");
  if (UNSAFE.has(method) && auth !== "public") responses["419"] = ref("CsrfMismatch");
  if (ext.body || ext.query) responses["422"] = ref("Invalid");
  responses.default = ref("Error");
  op.responses = { ...responses, ...op.responses };
}

/**
 * The OpenAPI 3.1 document of the API, from the routes' own describeRoute() metadata (api/openapi/describe.ts):
 * request bodies and query parameters are the handlers' Zod schemas, the rest follows from the path and method.
 */
export async function buildDocument(app: Hono<any, any, any>): Promise<OpenApiDocument> {
  const spec = (await generateSpecs(app, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "Tarifa API",
        version: "1",
        description: "Revenue management for independent hotels. Prose, rules and examples: docs/api/*.md in the repository.",
      },
      components,
    },
    defaultValidationErrorResponse: false,
    // `/openapi.json`, `/reservations/export.csv` are operations, not static files.
    excludeStaticFile: false,
  })) as OpenApiDocument;
  spec.openapi = "3.1.0";
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as Operation | undefined;
      if (op) await complete(method, path, op);
    }
  }
  spec.tags = [...new Set(Object.values(spec.paths ?? {}).flatMap((item) => METHODS.flatMap((m) => item?.[m]?.tags ?? [])))]
    .sort()
    .map((name) => ({ name }));
  return spec;
}

const cache = new WeakMap<object, Promise<OpenApiDocument>>();
/** Built once per app (the routes never change while it runs). */
export function documentOf(app: Hono<any, any, any>): Promise<OpenApiDocument> {
  let found = cache.get(app);
  if (!found) {
    found = buildDocument(app);
    found.catch(() => cache.delete(app));
    cache.set(app, found);
  }
  return found;
}
