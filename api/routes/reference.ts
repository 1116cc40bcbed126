import { Hono } from "hono";
import { and, asc, eq, isNull } from "drizzle-orm";
import { businessTypes, pmsSystems } from "#api/db/schema/index.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { businessTypeJson, pmsJson } from "#api/services/business-json.ts";
import { businessTypeAnswer, pmsAnswer } from "#contract/business.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { envelope } from "#contract/primitives.ts";

const doc = docs("Reference data");

/**
 * Reference lists for onboarding (mounted under /api/v1), from migration 0006: business types
 * with title and description in the caller's language, and the PMS a business can read from.
 */
export const referenceRoutes = new Hono<AuthedEnv>()
  .get("/business-types", doc({ response: envelope(z.array(businessTypeAnswer)) }), async (c) => {
    const rows = await c.var.deps.db.select().from(businessTypes).orderBy(asc(businessTypes.position), asc(businessTypes.slug));
    return c.json({ data: rows.map((row) => businessTypeJson(row, c.var.locale)) });
  })

  .get("/pms", doc({ response: envelope(z.array(pmsAnswer)) }), async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(pmsSystems)
      .where(and(eq(pmsSystems.isActive, true), isNull(pmsSystems.deletedAt)))
      .orderBy(asc(pmsSystems.id));
    return c.json({ data: rows.map((row) => pmsJson(row, c.var.locale)) });
  });
