import { and, eq, sql } from "drizzle-orm";
import type { ChangePreview, PaymentMethodsView } from "#contract/billing.ts";
import { couponProblem, normalizeCouponCode } from "#domain/billing/coupons.ts";
import { intervalFor } from "#domain/billing/periods.ts";
import { prorate } from "#domain/billing/proration.ts";
import { trialLength } from "#domain/billing/renewal.ts";
import { DEFAULT_TRIAL_DAYS } from "#domain/subscription/state.ts";
import type { TrimmedSubscribeInput } from "#domain/text/sanitize.ts";
import type { Database } from "#api/db/client.ts";
import type { Actor } from "#domain/activity/index.ts";
import { withBillingActivity } from "./activity.ts";
import {
  couponRedemptions,
  coupons,
  paymentMethods,
  type CouponRow,
  type PaymentMethodRow,
  type PlanRow,
} from "#api/db/schema/index.ts";
import { conflict, HttpError, invalid, notFound } from "#api/errors.ts";
import { logger } from "#api/logger.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { businessSubscribedEvent } from "./business-event.ts";
import { PaymentError, priceFor, ProviderError, type BillingProvider, type OperationContext, type Outcome } from "./provider.ts";
import {
  customerOf,
  ensureCustomer,
  insertInvoice,
  insertSubscription,
  liveSubscriptions,
  lockBusiness,
  paymentMethodsOf,
  planByIdentifier,
  setCustomer,
  subscriptionsOf,
  updateSubscription,
  type SubscriptionWithPlan,
} from "./store.ts";

/**
 * The use cases behind /subscriptions/{id} and /payments/{id} (spec section 7). Each runs in one
 * transaction that starts by locking the business row, so operations on one business never
 * interleave and a refused card leaves nothing behind. Errors are HttpErrors whose messages are
 * keys of the `errors` namespace (`billing.*`), or the provider's own message.
 */

export interface BillingDeps {
  db: Database;
  provider: BillingProvider;
  now: Date;
  /** Who asks (the activity log's "who"); left out by callers that log nothing. */
  actor?: Actor;
}

/**
 * What a mutation answers: a message (key of the `errors` namespace) and its values; a `plan`
 * value is the plan's name in every locale, which the route picks from.
 */
export interface Done {
  message: string;
  values?: Record<string, unknown>;
}

const PLAN_FIELD = "plan_identifier";

/**
 * Runs a provider call, turning its failures into answers: a refused card → 402 with the
 * provider's message (422 beside the field when the card itself is not valid); any other
 * provider failure → 502 with the provider's message or, when it gave none, the spec's store
 * message for the operation (`fallback`).
 */
async function viaProvider<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentError) {
      if (error.code === "invalid_payment_method" || error.code === "payment_method_required") {
        throw invalid({ payment_method_id: [error.message] }, error.message);
      }
      throw new HttpError(402, error.message);
    }
    if (error instanceof ProviderError) {
      logger.warn({ msg: "billing provider failed", err: error });
      throw new HttpError(502, error.message || fallback);
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function inTransaction<T>(deps: BillingDeps, businessId: string, run: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction((txn) => {
      const tx = txn as unknown as Database;
      // What the change did to the subscriptions and cards goes into the activity log, in this transaction.
      return deps.actor ? withBillingActivity(tx, businessId, deps.actor, () => run(tx)) : run(tx);
    });
  } catch (error) {
    // The live-subscription indexes are the last guard against a doubled subscribe.
    if (isUniqueViolation(error) && !(error instanceof HttpError)) throw conflict("billing.alreadySubscribed");
    throw error;
  }
}

async function contextFor(tx: Database, deps: BillingDeps, business: BusinessRow): Promise<OperationContext> {
  const customer = await ensureCustomer(tx, deps.provider, business);
  return { tx, now: deps.now, business, customer };
}

