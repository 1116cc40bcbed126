import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { billingCustomers, coupons, invoices, plans, subscriptions } from "#api/db/schema/index.ts";
import { providerFor } from "#api/services/billing/index.ts";
import { createStripeProvider, type StripeClient } from "#api/services/billing/stripe.ts";
import { billingWorld, cardRows, newBusiness, subscriptionRows, type BillingWorld } from "./billing-fixtures.ts";

/**
 * The Stripe provider against a fake Stripe client (no network in tests), and the webhook with
 * real signatures made by stripe.webhooks.generateTestHeaderString.
 */

const SECRET = "whsec_test_secret_for_billing_tests";
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

interface Call {
  method: string;
  args: unknown[];
}

function fakeStripe() {
  const calls: Call[] = [];
  let counter = 0;
  const failNext: Record<string, unknown> = {};
  const record = (method: string, args: unknown[]) => {
    calls.push({ method, args });
    if (failNext[method]) {
      const error = failNext[method];
      delete failNext[method];
      throw error;
    }
  };
  const subscription = (params: Record<string, any>, status = params.trial_period_days ? "trialing" : "active") => {
    const start = seconds("2027-02-01T00:00:00Z");
    const end = params.trial_period_days ? start + params.trial_period_days * 86400 : seconds("2027-03-01T00:00:00Z");
    return {
      id: `sub_fake_${++counter}`,
      object: "subscription",
      status,
      cancel_at_period_end: params.cancel_at_period_end ?? false,
      canceled_at: null,
      trial_end: params.trial_period_days ? end : null,
      start_date: start,
      items: { data: [{ id: `si_fake_${counter}`, current_period_start: start, current_period_end: end, price: { id: params.items?.[0]?.price, recurring: { interval: "month" } } }] },
      latest_invoice:
        status === "active"
          ? { id: `in_fake_${counter}`, number: `STRIPE-${counter}`, status: "paid", subtotal: 14900, total: 14900, total_discount_amounts: [], lines: { data: [] }, status_transitions: { paid_at: start } }
          : null,
    };
  };
  const client = {
    customers: {
      create: async (...args: unknown[]) => (record("customers.create", args), { id: `cus_fake_${++counter}` }),
      update: async (...args: unknown[]) => (record("customers.update", args), { id: args[0] }),
    },
    paymentMethods: {
      attach: async (...args: unknown[]) => (
        record("paymentMethods.attach", args), { id: `pm_fake_${++counter}`, type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2031 } }
      ),
      detach: async (...args: unknown[]) => (record("paymentMethods.detach", args), { id: args[0] }),
    },
    prices: { create: async (...args: unknown[]) => (record("prices.create", args), { id: `price_fake_${++counter}` }) },
    coupons: { create: async (...args: unknown[]) => (record("coupons.create", args), { id: (args[0] as { id: string }).id }) },
    subscriptions: {
      create: async (...args: unknown[]) => (record("subscriptions.create", args), subscription(args[0] as Record<string, unknown>)),
      retrieve: async (...args: unknown[]) => (record("subscriptions.retrieve", args), subscription({ items: [{ price: "price_x" }] })),
      update: async (...args: unknown[]) => (record("subscriptions.update", args), { ...subscription({}), id: args[0], ...(args[1] as object) }),
      cancel: async (...args: unknown[]) => (record("subscriptions.cancel", args), { ...subscription({}), id: args[0], status: "canceled", canceled_at: seconds("2027-02-10T00:00:00Z") }),
    },
  };
  return { client: client as unknown as StripeClient, calls, failNext };
}

let w: BillingWorld;
let fake: ReturnType<typeof fakeStripe>;
let stripeApi: ReturnType<typeof createApi>;

beforeAll(async () => {
  w = await billingWorld();
  fake = fakeStripe();
  stripeApi = createApi({
    db: w.t.db,
    config: { ...w.t.config, STRIPE_WEBHOOK_SECRET: SECRET },
    now: () => w.t.clock.now,
    billing: createStripeProvider({ client: fake.client }),
  });
}, 300_000);
afterAll(() => w.t.close());

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const h = new Headers({ authorization: `Bearer ${w.owner.token}`, "accept-language": "en", ...headers });
  if (body !== undefined && typeof body !== "string") h.set("content-type", "application/json");
  return Promise.resolve(stripeApi.fetch(new Request(`http://tarifa.test${path}`, { method, headers: h, body: typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body) })));
}

