import { ownValue } from "#domain/lookup.ts";
import { and, asc, desc, eq, inArray, lte, or } from "drizzle-orm";
import { withBillingActivity } from "./activity.ts";
import { discountPeriods } from "#domain/billing/coupons.ts";
import { invoiceAmounts } from "#domain/billing/invoice.ts";
import { addDays, intervalFor, periodEnd } from "#domain/billing/periods.ts";
import { periodDays, prorate, remainingDays, share } from "#domain/billing/proration.ts";
import { renewalAction } from "#domain/billing/renewal.ts";
import type { Database } from "#api/db/client.ts";
import {
  coupons,
  invoices,
  paymentMethods,
  plans,
  subscriptions,
  type InvoiceLine,
  type PaymentMethodRow,
  type PlanRow,
  type SubscriptionRow,
} from "#api/db/schema/index.ts";
import { logger } from "#api/logger.ts";
import {
  PaymentError,
  priceFor,
  stateOf,
  type BillingProvider,
  type CardDetails,
  type InvoiceDraft,
  type OperationContext,
  type Outcome,
  type SubscriptionState,
} from "./provider.ts";
import { customerOf, insertInvoice, lockBusiness, providerId, setCustomer, updateSubscription } from "./store.ts";
import { tellPaymentFailed } from "./payment-failed.ts";

/**
 * The built-in billing provider: no payment network, everything in our database, honest about it
 * (every invoice says it is a test invoice). Cards are Stripe's test-card names, so the same
 * names work when Stripe is configured in test mode.
 */

interface TestCard {
  brand: string;
  last4: string;
  /** Refused when attached (a card the bank declines outright). */
  declinesOnAttach?: boolean;
  /** Attaches, but every charge is declined (for past_due). */
  declinesCharges?: boolean;
}

const TEST_CARD_DETAILS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", declinesOnAttach: true },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", declinesCharges: true },
};

/** The built-in provider's decline message (a key of the `errors` namespace, translated by the API). */
export const CARD_DECLINED = "billing.cardDeclined";

function charge(paymentMethod: PaymentMethodRow | null, amountCents: number): void {
  if (amountCents <= 0) return;
  if (!paymentMethod) throw new PaymentError("billing.paymentMethodRequired", "payment_method_required");
  const card = paymentMethod.testCard ? ownValue(TEST_CARD_DETAILS, paymentMethod.testCard) : undefined;
  if (!card || card.declinesCharges || card.declinesOnAttach) throw new PaymentError(CARD_DECLINED);
}

function subscriptionLine(plan: PlanRow, amountCents: number, start: Date, end: Date, kind: InvoiceLine["kind"] = "subscription"): InvoiceLine {
  return { kind, plan_identifier: plan.planIdentifier, period_start: start.toISOString(), period_end: end.toISOString(), amount_cents: amountCents };
}

function paidInvoice(lines: InvoiceLine[], amounts: { subtotalCents: number; discountCents: number; creditCents: number; totalCents: number }, paymentMethod: PaymentMethodRow | null, now: Date): InvoiceDraft {
  return {
    providerInvoiceId: providerId("in"),
    lines,
    ...amounts,
    status: "paid",
    paymentMethodId: amounts.totalCents > 0 ? (paymentMethod?.id ?? null) : null,
    paidAt: now,
  };
}

async function defaultPaymentMethod(db: Database, businessId: string): Promise<PaymentMethodRow | null> {
  const customer = await customerOf(db, businessId);
  if (!customer?.defaultPaymentMethodId) return null;
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, customer.defaultPaymentMethodId));
  return row ?? null;
}

async function couponOf(db: Database, id: string | null) {
  if (!id) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? null;
}

