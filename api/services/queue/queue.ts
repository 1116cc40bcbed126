import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database, DatabaseHandle, SqlExecutor } from "#api/db/client.ts";
import { logger } from "#api/logger.ts";
import { jobDuration, jobLatency, jobRuns, observeQueueDepth } from "#api/observability/metrics.ts";
import { currentRequestId, runWithWork } from "#api/observability/request-context.ts";

/**
 * The durable job queue (ADR 0015): pg-boss on the application's own database — PostgreSQL
 * or embedded PGlite — through the same connection(s) Drizzle uses, so a job can be enqueued in
 * the transaction that makes the change it is about. Jobs are retried with exponential backoff;
 * schedules are cron lines that pg-boss fires once per minute slot across every process.
 *
 * Workers are woken rather than kept polling (issue 29: twenty-odd queues polled every 0.5–2 s
 * cost an idle server about 16 statements a second on its single PGlite connection): a send wakes
 * its queue's worker in this process (a delayed one when it is due). A job sent inside a
 * transaction is seen at once on PGlite, which runs the worker's fetch only after the transaction
 * ends; on PostgreSQL the fetch may come before the commit, and the job then waits for the next
 * poll (`pollSecondsOnPostgres` where that wait matters). A queue whose job should also carry what
 * follows its send is left to its poll (`wakeOnSend: false`: the channel pushes, ADR 0066).
 */

export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  run(data: T): Promise<void>;
  /** Attempts after the first failure (default 5), first delay in seconds (default 2), doubled each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job running longer than this is failed (and retried). */
  expireInSeconds?: number;
  /**
   * How often an idle worker looks for work it was not told of (default 10 s; pg-boss allows 0.5 s
   * at the least): jobs the cron clock, another process or a retry's delay makes ready. A job this
   * process sends wakes its worker at once, and a full batch is followed by another fetch at once.
   */
  pollSeconds?: number;
  /**
   * On PostgreSQL, the poll instead, for a queue whose jobs are sent inside transactions and should
   * not wait: there a wake-up can come before the commit, and the job is then found by this poll.
   */
  pollSecondsOnPostgres?: number;
  /**
   * false: a send does not wake the worker, which takes the job at its next poll. For a job that
   * should carry what follows the send (work after the commit that enqueued it), not go before it.
   */
  wakeOnSend?: boolean;
  /** Jobs taken per poll (each runs in turn). */
  batchSize?: number;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Enqueues a job now (or after `startAfterSeconds`); answers its id, or null when a singleton already waits. */
  send(name: string, data: object, options?: { singletonKey?: string; singletonSeconds?: number; startAfterSeconds?: number }): Promise<string | null>;
  /** Enqueues inside the caller's transaction: the job exists exactly when the transaction commits (a singleton: at most one per key in the time slot). */
  sendWithin(tx: Database, name: string, data: object, options?: { singletonKey: string; singletonSeconds: number }): Promise<string | null>;
  /** Fires `name` on a cron line (UTC), once per slot whatever the number of processes. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Stops polling, lets the jobs in hand finish (up to `timeoutMs`), then returns. */
  stop(timeoutMs?: number): Promise<void>;
}

/** pg-boss's SQL (`$n` parameters) run through a Drizzle database or transaction. */
export function drizzleExecutor(db: Database): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part)));
      return (await db.execute(sql.join(chunks))) as unknown as { rows: any[] };
    },
  };
}

let running: JobQueue | undefined;

function pollSeconds(job: JobDefinition<any>, kind: DatabaseHandle["kind"]): number {
  return (kind === "postgres" ? job.pollSecondsOnPostgres : undefined) ?? job.pollSeconds ?? 10;
}

/** The field of a job's data that carries the request id of the request that enqueued it. */
const REQUEST_ID_FIELD = "_request_id";

function withRequestId(data: object): object {
  const requestId = currentRequestId();
  return requestId && !(REQUEST_ID_FIELD in data) ? { ...data, [REQUEST_ID_FIELD]: requestId } : data;
}

