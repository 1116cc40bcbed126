import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import { hasPermission, type AdminPermission } from "#domain/access/permissions.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import { forbidden, invalid, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "./auth.ts";
import { jsonBody, parseWith } from "#api/validate.ts";
import { permissionsOf } from "#api/services/permissions.ts";

export type AdminContext = Context<AuthedEnv & { Variables: { permissions: string[] } }>;
export type AdminEnv = AuthedEnv & { Variables: { permissions: string[] } };

/**
 * 403 unless the caller holds `name` (from the administrator role or a direct grant). The
 * caller's permissions stay on the context for the rules that depend on them.
 */
export function requirePermission(name: AdminPermission) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const held = await permissionsOf(c.var.deps.db, c.var.user);
    if (!hasPermission(held, name)) throw forbidden();
    c.set("permissions", held);
    await next();
  });
}

/** A path id: a malformed one is a 404, as for any route whose parameters fail validation. */
export function pathUuid(c: Context, name: string): string {
  const value = c.req.param(name) ?? "";
  if (!isUuid(value)) throw notFound();
  return value.toLowerCase();
}

/** jsonBody / parseWith for signed-in routes (their parameter is typed for the plain ApiEnv context). */
export const body = <S extends z.ZodType>(c: Context<AdminEnv>, schema: S) => jsonBody(c as unknown as Context<ApiEnv>, schema);
export const query = <S extends z.ZodType>(c: Context<AdminEnv>, schema: S) =>
  parseWith(c as unknown as Context<ApiEnv>, schema, c.req.query());

/** A 422 beside one field, in the caller's language. */
export const fieldError = (c: Context<AdminEnv>, field: string, key: string, values: Record<string, unknown> = {}) =>
  invalid({ [field]: [c.var.t(key, { ns: "validation", ...values })] });
