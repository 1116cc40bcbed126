import { z } from "zod";
import { decodeMessage, encodeMessage } from "./validation-messages";

/**
 * Validation messages are translation keys of the `validation` namespace, so one Zod
 * schema serves the API (which translates for the caller) and the web forms (which
 * translate on the client). Schemas may name their own key: `z.string().min(1, "validation.required")`.
 * This map gives every other issue a key instead of Zod's English default.
 */
export const issueToKey: z.core.$ZodErrorMap = (issue) => encodeMessage(keyOf(issue), issueValues(issue as z.core.$ZodIssue));

// Kept where they were for their many importers; they live in a module without Zod so the
// browser can read a message without downloading Zod (app/components/ui/field.tsx, ADR 0033).
export { decodeMessage, encodeMessage } from "./validation-messages";

function keyOf(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null || issue.input === ""
        ? "validation.required"
        : "validation.invalidType";
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "validation.required" : "validation.tooShort";
      if (issue.origin === "array" || issue.origin === "set") return "validation.tooFewItems";
      return "validation.tooSmall";
    case "too_big":
      if (issue.origin === "string") return "validation.tooLong";
      if (issue.origin === "array" || issue.origin === "set") return "validation.tooManyItems";
      return "validation.tooBig";
    case "invalid_format":
      if (issue.format === "email") return "validation.email";
      if (issue.format === "uuid") return "validation.uuid";
      if (issue.format === "url") return "validation.url";
      if (issue.format === "date") return "validation.date";
      return "validation.format";
    case "invalid_value":
      return "validation.choice";
    case "not_multiple_of":
      return "validation.integer";
    default:
      return "validation.invalid";
  }
};

/** The values a message may interpolate ({{min}}, {{max}}). */
export function issueValues(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code === "too_small") return { min: Number(issue.minimum) };
  if (issue.code === "too_big") return { max: Number(issue.maximum) };
  return {};
}

/** Field errors keyed by the dotted path ("room_setup.categories.0.name"), messages as keys. */
export function fieldErrorsOf(error: z.ZodError): Record<string, { key: string; values: Record<string, unknown> }[]> {
  const out: Record<string, { key: string; values: Record<string, unknown> }[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "_form";
    const { key, values } = decodeMessage(issue.message);
    (out[path] ??= []).push({ key, values: { ...issueValues(issue), ...values } });
  }
  return out;
}

/** An API field path ("categories.0.name") as Conform names the field ("categories[0].name"). */
export function apiPathToFieldName(path: string): string {
  return path.split(".").reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), "");
}

/**
 * Text PostgreSQL cannot store: a NUL character ("invalid byte sequence for encoding UTF8: 0x00",
 * "unsupported Unicode escape sequence" in jsonb) or a lone UTF-16 surrogate ("invalid input
 * syntax for type json"). Nobody types either; they arrive from fuzzers and broken clients.
 */
export function hasInvalidCharacters(text: string): boolean {
  return INVALID_CHARACTERS.test(text);
}
/**
 * The same rule as a JSON Schema pattern (ECMA-262 with the `u` flag, as OpenAPI 3.1 validators
 * read it: a code point that is neither NUL nor a lone surrogate), written into every request
 * string of the OpenAPI document that has no pattern of its own (api/openapi/document.ts).
 */
export const VALID_TEXT_PATTERN = "^[^\\u0000\\ud800-\\udfff]*$";
/**
 * The text rule of a required text the API cleans before counting it (trimmed, markup removed:
 * `requiredText`, `.trim().min(1)`): besides the text rule, at least one character that stays —
 * blank text is refused as missing, so the document says so (api/openapi/describe.ts).
 */
export const FILLED_TEXT_PATTERN = "^(?=[\\s\\S]*[^\\s<>\"'&])[^\\u0000\\ud800-\\udfff]*$";
/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const INVALID_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (a value or an object key) with invalid characters anywhere in a
 * parsed JSON body or query, or null when there is none. Checked once at the API's edge, before
 * any schema, so every route and every JSON column is covered by the same rule.
 */
export function invalidTextPath(value: unknown): (string | number)[] | null {
  // A walk with its own stack: a 5,000-deep array must not overflow the call stack (a 500).
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (hasInvalidCharacters(current)) return path;
      continue;
    }
    if (!current || typeof current !== "object") continue;
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((inner, i) => [i, inner]) : Object.entries(current);
    for (const [key] of entries) if (typeof key === "string" && hasInvalidCharacters(key)) return path;
    // Pushed last first, so the first bad text in the document's order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return null;
}

/** Nesting no request of ours needs (JSON bodies are a few levels deep); deeper is refused with 422. */
export const MAX_INPUT_DEPTH = 32;

/** True when arrays and objects nest deeper than `max` (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number = MAX_INPUT_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (!current || typeof current !== "object") continue;
    if (depth >= max) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current)) pending.push({ value: inner, depth: depth + 1 });
  }
  return false;
}

/** Stay, season, holiday and search dates: no hotel sells a night outside these years (ADR 0018). */
export const DATE_MIN = "2000-01-01";
export const DATE_MAX = "2100-12-31";

const dateOutOfRange = encodeMessage("validation.dateOutOfRange", { min: DATE_MIN, max: DATE_MAX });
/**
 * The years DATE_MIN…DATE_MAX as a pattern on the text's start: a regex (not a refine) so the
 * OpenAPI document carries the bound and a client generated from it cannot send year 0 or 9999.
 */
const YEAR_IN_RANGE = /^(?:20\d\d|2100)-/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30) and lies within DATE_MIN…DATE_MAX. */
export const isoDate = z.iso.date({ abort: true }).regex(YEAR_IN_RANGE, dateOutOfRange);

/** A stay month `YYYY-MM` within the years of DATE_MIN…DATE_MAX; `message` names the field's own wording. */
export const isoMonth = (message = "validation.format") =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, message).regex(YEAR_IN_RANGE, dateOutOfRange);

/**
 * Integers as PostgreSQL's `integer` column stores them (-2³¹…2³¹−1): an id or a count past that is
 * refused with 422 instead of reaching the database as "integer out of range" (a 500).
 */
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;
export const int32 = () => z.number().int("validation.integer").min(INT32_MIN).max(INT32_MAX);

const anyInstant = z.iso.datetime({ offset: true });
/** An ISO 8601 instant with its offset (`2026-06-15T12:00:00Z`), its year within DATE_MIN…DATE_MAX. */
export const isoInstant = anyInstant.regex(YEAR_IN_RANGE, dateOutOfRange);
/**
 * A calendar date (as `isoDate`) or an ISO 8601 instant with its offset (`2026-06-15T12:00:00Z`,
 * `…-03:00`), its day real and within DATE_MIN…DATE_MAX. `new Date()` would take 2026-02-30 as
 * 2 March and year 99999 as a date PostgreSQL cannot store.
 */
export const isoDateOrInstant = z
  .string()
  .trim()
  .refine((v) => z.iso.date().safeParse(v).success || anyInstant.safeParse(v).success, { message: "validation.date", abort: true })
  .regex(YEAR_IN_RANGE, dateOutOfRange);

/** The same rule as a plain check, for pages that read a date from their own address. */
export function isDateInRange(value: unknown): value is string {
  return isoDate.safeParse(value).success;
}