export const builtinProvider: BillingProvider = {
  name: "builtin",

  async createCustomer() {
    return providerId("cus");
  },

  async attachPaymentMethod(_ctx, token): Promise<CardDetails> {
    const card = ownValue(TEST_CARD_DETAILS, token);
    if (!card) throw new PaymentError("billing.unknownTestCard", "invalid_payment_method");
    if (card.declinesOnAttach) throw new PaymentError(CARD_DECLINED);
    return { id: providerId("pm"), brand: card.brand, last4: card.last4, expMonth: 12, expYear: new Date().getUTCFullYear() + 4, testCard: token };
  },

  async detachPaymentMethod() {},
  async setDefaultPaymentMethod() {},

  async startSubscription(ctx, input): Promise<Outcome> {
    const { now, customer } = ctx;
    const { plan, coupon, paymentMethod, base } = input;
    if (base) {
      // An add-on follows its base plan: same period end, same trial, same interval.
      const price = priceFor(plan, base.interval);
      const state: SubscriptionState = {
        providerSubscriptionId: providerId("sub"),
        status: base.status === "trialing" ? "trialing" : "active",
        interval: base.interval,
        priceCents: price,
        currentPeriodStart: now,
        currentPeriodEnd: base.currentPeriodEnd,
        trialEnd: base.status === "trialing" ? base.trialEnd : null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        discountPeriodsLeft: null,
        pastDueSince: null,
      };
      if (state.status === "trialing") return { subscription: state };
      const { totalDays } = periodDays(base.currentPeriodStart, base.currentPeriodEnd);
      const subtotal = share(price, remainingDays(base.currentPeriodStart, base.currentPeriodEnd, now), totalDays);
      const amounts = invoiceAmounts({ subtotalCents: subtotal, balanceCents: customer.balanceCents });
      charge(paymentMethod, amounts.totalCents);
      return {
        subscription: state,
        invoice: paidInvoice([subscriptionLine(plan, subtotal, now, base.currentPeriodEnd, "proration_charge")], amounts, paymentMethod, now),
        balanceCents: amounts.balanceCents,
      };
    }
    const price = priceFor(plan, input.interval);
    const periodsLeft = coupon ? discountPeriods(coupon, input.interval) : null;
    if (input.trialDays > 0) {
      const trialEnd = addDays(now, input.trialDays);
      return {
        subscription: {
          providerSubscriptionId: providerId("sub"),
          status: "trialing",
          interval: input.interval,
          priceCents: price,
          currentPeriodStart: now,
          currentPeriodEnd: trialEnd,
          trialEnd,
          cancelAtPeriodEnd: false,
          canceledAt: null,
          discountPeriodsLeft: periodsLeft,
          pastDueSince: null,
        },
      };
    }
    const end = periodEnd(now, input.interval);
    const amounts = invoiceAmounts({ subtotalCents: price, coupon, discountPeriodsLeft: periodsLeft, balanceCents: customer.balanceCents });
    charge(paymentMethod, amounts.totalCents);
    return {
      subscription: {
        providerSubscriptionId: providerId("sub"),
        status: "active",
        interval: input.interval,
        priceCents: price,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        trialEnd: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        discountPeriodsLeft: amounts.discountPeriodsLeft,
        pastDueSince: null,
      },
      invoice: paidInvoice([subscriptionLine(plan, price, now, end)], amounts, paymentMethod, now),
      balanceCents: amounts.balanceCents,
    };
  },

  async changePlan(ctx, input): Promise<Outcome> {
    const { now, customer } = ctx;
    const { subscription, to, paymentMethod } = input;
    const toPrice = priceFor(to, subscription.interval);
    const state: SubscriptionState = { ...stateOf(subscription), priceCents: toPrice };
    // In a trial nothing has been paid, so there is nothing to prorate; without proration the
    // new price starts with the next period.
    if (subscription.status === "trialing" || !input.prorate) return { subscription: state };
    const p = prorate({ fromPriceCents: subscription.priceCents, toPriceCents: toPrice, periodStart: subscription.currentPeriodStart, periodEnd: subscription.currentPeriodEnd, now });
    if (p.netCents <= 0) return { subscription: state, balanceCents: customer.balanceCents - p.netCents };
    const amounts = invoiceAmounts({ subtotalCents: p.netCents, balanceCents: customer.balanceCents });
    charge(paymentMethod, amounts.totalCents);
    const lines: InvoiceLine[] = [
      subscriptionLine(input.from, -p.creditCents, now, subscription.currentPeriodEnd, "proration_credit"),
      subscriptionLine(to, p.chargeCents, now, subscription.currentPeriodEnd, "proration_charge"),
    ];
    return { subscription: state, invoice: paidInvoice(lines, amounts, paymentMethod, now), balanceCents: amounts.balanceCents };
  },

  async cancel(ctx, input): Promise<Outcome> {
    const state = stateOf(input.subscription);
    if (input.immediately) return { subscription: { ...state, status: "canceled", canceledAt: ctx.now, cancelAtPeriodEnd: false, pastDueSince: null } };
    return { subscription: { ...state, cancelAtPeriodEnd: true } };
  },

  async resume(_ctx, subscription): Promise<Outcome> {
    return { subscription: { ...stateOf(subscription), cancelAtPeriodEnd: false } };
  },
};

