import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "#api/context.ts";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { isAdministrator } from "#domain/access/permissions.ts";
import { createCouponSchema, updateCouponSchema } from "#domain/schemas/billing.ts";
import { forbidden, HttpError } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { adminCouponJson, createCoupon, deactivateCoupon, findCoupon, listCoupons, updateCoupon } from "#api/services/billing/coupons.ts";
import { jsonBody as parseBody } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope } from "#contract/primitives.ts";
import { adminCouponAnswer, adminCouponWritten } from "#contract/coupons.ts";

const doc = docs("Admin: coupons");

/** Coupons (issue 7): administrators only (spec section 6). Field errors come back translated. */
export const couponRoutes = new Hono<AuthedEnv>();

/** The shared parsers are typed for the plain ApiEnv context. */
const jsonBody = <S extends z.ZodType>(c: Context<AuthedEnv>, schema: S) => parseBody(c as unknown as Context<ApiEnv>, schema);

const requireAdmin = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!isAdministrator(c.var.user.roles)) throw forbidden();
  await next();
});

couponRoutes.use("/admin/coupons", requireAdmin);
couponRoutes.use("/admin/coupons/*", requireAdmin);

/** Our own field errors are keys; translate them like parseWith does. */
couponRoutes.onError((err, c) => {
  if (!(err instanceof HttpError)) throw err;
  const t = (key: string) => c.var.t(key, { defaultValue: key, ...err.values });
  const errors = err.errors ? Object.fromEntries(Object.entries(err.errors).map(([f, list]) => [f, list.map(t)])) : undefined;
  return c.json({ message: t(err.message), ...(errors ? { errors } : {}) }, err.status);
});

const now = (c: Context<AuthedEnv>) => c.var.deps.now();

couponRoutes.get("/admin/coupons", doc({ response: envelope(z.array(adminCouponAnswer)) }), async (c) => {
  const rows = await listCoupons(c.var.deps.db);
  return c.json({ data: rows.map((row) => adminCouponJson(row, now(c))) });
});

couponRoutes.get("/admin/coupons/:code", doc({ response: envelope(adminCouponAnswer) }), async (c) => {
  return c.json({ data: adminCouponJson(await findCoupon(c.var.deps.db, c.req.param("code")), now(c)) });
});

couponRoutes.post("/admin/coupons", doc({ body: createCouponSchema, status: 201, response: adminCouponWritten }), async (c) => {
  const body = await jsonBody(c, createCouponSchema);
  const row = await createCoupon(c.var.deps.db, body, now(c));
  return c.json({ data: adminCouponJson(row, now(c)), message: c.var.t("billing.couponCreated") }, 201);
});

couponRoutes.put("/admin/coupons/:code", doc({ body: updateCouponSchema, response: adminCouponWritten }), async (c) => {
  const body = await jsonBody(c, updateCouponSchema);
  const row = await updateCoupon(c.var.deps.db, c.req.param("code"), body, now(c));
  return c.json({ data: adminCouponJson(row, now(c)), message: c.var.t("billing.couponUpdated") });
});

couponRoutes.delete("/admin/coupons/:code", doc({ response: adminCouponWritten }), async (c) => {
  const row = await deactivateCoupon(c.var.deps.db, c.req.param("code"), now(c));
  return c.json({ data: adminCouponJson(row, now(c)), message: c.var.t("billing.couponDeactivated") });
});
