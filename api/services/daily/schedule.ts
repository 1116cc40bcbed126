import { getConfig } from "#config";
import type { Database } from "#api/db/client.ts";
import type { JobDefinition, JobQueue } from "#api/services/queue/queue.ts";
import { cronOf, DAILY_COMMANDS, dailyCommand, type DailyCommand, type ScheduleConfig } from "./commands.ts";
import { runDailyCommand, targetsOf } from "./runs.ts";

/** The queue that runs one command for one business (every command without a worker of its own). */
export const DAILY_JOB = "daily.command";
const fanOutJob = (command: DailyCommand) => `daily.all.${command.name}`;
const queueOf = (command: DailyCommand) => command.worker?.queue ?? DAILY_JOB;

export interface DailyJobData {
  command: string;
  businessId: string | null;
  day: string;
  force?: boolean;
}

/** Enqueues a command for one business, every business (`"all"`), or the product (global). */
export async function enqueueDaily(queue: JobQueue, db: Database, command: DailyCommand, target: string | null | "all", options: { now: Date; force?: boolean; day?: string }): Promise<number> {
  const day = options.day ?? options.now.toISOString().slice(0, 10);
  const targets = target === "all" ? await targetsOf(db, command, options.now) : [target];
  for (const businessId of targets) {
    const data: DailyJobData = { command: command.name, businessId, day, force: options.force };
    const key = `${command.name}:${businessId ?? "global"}`;
    // A forced run is the administrator's own request: never folded into a waiting one. Otherwise
    // one job per business and day, or per minute slot for a command that repeats through the day.
    if (options.force) await queue.send(queueOf(command), data);
    else if (command.repeats) await queue.send(queueOf(command), data, { singletonKey: key, singletonSeconds: 60 });
    else await queue.send(queueOf(command), data, { singletonKey: `${key}:${day}`, singletonSeconds: 3600 });
  }
  return targets.length;
}

/**
 * The daily commands on the durable queue (ADR 0020): each command's cron line fires its fan-out
 * once per slot across every process, which enqueues one job per business; a job that fails is
 * retried by pg-boss with backoff (`retryLimit`, `retryDelaySeconds`), each attempt a new run row.
 * `unscheduled`: the fan-outs whose schedule the settings turn off (to remove from pg-boss).
 */
export function dailyJobs(
  db: Database,
  queue: () => JobQueue | undefined,
  options: { now?: () => Date; retryLimit?: number; retryDelaySeconds?: number; commands?: readonly DailyCommand[]; config?: ScheduleConfig } = {},
) {
  const now = options.now ?? (() => new Date());
  const commands = options.commands ?? DAILY_COMMANDS;
  const config = options.config ?? getConfig();
  const find = (name: string) => commands.find((c) => c.name === name) ?? dailyCommand(name);
  const run = async (data: DailyJobData) => {
    const command = find(data.command);
    if (!command) return;
    const result = await runDailyCommand(db, command, data.businessId, { now: now(), day: data.day, force: data.force });
    // A throw makes pg-boss retry the job later; the failed run stays in the history.
    if (result.outcome === "failed") throw new Error(result.error);
  };
  const workers = new Map(commands.flatMap((c) => (c.worker ? [[c.worker.queue, c.worker] as const] : [])));
  const definitions: JobDefinition<any>[] = [
    ...commands.map((command) => ({
      name: fanOutJob(command),
      run: async () => {
        const q = queue();
        if (q) await enqueueDaily(q, db, command, "all", { now: now() });
      },
    })),
    {
      name: DAILY_JOB,
      retryLimit: options.retryLimit ?? 3,
      retryDelaySeconds: options.retryDelaySeconds ?? 60,
      expireInSeconds: 30 * 60,
      // Ten at a time, the next ten at once (a full batch wakes its worker): one job per poll would
      // make 200 businesses take hours. A failure fails the batch, whose runs that succeeded are then
      // skipped on the retry (idempotent).
      batchSize: 10,
      run,
    },
    // One job at a time: each waits on another site's answer.
    ...[...workers.values()].map((w) => ({ name: w.queue, retryLimit: w.retryLimit, retryDelaySeconds: options.retryDelaySeconds ?? 60, expireInSeconds: 30 * 60, run })),
  ];
  const crons = commands.map((command) => ({ name: fanOutJob(command), cron: cronOf(command, config) }));
  return {
    definitions,
    schedules: crons.filter((s): s is { name: string; cron: string } => s.cron !== null),
    unscheduled: crons.filter((s) => s.cron === null).map((s) => s.name),
  };
}
