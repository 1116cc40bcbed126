import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../api/db/client.ts";
import { businesses, dailyCommandRuns, notifications, publishedRates } from "../../api/db/schema/index.ts";
import { DEMO_BUSINESS } from "../../api/db/seeds/businesses.ts";
import { DAILY_COMMANDS, type DailyCommand } from "../../api/services/daily/commands.ts";
import { runDailyCommand } from "../../api/services/daily/runs.ts";
import { dailyJobs, enqueueDaily } from "../../api/services/daily/schedule.ts";
import { runningQueue, startJobQueue, type JobQueue } from "../../api/services/jobs/queue.ts";
import { INITIAL_BUSINESS_STATUS } from "../../domain/business/status.ts";
import { createTestApi, demoUsers, type TestApi } from "../helpers/api.ts";

let t: TestApi;
let admin: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApi();
  admin = await t.login(demoUsers.admin.email);
  owner = await t.login(demoUsers.owner.email);
});
afterAll(() => t.close());

const runsOf = (command: string, businessId?: string) =>
  t.db
    .select()
    .from(dailyCommandRuns)
    .where(and(eq(dailyCommandRuns.command, command), businessId ? eq(dailyCommandRuns.businessId, businessId) : undefined))
    .orderBy(asc(dailyCommandRuns.attempt));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("/admin/daily-commands", () => {
  it("is for admin.businesses only (401, 403)", async () => {
    expect((await t.call("GET", "/api/v1/admin/daily-commands")).status).toBe(401);
    expect((await t.call("GET", "/api/v1/admin/daily-commands", { token: owner })).status).toBe(403);
    expect((await t.call("POST", "/api/v1/admin/daily-commands/pricing.recompute/run", { token: owner, body: {} })).status).toBe(403);
  });

  it("lists every command with its schedule", async () => {
    const answer = await t.json("GET", "/api/v1/admin/daily-commands", { token: admin, status: 200 });
    expect(answer.commands.map((c: { name: string }) => c.name)).toEqual(DAILY_COMMANDS.map((c) => c.name));
    expect(answer.commands[0]).toMatchObject({ name: "pricing.recompute", cron: "0 3 * * *", scope: "business", last_runs: [] });
  });

  it("answers 404 for an unknown command and 422 for a bad business", async () => {
    expect((await t.call("POST", "/api/v1/admin/daily-commands/nope/run", { token: admin, body: {} })).status).toBe(404);
    expect((await t.call("POST", "/api/v1/admin/daily-commands/pricing.recompute/run", { token: admin, body: { business_uuid: "x" } })).status).toBe(422);
    expect((await t.call("POST", "/api/v1/admin/daily-commands/pricing.recompute/run", { token: admin, body: { business_uuid: "00000000-0000-4000-8000-000000000000" } })).status).toBe(422);
    expect((await t.call("POST", "/api/v1/admin/daily-commands/maintenance.prune/run", { token: admin, body: { business_uuid: DEMO_BUSINESS.id } })).status).toBe(422);
  });

  it("runs every command for all demo businesses, and the history shows each run", async () => {
    const demo = await t.db.select({ id: businesses.id }).from(businesses).where(ne(businesses.status, INITIAL_BUSINESS_STATUS));
    expect(demo.length).toBeGreaterThan(0);
    // Nothing published yet at the demo pousada: every night of the horizon waits for its price.
    await t.db.delete(publishedRates).where(eq(publishedRates.businessId, DEMO_BUSINESS.id));
    for (const command of DAILY_COMMANDS) {
      const answer = await t.json("POST", `/api/v1/admin/daily-commands/${command.name}/run`, { token: admin, body: {}, status: 200 });
      expect(answer.failed, command.name).toBe(0);
      expect(answer.succeeded).toBe(answer.ran);
    }
    const list = await t.json("GET", "/api/v1/admin/daily-commands", { token: admin, status: 200 });
    const recompute = list.commands.find((c: { name: string }) => c.name === "pricing.recompute");
    expect(recompute.last_runs).toHaveLength(demo.length);
    expect(recompute.last_runs[0]).toMatchObject({ outcome: "succeeded", attempt: 1, error: null });
    expect(recompute.last_runs[0].duration_ms).toBeGreaterThanOrEqual(0);
    const prune = list.commands.find((c: { name: string }) => c.name === "maintenance.prune");
    expect(prune.last_runs).toHaveLength(1);
    expect(prune.last_runs[0].business_uuid).toBeNull();
    // The demo pousada has nights waiting to be published: its team was told.
    const told = await t.db.select().from(notifications).where(and(eq(notifications.businessId, DEMO_BUSINESS.id), eq(notifications.kind, "nights.to_publish")));
    expect(told.length).toBeGreaterThan(0);
    expect(Number(told[0].params.count)).toBeGreaterThan(300);
  });

  it("is idempotent: a day that succeeded is skipped unless forced", async () => {
    const command = DAILY_COMMANDS[0];
    const before = (await runsOf(command.name, DEMO_BUSINESS.id)).length;
    expect((await runDailyCommand(t.db, command, DEMO_BUSINESS.id, { now: t.clock.now })).outcome).toBe("skipped");
    expect(await runsOf(command.name, DEMO_BUSINESS.id)).toHaveLength(before);
    const again = await t.json("POST", `/api/v1/admin/daily-commands/${command.name}/run`, { token: admin, body: { business_uuid: DEMO_BUSINESS.id }, status: 200 });
    expect(again).toEqual({ ran: 1, succeeded: 1, failed: 0 });
    const runs = await runsOf(command.name, DEMO_BUSINESS.id);
    expect(runs.at(-1)).toMatchObject({ attempt: before + 1, outcome: "succeeded" });
  });
});

