import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { openDatabase, type DatabaseHandle } from "#api/db/client.ts";
import {
  apiTokens,
  businesses,
  businessInvitations,
  dailyCommandRuns,
  invoices,
  notifications,
  passwordResets,
  publishedRates,
  subscriptions,
  twoFactorChallenges,
} from "#api/db/schema/index.ts";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { DAILY_COMMANDS, type DailyCommand } from "#api/services/daily/commands.ts";
import { runDailyCommand } from "#api/services/daily/runs.ts";
import { dailyJobs, enqueueDaily } from "#api/services/daily/schedule.ts";
import { runningQueue, startJobQueue, type JobQueue } from "#api/services/queue/queue.ts";
import { INITIAL_BUSINESS_STATUS } from "#domain/business/status.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

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
    const cron = (list: { commands: { name: string; cron: string | null }[] }, name: string) => list.commands.find((c) => c.name === name)?.cron;
    // The two that repeat through the day: the iCal polls every 15 minutes, the renewals every RENEWALS_EVERY_MINUTES (60).
    expect(cron(answer, "ical.poll")).toBe("*/15 * * * *");
    expect(cron(answer, "billing.renewals")).toBe("0 */1 * * *");
    // RENEWALS_EVERY_MINUTES=0: the renewals are not scheduled (run here, or by the script from cron).
    const off = createApi({ db: t.db, config: { ...t.config, RENEWALS_EVERY_MINUTES: 0 }, now: () => t.clock.now });
    const res = await off.fetch(new Request("http://tarifa.test/api/v1/admin/daily-commands", { headers: { authorization: `Bearer ${admin}` } }));
    expect(cron(await res.json(), "billing.renewals")).toBeNull();
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
    // Every command of every demo business, the forecasts and backtests included: longer than one request.
  }, 120_000);

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