/** Writes what the provider decided: the subscription, an invoice, the customer's balance. */
async function record(ctx: OperationContext, subscriptionId: string, outcome: Outcome, provider: BillingProvider, currency: string, extra: Parameters<typeof updateSubscription>[2] = {}) {
  const row = await updateSubscription(ctx.tx, subscriptionId, { ...outcome.subscription, ...extra }, ctx.now);
  await recordSideEffects(ctx, subscriptionId, outcome, provider, currency);
  return row;
}

async function recordSideEffects(ctx: OperationContext, subscriptionId: string, outcome: Outcome, provider: BillingProvider, currency: string) {
  if (outcome.invoice) {
    await insertInvoice(ctx.tx, { businessId: ctx.business.id, subscriptionId, provider: provider.name, currency, draft: outcome.invoice }, ctx.now);
  }
  if (outcome.balanceCents !== undefined && outcome.balanceCents !== ctx.customer.balanceCents) {
    await setCustomer(ctx.tx, ctx.business.id, { balanceCents: outcome.balanceCents }, ctx.now);
    ctx.customer = { ...ctx.customer, balanceCents: outcome.balanceCents };
  }
}

async function activePlan(db: Database, identifier: string, field = PLAN_FIELD): Promise<PlanRow> {
  const plan = await planByIdentifier(db, identifier);
  if (!plan || !plan.active) throw invalid({ [field]: ["billing.planNotFound"] }, "billing.planNotFound");
  return plan;
}

async function defaultCard(tx: Database, businessId: string): Promise<PaymentMethodRow | null> {
  const customer = await customerOf(tx, businessId);
  if (!customer?.defaultPaymentMethodId) return null;
  const [row] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, customer.defaultPaymentMethodId));
  return row ?? null;
}

/**
 * The card to bill: one of the business's saved cards by id, or a new card from a token (a test
 * card name, or a provider token), which is attached and becomes the default.
 */
async function cardFor(ctx: OperationContext, deps: BillingDeps, id: string | undefined, fallback: string): Promise<PaymentMethodRow | null> {
  if (!id) return defaultCard(ctx.tx, ctx.business.id);
  const [saved] = await ctx.tx.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.businessId, ctx.business.id)));
  if (saved) return saved;
  return attachCard(ctx, deps, id, true, fallback);
}

async function attachCard(ctx: OperationContext, deps: BillingDeps, token: string, setAsDefault: boolean, fallback: string): Promise<PaymentMethodRow> {
  const card = await viaProvider(fallback, () => deps.provider.attachPaymentMethod(ctx, token));
  const [row] = await ctx.tx
    .insert(paymentMethods)
    .values({ id: card.id, businessId: ctx.business.id, provider: deps.provider.name, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, testCard: card.testCard ?? null })
    .returning();
  if (setAsDefault || !ctx.customer.defaultPaymentMethodId) {
    await viaProvider(fallback, () => deps.provider.setDefaultPaymentMethod(ctx, row));
    await setCustomer(ctx.tx, ctx.business.id, { defaultPaymentMethodId: row.id }, ctx.now);
    ctx.customer = { ...ctx.customer, defaultPaymentMethodId: row.id };
  }
  return row;
}

/** A coupon the business may redeem now, or a 422 beside coupon_id saying why not. */
async function redeemableCoupon(tx: Database, businessId: string, code: string, now: Date): Promise<CouponRow> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, normalizeCouponCode(code)));
  const fail = (key: string) => invalid({ coupon_id: [key] }, key);
  if (!coupon) throw fail("billing.couponNotFound");
  const problem = couponProblem(coupon, now);
  if (problem === "inactive") throw fail("billing.couponNotFound");
  if (problem === "expired") throw fail("billing.couponExpired");
  if (problem === "exhausted") throw fail("billing.couponExhausted");
  const [used] = await tx.select({ id: couponRedemptions.id }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.businessId, businessId)));
  if (used) throw fail("billing.couponAlreadyUsed");
  return coupon;
}

