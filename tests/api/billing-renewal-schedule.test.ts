import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backgroundFor, cronEvery, RENEWALS_JOB } from "../../api/services/jobs/server-jobs.ts";
import type { JobQueue } from "../../api/services/jobs/queue.ts";
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

async function invoiceCount(id: string): Promise<number> {
  return (await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token: w.owner.token, lang: "en", status: 200 })).data.length;
}

describe("renewals on the job queue", () => {
  it("turns RENEWALS_EVERY_MINUTES into a cron line", () => {
    expect(cronEvery(60)).toBe("0 */1 * * *");
    expect(cronEvery(15)).toBe("*/15 * * * *");
    expect(cronEvery(1440)).toBe("0 0 * * *");
  });

  it("catches up at start, renews a subscription whose trial ended, never charges a period twice, and is scheduled", async () => {
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

    // A second run for the same moment (another process, a retry) charges nothing more.
    await queue.send(RENEWALS_JOB, {});
    await expect
      .poll(async () => ((await w.t.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${RENEWALS_JOB} and state = 'completed'`)) as unknown as { rows: { n: number }[] }).rows[0].n, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(2);
    expect(await invoiceCount(id)).toBe(1);

    const schedules = (await w.t.db.execute(sql`select cron from pgboss.schedule where name = ${RENEWALS_JOB}`)) as unknown as { rows: { cron: string }[] };
    expect(schedules.rows).toEqual([{ cron: "0 */1 * * *" }]);
    // The iCal imports of pms-ledger are polled on the same queue.
    const ical = (await w.t.db.execute(sql`select cron from pgboss.schedule where name = 'ical.poll.all'`)) as unknown as { rows: { cron: string }[] };
    expect(ical.rows).toEqual([{ cron: "*/15 * * * *" }]);
  });
});
