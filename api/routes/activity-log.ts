import { Hono } from "hono";
import type { Context } from "hono";
import { activityLogQuerySchema } from "#domain/schemas/activity.ts";
import type { ApiEnv } from "#api/context.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { activityPage } from "#api/services/activity/read.ts";
import { activityLogAnswer } from "#contract/activity.ts";
import { parseWith } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";

const doc = docs("Activity log");

/**
 * GET /api/v1/businesses/{id}/activity-log (docs/api/activity-log.md): who changed what and
 * when on one business. The owner, a collaborator holding user.pms-settings, or an administrator.
 */
export const activityLogRoutes = new Hono<BusinessEnv>().get("/businesses/:id/activity-log", doc({ query: activityLogQuerySchema, response: activityLogAnswer }), requireBusiness("user.pms-settings"), async (c) => {
  // An empty filter from a form means "any".
  const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ""));
  const q = parseWith(c as unknown as Context<ApiEnv>, activityLogQuerySchema, raw);
  const business = c.var.access.business;
  const page = await activityPage(c.var.deps.db, business, q);
  return c.json({ ...page, timezone: business.timezone, currency: business.currency });
});