/** Counts the redemption, atomically against the limit (two businesses may race for the last one). */
async function redeem(tx: Database, coupon: CouponRow, businessId: string, subscriptionId: string, now: Date) {
  const [counted] = await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1`, updatedAt: now })
    .where(and(eq(coupons.id, coupon.id), sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} < ${coupons.maxRedemptions})`))
    .returning({ id: coupons.id });
  if (!counted) throw invalid({ coupon_id: ["billing.couponExhausted"] }, "billing.couponExhausted");
  await tx.insert(couponRedemptions).values({ couponId: coupon.id, businessId, subscriptionId, redeemedAt: now });
}

function liveBase(live: SubscriptionWithPlan[]) {
  return live.find((s) => !s.isAddOn) ?? null;
}

function formatDay(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** POST /subscriptions/{id}/subscribe. */
export async function subscribe(deps: BillingDeps, businessId: string, input: TrimmedSubscribeInput): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId, { noWait: true, busyMessage: "billing.subscribeInProgress" });
    const plan = await activePlan(tx, input.plan_identifier);
    if (plan.isAddOn) throw invalid({ [PLAN_FIELD]: ["billing.isAddOn"] }, "billing.isAddOn");
    const history = await subscriptionsOf(tx, businessId);
    if (history.some((s) => !s.isAddOn && (s.status === "trialing" || s.status === "active" || s.status === "past_due"))) {
      throw conflict("billing.alreadySubscribed");
    }
    const coupon = input.coupon_id ? await redeemableCoupon(tx, businessId, input.coupon_id, deps.now) : null;
    const ctx = await contextFor(tx, deps, business);
    const card = await cardFor(ctx, deps, input.payment_method_id, "billing.subscribeFailed");
    if (!card) throw invalid({ payment_method_id: ["billing.paymentMethodRequired"] }, "billing.paymentMethodRequired");
    // One trial per business: a business that already had a base plan pays from the first day.
    const trialDays = history.some((s) => !s.isAddOn) ? 0 : trialLength(plan.trialDays, DEFAULT_TRIAL_DAYS);
    const outcome = await viaProvider("billing.subscribeFailed", () =>
      deps.provider.startSubscription(ctx, { plan, interval: intervalFor(business.paymentFrequency), paymentMethod: card, coupon, trialDays }),
    );
    const row = await insertSubscription(tx, { businessId, plan, provider: deps.provider.name, state: outcome.subscription, couponId: coupon?.id }, deps.now);
    await recordSideEffects(ctx, row.id, outcome, deps.provider, plan.currency);
    if (coupon) await redeem(tx, coupon, businessId, row.id, deps.now);
    await businessSubscribedEvent(tx, business, deps.now);
    const values = { plan: plan.name, date: formatDay(row.trialEnd ?? row.currentPeriodEnd) };
    return row.status === "trialing" ? { message: "billing.trialStarted", values } : { message: "billing.subscribed", values };
  });
}

/** POST /subscriptions/{id}/addons. */
export async function addAddon(deps: BillingDeps, businessId: string, identifier: string): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const plan = await activePlan(tx, identifier, "addon_plan_identifier");
    if (!plan.isAddOn) throw invalid({ addon_plan_identifier: ["billing.notAddOn"] }, "billing.notAddOn");
    const live = await liveSubscriptions(tx, businessId);
    const base = liveBase(live);
    if (!base || base.status === "past_due") throw conflict("billing.addonNeedsBase");
    if (live.some((s) => s.planId === plan.id)) throw conflict("billing.addonAlreadyActive");
    const ctx = await contextFor(tx, deps, business);
    const card = await defaultCard(tx, businessId);
    const outcome = await viaProvider("billing.addAddonFailed", () =>
      deps.provider.startSubscription(ctx, { plan, interval: base.interval, paymentMethod: card, coupon: null, trialDays: 0, base }),
    );
    const row = await insertSubscription(tx, { businessId, plan, provider: deps.provider.name, state: outcome.subscription }, deps.now);
    await recordSideEffects(ctx, row.id, outcome, deps.provider, plan.currency);
    return { message: "billing.addonAdded", values: { plan: plan.name } };
  });
}

