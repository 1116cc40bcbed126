import type { Database } from "#api/db/client.ts";
import type { JobDefinition, JobQueue } from "./queue.ts";

/**
 * A job that runs for each business on a schedule (iCal polls, channel feeds, daily commands):
 * the cron line fires `<name>.all` once per slot across every process, which enqueues one
 * `<name>` job per business (deduplicated per business within the minute), each run by whichever
 * worker takes it — so two processes never run the same business's job for the same slot, and a
 * failing business is retried with backoff without holding up the others.
 */
export interface PerBusinessJob {
  name: string;
  /** Cron line, UTC (e.g. every 15 minutes: "*\/15 * * * *"). */
  cron: string;
  /** The businesses to run for at each slot. */
  businesses(db: Database): Promise<string[]>;
  run(db: Database, businessId: string): Promise<void>;
  retryLimit?: number;
  pollSeconds?: number;
}

export interface Scheduled {
  definitions: JobDefinition<any>[];
  /** Registers the cron lines once the queue runs. */
  schedule(queue: JobQueue): Promise<void>;
}

export function perBusinessJobs(db: Database, jobs: readonly PerBusinessJob[], queue: () => JobQueue | undefined): Scheduled {
  const definitions: JobDefinition<any>[] = jobs.flatMap((job) => [
    {
      name: `${job.name}.all`,
      run: async () => {
        const q = queue();
        if (!q) return;
        for (const businessId of await job.businesses(db)) {
          await q.send(job.name, { businessId }, { singletonKey: businessId, singletonSeconds: 60 });
        }
      },
    },
    {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      pollSeconds: job.pollSeconds,
      run: ({ businessId }: { businessId: string }) => job.run(db, businessId),
    },
  ]);
  return {
    definitions,
    async schedule(q) {
      for (const job of jobs) await q.schedule(`${job.name}.all`, job.cron);
    },
  };
}
