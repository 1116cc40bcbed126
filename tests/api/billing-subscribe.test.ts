import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, coupons } from "#api/db/schema/index.ts";
import { hasActiveSubscription, hasPlan } from "#domain/subscription/state.ts";
import { addCoupon, billingWorld, cardRows, later, newBusiness, subscriptionRows, type BillingWorld } from "./billing-fixtures.ts";

let w: BillingWorld;
beforeAll(async () => {
  w = await billingWorld();
});
afterAll(() => w.t.close());

const subscribe = (id: string, body: unknown, token = w.owner.token, lang = "en") =>
  w.t.call("POST", `/api/v1/subscriptions/${id}/subscribe`, { token, body, lang });

describe("GET /api/v1/plans", () => {
  it("lists base plans then add-ons, in the caller's language, prices in BRL cents", async () => {
    const { data } = await w.t.json("GET", "/api/v1/plans", { token: w.owner.token, lang: "en", status: 200 });
    expect(data.map((p: { plan_identifier: string }) => p.plan_identifier)).toEqual(["essential", "pro", "ai", "motor", "competitorAnalysis"]);
    expect(data[0]).toMatchObject({ name: "Essential", currency: "BRL", price_monthly_cents: 14900, trial_days: null, includes_channel: 0, is_add_on: false, upgrade_available: true });
    expect(data[1]).toMatchObject({ plan_identifier: "pro", includes_channel: 1, trial_days: 30 });
    expect(data[2]).toMatchObject({ plan_identifier: "ai", is_add_on: true });
  });

  it("needs a signed-in user", async () => {
    expect((await w.t.call("GET", "/api/v1/plans")).status).toBe(401);
  });
});

describe("GET /api/v1/subscriptions/{id}", () => {
  it("a new business has no plans and the default 14-day trial (the first base plan has no trial_days)", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    const { data } = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, status: 200 });
    expect(data).toEqual({ plans: [], trial_days: 14, trial_available: true, invoices: [] });
  });

  it("a collaborator reads the plans (the web gates on them) but not the invoices", async () => {
    const id = await newBusiness(w.t.db, w.owner.id, { collaboratorId: w.collaborator.id });
    const { data } = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.collaborator.token, status: 200 });
    expect(data.plans).toEqual([]);
    expect(data.invoices).toBeUndefined();
  });

  it("refuses another owner (403), a bad id (422) and an unknown business (404)", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    const other = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.otherOwner.token, lang: "en", status: 403 });
    expect(other).toMatchObject({ success: false, message: "You do not have permission to access this resource." });
    const bad = await w.t.json("GET", "/api/v1/subscriptions/not-a-uuid", { token: w.owner.token, lang: "en", status: 422 });
    expect(bad.message).toBe("Invalid business UUID format");
    await w.t.json("GET", "/api/v1/subscriptions/00000000-0000-4000-8000-000000000000", { token: w.owner.token, status: 404 });
  });
});