async function liveByIdentifier(tx: Database, businessId: string, identifier: string, field = PLAN_FIELD) {
  const live = await liveSubscriptions(tx, businessId);
  const found = live.find((s) => s.plan.planIdentifier === identifier);
  if (!found) throw invalid({ [field]: ["billing.notSubscribed"] }, "billing.notSubscribed");
  return { found, live };
}

/** POST /subscriptions/{id}/unsubscribe: now, or at the end of the period (the default). */
export async function unsubscribe(
  deps: BillingDeps,
  businessId: string,
  input: { plan_identifier: string; immediately: boolean; cancellation_reason?: string },
  fallback = "billing.unsubscribeFailed",
): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const { found, live } = await liveByIdentifier(tx, businessId, input.plan_identifier);
    const ctx = await contextFor(tx, deps, business);
    const reason = input.cancellation_reason ?? null;
    const outcome = await viaProvider(fallback, () => deps.provider.cancel(ctx, { subscription: found, immediately: input.immediately, reason: reason ?? undefined }));
    await record(ctx, found.id, outcome, deps.provider, found.plan.currency, { cancellationReason: reason });
    if (input.immediately && !found.isAddOn) {
      // Add-ons need a base plan: they end with it.
      for (const addOn of live.filter((s) => s.isAddOn)) {
        const ended = await viaProvider(fallback, () => deps.provider.cancel(ctx, { subscription: addOn, immediately: true, reason: reason ?? undefined }));
        await record(ctx, addOn.id, ended, deps.provider, addOn.plan.currency, { cancellationReason: reason });
      }
    }
    const values = { plan: found.plan.name, date: formatDay(found.currentPeriodEnd) };
    return { message: input.immediately ? "billing.canceledNow" : "billing.canceledAtPeriodEnd", values };
  });
}

/** POST /subscriptions/{id}/addons/remove: the add-on stays until the end of the period it was paid for. */
export async function removeAddon(deps: BillingDeps, businessId: string, input: { plan_identifier: string; cancellation_reason?: string }): Promise<Done> {
  const plan = await planByIdentifier(deps.db, input.plan_identifier);
  if (plan && !plan.isAddOn) throw invalid({ [PLAN_FIELD]: ["billing.notAddOn"] }, "billing.notAddOn");
  return unsubscribe(deps, businessId, { ...input, immediately: false }, "billing.removeAddonFailed");
}

/** POST /subscriptions/{id}/change-plan: base plan to base plan, prorated by remaining days unless `prorate` is false. */
export async function changePlan(deps: BillingDeps, businessId: string, input: { from_plan_identifier: string; to_plan_identifier: string; prorate: boolean }): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const { found } = await liveByIdentifier(tx, businessId, input.from_plan_identifier, "from_plan_identifier");
    const to = await activePlan(tx, input.to_plan_identifier, "to_plan_identifier");
    if (found.isAddOn || to.isAddOn) throw invalid({ to_plan_identifier: ["billing.changeBaseOnly"] }, "billing.changeBaseOnly");
    if (to.id === found.planId) throw invalid({ to_plan_identifier: ["billing.samePlan"] }, "billing.samePlan");
    if (found.status === "past_due") throw conflict("billing.pastDueChange");
    const ctx = await contextFor(tx, deps, business);
    const card = await defaultCard(tx, businessId);
    const outcome = await viaProvider("billing.changePlanFailed", () =>
      deps.provider.changePlan(ctx, { subscription: found, from: found.plan, to, prorate: input.prorate, paymentMethod: card }),
    );
    await record(ctx, found.id, outcome, deps.provider, to.currency, { planId: to.id, isAddOn: false });
    return { message: "billing.planChanged", values: { plan: to.name } };
  });
}