describe("failures", () => {
  let fails = 1;
  const flaky: DailyCommand = {
    name: "pricing.recompute",
    cron: "0 3 * * *",
    scope: "business",
    businesses: async () => [DEMO_BUSINESS.id],
    async run() {
      if (fails-- > 0) throw new Error("database went away");
    },
  };
  const day = "2030-01-02";

  it("a failed run is recorded, and the admin's retry runs it again", async () => {
    const first = await runDailyCommand(t.db, flaky, DEMO_BUSINESS.id, { now: t.clock.now, day });
    expect(first).toMatchObject({ outcome: "failed", error: "database went away" });
    const list = await t.json(`GET`, "/api/v1/admin/daily-commands", { token: admin, status: 200 });
    const failed = list.commands[0].last_runs.find((r: { uuid: string }) => r.uuid === first.runId);
    expect(failed).toMatchObject({ outcome: "failed", error: "database went away", day });
    const retried = await t.json("POST", `/api/v1/admin/daily-commands/runs/${first.runId}/retry`, { token: admin, status: 200 });
    expect(retried).toEqual({ ran: 1, succeeded: 1, failed: 0 });
    expect((await t.call("POST", `/api/v1/admin/daily-commands/runs/${first.runId}/retry`, { token: owner })).status).toBe(403);
    const ok = (await runsOf("pricing.recompute", DEMO_BUSINESS.id)).filter((r) => r.day === day);
    expect(ok.map((r) => [r.attempt, r.outcome])).toEqual([
      [1, "failed"],
      [2, "succeeded"],
    ]);
    // Retrying a run that did not fail is refused.
    const success = ok[1];
    expect((await t.call("POST", `/api/v1/admin/daily-commands/runs/${success.id}/retry`, { token: admin })).status).toBe(409);
  });

  it("on the queue, a failing run is retried by the queue until it succeeds", async () => {
    fails = 1;
    const qday = "2030-01-03";
    const jobs = dailyJobs(t.db, runningQueue, { commands: [flaky], retryDelaySeconds: 1, now: () => t.clock.now });
    const queue: JobQueue = await startJobQueue(t.handle, jobs.definitions, { schema: "pgboss_daily_test" });
    try {
      await enqueueDaily(queue, t.db, flaky, "all", { now: t.clock.now, day: qday });
      const runs = await until(
        async () => (await runsOf("pricing.recompute", DEMO_BUSINESS.id)).filter((r) => r.day === qday),
        (rows) => rows.some((r) => r.outcome === "succeeded"),
      );
      expect(runs.map((r) => [r.attempt, r.outcome])).toEqual([
        [1, "failed"],
        [2, "succeeded"],
      ]);
    } finally {
      await queue.stop();
    }
  });
});

// Two processes, each with its own pool and its own pg-boss, on one PostgreSQL database.
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)("two processes on one PostgreSQL", () => {
  let second: DatabaseHandle;
  beforeAll(async () => {
    const connectionString = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    second = await openDatabase({ kind: "postgres", url: connectionString });
  });
  afterAll(() => second?.close());

  const slow = (counter: { runs: number }): DailyCommand => ({
    name: "rewards.evaluate",
    cron: "30 3 * * *",
    scope: "business",
    businesses: async () => [DEMO_BUSINESS.id],
    async run() {
      counter.runs++;
      await new Promise((r) => setTimeout(r, 400));
    },
  });

  it("runs a business's command once when both start it at the same moment", async () => {
    const counter = { runs: 0 };
    const day = "2030-02-01";
    const outcomes = await Promise.all([
      runDailyCommand(t.db, slow(counter), DEMO_BUSINESS.id, { now: t.clock.now, day }),
      runDailyCommand(second.db, slow(counter), DEMO_BUSINESS.id, { now: t.clock.now, day }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["skipped", "succeeded"]);
    expect(counter.runs).toBe(1);
  });

  it("two queues firing the same daily slot run it once per business", async () => {
    const counter = { runs: 0 };
    const day = "2030-02-02";
    const queues: JobQueue[] = [];
    try {
      for (const handle of [t.handle, second]) {
        const jobs = dailyJobs(handle.db, () => queues.at(-1), { commands: [slow(counter)], retryDelaySeconds: 1 });
        queues.push(await startJobQueue(handle, jobs.definitions, { schema: "pgboss_daily_two" }));
      }
      // Each process enqueues the slot (as both would if the schedule fired twice), forced or not.
      await Promise.all(queues.map((q, i) => enqueueDaily(q, i === 0 ? t.db : second.db, slow(counter), "all", { now: t.clock.now, day })));
      await until(async () => (await runsOf("rewards.evaluate", DEMO_BUSINESS.id)).filter((r) => r.day === day), (rows) => rows.some((r) => r.outcome === "succeeded"));
      await new Promise((r) => setTimeout(r, 3000));
      expect(counter.runs).toBe(1);
      const runs = (await runsOf("rewards.evaluate", DEMO_BUSINESS.id)).filter((r) => r.day === day);
      expect(runs.map((r) => r.outcome)).toEqual(["succeeded"]);
    } finally {
      for (const q of queues) await q.stop();
    }
  });
});
