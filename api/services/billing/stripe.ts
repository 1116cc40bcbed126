import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { BillingInterval } from "#domain/billing/periods.ts";
import type { Database } from "#api/db/client.ts";
import {
  billingCustomers,
  coupons,
  invoices,
  paymentMethods,
  plans,
  subscriptions,
  type CouponRow,
  type InvoiceLine,
  type InvoiceStatus,
  type PlanRow,
  type SubscriptionStatus,
} from "#api/db/schema/index.ts";
import { logger } from "#api/logger.ts";
import {
  PaymentError,
  priceFor,
  ProviderError,
  type BillingProvider,
  type CardDetails,
  type InvoiceDraft,
  type OperationContext,
  type Outcome,
  type SubscriptionState,
} from "./provider.ts";
import { failedInvoiceIsNews, pastDueIsNews, tellPaymentFailed } from "./payment-failed.ts";
import { insertInvoice, updateSubscription } from "./store.ts";
import type { Actor } from "#domain/activity/index.ts";
import { withBillingActivity } from "./activity.ts";
import { recordActivity } from "#api/services/activity/record.ts";

/**
 * The Stripe provider (official `stripe` package), chosen when STRIPE_SECRET_KEY is set. Stripe
 * runs the lifecycle (renewals, retries, dunning); we mirror its answers, and its webhooks
 * (POST /api/webhooks/stripe, signature-verified) keep the mirror current between our calls.
 * Plans' prices and coupons are created in Stripe on first use and their ids kept.
 */

