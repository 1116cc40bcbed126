/** How a validation message travels (domain/validation.ts); no Zod here, so pages can import it cheaply. */

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
