import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#api/db/client.ts";
import { perBusinessJobs } from "#api/services/queue/per-business.ts";
import { runningQueue, startJobQueue, type JobQueue } from "#api/services/queue/queue.ts";
import { createTestDatabase } from "#tests/helpers/db.ts";

// Runs on PGlite, and on the PostgreSQL server with TEST_DATABASE_URL.
let handle: DatabaseHandle;
let queue: JobQueue;
const seen: { name: string; data: unknown; at: number }[] = [];
let failuresLeft = 2;
const perBusinessRuns: string[] = [];

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Rows of a query on pg-boss's own tables (PGlite and node-postgres answer `{ rows }`). */
const pgBossRows = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows as { [k: string]: unknown; n?: number }[];

beforeAll(async () => {
  handle = await createTestDatabase();
  const scheduled = perBusinessJobs(
    handle.db,
    [{ name: "test.daily", cron: "0 3 * * *", businesses: async () => ["business-a", "business-b"], run: async (_db, id) => void perBusinessRuns.push(id), pollSeconds: 0.5 }],
    runningQueue,
  );
  queue = await startJobQueue(handle, [
    ...scheduled.definitions.map((d) => ({ ...d, pollSeconds: 0.5 })),
    { name: "test.echo", pollSeconds: 0.5, run: async (data) => void seen.push({ name: "echo", data, at: Date.now() }) },
    {
      name: "test.flaky",
      pollSeconds: 0.5,
      retryDelaySeconds: 1,
      run: async (data) => {
        seen.push({ name: "flaky", data, at: Date.now() });
        if (failuresLeft-- > 0) throw new Error("not yet");
      },
    },
  ]);
  await scheduled.schedule(queue);
});
afterAll(async () => {
  await queue?.stop();
  await handle?.close();
});

describe("the job queue on the application's database", () => {
  it("runs a job sent now", async () => {
    await queue.send("test.echo", { n: 1 });
    await waitFor(() => seen.some((s) => s.name === "echo"));
    expect(seen.find((s) => s.name === "echo")?.data).toEqual({ n: 1 });
  });

  it("retries a failing job with growing delays until it succeeds", async () => {
    await queue.send("test.flaky", { n: 2 });
    await waitFor(() => seen.filter((s) => s.name === "flaky").length === 3);
    const runs = seen.filter((s) => s.name === "flaky").map((s) => s.at);
    // A retry never comes before its delay (a lower bound: a slow machine only adds to it).
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(900);
    // The growth itself is pg-boss's, from what the job was sent with: read back, not timed.
    // The third run has returned; pg-boss marks the job completed just after (await that, not a sleep).
    const readJob = () => pgBossRows(sql`select state, retry_count, retry_limit, retry_delay, retry_backoff from pgboss.job where name = 'test.flaky'`);
    let job = await readJob();
    for (const end = Date.now() + 10_000; job[0]?.state === "active" && Date.now() < end; job = await readJob()) await new Promise((r) => setTimeout(r, 100));
    expect(job).toEqual([{ state: "completed", retry_count: 2, retry_limit: 5, retry_delay: 1, retry_backoff: true }]);
  });

  it("enqueues inside a transaction: a rolled-back transaction leaves no job, a committed one runs", async () => {
    await handle.db
      .transaction(async (tx) => {
        await queue.sendWithin(tx as never, "test.echo", { n: "rolled back" });
        throw new Error("rollback");
      })
      .catch(() => undefined);
    await handle.db.transaction(async (tx) => {
      await queue.sendWithin(tx as never, "test.echo", { n: "committed" });
    });
    await waitFor(() => seen.some((s) => (s.data as { n: unknown }).n === "committed"));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(seen.some((s) => (s.data as { n: unknown }).n === "rolled back")).toBe(false);
    // The same query finds the committed job, so its answer for the rolled-back one means something.
    const count = async (n: string) => (await pgBossRows(sql`select count(*)::int as n from pgboss.job where name = 'test.echo' and data->>'n' = ${n}`))[0]!.n;
    expect(await count("committed")).toBe(1);
    expect(await count("rolled back")).toBe(0);
  });

  it("a per-business schedule runs each business once per slot, even when two processes fire it", async () => {
    const schedules = (await handle.db.execute(sql`select cron from pgboss.schedule where name = 'test.daily.all'`)) as unknown as { rows: { cron: string }[] };
    expect(schedules.rows).toEqual([{ cron: "0 3 * * *" }]);
    // Two fan-outs in the same minute (two processes' timekeepers, or a retry). The slot is the
    // minute in which a fan-out runs (a fan-out in the next minute is rightly a new slot), so start
    // early in a minute: on a busy machine the two ran on either side of a minute's end (CI).
    while (new Date().getUTCSeconds() > 40) await new Promise((r) => setTimeout(r, 500));
    await queue.send("test.daily.all", {});
    await queue.send("test.daily.all", {});
    await waitFor(() => perBusinessRuns.length >= 2);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(perBusinessRuns.sort()).toEqual(["business-a", "business-b"]);
  }, 60_000);
});

describe("workers woken by what makes their job due (ADR 0066)", () => {
  // Workers that would look for work only every 5 minutes: a job runs within the test only if it woke them.
  const POLL_SECONDS = 300;
  let woken: JobQueue;
  const runs: string[] = [];
  let failOnce = true;

  beforeAll(async () => {
    woken = await startJobQueue(
      handle,
      [
        { name: "test.woken", pollSeconds: POLL_SECONDS, run: async ({ n }: { n: string }) => void runs.push(n) },
        {
          name: "test.woken.retry",
          pollSeconds: POLL_SECONDS,
          retryDelaySeconds: 1,
          run: async () => {
            runs.push(failOnce ? "failed" : "retried");
            if (failOnce) {
              failOnce = false;
              throw new Error("once");
            }
          },
        },
      ],
      { schema: "pgboss_woken" },
    );
  });
  afterAll(async () => {
    await woken?.stop();
  });

  it("a send, a delayed send and a retry each wake the worker; on PGlite a send inside a transaction too", async () => {
    await woken.send("test.woken", { n: "now" });
    await waitFor(() => runs.includes("now"));
    await woken.send("test.woken", { n: "later" }, { startAfterSeconds: 1 });
    await waitFor(() => runs.includes("later"));
    await woken.send("test.woken.retry", {});
    await waitFor(() => runs.includes("retried"));
    expect(runs.filter((r) => r === "failed")).toHaveLength(1);
    // On PostgreSQL the wake-up may come before the commit (the job then waits for the poll).
    if (handle.kind === "pglite") {
      await handle.db.transaction(async (tx) => void (await woken.sendWithin(tx as never, "test.woken", { n: "within" })));
      await waitFor(() => runs.includes("within"));
    }
  }, 60_000);
});