describe("the trial's end, the renewals and the iCal polls, run from the admin page", () => {
  let server: Server;
  let origin = "";
  let answer: [number, string] = [500, "down"];
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(answer[0], { "content-type": "text/calendar" }).end(answer[1]));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const baseSubscription = and(eq(subscriptions.businessId, DEMO_BUSINESS.id), eq(subscriptions.isAddOn, false));
  const lastRun = async (command: string) => {
    const list = await t.json("GET", `/api/v1/admin/daily-commands?business_uuid=${DEMO_BUSINESS.id}`, { token: admin, status: 200 });
    return list.commands.find((c: { name: string }) => c.name === command).last_runs[0];
  };

  it("billing.trial-ending tells the team three days before the trial ends, in their language", async () => {
    const target = addDays(todayIn("America/Sao_Paulo", t.clock.now), 3);
    await t.db.update(subscriptions).set({ status: "trialing", trialEnd: new Date(`${target}T15:00:00Z`) }).where(baseSubscription);
    expect(await t.json("POST", "/api/v1/admin/daily-commands/billing.trial-ending/run", { token: admin, body: { business_uuid: DEMO_BUSINESS.id }, status: 200 })).toEqual({ ran: 1, succeeded: 1, failed: 0 });
    const list = await t.json("GET", "/api/v1/notifications?kind=trial.ending", { token: owner, lang: "en", status: 200 });
    const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${target}T00:00:00Z`));
    expect(list.notifications.map((n: { title: string; link: string }) => [n.title, n.link])).toEqual([[`The free trial of Pousada Maré Alta ends on ${date}`, "/account-settings/subscriptions"]]);
  });

  it("billing.renewals renews a due subscription once, however often it runs, and shows in the history", async () => {
    await t.db.update(subscriptions).set({ status: "active", currentPeriodEnd: new Date(t.clock.now.getTime() - 3_600_000) }).where(baseSubscription);
    const invoiceCount = async () => (await t.db.select().from(invoices).where(eq(invoices.businessId, DEMO_BUSINESS.id))).length;
    const before = await invoiceCount();
    // Every business with something due (only the demo pousada here).
    expect(await t.json("POST", "/api/v1/admin/daily-commands/billing.renewals/run", { token: admin, body: {}, status: 200 })).toEqual({ ran: 1, succeeded: 1, failed: 0 });
    expect(await invoiceCount()).toBe(before + 1);
    const [renewed] = await t.db.select().from(subscriptions).where(baseSubscription);
    expect(renewed).toMatchObject({ status: "active" });
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(t.clock.now.getTime());
    // Nothing due any more; run now for the pousada anyway: it runs, and charges nothing.
    expect(await t.json("POST", "/api/v1/admin/daily-commands/billing.renewals/run", { token: admin, body: {}, status: 200 })).toEqual({ ran: 0, succeeded: 0, failed: 0 });
    expect(await t.json("POST", "/api/v1/admin/daily-commands/billing.renewals/run", { token: admin, body: { business_uuid: DEMO_BUSINESS.id }, status: 200 })).toEqual({ ran: 1, succeeded: 1, failed: 0 });
    expect(await invoiceCount()).toBe(before + 1);
    expect(await lastRun("billing.renewals")).toMatchObject({ business_uuid: DEMO_BUSINESS.id, outcome: "succeeded", attempt: 1 });
  });

  it("ical.poll run now fails on a calendar that cannot be read, with the reason; the retry runs it again", async () => {
    answer = [500, "down"];
    const created = await t.json("POST", `/api/v1/businesses/${DEMO_BUSINESS.id}/ical-imports`, {
      token: owner,
      body: { name: "Airbnb", url: `${origin}/airbnb.ics`, room_category_uuid: DEMO_CATEGORY_IDS.standard },
      status: 201,
    });
    try {
      expect(await t.json("POST", "/api/v1/admin/daily-commands/ical.poll/run", { token: admin, body: {}, status: 200 })).toEqual({ ran: 1, succeeded: 0, failed: 1 });
      const failed = await lastRun("ical.poll");
      expect(failed).toMatchObject({ outcome: "failed", error: `1 iCal import(s) failed: ${created.ical_import.uuid}: the address answered HTTP 500` });
      answer = [200, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Fake//EN\r\nEND:VCALENDAR\r\n"];
      expect(await t.json("POST", `/api/v1/admin/daily-commands/runs/${failed.uuid}/retry`, { token: admin, status: 200 })).toEqual({ ran: 1, succeeded: 1, failed: 0 });
      expect(await lastRun("ical.poll")).toMatchObject({ outcome: "succeeded", attempt: 2, error: null });
    } finally {
      await t.call("DELETE", `/api/v1/businesses/${DEMO_BUSINESS.id}/ical-imports/${created.ical_import.uuid}`, { token: owner });
    }
  });
});

describe("maintenance.prune", () => {
  it("deletes expired or spent sessions, reset links, two-factor challenges, long-dead invitations and old run history, and keeps the live ones", async () => {
    const userId = (await userByEmail(t.db, demoUsers.owner.email)).id;
    const at = (hours: number) => new Date(t.clock.now.getTime() + hours * 3_600_000);
    const hash = () => randomBytes(16).toString("hex");
    const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);
    // Gone: expired two days ago; revoked or used more than a day ago. Kept: expired two hours ago (a day's grace), live.
    const [expired, revoked, recent, live] = ids(
      await t.db
        .insert(apiTokens)
        .values([at(-48), at(480), at(-2), at(480)].map((expiresAt, i) => ({ userId, tokenHash: hash(), kind: "session" as const, expiresAt, revokedAt: i === 1 ? at(-30) : null })))
        .returning(),
    );
    const [oldReset, usedReset, liveReset] = ids(
      await t.db
        .insert(passwordResets)
        .values([at(-48), at(1), at(1)].map((expiresAt, i) => ({ userId, tokenHash: hash(), expiresAt, usedAt: i === 1 ? at(-30) : null })))
        .returning(),
    );
    const [oldChallenge, usedChallenge, liveChallenge] = ids(
      await t.db
        .insert(twoFactorChallenges)
        .values([at(-48), at(0.1), at(0.1)].map((expiresAt, i) => ({ userId, tokenHash: hash(), expiresAt, usedAt: i === 1 ? at(-30) : null })))
        .returning(),
    );
    // Invitations: a month past their end, accepted or not, gone; expired two days ago (its link still says "expired") and live, kept.
    const [deadInvite, acceptedLongAgo, lateInvite, liveInvite] = ids(
      await t.db
        .insert(businessInvitations)
        .values(
          [at(-24 * 31), at(-24 * 40), at(-48), at(24 * 6)].map((expiresAt, i) => ({
            businessId: DEMO_BUSINESS.id,
            email: `prune-${i}@example.com`,
            tokenHash: hash(),
            invitedBy: userId,
            expiresAt,
            acceptedAt: i === 1 ? at(-24 * 45) : null,
          })),
        )
        .returning(),
    );
    // Run history older than 14 days goes, except the newest run of a command and business.
    const old = { day: "2020-01-01", outcome: "succeeded" as const, startedAt: at(-24 * 20), finishedAt: at(-24 * 20) };
    const [oldRun, lastOfItsKind] = ids(
      await t.db
        .insert(dailyCommandRuns)
        .values([
          { ...old, command: "pricing.recompute", businessId: DEMO_BUSINESS.id },
          { ...old, command: "retired.command", businessId: null },
        ])
        .returning(),
    );

    expect(await t.json("POST", "/api/v1/admin/daily-commands/maintenance.prune/run", { token: admin, body: {}, status: 200 })).toEqual({ ran: 1, succeeded: 1, failed: 0 });
    const left = async (table: typeof apiTokens | typeof passwordResets | typeof twoFactorChallenges | typeof businessInvitations | typeof dailyCommandRuns, wanted: string[]) =>
      ids(await t.db.select({ id: table.id }).from(table as typeof apiTokens).where(inArray(table.id, wanted))).sort();
    expect(await left(apiTokens, [expired, revoked, recent, live])).toEqual([recent, live].sort());
    expect(await left(passwordResets, [oldReset, usedReset, liveReset])).toEqual([liveReset]);
    expect(await left(twoFactorChallenges, [oldChallenge, usedChallenge, liveChallenge])).toEqual([liveChallenge]);
    expect(await left(businessInvitations, [deadInvite, acceptedLongAgo, lateInvite, liveInvite])).toEqual([lateInvite, liveInvite].sort());
    expect(await left(dailyCommandRuns, [oldRun, lastOfItsKind])).toEqual([lastOfItsKind]);
    // The live session still signs in.
    expect((await t.call("GET", "/api/v1/user/app-state", { token: owner })).status).toBe(200);
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
