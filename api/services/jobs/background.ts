import { eq, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#api/db/client.ts";
import { channexConnections } from "#api/db/schema/index.ts";
import { rowsOf } from "#api/db/query.ts";
import { pullBookings } from "#api/services/channels/feed.ts";
import { PUSH_JOB } from "#api/services/outbox/nights-changed.ts";
import { pushBusiness } from "#api/services/channels/push.ts";
import { perBusinessJobs, type PerBusinessJob } from "#api/services/queue/per-business.ts";
import { runningQueue, startJobQueue, type JobDefinition, type JobQueue } from "#api/services/queue/queue.ts";

export const SWEEP_JOB = "channels.sweep";

export interface BackgroundOptions {
  now?: () => Date;
  /** Other areas' per-business schedules (iCal polls…), wired here. */
  perBusiness?: PerBusinessJob[];
  /** More plain jobs and their cron lines (renewals…). */
  jobs?: JobDefinition<any>[];
  schedules?: { name: string; cron: string }[];
  schema?: string;
  /** Least time between two pushes of one business (Channex's rate limit); tests use 0. */
  minPushIntervalMs?: number;
  /** Poll each connection's Channex booking feed every minute (default); tests that pull by hand turn it off, or the minute's poll takes their revisions. */
  pollFeeds?: boolean;
}

/**
 * Businesses with outbox rows waiting: a push job each (after a crash, or one that ran out of retries).
 * The minute's sweep is one job per business per minute slot; the sweep at start is not throttled,
 * because a job of the same slot (already done before the restart) would swallow it and leave the
 * rows waiting for the next minute. Extra jobs are harmless: the push lease lets one run at a time.
 */
export async function sweepOutbox(db: Database, queue: JobQueue, options: { atStart?: boolean } = {}): Promise<number> {
  const waiting = await rowsOf<{ business_id: string }>(db, sql`select distinct business_id from channel_outbox`);
  for (const row of waiting) {
    await queue.send(PUSH_JOB, { businessId: row.business_id }, options.atStart ? {} : { singletonKey: row.business_id, singletonSeconds: 60 });
  }
  return waiting.length;
}

/**
 * Everything that runs in the background of a server process, on the durable queue: channel
 * pushes (from the outbox), the Channex booking feed of each connected business, the outbox
 * sweep, and what other areas register. Every process may run it; the database shares the work.
 */
export async function startBackground(handle: Pick<DatabaseHandle, "db" | "sql" | "kind">, options: BackgroundOptions = {}): Promise<JobQueue> {
  const db = handle.db;
  const now = options.now ?? (() => new Date());
  const feeds: PerBusinessJob = {
    name: "channels.feed",
    cron: "* * * * *",
    businesses: async (d) => (await d.select({ id: channexConnections.businessId }).from(channexConnections).where(eq(channexConnections.active, true))).map((r) => r.id),
    run: async (d, businessId) => void (await pullBookings(d, businessId, { now })),
  };
  const scheduled = perBusinessJobs(db, [...(options.pollFeeds === false ? [] : [feeds]), ...(options.perBusiness ?? [])], runningQueue);
  const queue = await startJobQueue(
    handle,
    [
      // A push is not woken by its send but taken at the next half-second poll: what the change's
      // work after its commit adds (a booking's new prices from the brain in autopilot) then goes in
      // the same push, not in the next slot 7.5 s later (woken at once, the booking's availability
      // went alone and its price p50 took 8.1 s to reach the channel instead of 0.7 s). Half a second
      // keeps a booking's way to the channel well under 2 s.
      { name: PUSH_JOB, pollSeconds: 0.5, wakeOnSend: false, batchSize: 5, retryLimit: 8, retryDelaySeconds: 2, expireInSeconds: 300, run: ({ businessId }: { businessId: string }) => pushBusiness(db, businessId, { now, minIntervalMs: options.minPushIntervalMs }).then(() => undefined) },
      { name: SWEEP_JOB, run: async () => void (await sweepOutbox(db, runningQueue()!)) },
      ...scheduled.definitions,
      ...(options.jobs ?? []),
    ],
    { schema: options.schema },
  );
  await queue.schedule(SWEEP_JOB, "* * * * *");
  await scheduled.schedule(queue);
  for (const s of options.schedules ?? []) await queue.schedule(s.name, s.cron);
  // What a previous run left in the outbox (a crash between a commit and its push) goes now.
  await sweepOutbox(db, queue, { atStart: true });
  return queue;
}