/** The part of the Stripe client this provider uses (tests pass a fake). */
export type StripeClient = Pick<Stripe, "customers" | "paymentMethods" | "subscriptions" | "prices" | "coupons">;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromSeconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/** Stripe's card refusals become PaymentError (402, Stripe's message); other Stripe errors ProviderError. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const type = (error as { type?: unknown })?.type;
    // Stripe's errors carry their class name in `type` (the SDK is loaded only when used).
    if (type === "StripeCardError") {
      throw new PaymentError((error as Error).message, (error as { code?: string }).code ?? "card_declined");
    }
    if (typeof type === "string" && type.startsWith("Stripe")) {
      throw new ProviderError((error as Error).message ?? "");
    }
    throw error;
  }
}

export function stripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case "active":
    case "trialing":
    case "past_due":
    case "canceled":
    case "incomplete":
      return status as SubscriptionStatus;
    case "unpaid":
      return "past_due";
    default:
      // incomplete_expired, paused: nothing is being provided any more.
      return "canceled";
  }
}

function invoiceStatus(status: Stripe.Invoice.Status | null): InvoiceStatus {
  if (status === "paid") return "paid";
  if (status === "void" || status === "uncollectible") return "void";
  return "open";
}

export function invoiceDraft(invoice: Stripe.Invoice): InvoiceDraft {
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  const lines: InvoiceLine[] = (invoice.lines?.data ?? []).map((line) => ({
    kind: line.amount < 0 ? "proration_credit" : "subscription",
    period_start: fromSeconds(line.period?.start)?.toISOString(),
    period_end: fromSeconds(line.period?.end)?.toISOString(),
    amount_cents: line.amount,
  }));
  return {
    providerInvoiceId: invoice.id ?? `in_unknown_${Date.now()}`,
    number: invoice.number,
    lines,
    subtotalCents: invoice.subtotal,
    discountCents: discount,
    creditCents: 0,
    totalCents: invoice.total,
    status: invoiceStatus(invoice.status),
    paymentMethodId: null,
    failureMessage: invoice.last_finalization_error?.message ?? null,
    paidAt: fromSeconds(invoice.status_transitions?.paid_at),
  };
}

/** The subscription fields we mirror, from Stripe's object. */
export function stateFromStripe(sub: Stripe.Subscription, priceCents: number, interval: BillingInterval): SubscriptionState {
  const item = sub.items?.data?.[0];
  return {
    providerSubscriptionId: sub.id,
    status: stripeStatus(sub.status),
    interval,
    priceCents,
    currentPeriodStart: fromSeconds(item?.current_period_start) ?? fromSeconds(sub.start_date) ?? new Date(),
    currentPeriodEnd: fromSeconds(item?.current_period_end) ?? fromSeconds(sub.start_date) ?? new Date(),
    trialEnd: fromSeconds(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: fromSeconds(sub.canceled_at),
    discountPeriodsLeft: null,
    pastDueSince: null,
  };
}

function latestInvoice(sub: Stripe.Subscription): InvoiceDraft | null {
  const invoice = sub.latest_invoice;
  return invoice && typeof invoice === "object" ? invoiceDraft(invoice) : null;
}

async function ensurePrice(stripe: StripeClient, tx: Database, plan: PlanRow, interval: BillingInterval): Promise<string> {
  const existing = interval === "year" ? plan.stripePriceYearlyId : plan.stripePriceMonthlyId;
  if (existing) return existing;
  const price = await call(() =>
    stripe.prices.create({
      currency: plan.currency.toLowerCase(),
      unit_amount: priceFor(plan, interval),
      recurring: { interval },
      product_data: { name: plan.name["pt-BR"] ?? plan.planIdentifier, metadata: { plan_identifier: plan.planIdentifier } },
      lookup_key: `${plan.planIdentifier}_${interval}`,
      transfer_lookup_key: true,
      metadata: { plan_identifier: plan.planIdentifier },
    }),
  );
  await tx
    .update(plans)
    .set(interval === "year" ? { stripePriceYearlyId: price.id } : { stripePriceMonthlyId: price.id })
    .where(eq(plans.id, plan.id));
  return price.id;
}

async function ensureCoupon(stripe: StripeClient, tx: Database, coupon: CouponRow): Promise<string> {
  if (coupon.stripeCouponId) return coupon.stripeCouponId;
  let id = coupon.id;
  try {
    const created = await call(() =>
      stripe.coupons.create({
        id: coupon.id,
        name: coupon.name,
        ...(coupon.percentOff !== null ? { percent_off: coupon.percentOff } : { amount_off: coupon.amountOffCents ?? 0, currency: coupon.currency.toLowerCase() }),
        duration: coupon.duration,
        ...(coupon.duration === "repeating" ? { duration_in_months: coupon.durationInMonths ?? 1 } : {}),
        ...(coupon.expiresAt ? { redeem_by: seconds(coupon.expiresAt) } : {}),
      }),
    );
    id = created.id;
  } catch (error) {
    // Made earlier from another database (same Stripe account): use it.
    if (!(error instanceof ProviderError) || !/already exists/i.test(error.message)) throw error;
  }
  await tx.update(coupons).set({ stripeCouponId: id }).where(eq(coupons.id, coupon.id));
  return id;
}

export function createStripeProvider(options: { secretKey?: string; client?: StripeClient }): BillingProvider {
  // The SDK (~4 MB of heap) is loaded with the first call to Stripe, not at start (ADR 0029).
  let client: Promise<StripeClient> | undefined;
  const sdk = () =>
    (client ??= options.client
      ? Promise.resolve(options.client)
      : import("stripe").then(({ default: Sdk }) => new Sdk(options.secretKey ?? "", { maxNetworkRetries: 2, timeout: 20_000 })));

  const provider: BillingProvider = {
    name: "stripe",

    async createCustomer(business) {
      const customer = await call(async () =>
        (await sdk()).customers.create({ name: business.companyName, email: business.email ?? undefined, metadata: { business_id: business.id } }),
      );
      return customer.id;
    },

    async attachPaymentMethod(ctx, token): Promise<CardDetails> {
      const pm = await call(async () => (await sdk()).paymentMethods.attach(token, { customer: ctx.customer.providerCustomerId }));
      return {
        id: pm.id,
        brand: pm.card?.brand ?? pm.type,
        last4: pm.card?.last4 ?? "0000",
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
      };
    },

    async detachPaymentMethod(_ctx, paymentMethod) {
      await call(async () => (await sdk()).paymentMethods.detach(paymentMethod.id));
    },

    async setDefaultPaymentMethod(ctx, paymentMethod) {
      await call(async () =>
        (await sdk()).customers.update(ctx.customer.providerCustomerId, { invoice_settings: { default_payment_method: paymentMethod?.id ?? "" } }),
      );
    },

    async startSubscription(ctx, input): Promise<Outcome> {
      const { plan, coupon, paymentMethod, base } = input;
      const interval = base?.interval ?? input.interval;
      const price = await ensurePrice(await sdk(), ctx.tx, plan, interval);
      const couponId = coupon ? await ensureCoupon(await sdk(), ctx.tx, coupon) : null;
      const params: Stripe.SubscriptionCreateParams = {
        customer: ctx.customer.providerCustomerId,
        items: [{ price }],
        default_payment_method: paymentMethod?.id,
        payment_behavior: "error_if_incomplete",
        metadata: { business_id: ctx.business.id, plan_identifier: plan.planIdentifier },
        expand: ["latest_invoice"],
      };
      if (couponId) params.discounts = [{ coupon: couponId }];
      if (base) {
        // An add-on follows its base plan: its trial, and its renewal date (prorated until then).
        if (base.status === "trialing" && base.trialEnd) params.trial_end = seconds(base.trialEnd);
        else {
          params.billing_cycle_anchor = seconds(base.currentPeriodEnd);
          params.proration_behavior = "create_prorations";
        }
      } else if (input.trialDays > 0) {
        params.trial_period_days = input.trialDays;
      }
      const sub = await call(async () => (await sdk()).subscriptions.create(params));
      return { subscription: stateFromStripe(sub, priceFor(plan, interval), interval), invoice: latestInvoice(sub) };
    },

    async changePlan(ctx, input): Promise<Outcome> {
      const current = await call(async () => (await sdk()).subscriptions.retrieve(input.subscription.providerSubscriptionId));
      const item = current.items.data[0];
      const price = await ensurePrice(await sdk(), ctx.tx, input.to, input.subscription.interval);
      const sub = await call(async () =>
        (await sdk()).subscriptions.update(current.id, {
          items: [{ id: item.id, price }],
          proration_behavior: input.prorate ? "always_invoice" : "none",
          payment_behavior: "error_if_incomplete",
          metadata: { business_id: ctx.business.id, plan_identifier: input.to.planIdentifier },
          expand: ["latest_invoice"],
        }),
      );
      const invoice = input.prorate ? latestInvoice(sub) : null;
      return { subscription: stateFromStripe(sub, priceFor(input.to, input.subscription.interval), input.subscription.interval), invoice };
    },

    async cancel(_ctx, input): Promise<Outcome> {
      const id = input.subscription.providerSubscriptionId;
      const details = input.reason ? { cancellation_details: { comment: input.reason } } : {};
      const sub = input.immediately
        ? await call(async () => (await sdk()).subscriptions.cancel(id, details))
        : await call(async () => (await sdk()).subscriptions.update(id, { cancel_at_period_end: true, ...details }));
      return { subscription: stateFromStripe(sub, input.subscription.priceCents, input.subscription.interval) };
    },

    async resume(_ctx, subscription): Promise<Outcome> {
      const sub = await call(async () => (await sdk()).subscriptions.update(subscription.providerSubscriptionId, { cancel_at_period_end: false }));
      return { subscription: stateFromStripe(sub, subscription.priceCents, subscription.interval) };
    },
  };
  return provider;
}

/** The webhook's own client: verifying a signature needs no API key and makes no network call. */
let verifier: Stripe | undefined;

/** Verifies the signature (StripeSignatureVerificationError when wrong) and parses the event. */
export async function verifyStripeEvent(payload: string, signature: string, secret: string): Promise<Stripe.Event> {
  verifier ??= new (await import("stripe")).default("sk_test_signature_verification_only");
  return verifier.webhooks.constructEvent(payload, signature, secret);
}

/**
 * Brings our mirror up to date with one Stripe event. Unknown subscriptions and customers are
 * ignored (they were not made through Tarifa). Returns whether anything was written.
 */
/** Stripe acting for the business: what the activity log names as the author of a webhook's change. */
const PAYMENT_PROVIDER: Actor = { kind: "payment_provider", label: "Stripe" };

/** An invoice as the activity log shows it: the owner follows it from open to paid (or failed). */
const invoiceRecord = (row: typeof invoices.$inferSelect) => ({ invoice: row.number, status: row.status, total: row.totalCents });

export async function applyStripeEvent(db: Database, event: Stripe.Event, now: Date): Promise<boolean> {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const sub = event.data.object as Stripe.Subscription;
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id)).for("update");
        if (!row) return false;
        const priceId = sub.items?.data?.[0]?.price?.id;
        const interval: BillingInterval = sub.items?.data?.[0]?.price?.recurring?.interval === "year" ? "year" : "month";
        let planId = row.planId;
        let priceCents = row.priceCents;
        if (priceId) {
          const [plan] = await tx.select().from(plans).where(or(eq(plans.stripePriceMonthlyId, priceId), eq(plans.stripePriceYearlyId, priceId)));
          if (plan) {
            planId = plan.id;
            priceCents = priceFor(plan, interval);
          }
        }
        const state = stateFromStripe(sub, priceCents, interval);
        await withBillingActivity(tx, row.businessId, PAYMENT_PROVIDER, () =>
          updateSubscription(tx, row.id, { ...state, planId, pastDueSince: state.status === "past_due" ? (row.pastDueSince ?? now) : null }, now),
        );
        if (row.status !== "past_due" && state.status === "past_due" && (await pastDueIsNews(tx, row.id))) await tellPaymentFailed(tx, row.businessId);
        return true;
      });
    case "invoice.created":
    case "invoice.finalized":
    case "invoice.paid":
    case "invoice.payment_failed":
    case "invoice.voided":
    case "invoice.marked_uncollectible":
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const invoice = event.data.object as Stripe.Invoice;
        const customerId = typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id;
        if (!customerId) return false;
        const [customer] = await tx.select().from(billingCustomers).where(eq(billingCustomers.providerCustomerId, customerId));
        if (!customer) return false;
        const subRef = invoice.parent?.subscription_details?.subscription;
        const subId = typeof subRef === "string" ? subRef : subRef?.id;
        const [sub] = subId ? await tx.select({ id: subscriptions.id, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId)).for("update") : [];
        const draft = invoiceDraft(invoice);
        if (event.type === "invoice.payment_failed") draft.failureMessage ??= "billing.cardDeclined";
        const [before] = await tx.select().from(invoices).where(eq(invoices.providerInvoiceId, draft.providerInvoiceId));
        const after = await insertInvoice(tx, { businessId: customer.businessId, subscriptionId: sub?.id ?? null, provider: "stripe", currency: (invoice.currency ?? "brl").toUpperCase(), draft }, now);
        await recordActivity(tx, {
          businessId: customer.businessId,
          actor: PAYMENT_PROVIDER,
          area: "subscription",
          entityId: after.id,
          entityLabel: after.number,
          before: before ? invoiceRecord(before) : null,
          after: invoiceRecord(after),
        });
        if (event.type === "invoice.payment_failed" && failedInvoiceIsNews(Boolean(before?.failureMessage), sub?.status)) await tellPaymentFailed(tx, customer.businessId);
        return true;
      });
    case "payment_method.detached": {
      const pm = event.data.object as Stripe.PaymentMethod;
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [card] = await tx.select({ businessId: paymentMethods.businessId }).from(paymentMethods).where(eq(paymentMethods.id, pm.id));
        if (!card) return false;
        await withBillingActivity(tx, card.businessId, PAYMENT_PROVIDER, () => tx.delete(paymentMethods).where(eq(paymentMethods.id, pm.id)));
        return true;
      });
    }
    default:
      logger.debug?.({ msg: "stripe event ignored", type: event.type });
      return false;
  }
}
