import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenewalReport } from "../../api/services/billing/builtin.ts";
import { scheduleRenewals } from "../../api/services/billing/renewal-schedule.ts";
import { billingWorld, newBusiness, type BillingWorld } from "./billing-fixtures.ts";

let w: BillingWorld;
beforeAll(async () => {
  w = await billingWorld();
});
afterAll(() => w.t.close());

async function statusOf(id: string): Promise<string> {
  const answer = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, lang: "en", status: 200 });
  return answer.data.plans[0].stripe_status;
}

async function invoiceCount(id: string): Promise<number> {
  return (await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token: w.owner.token, lang: "en", status: 200 })).data.length;
}

describe("the renewal schedule in the server process", () => {
  it("renews a subscription whose trial has ended, and runs again on its interval", async () => {
    w.t.clock.now = new Date("2027-06-01T09:00:00Z");
    const id = await newBusiness(w.t.db, w.owner.id);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, {
      token: w.owner.token,
      body: { plan_identifier: "essential", payment_method_id: "pm_card_visa" },
      status: 200,
    });
    expect(await statusOf(id)).toBe("trialing");

    const reports: RenewalReport[] = [];
    let clock = new Date("2027-06-20T09:00:00Z"); // after the 14-day trial
    const schedule = scheduleRenewals(w.t.db, { firstAfterMs: 0, everyMs: 40, now: () => clock, onReport: (r) => reports.push(r) });
    await expect.poll(() => reports.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    expect(reports[0].renewed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toBe("active");

    // Later runs do not charge this period a second time (the demo pousada's plans, seeded on the
    // real date, may still be catching up month by month meanwhile).
    const seen = reports.length;
    await expect.poll(() => reports.length, { timeout: 5_000 }).toBeGreaterThan(seen);
    expect(await invoiceCount(id)).toBe(1);

    await schedule.stop();
    const stoppedAt = reports.length;
    clock = new Date("2027-09-01T09:00:00Z");
    await new Promise((done) => setTimeout(done, 150));
    expect(reports.length).toBe(stoppedAt);
    expect(await statusOf(id)).toBe("active");
    expect(await invoiceCount(id)).toBe(1);
  });
});