/** Runs one job with its request id (or its own id) in the logs' context, timed for /metrics. */
async function runJob(job: JobDefinition<any>, item: PgBoss.JobWithMetadata<object>): Promise<void> {
  const data = item.data as Record<string, unknown>;
  const requestId = typeof data[REQUEST_ID_FIELD] === "string" ? (data[REQUEST_ID_FIELD] as string) : item.id;
  const from = Math.max(new Date(item.createdOn).getTime(), new Date(item.startAfter).getTime());
  jobLatency.observe({ queue: job.name }, Math.max(0, Date.now() - from) / 1000);
  const end = jobDuration.startTimer({ queue: job.name });
  try {
    await runWithWork({ requestId, jobId: item.id, job: job.name }, () => job.run(data as never));
    jobRuns.inc({ queue: job.name, outcome: "completed" });
  } catch (error) {
    jobRuns.inc({ queue: job.name, outcome: "failed" });
    runWithWork({ requestId, jobId: item.id, job: job.name }, () => logger.warn({ msg: "job failed", err: error }));
    throw error;
  } finally {
    end();
  }
}

/** The queue this process runs, if any (write paths enqueue through it when it is there). */
export function runningQueue(): JobQueue | undefined {
  return running;
}

/**
 * Starts the queue on the database and a worker per definition. `schema` keeps pg-boss's tables
 * apart (default `pgboss`); both processes of one deployment must use the same.
 */
export async function startJobQueue(handle: Pick<DatabaseHandle, "sql" | "kind">, jobs: readonly JobDefinition<any>[], options: { schema?: string } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: handle.sql as PgBoss.Db,
    schema: options.schema ?? "pgboss",
    // One maintenance pass a minute is plenty; PGlite shares its single connection with requests.
    maintenanceIntervalSeconds: 60,
    monitorStateIntervalSeconds: 60,
  });
  boss.on("error", (error: unknown) => logger.error({ msg: "job queue error", err: error }));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      policy: "standard",
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 2,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
    });
  }
  const workers = new Map<string, string>();
  const sleepers = new Set(jobs.filter((job) => job.wakeOnSend === false).map((job) => job.name));
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id) boss.notifyWorker(id);
  };
  /** Wakes the worker once a job made due `seconds` from now is (a tenth of a second past it: the database's clock decides). */
  const wakeIn = (name: string, seconds: number) => setTimeout(() => wake(name), seconds * 1000 + 100).unref();
  for (const job of jobs) {
    const batchSize = job.batchSize ?? 1;
    const id = await boss.work<object>(job.name, { pollingIntervalSeconds: pollSeconds(job, handle.kind), batchSize, includeMetadata: true }, async (batch) => {
      // More may be waiting behind a full batch: the worker fetches again at once, not after its poll.
      if (batch.length >= batchSize) wake(job.name);
      try {
        for (const item of batch) await runJob(job, item);
      } catch (error) {
        // The throw fails the batch's jobs; pg-boss makes them due again after d·2ⁿ to 2·d·2ⁿ seconds
        // (its backoff with jitter: d the retry delay, n the retries so far), so the worker is woken
        // at both ends rather than left to its poll.
        const first = (job.retryDelaySeconds ?? 2) * 2 ** Math.min(16, Math.max(...batch.map((item) => item.retryCount)));
        wakeIn(job.name, first);
        wakeIn(job.name, 2 * first);
        throw error;
      }
    });
    workers.set(job.name, id);
  }
  const schemaName = options.schema ?? "pgboss";
  observeQueueDepth(async () => {
    const { rows } = await handle.sql.executeSql(
      `select name, state::text as state, count(*)::int as count from ${schemaName}.job where state in ('created', 'retry') group by name, state`,
    );
    return rows.map((r: { name: string; state: string; count: number }) => ({ queue: r.name, state: r.state, count: Number(r.count) }));
  });
  /** The job's id, after waking its worker now or when the job is due. */
  const sent = (name: string, id: string | null, afterSeconds = 0) => {
    if (!id || sleepers.has(name)) return id;
    if (afterSeconds > 0) wakeIn(name, afterSeconds);
    else wake(name);
    return id;
  };
  const queue: JobQueue = {
    boss,
    send: async (name, data, o = {}) =>
      sent(
        name,
        await boss.send(name, withRequestId(data), {
          ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
          ...(o.singletonSeconds ? { singletonSeconds: o.singletonSeconds } : {}),
          ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
        }),
        o.startAfterSeconds,
      ),
    sendWithin: async (tx, name, data, o) =>
      sent(name, await boss.send(name, withRequestId(data), { db: drizzleExecutor(tx) as PgBoss.Db, ...(o ? { singletonKey: o.singletonKey, singletonSeconds: o.singletonSeconds } : {}) })),
    schedule: (name, cron, data = {}) => boss.schedule(name, cron, data, { tz: "UTC" }),
    async stop(timeoutMs = 10_000) {
      if (running === queue) running = undefined;
      observeQueueDepth(undefined);
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs, wait: true });
    },
  };
  running = queue;
  return queue;
}