type RenewalOutcome = "renewed" | "canceled" | "pastDue" | "recovered";

export type RenewalReport = Record<RenewalOutcome, number> & {
  /** Subscriptions whose renewal threw (each rolled back on its own), as "id: message". */
  errors: string[];
};

/** A built-in subscription with something to do at `now`: its period ended, or it is past due (a retry). */
const dueAt = (now: Date) =>
  and(
    eq(subscriptions.provider, "builtin"),
    or(and(inArray(subscriptions.status, ["trialing", "active"]), lte(subscriptions.currentPeriodEnd, now)), eq(subscriptions.status, "past_due")),
  );

/** The businesses with a built-in subscription due at `now`: what the daily command `billing.renewals` runs for. */
export async function businessesWithDueRenewals(db: Database, now: Date): Promise<string[]> {
  return (await db.selectDistinct({ id: subscriptions.businessId }).from(subscriptions).where(dueAt(now))).map((r) => r.id);
}

/**
 * Runs the built-in provider's lifecycle up to `now`: ends subscriptions canceled at period end,
 * bills the next period of the others (at the business's current payment_frequency), retries
 * past-due ones and cancels them after the grace period. Each subscription is handled in its own
 * transaction under the business lock; base plans before add-ons, so an add-on sees whether its
 * base plan is still there. Idempotent: the lock and a second read decide, so a rerun for the same
 * moment does nothing. Run per business by the daily command `billing.renewals`, or for all at
 * once by `node --import tsx api/services/billing/renew.ts`.
 */
