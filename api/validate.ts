import type { Context } from "hono";
import type { z } from "zod";
import { fieldErrorsOf, issueToKey } from "../domain/validation.ts";
import type { ApiEnv } from "./context.ts";
import { HttpError } from "./errors.ts";

/** Parses with the shared schema; a failure becomes a 422 whose field errors are translated for the caller. */
export function parseWith<S extends z.ZodType, E extends ApiEnv>(c: Context<E>, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: issueToKey });
  if (result.success) return result.data;
  const t = (c as unknown as Context<ApiEnv>).var.t;
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
