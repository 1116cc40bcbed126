import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { docs } from "../openapi/describe.ts";

const doc = docs("Health");

export const healthRoutes = new Hono<ApiEnv>().get("/health", doc(), async (c) => {
  const started = performance.now();
  try {
    await c.var.deps.db.execute(sql`select 1`);
    return c.json({ status: "ok", database: "ok", latency_ms: Math.round(performance.now() - started) });
  } catch {
    return c.json({ status: "error", database: "unreachable" }, 503);
  }
});