export async function renewDue(db: Database, now: Date, options: { businessId?: string } = {}): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, canceled: 0, pastDue: 0, recovered: 0, errors: [] };
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(dueAt(now), options.businessId ? eq(subscriptions.businessId, options.businessId) : undefined))
    .orderBy(asc(subscriptions.isAddOn), asc(subscriptions.currentPeriodEnd));
  for (const { id } of due) {
    try {
      const result = await db.transaction(async (t) => renewLogged(t as unknown as Database, id, now));
      if (result) report[result]++;
    } catch (error) {
      logger.error({ msg: "renewal failed", subscription_id: id, err: error });
      report.errors.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return report;
}

/** A renewal is the scheduled job's change: the activity log shows what it did to the subscription, in its transaction. */
async function renewLogged(tx: Database, id: string, now: Date): Promise<RenewalOutcome | null> {
  const [found] = await tx.select({ businessId: subscriptions.businessId }).from(subscriptions).where(eq(subscriptions.id, id));
  if (!found) return null;
  return withBillingActivity(tx, found.businessId, { kind: "job", label: "renewals" }, () => renewOne(tx, id, now));
}

async function renewOne(tx: Database, id: string, now: Date): Promise<RenewalOutcome | null> {
  const [found] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!found) return null;
  const business = await lockBusiness(tx, found.businessId);
  // Read again under the lock: an owner's action may have changed it meanwhile.
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  const action = renewalAction(sub, now);
  if (action === "none") return null;
  if (action === "cancel" || action === "expire") {
    await endSubscription(tx, sub, action === "cancel" ? sub.currentPeriodEnd : now, now);
    return "canceled";
  }
  const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.planId));
  if (sub.isAddOn) {
    const [base] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, sub.businessId), eq(subscriptions.isAddOn, false), inArray(subscriptions.status, ["trialing", "active", "past_due"])));
    if (!base) {
      await endSubscription(tx, sub, now, now);
      return "canceled";
    }
  }
  const customer = await customerOf(tx, sub.businessId);
  const paymentMethod = await defaultPaymentMethod(tx, sub.businessId);
  if (action === "retry") {
    const [open] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, "open")))
      .orderBy(desc(invoices.createdAt))
      .limit(1);
    try {
      charge(paymentMethod, open?.totalCents ?? 0);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      if (open) await tx.update(invoices).set({ failureMessage: error.message, paymentMethodId: paymentMethod?.id ?? null }).where(eq(invoices.id, open.id));
      return null;
    }
    if (open) await tx.update(invoices).set({ status: "paid", paidAt: now, failureMessage: null, paymentMethodId: paymentMethod?.id ?? null }).where(eq(invoices.id, open.id));
    await updateSubscription(tx, sub.id, { status: "active", pastDueSince: null }, now);
    return "recovered";
  }
  // Renewal by payment_frequency: the next period uses the business's current choice.
  const interval = intervalFor(business.paymentFrequency);
  const price = priceFor(plan, interval);
  const start = sub.currentPeriodEnd;
  const end = periodEnd(start, interval);
  const coupon = await couponOf(tx, sub.couponId);
  const amounts = invoiceAmounts({ subtotalCents: price, coupon, discountPeriodsLeft: sub.discountPeriodsLeft, balanceCents: customer?.balanceCents ?? 0 });
  const lines = [subscriptionLine(plan, price, start, end)];
  let failure: string | null = null;
  try {
    charge(paymentMethod, amounts.totalCents);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    failure = error.message;
  }
  const draft: InvoiceDraft = failure
    ? { providerInvoiceId: providerId("in"), lines, ...amounts, status: "open", paymentMethodId: paymentMethod?.id ?? null, failureMessage: failure, paidAt: null }
    : paidInvoice(lines, amounts, paymentMethod, now);
  await insertInvoice(tx, { businessId: sub.businessId, subscriptionId: sub.id, provider: "builtin", currency: plan.currency, draft }, now);
  if (customer) await setCustomer(tx, sub.businessId, { balanceCents: amounts.balanceCents }, now);
  await updateSubscription(
    tx,
    sub.id,
    {
      status: failure ? "past_due" : "active",
      pastDueSince: failure ? now : null,
      interval,
      priceCents: price,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      trialEnd: sub.trialEnd,
      discountPeriodsLeft: amounts.discountPeriodsLeft,
    },
    now,
  );
  if (failure) await tellPaymentFailed(tx, sub.businessId);
  return failure ? "pastDue" : "renewed";
}

/** Cancels a subscription and, for a base plan, the add-ons that depend on it; voids open invoices. */
export async function endSubscription(tx: Database, sub: SubscriptionRow, canceledAt: Date, now: Date): Promise<void> {
  const ids = [sub.id];
  if (!sub.isAddOn) {
    const addOns = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.businessId, sub.businessId), eq(subscriptions.isAddOn, true), inArray(subscriptions.status, ["trialing", "active", "past_due"])));
    ids.push(...addOns.map((a) => a.id));
  }
  for (const id of ids) {
    await updateSubscription(tx, id, { status: "canceled", canceledAt, cancelAtPeriodEnd: false, pastDueSince: null }, now);
    await tx.update(invoices).set({ status: "void" }).where(and(eq(invoices.subscriptionId, id), eq(invoices.status, "open")));
  }
}
