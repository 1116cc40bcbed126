import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AdminPermission } from "#domain/access/permissions.ts";
import type { ApiEnv } from "#api/context.ts";
import { businesses, type UserRow } from "#api/db/schema/index.ts";
import { forbidden, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { businessJson } from "#api/services/business-json.ts";
import { type BusinessJson } from "#contract/business.ts";
import { permissionsOf } from "#api/services/permissions.ts";
import { jsonBody, parseWith } from "#api/validate.ts";

/** Helpers shared by the business route modules. */

// Any route's context (its path parameters and added variables vary).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContext = Context<any, any, any>;

/** jsonBody / parseWith for signed-in routes (they are typed for the plain ApiEnv context). */
export const body = <S extends z.ZodType>(c: AnyContext, schema: S) => jsonBody(c as Context<ApiEnv>, schema);
export const parse = <S extends z.ZodType>(c: AnyContext, schema: S, value: unknown) => parseWith(c as Context<ApiEnv>, schema, value);

/** The business as `viewer` (the caller unless given) sees it, freshly read. */
export async function loadBusinessJson(c: AnyContext, businessId: string, viewer?: UserRow): Promise<BusinessJson> {
  const { db } = (c as Context<AuthedEnv>).var.deps;
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound("api.businessNotFound");
  const ctx = c as Context<AuthedEnv>;
  return businessJson(db, row, { locale: ctx.var.locale, viewer: viewer ?? ctx.var.user });
}

/** `{ business }`, the answer of every business change. */
export async function answerBusiness(c: AnyContext, businessId: string, status: 200 | 201 = 200) {
  return (c as Context<AuthedEnv>).json({ business: await loadBusinessJson(c, businessId) }, status);
}

/** Product-wide admin.* permission (from the administrator role or a direct grant); 403 otherwise. */
export function requireAdminPermission(permission: AdminPermission) {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    const held = await permissionsOf(c.var.deps.db, c.var.user);
    if (!held.includes(permission)) throw forbidden();
    await next();
  });
}
