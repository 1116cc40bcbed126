import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, invoices } from "#api/db/schema/index.ts";
import { renewDue } from "#api/services/billing/builtin.ts";
import { hasActiveSubscription, hasPlan, type Plan } from "#domain/subscription/state.ts";
import { addCoupon, billingWorld, newBusiness, subscriptionRows, type BillingWorld } from "./billing-fixtures.ts";

let w: BillingWorld;
beforeAll(async () => {
  w = await billingWorld();
});
afterAll(() => w.t.close());

const at = (iso: string) => new Date(iso);

function post(path: string, body: unknown, status?: number, token = w.owner.token) {
  return w.t.json("POST", path, { token, body, lang: "en", status });
}

async function plansOf(id: string): Promise<(Plan & Record<string, any>)[]> {
  return (await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, lang: "en", status: 200 })).data.plans;
}

async function invoicesOf(id: string) {
  return (await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token: w.owner.token, lang: "en", status: 200 })).data;
}

async function subscribed(plan = "essential", options: Parameters<typeof newBusiness>[2] & { card?: string; coupon?: string } = {}) {
  const id = await newBusiness(w.t.db, w.owner.id, options);
  await post(`/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: plan, payment_method_id: options.card ?? "pm_card_visa", coupon_id: options.coupon }, 200);
  return id;
}

describe("add-ons", () => {
  it("adds ai during the trial (it follows the base plan's trial), removes it at period end, resumes it", async () => {
    w.t.clock.now = at("2027-01-10T09:00:00Z");
    const id = await subscribed();
    const added = await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "ai" }, 200);
    expect(added).toEqual({ success: true, message: "AI assistant added." });
    let plans = await plansOf(id);
    expect(plans.map((p) => [p.plan_identifier, p.stripe_status, p.is_add_on])).toEqual([
      ["essential", "trialing", false],
      ["ai", "trialing", true],
    ]);
    expect(plans[1].trial_end).toBe(plans[0].trial_end);
    expect(hasPlan(plans, "ai")).toBe(true);
    expect(await invoicesOf(id)).toEqual([]);

    const removed = await post(`/api/v1/subscriptions/${id}/addons/remove`, { plan_identifier: "ai", cancellation_reason: "  Not <using> it  " }, 200);
    expect(removed.message).toBe("AI assistant will end on 2027-01-24.");
    plans = await plansOf(id);
    expect(plans[1]).toMatchObject({ stripe_status: "trialing", cancel_at_period_end: true, cancellation_reason: "Not using it" });
    // Paid (or trialed) until the end of the period: still usable.
    expect(hasPlan(plans, "ai")).toBe(true);

    expect(await post(`/api/v1/subscriptions/${id}/resume`, { plan_identifier: "ai" }, 200)).toEqual({ success: true, message: "AI assistant resumed." });
    plans = await plansOf(id);
    expect(plans[1]).toMatchObject({ stripe_status: "trialing", cancel_at_period_end: false, cancellation_reason: null });
    // Resuming what is not canceled is refused.
    expect((await post(`/api/v1/subscriptions/${id}/resume`, { plan_identifier: "ai" }, 409)).message).toBe("This plan is not canceled.");
  });

  it("an add-on on a paying plan is charged for the days left in the period", async () => {
    w.t.clock.now = at("2027-02-01T00:00:00Z");
    const id = await subscribed();
    await renewDue(w.t.db, at("2027-02-15T00:00:00Z")); // trial over: Feb 15 → Mar 15 (28 days)
    w.t.clock.now = at("2027-03-01T00:00:00Z"); // 14 days left
    await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "motor" }, 200);
    const plans = await plansOf(id);
    expect(plans[1]).toMatchObject({ plan_identifier: "motor", stripe_status: "active", current_period_end: "2027-03-15T00:00:00.000Z", price_cents: 9900 });
    const [latest] = await invoicesOf(id);
    // R$ 99,00 × 14/28 days.
    expect(latest).toMatchObject({ status: "paid", subtotal_cents: 4950, total_cents: 4950 });
    expect(latest.lines).toEqual([expect.objectContaining({ kind: "proration_charge", plan_identifier: "motor", amount_cents: 4950 })]);
  });

  it("refuses add-ons without a plan, base plans as add-ons, and the same add-on twice", async () => {
    const bare = await newBusiness(w.t.db, w.owner.id);
    expect((await post(`/api/v1/subscriptions/${bare}/addons`, { addon_plan_identifier: "ai" }, 409)).message).toBe("Add-ons need an active plan.");
    const id = await subscribed();
    expect((await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "pro" }, 422)).errors.addon_plan_identifier).toEqual(["This plan is not an add-on."]);
    await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "ai" }, 200);
    expect((await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "ai" }, 409)).message).toBe("This add-on is already active.");
    expect((await post(`/api/v1/subscriptions/${id}/addons/remove`, { plan_identifier: "essential" }, 422)).errors.plan_identifier).toEqual(["This plan is not an add-on."]);
    expect((await post(`/api/v1/subscriptions/${id}/addons/remove`, { plan_identifier: "motor" }, 422)).errors.plan_identifier).toEqual([
      "This business is not subscribed to this plan.",
    ]);
  });
});

describe("unsubscribe and resume", () => {
  it("at period end keeps the plan until then; the renewal run then ends it", async () => {
    w.t.clock.now = at("2027-04-01T10:00:00Z");
    const id = await subscribed();
    const answer = await post(`/api/v1/subscriptions/${id}/unsubscribe`, { plan_identifier: "essential", immediately: false, cancellation_reason: "Too expensive" }, 200);
    expect(answer.message).toBe("Essential will end on 2027-04-15.");
    let plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ stripe_status: "trialing", cancel_at_period_end: true, cancellation_reason: "Too expensive" });
    expect(hasActiveSubscription(plans)).toBe(true);
    await renewDue(w.t.db, at("2027-04-15T10:00:00Z"));
    plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ stripe_status: "canceled", canceled_at: "2027-04-15T10:00:00.000Z" });
    expect(hasActiveSubscription(plans)).toBe(false);
    expect(await invoicesOf(id)).toEqual([]);
  });

  it("immediately ends the plan and its add-ons; resuming restarts it, paid from day one", async () => {
    w.t.clock.now = at("2027-05-01T10:00:00Z");
    const id = await subscribed();
    await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "ai" }, 200);
    expect((await post(`/api/v1/subscriptions/${id}/unsubscribe`, { plan_identifier: "essential", immediately: true }, 200)).message).toBe("Essential was canceled.");
    let plans = await plansOf(id);
    expect(plans.map((p) => [p.plan_identifier, p.stripe_status])).toEqual([
      ["essential", "canceled"],
      ["ai", "canceled"],
    ]);
    expect(hasActiveSubscription(plans)).toBe(false);
    expect(hasPlan(plans, "ai")).toBe(false);
    // The add-on cannot come back before its plan.
    expect((await post(`/api/v1/subscriptions/${id}/resume`, { plan_identifier: "ai" }, 409)).message).toBe("Add-ons need an active plan.");
    await post(`/api/v1/subscriptions/${id}/resume`, { plan_identifier: "essential" }, 200);
    plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ plan_identifier: "essential", stripe_status: "active", trial_end: null, current_period_end: "2027-06-01T10:00:00.000Z" });
    const [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ total_cents: 14900, status: "paid" });
    expect((await post(`/api/v1/subscriptions/${id}/unsubscribe`, { plan_identifier: "pro", immediately: true }, 422)).errors.plan_identifier).toEqual([
      "This business is not subscribed to this plan.",
    ]);
  });
});

describe("change plan, with proration by remaining days", () => {
  it("previews and charges the difference for the days left; a downgrade leaves a credit for the next invoice", async () => {
    w.t.clock.now = at("2027-03-01T12:00:00Z");
    const id = await subscribed();
    await renewDue(w.t.db, at("2027-03-15T12:00:00Z")); // first paid period: Mar 15 → Apr 15, 31 days
    let [first] = await invoicesOf(id);
    expect(first).toMatchObject({ total_cents: 14900, status: "paid" });

    w.t.clock.now = at("2027-03-25T12:00:00Z"); // 21 of 31 days left
    const preview = await w.t.json("GET", `/api/v1/subscriptions/${id}/change-plan/preview?to=pro`, { token: w.owner.token, status: 200 });
    // credit 14900 × 21/31 = 10093.5 → 10094; charge 29900 × 21/31 = 20254.8 → 20255.
    expect(preview.data).toMatchObject({
      from_plan_identifier: "essential",
      to_plan_identifier: "pro",
      trialing: false,
      total_days: 31,
      remaining_days: 21,
      credit_cents: 10094,
      charge_cents: 20255,
      net_cents: 10161,
      due_now_cents: 10161,
      next_price_cents: 29900,
    });
    expect((await post(`/api/v1/subscriptions/${id}/change-plan`, { from_plan_identifier: "essential", to_plan_identifier: "pro" }, 200)).message).toBe(
      "Your plan is now Pro.",
    );
    const [upgrade] = await invoicesOf(id);
    expect(upgrade).toMatchObject({ number: "TRF-000002", subtotal_cents: 10161, total_cents: 10161, status: "paid" });
    expect(upgrade.lines.map((l: { kind: string; plan_identifier: string; amount_cents: number }) => [l.kind, l.plan_identifier, l.amount_cents])).toEqual([
      ["proration_credit", "essential", -10094],
      ["proration_charge", "pro", 20255],
    ]);
    let plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ plan_identifier: "pro", stripe_status: "active", price_cents: 29900, current_period_end: "2027-04-15T12:00:00.000Z" });

    w.t.clock.now = at("2027-04-05T12:00:00Z"); // 10 days left
    const down = await w.t.json("GET", `/api/v1/subscriptions/${id}/change-plan/preview?to=essential`, { token: w.owner.token, status: 200 });
    // credit 29900 × 10/31 = 9645.2 → 9645; charge 14900 × 10/31 = 4806.5 → 4806: a credit of 4839.
    expect(down.data).toMatchObject({ credit_cents: 9645, charge_cents: 4806, net_cents: -4839, due_now_cents: 0, credit_after_cents: 4839 });
    await post(`/api/v1/subscriptions/${id}/change-plan`, { from_plan_identifier: "pro", to_plan_identifier: "essential", prorate: true }, 200);
    expect(await invoicesOf(id)).toHaveLength(2);

    await renewDue(w.t.db, at("2027-04-15T12:00:00Z"));
    const [renewal] = await invoicesOf(id);
    expect(renewal).toMatchObject({ subtotal_cents: 14900, credit_cents: 4839, total_cents: 10061, status: "paid" });
    plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ plan_identifier: "essential", current_period_end: "2027-05-15T12:00:00.000Z" });
  });

  it("without proration the new price starts at the next period; in a trial nothing is charged", async () => {
    w.t.clock.now = at("2027-06-01T00:00:00Z");
    const trialing = await subscribed();
    await post(`/api/v1/subscriptions/${trialing}/change-plan`, { from_plan_identifier: "essential", to_plan_identifier: "pro" }, 200);
    expect((await plansOf(trialing))[0]).toMatchObject({ plan_identifier: "pro", stripe_status: "trialing", price_cents: 29900 });
    expect(await invoicesOf(trialing)).toEqual([]);

    const paying = await subscribed();
    await renewDue(w.t.db, at("2027-06-15T00:00:00Z"));
    w.t.clock.now = at("2027-06-20T00:00:00Z");
    await post(`/api/v1/subscriptions/${paying}/change-plan`, { from_plan_identifier: "essential", to_plan_identifier: "pro", prorate: false }, 200);
    expect(await invoicesOf(paying)).toHaveLength(1);
    await renewDue(w.t.db, at("2027-07-15T00:00:00Z"));
    expect((await invoicesOf(paying))[0]).toMatchObject({ total_cents: 29900 });
  });

  it("refuses the same plan, an add-on, and a plan the business is not on", async () => {
    const id = await subscribed();
    const body = (from: string, to: string) => ({ from_plan_identifier: from, to_plan_identifier: to });
    expect((await post(`/api/v1/subscriptions/${id}/change-plan`, body("essential", "essential"), 422)).errors.to_plan_identifier).toEqual([
      "This is already the current plan.",
    ]);
    expect((await post(`/api/v1/subscriptions/${id}/change-plan`, body("essential", "ai"), 422)).errors.to_plan_identifier).toEqual([
      "Only plans (not add-ons) can be changed.",
    ]);
    await post(`/api/v1/subscriptions/${id}/change-plan`, body("pro", "essential"), 422);
    await w.t.json("GET", `/api/v1/subscriptions/${id}/change-plan/preview`, { token: w.owner.token, status: 422 });
  });
});

describe("renewals by the clock", () => {
  it("bills the first period after the trial with the coupon, then the full price", async () => {
    w.t.clock.now = at("2027-08-01T00:00:00Z");
    await addCoupon(w.t.db, { id: "PRIMEIRO20", percentOff: 20, duration: "once" });
    const id = await subscribed("essential", { coupon: "PRIMEIRO20" });
    await renewDue(w.t.db, at("2027-08-14T23:59:59Z"));
    expect(await invoicesOf(id)).toEqual([]);
    await renewDue(w.t.db, at("2027-08-15T00:00:00Z"));
    let [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ subtotal_cents: 14900, discount_cents: 2980, total_cents: 11920, status: "paid" });
    expect((await plansOf(id))[0]).toMatchObject({ stripe_status: "active", discount_periods_left: 0, current_period_end: "2027-09-15T00:00:00.000Z" });
    await renewDue(w.t.db, at("2027-09-15T00:00:00Z"));
    [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ discount_cents: 0, total_cents: 14900 });
  });

  it("renews at the business's payment_frequency: yearly prices and a twelve-month period", async () => {
    w.t.clock.now = at("2027-08-01T00:00:00Z");
    const yearly = await subscribed("essential", { paymentFrequency: "yearly" });
    expect((await plansOf(yearly))[0]).toMatchObject({ interval: "year", price_cents: 149000 });
    const monthly = await subscribed();
    // The owner switches to yearly billing before the trial ends: the next period follows it.
    await w.t.db.update(businesses).set({ paymentFrequency: "yearly" }).where(eq(businesses.id, monthly));
    await renewDue(w.t.db, at("2027-08-15T00:00:00Z"));
    for (const id of [yearly, monthly]) {
      expect((await invoicesOf(id))[0]).toMatchObject({ total_cents: 149000 });
      expect((await plansOf(id))[0]).toMatchObject({ interval: "year", current_period_end: "2028-08-15T00:00:00.000Z" });
    }
  });

  it("a failing card makes it past_due (not active); a new card recovers it", async () => {
    w.t.clock.now = at("2027-10-01T00:00:00Z");
    const id = await subscribed("essential", { card: "pm_card_chargeCustomerFail" });
    await renewDue(w.t.db, at("2027-10-15T00:00:00Z"));
    let plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ stripe_status: "past_due" });
    expect(hasActiveSubscription(plans)).toBe(false);
    let [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ status: "open", total_cents: 14900, failure_message: "Your card was declined." });
    // The owner cannot change plan until it is paid.
    w.t.clock.now = at("2027-10-16T00:00:00Z");
    expect((await post(`/api/v1/subscriptions/${id}/change-plan`, { from_plan_identifier: "essential", to_plan_identifier: "pro" }, 409)).message).toBe(
      "Pay the open invoice before changing plan.",
    );
    await post(`/api/v1/payments/${id}/methods`, { payment_method_id: "pm_card_mastercard" }, 201);
    await renewDue(w.t.db, at("2027-10-16T00:00:00Z"));
    plans = await plansOf(id);
    expect(plans[0]).toMatchObject({ stripe_status: "active", current_period_end: "2027-11-15T00:00:00.000Z" });
    [invoice] = await invoicesOf(id);
    expect(invoice).toMatchObject({ status: "paid", failure_message: null });
  });

  it("past due beyond the seven-day grace period ends the plan and its add-ons and voids the invoice", async () => {
    w.t.clock.now = at("2027-11-01T00:00:00Z");
    const id = await subscribed("essential", { card: "pm_card_chargeCustomerFail" });
    await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "ai" }, 200);
    await renewDue(w.t.db, at("2027-11-15T00:00:00Z"));
    expect((await plansOf(id)).map((p) => p.stripe_status)).toEqual(["past_due", "past_due"]);
    await renewDue(w.t.db, at("2027-11-18T00:00:00Z"));
    expect((await plansOf(id)).map((p) => p.stripe_status)).toEqual(["past_due", "past_due"]);
    await renewDue(w.t.db, at("2027-11-22T00:00:00Z"));
    const plans = await plansOf(id);
    expect(plans.map((p) => p.stripe_status)).toEqual(["canceled", "canceled"]);
    expect(hasPlan(plans, "ai")).toBe(false);
    const rows = await w.t.db.select().from(invoices).where(eq(invoices.businessId, id));
    expect(rows.map((r) => r.status)).toEqual(["void", "void"]);
    expect((await subscriptionRows(w.t.db, id)).every((s) => s.status === "canceled")).toBe(true);
  });

  it("a repeating coupon discounts the first N monthly periods", async () => {
    w.t.clock.now = at("2028-01-01T00:00:00Z");
    await addCoupon(w.t.db, { id: "TRESMESES", percentOff: null, amountOffCents: 5000, duration: "repeating", durationInMonths: 3 });
    const id = await subscribed("essential", { coupon: "TRESMESES" });
    let date = at("2028-01-15T00:00:00Z");
    const totals: number[] = [];
    for (let i = 0; i < 4; i++) {
      await renewDue(w.t.db, date);
      totals.push((await invoicesOf(id))[0].total_cents);
      date = at((await plansOf(id))[0].current_period_end);
    }
    expect(totals).toEqual([9900, 9900, 9900, 14900]);
  });
});

describe("permissions on changes", () => {
  it("collaborators and other owners get 403 on every change; nothing changes", async () => {
    const id = await newBusiness(w.t.db, w.owner.id, { collaboratorId: w.collaborator.id });
    await post(`/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: "essential", payment_method_id: "pm_card_visa" }, 200);
    const calls: [string, unknown][] = [
      ["unsubscribe", { plan_identifier: "essential", immediately: true }],
      ["addons", { addon_plan_identifier: "ai" }],
      ["addons/remove", { plan_identifier: "ai" }],
      ["change-plan", { from_plan_identifier: "essential", to_plan_identifier: "pro" }],
      ["resume", { plan_identifier: "essential" }],
    ];
    for (const token of [w.collaborator.token, w.otherOwner.token]) {
      for (const [path, body] of calls) await post(`/api/v1/subscriptions/${id}/${path}`, body, 403, token);
      await w.t.json("GET", `/api/v1/subscriptions/${id}/change-plan/preview?to=pro`, { token, status: 403 });
    }
    const plans = await plansOf(id);
    expect(plans.map((p) => [p.plan_identifier, p.stripe_status])).toEqual([["essential", "trialing"]]);
    // An administrator may act on any business.
    await post(`/api/v1/subscriptions/${id}/addons`, { addon_plan_identifier: "ai" }, 200, w.admin.token);
  });
});
