import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { dailyCommandRuns } from "#api/db/schema/index.ts";
import type { DailyCommand } from "./commands.ts";

/** A run still "running" after this long died with its process: it no longer blocks a new one. */
export const STALE_RUN_MINUTES = 30;

export interface RunOutcome {
  outcome: "succeeded" | "failed" | "skipped";
  runId: string | null;
  error?: string;
}

const sameTarget = (command: string, businessId: string | null) =>
  and(eq(dailyCommandRuns.command, command), businessId ? eq(dailyCommandRuns.businessId, businessId) : isNull(dailyCommandRuns.businessId));

/**
 * Runs one daily command for one business (or the product) for one day, recording the run.
 * Idempotent per day: a day that already succeeded is skipped unless `force` (run now, retry) —
 * except for a command that `repeats` through the day, which runs at each of its slots.
 * Exclusive: the run row is claimed through a unique index on the runs in progress, so two
 * processes — or two workers of one — never run the same command for the same business at once;
 * the loser answers "skipped" without waiting. No transaction stays open while the command runs
 * (on PGlite it would hold the only connection the command itself needs).
 */
export async function runDailyCommand(
  db: Database,
  command: DailyCommand,
  businessId: string | null,
  options: { now: Date; day?: string; force?: boolean },
): Promise<RunOutcome> {
  const day = options.day ?? options.now.toISOString().slice(0, 10);
  const target = and(sameTarget(command.name, businessId), eq(dailyCommandRuns.day, day));
  await db
    .update(dailyCommandRuns)
    .set({ outcome: "failed", error: "expired: the process running it stopped", finishedAt: new Date() })
    .where(and(target, eq(dailyCommandRuns.outcome, "running"), lt(dailyCommandRuns.startedAt, new Date(Date.now() - STALE_RUN_MINUTES * 60_000))));
  // A repeating command's attempt counts from its last success (the slots of one day are not retries of each other).
  const lastSuccess = sql`(select max(s.started_at) from daily_command_runs s where s.command = ${command.name} and s.business_id is not distinct from ${businessId}::uuid and s.day = ${day} and s.outcome = 'succeeded')`;
  const [done] = await db
    .select({
      n: count(),
      succeeded: sql<number>`count(*) filter (where ${dailyCommandRuns.outcome} = 'succeeded')`.mapWith(Number),
      sinceSuccess: sql<number>`count(*) filter (where ${dailyCommandRuns.startedAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz))`.mapWith(Number),
    })
    .from(dailyCommandRuns)
    .where(target);
  if (done.succeeded > 0 && !options.force && !command.repeats) return { outcome: "skipped", runId: null };
  const [claimed] = await db
    .insert(dailyCommandRuns)
    .values({ command: command.name, businessId, day, attempt: (command.repeats ? done.sinceSuccess : done.n) + 1, outcome: "running", startedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: dailyCommandRuns.id });
  if (!claimed) return { outcome: "skipped", runId: null };
  try {
    await command.run(db, businessId, options.now);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await db.update(dailyCommandRuns).set({ outcome: "failed", error: message, finishedAt: new Date() }).where(eq(dailyCommandRuns.id, claimed.id));
    return { outcome: "failed", runId: claimed.id, error: message };
  }
  await db.update(dailyCommandRuns).set({ outcome: "succeeded", finishedAt: new Date() }).where(eq(dailyCommandRuns.id, claimed.id));
  return { outcome: "succeeded", runId: claimed.id };
}

/** The targets of a command at `now`: its businesses, or the product once for a global one. */
export async function targetsOf(db: Database, command: DailyCommand, now: Date): Promise<(string | null)[]> {
  return command.scope === "global" ? [null] : await command.businesses!(db, now);
}