describe("POST /api/v1/subscriptions/{id}/subscribe", () => {
  it("needs a plan identifier: the spec's message, in the caller's language", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    const res = await subscribe(id, { plan_identifier: "   ", payment_method_id: "pm_card_visa" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ success: false, message: "Business UUID and plan identifier are required" });
    const pt = await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, { token: w.owner.token, body: {}, status: 422 });
    expect(pt.message).toBe("UUID do negócio e identificador do plano são obrigatórios");
  });

  it("trims the fields, starts the 14-day trial with the card and the coupon, and moves the business on", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await addCoupon(w.t.db, { id: "BEMVINDO20", percentOff: 20, duration: "once" });
    const res = await subscribe(id, { plan_identifier: "  essential ", payment_method_id: " pm_card_visa  ", coupon_id: "  bemvindo20 " });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const trialEnd = later(w.t.clock.now, 14);
    expect(body).toEqual({ success: true, message: `Your free trial of Essential has started; it runs until ${trialEnd.toISOString().slice(0, 10)}.` });

    const { data } = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, lang: "en", status: 200 });
    expect(data.plans).toHaveLength(1);
    expect(data.plans[0]).toMatchObject({
      plan_identifier: "essential",
      name: "Essential",
      stripe_status: "trialing",
      is_add_on: false,
      trial_end: trialEnd.toISOString(),
      current_period_end: trialEnd.toISOString(),
      price_cents: 14900,
      interval: "month",
      coupon: { id: "BEMVINDO20", percent_off: 20, duration: "once" },
      discount_periods_left: 1,
    });
    expect(data.trial_available).toBe(false);
    // Nothing is charged during the trial.
    expect(data.invoices).toEqual([]);
    expect(hasActiveSubscription(data.plans)).toBe(true);
    expect(hasPlan(data.plans, "ai")).toBe(false);

    const cards = await w.t.json("GET", `/api/v1/payments/${id}/methods`, { token: w.owner.token, status: 200 });
    expect(cards.data.payment_methods).toEqual([
      { id: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", exp_month: 12, exp_year: expect.any(Number), is_default: true },
    ]);
    const [coupon] = await w.t.db.select().from(coupons).where(eq(coupons.id, "BEMVINDO20"));
    expect(coupon.timesRedeemed).toBe(1);
    // Built-in PMS: `subscribed` takes the business from BUSINESS_CREATED to its data step.
    const [business] = await w.t.db.select().from(businesses).where(eq(businesses.id, id));
    expect(business.status).toBe("DATA_LOADED");
  });

  it("uses the plan's own trial_days when it has them (pro: 30)", async () => {
    const id = await newBusiness(w.t.db, w.owner.id, { status: "SUBSCRIPTION_REQUESTED" });
    expect((await subscribe(id, { plan_identifier: "pro", payment_method_id: "pm_card_mastercard" })).status).toBe(200);
    const [row] = await subscriptionRows(w.t.db, id);
    expect(row.trialEnd?.toISOString()).toBe(later(w.t.clock.now, 30).toISOString());
    const { data } = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, status: 200 });
    expect(data.trial_days).toBe(30);
  });

  it("refuses a second plan (409): that is a plan change", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    expect((await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa" })).status).toBe(200);
    const res = await subscribe(id, { plan_identifier: "pro" });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("This business already has a plan. Change plan instead.");
  });

  it("a declined card shows the provider's message and leaves nothing behind", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await addCoupon(w.t.db, { id: "DECLINE10", percentOff: 10 });
    const res = await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_chargeDeclined", coupon_id: "DECLINE10" });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ success: false, message: "Your card was declined." });
    const pt = await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_chargeDeclined" }, w.owner.token, "pt-BR");
    expect((await pt.json()).message).toBe("Seu cartão foi recusado.");
    expect(await subscriptionRows(w.t.db, id)).toEqual([]);
    expect(await cardRows(w.t.db, id)).toEqual([]);
    const [coupon] = await w.t.db.select().from(coupons).where(eq(coupons.id, "DECLINE10"));
    expect(coupon.timesRedeemed).toBe(0);
    const [business] = await w.t.db.select().from(businesses).where(eq(businesses.id, id));
    expect(business.status).toBe("BUSINESS_CREATED");
  });

  it("refuses unknown, inactive, expired, exhausted and already used coupons beside the field", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await addCoupon(w.t.db, { id: "OFF", active: false });
    await addCoupon(w.t.db, { id: "OLD", expiresAt: later(w.t.clock.now, -1) });
    await addCoupon(w.t.db, { id: "GONE", maxRedemptions: 1, timesRedeemed: 1 });
    const cases: [string, string][] = [
      ["NOPE", "Coupon not found."],
      ["OFF", "Coupon not found."],
      ["OLD", "This coupon has expired."],
      ["GONE", "This coupon is no longer available."],
    ];
    for (const [code, message] of cases) {
      const res = await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa", coupon_id: code });
      expect(res.status, code).toBe(422);
      expect(await res.json(), code).toMatchObject({ success: false, errors: { coupon_id: [message] } });
    }
    expect(await subscriptionRows(w.t.db, id)).toEqual([]);

    // One use per business: canceled and subscribing again, the same coupon is refused.
    await addCoupon(w.t.db, { id: "ONCEHERE", percentOff: 50 });
    expect((await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa", coupon_id: "ONCEHERE" })).status).toBe(200);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/unsubscribe`, { token: w.owner.token, body: { plan_identifier: "essential", immediately: true }, status: 200 });
    const again = await subscribe(id, { plan_identifier: "essential", coupon_id: "ONCEHERE" });
    expect(again.status).toBe(422);
    expect((await again.json()).errors.coupon_id).toEqual(["This business has already used this coupon."]);
  });

  it("the last redemption of a limited coupon goes to one business only", async () => {
    await addCoupon(w.t.db, { id: "LASTONE", maxRedemptions: 1 });
    const a = await newBusiness(w.t.db, w.owner.id);
    const b = await newBusiness(w.t.db, w.owner.id);
    const results = await Promise.all([a, b].map((id) => subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa", coupon_id: "LASTONE" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const [coupon] = await w.t.db.select().from(coupons).where(eq(coupons.id, "LASTONE"));
    expect(coupon.timesRedeemed).toBe(1);
  });

  it("refuses an add-on, an unknown plan and a subscribe without any card", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    const addOn = await subscribe(id, { plan_identifier: "ai", payment_method_id: "pm_card_visa" });
    expect(addOn.status).toBe(422);
    expect((await addOn.json()).errors.plan_identifier).toEqual(["This plan is an add-on: add it to a plan instead."]);
    expect((await subscribe(id, { plan_identifier: "platinum", payment_method_id: "pm_card_visa" })).status).toBe(422);
    const noCard = await subscribe(id, { plan_identifier: "essential" });
    expect(noCard.status).toBe(422);
    expect((await noCard.json()).errors.payment_method_id).toEqual(["Choose or add a payment method."]);
    const unknownCard = await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_unknown" });
    expect(unknownCard.status).toBe(422);
    expect(await subscriptionRows(w.t.db, id)).toEqual([]);
  });

  it("only the owner or an administrator subscribes: collaborators and other owners get 403", async () => {
    const id = await newBusiness(w.t.db, w.owner.id, { collaboratorId: w.collaborator.id });
    expect((await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa" }, w.collaborator.token)).status).toBe(403);
    expect((await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa" }, w.otherOwner.token)).status).toBe(403);
    expect(await subscriptionRows(w.t.db, id)).toEqual([]);
    expect((await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa" }, w.admin.token)).status).toBe(200);
  });

  it("runs one subscribe at a time per business: concurrent ones are refused (409), never doubled", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    const results = await Promise.all(
      ["pm_card_visa", "pm_card_mastercard", "pm_card_visa", "pm_card_mastercard", "pm_card_visa"].map((card, i) =>
        subscribe(id, { plan_identifier: i % 2 ? "pro" : "essential", payment_method_id: card }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const rows = await subscriptionRows(w.t.db, id);
    expect(rows).toHaveLength(1);
    // The refused attempts left no card behind either.
    expect(await cardRows(w.t.db, id)).toHaveLength(1);
  });

  it("a business that had a plan pays from the first day (one trial per business)", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    expect((await subscribe(id, { plan_identifier: "essential", payment_method_id: "pm_card_visa" })).status).toBe(200);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/unsubscribe`, { token: w.owner.token, body: { plan_identifier: "essential", immediately: true }, status: 200 });
    const res = await subscribe(id, { plan_identifier: "pro" });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toMatch(/^Subscribed to Pro\. Next charge on \d{4}-\d{2}-\d{2}\.$/);
    const { data } = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, lang: "en", status: 200 });
    expect(data.plans.map((p: { plan_identifier: string; stripe_status: string }) => [p.plan_identifier, p.stripe_status])).toEqual([
      ["pro", "active"],
      ["essential", "canceled"],
    ]);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({ number: "TRF-000001", status: "paid", total_cents: 29900, provider: "builtin", notice: "Test invoice — built-in billing provider" });
  });
});
