import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenAPIV3_1 } from "openapi-types";
import { METHODS, type OpenApiDocument } from "#api/openapi/document.ts";

type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject;

export interface DocumentedOperation {
  method: (typeof METHODS)[number];
  /** The document's path, e.g. `/api/v1/businesses/{id}/rooms`. */
  path: string;
  operation: Operation;
  pattern: RegExp;
  /** Path parameters: fewer is more specific (`/reservations/options` before `/reservations/{id}`). */
  params: number;
}

/** Every operation of the document, most specific paths first (as the router matches them). */
export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  const found: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const source = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("[^/]+");
      found.push({ method, path, operation, pattern: new RegExp(`^${source}$`), params: (path.match(/\{/g) ?? []).length });
    }
  }
  return found.sort((a, b) => a.params - b.params);
}

export class ContractChecker {
  private readonly operations: DocumentedOperation[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<object, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.operations = operationsOf(doc);
  }

  find(method: string, pathname: string): DocumentedOperation | undefined {
    const m = method.toLowerCase();
    return this.operations.find((op) => op.method === m && op.pattern.test(pathname));
  }

  private resolve<T>(value: T | OpenAPIV3_1.ReferenceObject): T {
    if (value && typeof value === "object" && "$ref" in value) {
      const [, , kind, name] = value.$ref.split("/");
      return (this.doc.components as Record<string, Record<string, T>>)[kind!]![name!]!;
    }
    return value as T;
  }

  private validator(schema: object): ValidateFunction {
    let found = this.compiled.get(schema);
    if (!found) {
      const resolved = this.resolve(schema as OpenAPIV3_1.SchemaObject);
      found = this.ajv.compile(resolved);
      this.compiled.set(schema, found);
    }
    return found;
  }

  /**
   * Why an answer breaks the document, or null when it keeps it: the status must be documented
   * (or fall under `default`), a JSON answer must match the schema documented for that status,
   * and a documented operation must not answer JSON where the document says a file (or vice versa).
   */
  check(method: string, pathname: string, status: number, contentType: string | null, body: unknown): string | null {
    const op = this.find(method, pathname);
    const where = `${method} ${pathname} → ${status}`;
    // 405: a documented path asked with a method it does not have (its Allow names those it has).
    if (!op) return status === 404 || status === 400 || status === 405 ? null : `${where}: no documented operation`;
    const responses = op.operation.responses ?? {};
    const documented = responses[String(status)] ?? responses.default;
    if (!documented) return `${where}: status not documented for ${op.method.toUpperCase()} ${op.path}`;
    const response = this.resolve<Response>(documented);
    const isJson = /^application\/json\b/.test(contentType ?? "");
    const media = response.content ?? {};
    if (!isJson) {
      if (status >= 300 || Object.keys(media).length === 0 || !("application/json" in media)) return null;
      return `${where}: documented as JSON, answered ${contentType ?? "no content type"}`;
    }
    const schema = media["application/json"]?.schema;
    if (!schema) return `${where}: answered JSON, documented as ${Object.keys(media).join(", ") || "no content"}`;
    const validate = this.validator(schema);
    if (validate(body)) return null;
    return `${where}: the answer does not match ${op.method.toUpperCase()} ${op.path}: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`;
  }
}
