import fc from "fast-check";
import type { JsonSchema } from "./openapi-probe.ts";

/**
 * Values a client that reads only /api/openapi.json would send: a fast-check arbitrary drawn from
 * the JSON Schema the document gives a body or a query parameter (the subset Zod's
 * `toJSONSchema` writes): every bound, pattern, enum and required field is kept. A string whose
 * patterns make it a day ("2026-01-31") or a month ("2026-01") is drawn as one within the
 * patterns' years; an id (`format: uuid`) comes from `idFor(field)` when the caller knows the
 * ids that exist. Issue 24: a request the document allows must not be refused as malformed.
 */
export interface DrawOptions {
  /** Existing ids for a uuid field by its name (a random uuid names nothing: a 404/422 the document cannot foresee). */
  idFor?: (field: string) => fc.Arbitrary<string> | undefined;
  /** Longest string drawn (the document's maxLength when smaller). */
  maxString?: number;
}

const patternsOf = (s: JsonSchema): RegExp[] =>
  [s.pattern, ...(s.allOf ?? []).map((p) => p.pattern)].filter((p): p is string => typeof p === "string").map((p) => new RegExp(p, "u"));

const matchesAll = (patterns: RegExp[]) => (value: string) => patterns.every((p) => p.test(value));

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Days or months the patterns accept, in the years they allow (found by asking them). */
function calendarValues(patterns: RegExp[]): fc.Arbitrary<string> | null {
  const accepts = matchesAll(patterns);
  // Free text accepts a date too: only patterns that refuse text are a calendar's.
  if (patterns.length === 0 || accepts("x")) return null;
  const years = Array.from({ length: 10_000 }, (_, y) => y).filter((y) => accepts(`${pad(y, 4)}-01-01`) || accepts(`${pad(y, 4)}-01`));
  if (years.length === 0) return null;
  const [first, last] = [years[0], years[years.length - 1]];
  if (accepts(`${pad(first, 4)}-01-01`)) {
    const from = Date.UTC(first, 0, 1);
    const to = Date.UTC(last, 11, 31);
    return fc.integer({ min: 0, max: Math.round((to - from) / 86_400_000) }).map((d) => new Date(from + d * 86_400_000).toISOString().slice(0, 10));
  }
  return fc.tuple(fc.integer({ min: first, max: last }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${pad(y, 4)}-${pad(m)}`);
}

function stringOf(s: JsonSchema, field: string, o: DrawOptions): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  if (s.const !== undefined) return fc.constant(s.const as string);
  const patterns = patternsOf(s);
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? Infinity, Math.max(o.maxString ?? 60, min));
  const fits = (v: string) => v.length >= min && v.length <= max && matchesAll(patterns)(v);
  if (s.format === "uuid") return (o.idFor?.(field) ?? fc.uuid()).filter(fits);
  if (s.format === "email") return fc.emailAddress().filter(fits);
  const calendar = calendarValues(patterns);
  if (calendar) return calendar.filter(fits);
  // A specific shape (a code, a colour): drawn from its own pattern. The text rules (no NUL, no
  // lone surrogate; something left once cleaned, a lookahead) are not shapes: text is drawn and kept when it passes.
  const shape = patterns.find((p) => !p.source.startsWith("^[^\\u0000") && !p.source.includes("(?="));
  if (shape) return fc.stringMatching(shape).filter(fits);
  return fc.string({ unit: "grapheme", minLength: min, maxLength: max }).filter(fits);
}

function numberOf(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum : -1e9);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum : 1e9);
  const inside = (v: number) => (s.exclusiveMinimum === undefined || v > s.exclusiveMinimum) && (s.exclusiveMaximum === undefined || v < s.exclusiveMaximum);
  if (s.type === "integer") return fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).filter(inside);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter(inside);
}

/** An arbitrary of the values `schema` allows. `field` names the property (for ids). */
export function arbitraryOf(schema: JsonSchema, o: DrawOptions = {}, field = ""): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, o, field)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number":
      return schema.enum ? fc.constantFrom(...(schema.enum as number[])) : numberOf(schema);
    case "array": {
      const items = arbitraryOf(schema.items ?? {}, o, field);
      const maxItems = (schema as { maxItems?: number }).maxItems;
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(maxItems ?? 4, Math.max(4, schema.minItems ?? 0)) });
    }
    case "object": {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).map(([name, s]) => {
        const value = arbitraryOf(s, o, name);
        return (required.has(name) ? value : fc.option(value, { nil: undefined })).map((v) => [name, v] as const);
      });
      return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
    }
    case "string":
      return stringOf(schema, field, o);
    default:
      if (schema.enum) return fc.constantFrom(...schema.enum);
      if (schema.const !== undefined) return fc.constant(schema.const);
      return fc.constant(null);
  }
}