/** GET /subscriptions/{id}/change-plan/preview?to=: the numbers change-plan would use, now. */
export async function previewChange(db: Database, businessId: string, toIdentifier: string, now: Date): Promise<ChangePreview> {
  const live = await liveSubscriptions(db, businessId);
  const base = liveBase(live);
  if (!base) throw conflict("billing.notSubscribed");
  const to = await activePlan(db, toIdentifier, "to");
  if (to.isAddOn) throw invalid({ to: ["billing.changeBaseOnly"] }, "billing.changeBaseOnly");
  const toPrice = priceFor(to, base.interval);
  const customer = await customerOf(db, businessId);
  const balance = customer?.balanceCents ?? 0;
  const trialing = base.status === "trialing";
  const p = trialing
    ? { totalDays: 0, remainingDays: 0, creditCents: 0, chargeCents: 0, netCents: 0 }
    : prorate({ fromPriceCents: base.priceCents, toPriceCents: toPrice, periodStart: base.currentPeriodStart, periodEnd: base.currentPeriodEnd, now });
  const dueNow = Math.max(0, p.netCents - balance);
  return {
    from_plan_identifier: base.plan.planIdentifier,
    to_plan_identifier: to.planIdentifier,
    currency: to.currency,
    trialing,
    total_days: p.totalDays,
    remaining_days: p.remainingDays,
    credit_cents: p.creditCents,
    charge_cents: p.chargeCents,
    net_cents: p.netCents,
    due_now_cents: dueNow,
    credit_after_cents: p.netCents >= 0 ? Math.max(0, balance - p.netCents) : balance - p.netCents,
    next_price_cents: toPrice,
    interval: base.interval,
  };
}

/**
 * POST /subscriptions/{id}/resume: undoes a cancel-at-period-end; a plan that already ended is
 * started again (no new trial), billed to the default card.
 */
export async function resume(deps: BillingDeps, businessId: string, identifier: string): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const history = await subscriptionsOf(tx, businessId);
    const ofPlan = history.filter((s) => s.plan.planIdentifier === identifier);
    const latest = ofPlan.find((s) => s.status === "trialing" || s.status === "active" || s.status === "past_due") ?? ofPlan[0];
    if (!latest) throw invalid({ [PLAN_FIELD]: ["billing.notSubscribed"] }, "billing.notSubscribed");
    const ctx = await contextFor(tx, deps, business);
    if (latest.status === "trialing" || latest.status === "active" || latest.status === "past_due") {
      if (!latest.cancelAtPeriodEnd) throw conflict("billing.notCanceled");
      const outcome = await viaProvider("billing.resumeFailed", () => deps.provider.resume(ctx, latest));
      await record(ctx, latest.id, outcome, deps.provider, latest.plan.currency, { cancellationReason: null });
      return { message: "billing.resumed", values: { plan: latest.plan.name } };
    }
    if (!latest.plan.active) throw invalid({ [PLAN_FIELD]: ["billing.planNotFound"] }, "billing.planNotFound");
    const live = await liveSubscriptions(tx, businessId);
    const base = liveBase(live);
    if (latest.isAddOn && (!base || base.status === "past_due")) throw conflict("billing.addonNeedsBase");
    if (!latest.isAddOn && base) throw conflict("billing.alreadySubscribed");
    const card = await defaultCard(tx, businessId);
    if (!card) throw invalid({ payment_method_id: ["billing.paymentMethodRequired"] }, "billing.paymentMethodRequired");
    const outcome = await viaProvider("billing.resumeFailed", () =>
      deps.provider.startSubscription(ctx, {
        plan: latest.plan,
        interval: base?.interval ?? intervalFor(business.paymentFrequency),
        paymentMethod: card,
        coupon: null,
        trialDays: 0,
        base: latest.isAddOn ? base : null,
      }),
    );
    const row = await insertSubscription(tx, { businessId, plan: latest.plan, provider: deps.provider.name, state: outcome.subscription }, deps.now);
    await recordSideEffects(ctx, row.id, outcome, deps.provider, latest.plan.currency);
    if (!latest.isAddOn) await businessSubscribedEvent(tx, business, deps.now);
    return { message: "billing.resumed", values: { plan: latest.plan.name } };
  });
}

