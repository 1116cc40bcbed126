import type { Context } from "hono";
import type { z } from "zod";
import { queryObject } from "#domain/schemas/bookings.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import { notFound } from "#api/errors.ts";
import type { BusinessEnv } from "#api/middleware/business.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";
import { jsonBody, parseWith } from "#api/validate.ts";

export type BC = Context<BusinessEnv>;

/** The use-case context of a request that passed requireBusiness. */
export function bookingContext(c: BC): BookingContext {
  return { db: c.var.deps.db, business: c.var.access.business, userId: c.var.user.id, now: c.var.deps.now(), t: c.var.t };
}

export const body = <S extends z.ZodType>(c: BC, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);
/** An optional JSON body: none (or an empty one) reads as `{}`. */
export async function optionalBody<S extends z.ZodType>(c: BC, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
  }
  return parseWith(c as unknown as Context<ApiEnv>, schema, value);
}

export const query = <S extends z.ZodType>(c: BC, schema: S) =>
  parseWith(c as unknown as Context<ApiEnv>, schema, queryObject(new URL(c.req.url).searchParams));

/** A path id that is not a UUID names nothing: 404 with the resource's message. */
export function idParam(c: BC, name: string, message: string): string {
  const id = c.req.param(name) ?? "";
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
}