describe("choosing the provider", () => {
  it("is Stripe when STRIPE_SECRET_KEY is set, the built-in one otherwise", async () => {
    expect((await providerFor({ STRIPE_SECRET_KEY: "sk_test_123" })).name).toBe("stripe");
    expect((await providerFor({})).name).toBe("builtin");
  });
});

describe("the Stripe provider", () => {
  it("creates the customer, the card, the price and the coupon in Stripe, then the trialing subscription", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await w.t.db.insert(coupons).values({ id: "STRIPE10", name: "10%", percentOff: 10, duration: "once" });
    const res = await call("POST", `/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: "essential", payment_method_id: "pm_card_visa", coupon_id: "stripe10" });
    expect(res.status, await res.clone().text()).toBe(200);
    const methods = fake.calls.map((c) => c.method);
    expect(methods).toEqual(["customers.create", "paymentMethods.attach", "customers.update", "prices.create", "coupons.create", "subscriptions.create"]);
    expect(fake.calls[1].args[0]).toBe("pm_card_visa");
    expect(fake.calls[3].args[0]).toMatchObject({ currency: "brl", unit_amount: 14900, recurring: { interval: "month" } });
    expect(fake.calls[5].args[0]).toMatchObject({ trial_period_days: 14, discounts: [{ coupon: "STRIPE10" }], default_payment_method: expect.stringMatching(/^pm_fake_/), payment_behavior: "error_if_incomplete" });
    const [row] = await subscriptionRows(w.t.db, id);
    expect(row).toMatchObject({ provider: "stripe", providerSubscriptionId: expect.stringMatching(/^sub_fake_/), status: "trialing" });
    const [essential] = await w.t.db.select().from(plans).where(eq(plans.planIdentifier, "essential"));
    expect(essential.stripePriceMonthlyId).toMatch(/^price_fake_/);
  });

  it("a card Stripe declines: Stripe's message (402), and nothing left behind", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    fake.failNext["paymentMethods.attach"] = new Stripe.errors.StripeCardError({ message: "Your card was declined.", type: "card_error", code: "card_declined" });
    const res = await call("POST", `/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: "essential", payment_method_id: "pm_card_chargeDeclined" });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ success: false, message: "Your card was declined." });
    expect(await subscriptionRows(w.t.db, id)).toEqual([]);
    expect(await cardRows(w.t.db, id)).toEqual([]);
  });

  it("Stripe failing without a message gives the spec's store message", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    fake.failNext["subscriptions.create"] = new Stripe.errors.StripeConnectionError({ message: "" });
    const res = await call("POST", `/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: "essential", payment_method_id: "pm_card_visa" });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, message: "Failed to subscribe to plan" });
    expect(await subscriptionRows(w.t.db, id)).toEqual([]);
  });

  it("cancels at period end and resumes through Stripe", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    expect((await call("POST", `/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: "essential", payment_method_id: "pm_card_visa" })).status).toBe(200);
    fake.calls.length = 0;
    expect((await call("POST", `/api/v1/subscriptions/${id}/unsubscribe`, { plan_identifier: "essential", immediately: false, cancellation_reason: "Closed for winter" })).status).toBe(200);
    expect(fake.calls[0]).toMatchObject({ method: "subscriptions.update", args: [expect.any(String), { cancel_at_period_end: true, cancellation_details: { comment: "Closed for winter" } }] });
    expect((await subscriptionRows(w.t.db, id))[0].cancelAtPeriodEnd).toBe(true);
    expect((await call("POST", `/api/v1/subscriptions/${id}/resume`, { plan_identifier: "essential" })).status).toBe(200);
    expect((await subscriptionRows(w.t.db, id))[0].cancelAtPeriodEnd).toBe(false);
  });
});