/* Payment methods (kept per business, spec section 5). */

export async function paymentMethodsView(db: Database, businessId: string): Promise<PaymentMethodsView> {
  const [rows, customer] = await Promise.all([paymentMethodsOf(db, businessId), customerOf(db, businessId)]);
  const defaultId = customer?.defaultPaymentMethodId ?? null;
  return {
    payment_methods: rows.map((r) => ({ id: r.id, brand: r.brand, last4: r.last4, exp_month: r.expMonth, exp_year: r.expYear, is_default: r.id === defaultId })),
    default_payment_method: defaultId,
  };
}

/** POST /payments/{id}/methods: `payment_method_id` is a test card name or a provider token. */
export async function addPaymentMethod(deps: BillingDeps, businessId: string, input: { payment_method_id: string; set_as_default: boolean }): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const ctx = await contextFor(tx, deps, business);
    const [saved] = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.id, input.payment_method_id), eq(paymentMethods.businessId, businessId)));
    if (saved) {
      if (input.set_as_default) await makeDefault(ctx, deps, saved, "billing.addPaymentMethodFailed");
      return { message: "billing.paymentMethodAdded" };
    }
    await attachCard(ctx, deps, input.payment_method_id, input.set_as_default, "billing.addPaymentMethodFailed");
    return { message: "billing.paymentMethodAdded" };
  });
}

async function makeDefault(ctx: OperationContext, deps: BillingDeps, card: PaymentMethodRow | null, fallback: string) {
  await viaProvider(fallback, () => deps.provider.setDefaultPaymentMethod(ctx, card));
  await setCustomer(ctx.tx, ctx.business.id, { defaultPaymentMethodId: card?.id ?? null }, ctx.now);
  ctx.customer = { ...ctx.customer, defaultPaymentMethodId: card?.id ?? null };
}

async function ownCard(tx: Database, businessId: string, id: string): Promise<PaymentMethodRow> {
  const [row] = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.businessId, businessId)));
  if (!row) throw invalid({ payment_method_id: ["billing.paymentMethodNotFound"] }, "billing.paymentMethodNotFound");
  return row;
}

/** PUT /payments/{id}/methods/default. */
export async function setDefaultPaymentMethod(deps: BillingDeps, businessId: string, id: string): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const card = await ownCard(tx, businessId, id);
    const ctx = await contextFor(tx, deps, business);
    await makeDefault(ctx, deps, card, "billing.setDefaultFailed");
    return { message: "billing.defaultSet", values: { last4: card.last4 } };
  });
}

/**
 * DELETE /payments/{id}/methods. Removing the default card promotes the newest other card; the
 * only card cannot be removed while a subscription still has periods to bill (it would fall
 * past due at its next renewal). A subscription already set to end may lose its card.
 */
export async function removePaymentMethod(deps: BillingDeps, businessId: string, id: string): Promise<Done> {
  return inTransaction(deps, businessId, async (tx) => {
    const business = await lockBusiness(tx, businessId);
    const card = await ownCard(tx, businessId, id);
    const ctx = await contextFor(tx, deps, business);
    const others = (await paymentMethodsOf(tx, businessId)).filter((r) => r.id !== id);
    if (ctx.customer.defaultPaymentMethodId === id) {
      if (others.length === 0) {
        const live = await liveSubscriptions(tx, businessId);
        if (live.some((s) => s.priceCents > 0 && !s.cancelAtPeriodEnd)) throw conflict("billing.lastPaymentMethod");
      }
      await makeDefault(ctx, deps, others.at(-1) ?? null, "billing.removePaymentMethodFailed");
    }
    await viaProvider("billing.removePaymentMethodFailed", () => deps.provider.detachPaymentMethod(ctx, card));
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
    return { message: "billing.paymentMethodRemoved", values: { last4: card.last4 } };
  });
}
