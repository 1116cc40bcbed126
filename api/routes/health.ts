import { z } from "zod";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { Hono } from "hono";
import type { ApiEnv } from "#api/context.ts";
import type { Database } from "#api/db/client.ts";
import { migrationsFolder } from "#api/db/client.ts";
import { isDraining } from "#api/observability/lifecycle.ts";
import { docs } from "#api/openapi/describe.ts";

const doc = docs("Health");

/** 200 only: a 503 (database unreachable, draining, migrations pending) answers the same fields with `status` not "ok". */
const healthAnswer = z.object({ status: z.literal("ok"), database: z.literal("ok"), latency_ms: z.number().int().min(0) }).strict();
const readyAnswer = z.object({ status: z.literal("ok"), database: z.literal("ok"), migrations: z.literal("applied") }).strict();

/** The newest committed migration's timestamp, as Drizzle's migrator records it. */
let newestMigration: number | undefined;
function newestCommitted(): number {
  newestMigration ??= Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return newestMigration;
}

/** Once the database has every committed migration it keeps them: checked until true. */
const migrated = new WeakSet<Database>();
async function migrationsApplied(db: Database): Promise<boolean> {
  if (migrated.has(db)) return true;
  const answer = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: { newest: string | null }[] };
  const ok = Number(answer.rows[0]?.newest ?? 0) >= newestCommitted();
  if (ok) migrated.add(db);
  return ok;
}

/**
 * /api/health: the database answers (what Playwright's webServer and the bench poll).
 * /api/health/live: the process serves (no database call); a failure means restart it.
 * /api/health/ready: it should get traffic: the database answers, every migration is applied,
 * and it is not shutting down.
 */
export const healthRoutes = new Hono<ApiEnv>()
  .get("/health", doc({ response: healthAnswer }), async (c) => {
    const started = performance.now();
    try {
      await c.var.deps.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: "ok", latency_ms: Math.round(performance.now() - started) });
    } catch {
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
  })
  .get("/health/live", doc({ response: z.object({ status: z.literal("ok") }).strict() }), (c) => c.json({ status: "ok" }))
  .get("/health/ready", doc({ response: readyAnswer }), async (c) => {
    if (isDraining()) return c.json({ status: "draining" }, 503);
    let migrations: boolean;
    try {
      migrations = await migrationsApplied(c.var.deps.db);
    } catch {
      return c.json({ status: "error", database: "unreachable" }, 503);
    }
    if (!migrations) return c.json({ status: "error", database: "ok", migrations: "pending" }, 503);
    return c.json({ status: "ok", database: "ok", migrations: "applied" });
  });