describe("POST /api/webhooks/stripe", () => {
  const signed = (payload: string, secret = SECRET) => new Stripe("sk_test_unused").webhooks.generateTestHeaderString({ payload, secret });

  async function stripeSubscription() {
    const id = await newBusiness(w.t.db, w.owner.id);
    expect((await call("POST", `/api/v1/subscriptions/${id}/subscribe`, { plan_identifier: "essential", payment_method_id: "pm_card_visa" })).status).toBe(200);
    const [row] = await subscriptionRows(w.t.db, id);
    return { id, row };
  }

  function subscriptionEvent(subId: string, status: string) {
    return JSON.stringify({
      id: "evt_test_1",
      object: "event",
      type: "customer.subscription.updated",
      data: {
        object: {
          id: subId,
          object: "subscription",
          status,
          cancel_at_period_end: false,
          canceled_at: null,
          trial_end: null,
          start_date: seconds("2027-02-01T00:00:00Z"),
          items: { data: [{ id: "si_1", current_period_start: seconds("2027-03-01T00:00:00Z"), current_period_end: seconds("2027-04-01T00:00:00Z"), price: { id: "price_unknown", recurring: { interval: "month" } } }] },
        },
      },
    });
  }

  it("applies a correctly signed event to our copy of the subscription", async () => {
    const { row } = await stripeSubscription();
    const payload = subscriptionEvent(row.providerSubscriptionId, "past_due");
    const res = await stripeApi.fetch(new Request("http://tarifa.test/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": signed(payload), "content-type": "application/json" } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: true });
    const [after] = await w.t.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after).toMatchObject({ status: "past_due", currentPeriodEnd: new Date("2027-04-01T00:00:00Z") });
    expect(after.pastDueSince).not.toBeNull();
  });

  it("records what the webhook changed in the business's activity log, by the payment provider: past due, then the invoice paid", async () => {
    const { id, row } = await stripeSubscription();
    const payload = subscriptionEvent(row.providerSubscriptionId, "past_due");
    const res = await stripeApi.fetch(new Request("http://tarifa.test/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": signed(payload) } }));
    expect(res.status).toBe(200);
    const log = async () => (await call("GET", `/api/v1/businesses/${id}/activity-log?actor=payment_provider&area=subscription`)).json();
    const [line] = (await log()).data;
    expect(line).toMatchObject({ area: "subscription", action: "updated", actor: { kind: "payment_provider", user_uuid: null, name: "Stripe" }, entity: { uuid: row.id, label: "essential" } });
    expect(line.changes).toContainEqual({ field: "status", from: "trialing", to: "past_due" });

    const [customer] = await w.t.db.select().from(billingCustomers).where(eq(billingCustomers.businessId, id));
    const invoice = (status: string) =>
      JSON.stringify({
        id: `evt_invoice_${status}`,
        object: "event",
        type: status === "paid" ? "invoice.paid" : "invoice.finalized",
        data: { object: { id: "in_stripe_log", object: "invoice", customer: customer.providerCustomerId, number: "LOG-0001", currency: "brl", status, subtotal: 14900, total: 14900, total_discount_amounts: [], lines: { data: [] }, status_transitions: { paid_at: status === "paid" ? seconds("2027-03-01T00:00:00Z") : null }, parent: null } },
      });
    for (const status of ["open", "paid"]) {
      const body = invoice(status);
      expect((await stripeApi.fetch(new Request("http://tarifa.test/api/webhooks/stripe", { method: "POST", body, headers: { "stripe-signature": signed(body) } }))).status).toBe(200);
    }
    const [paid] = (await log()).data;
    expect(paid).toMatchObject({ action: "updated", actor: { kind: "payment_provider", name: "Stripe" }, entity: { label: "LOG-0001" }, changes: [{ field: "status", from: "open", to: "paid" }] });
  });

  it("refuses a wrong or missing signature (400) and changes nothing", async () => {
    const { row } = await stripeSubscription();
    const payload = subscriptionEvent(row.providerSubscriptionId, "canceled");
    for (const headers of [{ "stripe-signature": signed(payload, "whsec_someone_else") }, { "stripe-signature": signed(payload.replace("canceled", "active")) }, {}] as Record<string, string>[]) {
      const res = await stripeApi.fetch(new Request("http://tarifa.test/api/webhooks/stripe", { method: "POST", body: payload, headers }));
      expect(res.status).toBe(400);
    }
    const [after] = await w.t.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after.status).toBe("trialing");
  });

  it("records Stripe's invoices for the business", async () => {
    const { id } = await stripeSubscription();
    const [customer] = await w.t.db.select().from(billingCustomers).where(eq(billingCustomers.businessId, id));
    const payload = JSON.stringify({
      id: "evt_test_2",
      object: "event",
      type: "invoice.paid",
      data: { object: { id: "in_stripe_9", object: "invoice", customer: customer.providerCustomerId, number: "ABC-0001", currency: "brl", status: "paid", subtotal: 14900, total: 11920, total_discount_amounts: [{ amount: 2980 }], lines: { data: [] }, status_transitions: { paid_at: seconds("2027-03-01T00:00:00Z") }, parent: null } },
    });
    const res = await stripeApi.fetch(new Request("http://tarifa.test/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": signed(payload) } }));
    expect(res.status).toBe(200);
    const rows = await w.t.db.select().from(invoices).where(eq(invoices.providerInvoiceId, "in_stripe_9"));
    expect(rows).toEqual([expect.objectContaining({ businessId: id, number: "ABC-0001", provider: "stripe", totalCents: 11920, discountCents: 2980, status: "paid", currency: "BRL" })]);
  });

  describe("a failed payment tells the team once, in their language", () => {
    const post = async (payload: string) =>
      expect((await stripeApi.fetch(new Request("http://tarifa.test/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": signed(payload) } }))).status).toBe(200);
    const failedInvoice = (customerId: string, subscriptionId: string, attempt: number) =>
      JSON.stringify({
        id: `evt_payment_failed_${subscriptionId}_${attempt}`,
        object: "event",
        type: "invoice.payment_failed",
        data: {
          object: {
            id: `in_failed_${subscriptionId}`,
            object: "invoice",
            customer: customerId,
            number: "FAIL-0001",
            currency: "brl",
            status: "open",
            subtotal: 14900,
            total: 14900,
            total_discount_amounts: [],
            lines: { data: [] },
            status_transitions: { paid_at: null },
            attempt_count: attempt,
            parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
          },
        },
      });
    const notices = async (businessId: string, lang = "en") =>
      (await call("GET", "/api/v1/notifications?kind=payment.failed", undefined, { "accept-language": lang })).json().then((answer) =>
        answer.notifications.filter((n: { business_uuid: string }) => n.business_uuid === businessId),
      );

    it("invoice.payment_failed first (then Stripe's retry and the subscription turning past due): one notice", async () => {
      const { id, row } = await stripeSubscription();
      const [customer] = await w.t.db.select().from(billingCustomers).where(eq(billingCustomers.businessId, id));
      await post(failedInvoice(customer.providerCustomerId, row.providerSubscriptionId, 1));
      const [notice] = await notices(id);
      expect(notice).toMatchObject({ kind: "payment.failed", link: "/account-settings/subscriptions", read: false });
      expect(notice.title).toMatch(/^A payment for .+ failed; the subscription is past due$/);
      expect((await notices(id, "pt-BR"))[0].title).not.toBe(notice.title);
      await post(failedInvoice(customer.providerCustomerId, row.providerSubscriptionId, 2));
      await post(subscriptionEvent(row.providerSubscriptionId, "past_due"));
      expect(await notices(id)).toHaveLength(1);
    });

    it("the subscription turning past due first (then invoice.payment_failed): one notice", async () => {
      const { id, row } = await stripeSubscription();
      const [customer] = await w.t.db.select().from(billingCustomers).where(eq(billingCustomers.businessId, id));
      await post(subscriptionEvent(row.providerSubscriptionId, "past_due"));
      expect(await notices(id)).toHaveLength(1);
      await post(failedInvoice(customer.providerCustomerId, row.providerSubscriptionId, 1));
      await post(subscriptionEvent(row.providerSubscriptionId, "past_due"));
      expect(await notices(id)).toHaveLength(1);
    });
  });

  it("is not there without STRIPE_WEBHOOK_SECRET (404)", async () => {
    const res = await w.t.call("POST", "/api/webhooks/stripe", { body: "{}" });
    expect(res.status).toBe(404);
  });
});
