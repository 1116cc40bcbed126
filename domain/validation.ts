import type { z } from "zod";

/**
 * Validation messages are translation keys of the `validation` namespace, so one Zod
 * schema serves the API (which translates for the caller) and the web forms (which
 * translate on the client). Schemas may name their own key: `z.string().min(1, "validation.required")`.
 * This map gives every other issue a key instead of Zod's English default.
 */
export const issueToKey: z.core.$ZodErrorMap = (issue) => encodeMessage(keyOf(issue), issueValues(issue as z.core.$ZodIssue));

/**
 * A message travels as one string (Zod and Conform carry strings): the key, then the values
 * it interpolates as JSON after "::", e.g. `validation.tooShort::{"min":8}`.
 */
export function encodeMessage(key: string, values: Record<string, unknown> = {}): string {
  return Object.keys(values).length ? `${key}::${JSON.stringify(values)}` : key;
}

export function decodeMessage(message: string): { key: string; values: Record<string, unknown> } {
  const at = message.indexOf("::{");
  if (at < 0) return { key: message, values: {} };
  try {
    return { key: message.slice(0, at), values: JSON.parse(message.slice(at + 2)) };
  } catch {
    return { key: message, values: {} };
  }
}

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
