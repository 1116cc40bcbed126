import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { fieldErrorsOf, hasInvalidCharacters, invalidTextPath, issueToKey, nestsDeeperThan } from "#domain/validation.ts";
import type { ApiEnv } from "./context.ts";
import { HttpError } from "./errors.ts";

/** Parses with the shared schema; a failure becomes a 422 whose field errors are translated for the caller. */
export function parseWith<S extends z.ZodType, E extends ApiEnv>(c: Context<E>, schema: S, input: unknown): z.output<S> {
  const t = (c as unknown as Context<ApiEnv>).var.t;
  if (nestsDeeperThan(input)) throw new HttpError(422, "api.invalid");
  // Text the database cannot store is refused here, once, for every schema (ADR 0018).
  const badText = invalidTextPath(input);
  if (badText) throw new HttpError(422, "api.invalid", { [badText.join(".") || "_form"]: [t("validation.invalidCharacters", { ns: "validation" })] });
  const result = schema.safeParse(input, { error: issueToKey });
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const [field, issues] of Object.entries(fieldErrorsOf(result.error))) {
    errors[field] = issues.map(({ key, values }) => t(key, { ns: "validation", defaultValue: key, ...values }));
  }
  throw new HttpError(422, "api.invalid", errors);
}

/** The JSON body (422 when it is not JSON), then parsed with the schema. */
export async function jsonBody<S extends z.ZodType, E extends ApiEnv>(c: Context<E>, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(422, "api.invalidJson");
  }
  return parseWith(c, schema, body);
}

/**
 * Query strings and paths with a NUL or a lone surrogate (`?search=%00`, `%ED%A0%80`) are refused
 * with 400 before any route runs: every route, including the ones that read a parameter without a
 * schema, gets the same answer instead of a database error. A lone surrogate can only arrive
 * percent-encoded as bytes that are not UTF-8, which `searchParams` would quietly turn into U+FFFD;
 * the query is refused like the path instead, so both say the same thing about the same bytes.
 */
export const rejectInvalidQuery: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
    for (const part of url.search.slice(1).split("&")) decodeURIComponent(part);
  } catch {
    throw new HttpError(400, "api.invalidQuery");
  }
  if (hasInvalidCharacters(path)) throw new HttpError(400, "api.invalidQuery");
  for (const [key, value] of url.searchParams) {
    if (hasInvalidCharacters(key) || hasInvalidCharacters(value)) throw new HttpError(400, "api.invalidQuery");
  }
  await next();
};
