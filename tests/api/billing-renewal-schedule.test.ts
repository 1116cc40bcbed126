import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyCommandRuns } from "#api/db/schema/index.ts";
import { dailyCommand } from "#api/services/daily/commands.ts";
import { enqueueDaily } from "#api/services/daily/schedule.ts";
import { backgroundFor } from "#api/services/jobs/server-jobs.ts";
import type { JobQueue } from "#api/services/queue/queue.ts";
import { billingWorld, newBusiness, type BillingWorld } from "./billing-fixtures.ts";

let w: BillingWorld;
let queue: JobQueue | undefined;
let clock = new Date("2027-06-01T09:00:00Z");
beforeAll(async () => {
  w = await billingWorld();
});
afterAll(async () => {
  await queue?.stop();
  await w.t.close();
});

async function statusOf(id: string): Promise<string> {
  const answer = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, lang: "en", status: 200 });
  return answer.data.plans[0].stripe_status;
}

const renewals = dailyCommand("billing.renewals")!;
const runsOf = (businessId: string) =>
  w.t.db.select().from(dailyCommandRuns).where(and(eq(dailyCommandRuns.command, renewals.name), eq(dailyCommandRuns.businessId, businessId))).orderBy(asc(dailyCommandRuns.startedAt));

async function invoiceCount(id: string): Promise<number> {
  return (await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token: w.owner.token, lang: "en", status: 200 })).data.length;
}

describe("renewals on the job queue", () => {
  it("are a daily command that catches up at start, renews a subscription whose trial ended, never charges a period twice, and is scheduled", async () => {
    w.t.clock.now = clock;
    const id = await newBusiness(w.t.db, w.owner.id);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, {
      token: w.owner.token,
      body: { plan_identifier: "essential", payment_method_id: "pm_card_visa" },
      status: 200,
    });
    expect(await statusOf(id)).toBe("trialing");

    clock = new Date("2027-06-20T09:00:00Z"); // after the 14-day trial
    queue = await backgroundFor(w.t.handle, { RENEWALS_EVERY_MINUTES: 60 }, () => clock);
    await expect.poll(() => statusOf(id), { timeout: 15_000, interval: 200 }).toBe("active");
    expect(await invoiceCount(id)).toBe(1);

    // A second run for the same moment (another process, the admin's "run now") charges nothing more.
    await enqueueDaily(queue, w.t.db, renewals, id, { now: clock, force: true });
    await expect.poll(async () => (await runsOf(id)).map((r) => r.outcome), { timeout: 15_000, interval: 200 }).toEqual(["succeeded", "succeeded"]);
    expect(await invoiceCount(id)).toBe(1);

    const cronOf = async (name: string) => ((await w.t.db.execute(sql`select cron from pgboss.schedule where name = ${name}`)) as unknown as { rows: { cron: string }[] }).rows;
    expect(await cronOf("daily.all.billing.renewals")).toEqual([{ cron: "0 */1 * * *" }]);
    // The iCal imports of pms-ledger are a daily command on the same queue, every 15 minutes.
    expect(await cronOf("daily.all.ical.poll")).toEqual([{ cron: "*/15 * * * *" }]);
  });

  it("a restart removes the schedules of the jobs the daily commands replaced; RENEWALS_EVERY_MINUTES=0 takes the renewals off", async () => {
    // What a database of the previous version holds.
    for (const [name, cron] of [["billing.renewals", "0 */1 * * *"], ["ical.poll.all", "*/15 * * * *"]]) {
      await queue!.boss.createQueue(name);
      await queue!.boss.schedule(name, cron);
    }
    await queue!.stop();
    queue = await backgroundFor(w.t.handle, { RENEWALS_EVERY_MINUTES: 0 }, () => clock);
    const names = (await w.t.db.execute(sql`select name from pgboss.schedule order by name`)) as unknown as { rows: { name: string }[] };
    const scheduled = names.rows.map((r) => r.name);
    expect(scheduled).toContain("daily.all.ical.poll");
    for (const gone of ["billing.renewals", "ical.poll.all", "daily.all.billing.renewals"]) expect(scheduled).not.toContain(gone);
  });
});
