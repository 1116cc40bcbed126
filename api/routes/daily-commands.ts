import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isUuid } from "#domain/text/sanitize.ts";
import { businesses, dailyCommandRuns } from "#api/db/schema/index.ts";
import { conflict, invalid, notFound } from "#api/errors.ts";
import type { AuthedEnv } from "#api/middleware/auth.ts";
import { cronOf, DAILY_COMMANDS, dailyCommand, type DailyCommand } from "#api/services/daily/commands.ts";
import { runDailyCommand, targetsOf } from "#api/services/daily/runs.ts";
import { enqueueDaily } from "#api/services/daily/schedule.ts";
import { runningQueue } from "#api/services/queue/queue.ts";
import { requireAdminPermission } from "./businesses-shared.ts";
import { jsonBody } from "#api/validate.ts";
import type { Context } from "hono";
import type { ApiEnv } from "#api/context.ts";
import { docs } from "#api/openapi/describe.ts";
import { dailyOverviewAnswer, dailyRunAnswer, dailyRunNowAnswer, type DailyRunJson } from "#contract/daily-commands.ts";
import { dailyBusinessQuerySchema, dailyRunSchema } from "#domain/schemas/daily-commands.ts";

const doc = docs("Admin: daily commands");

type RunRow = typeof dailyCommandRuns.$inferSelect & { businessName: string | null };

function runJson(r: RunRow): DailyRunJson {
  return {
    uuid: r.id,
    command: r.command,
    business_uuid: r.businessId,
    business_name: r.businessName,
    day: r.day,
    attempt: r.attempt,
    outcome: r.outcome,
    error: r.error,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    duration_ms: r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
  };
}

/**
 * Runs a command now. With the job queue running in this process the runs are enqueued (202) and
 * any process's worker takes them; a web-only process (JOBS=false) runs them here (200).
 */
async function runNow(c: Context<AuthedEnv>, command: DailyCommand, target: string | null | "all", day?: string) {
  const { db, now } = c.var.deps;
  const queue = runningQueue();
  if (queue) return c.json({ queued: await enqueueDaily(queue, db, command, target, { now: now(), force: true, day }) }, 202);
  const targets = target === "all" ? await targetsOf(db, command, now()) : [target];
  const outcomes = [];
  for (const businessId of targets) outcomes.push((await runDailyCommand(db, command, businessId, { now: now(), day, force: true })).outcome);
  return c.json({ ran: outcomes.length, succeeded: outcomes.filter((o) => o === "succeeded").length, failed: outcomes.filter((o) => o === "failed").length }, 200);
}

/** /manage/daily-command-execution (docs/api/daily-commands.md). */
export const dailyCommandRoutes = new Hono<AuthedEnv>()
  .use("/admin/daily-commands", requireAdminPermission("admin.businesses"))
  .use("/admin/daily-commands/*", requireAdminPermission("admin.businesses"))

  /** Each command, its schedule (null: turned off by the settings), and the last run per business (the newest first). */
  .get("/admin/daily-commands", doc({ query: dailyBusinessQuerySchema, response: dailyOverviewAnswer }), async (c) => {
    const { db } = c.var.deps;
    const business = c.req.query("business_uuid");
    if (business !== undefined && business !== "" && !isUuid(business)) throw invalid({ business_uuid: ["validation.invalid"] });
    const latest = (await db
      .selectDistinctOn([dailyCommandRuns.command, dailyCommandRuns.businessId], { run: dailyCommandRuns, businessName: businesses.companyName })
      .from(dailyCommandRuns)
      .leftJoin(businesses, eq(businesses.id, dailyCommandRuns.businessId))
      .where(business ? eq(dailyCommandRuns.businessId, business) : undefined)
      .orderBy(dailyCommandRuns.command, dailyCommandRuns.businessId, desc(dailyCommandRuns.startedAt))).map((r) => ({ ...r.run, businessName: r.businessName }));
    const everyBusiness = await db.select({ uuid: businesses.id, name: businesses.companyName }).from(businesses).orderBy(businesses.companyName);
    return c.json({
      businesses: everyBusiness,
      commands: DAILY_COMMANDS.map((command) => ({
        name: command.name,
        cron: cronOf(command, c.var.deps.config),
        scope: command.scope,
        last_runs: latest
          .filter((r) => r.command === command.name)
          .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
          .map(runJson),
      })),
    });
  })

  /** The history of one command (all businesses, or one), newest first. */
  .get("/admin/daily-commands/:name/runs", doc({ query: dailyBusinessQuerySchema, response: z.object({ runs: z.array(dailyRunAnswer) }).strict() }), async (c) => {
    const command = dailyCommand(c.req.param("name"));
    if (!command) throw notFound();
    const business = c.req.query("business_uuid");
    if (business && !isUuid(business)) throw invalid({ business_uuid: ["validation.invalid"] });
    const rows = await c.var.deps.db
      .select({ run: dailyCommandRuns, businessName: businesses.companyName })
      .from(dailyCommandRuns)
      .leftJoin(businesses, eq(businesses.id, dailyCommandRuns.businessId))
      .where(and(eq(dailyCommandRuns.command, command.name), business ? eq(dailyCommandRuns.businessId, business) : undefined))
      .orderBy(desc(dailyCommandRuns.startedAt))
      .limit(100);
    return c.json({ runs: rows.map((r) => runJson({ ...r.run, businessName: r.businessName })) });
  })

  .post("/admin/daily-commands/:name/run", doc({ body: dailyRunSchema, response: dailyRunNowAnswer }), async (c) => {
    const command = dailyCommand(c.req.param("name"));
    if (!command) throw notFound();
    const input = await jsonBody(c as unknown as Context<ApiEnv>, dailyRunSchema);
    if (input.business_uuid && command.scope === "global") throw invalid({ business_uuid: ["validation.invalid"] });
    if (input.business_uuid) {
      const [found] = await c.var.deps.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, input.business_uuid));
      if (!found) throw invalid({ business_uuid: ["validation.invalid"] });
    }
    return runNow(c, command, input.business_uuid ?? (command.scope === "global" ? null : "all"));
  })

  /** Runs a failed run's command again for the same business and day. */
  .post("/admin/daily-commands/runs/:uuid/retry", doc({ response: dailyRunNowAnswer }), async (c) => {
    const id = c.req.param("uuid");
    if (!isUuid(id)) throw notFound();
    const [run] = await c.var.deps.db.select().from(dailyCommandRuns).where(eq(dailyCommandRuns.id, id));
    const command = run && dailyCommand(run.command);
    if (!run || !command) throw notFound();
    if (run.outcome !== "failed") throw conflict("notifications:daily.notFailed");
    return runNow(c, command, run.businessId, run.day);
  });

