import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import {
  billingCustomers,
  businesses,
  invoices,
  paymentMethods,
  plans,
  subscriptions,
  type BillingCustomerRow,
  type BillingProviderName,
  type PlanRow,
  type SubscriptionRow,
} from "#api/db/schema/index.ts";
import { conflict } from "#api/errors.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import type { BillingProvider, InvoiceDraft, SubscriptionState } from "./provider.ts";

/** Our tables, as the service and the providers read and write them. */

export const LIVE_STATUSES = ["trialing", "active", "past_due"] as const;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Provider-style ids (`pm_…`, `sub_…`, `in_…`, `cus_…`) for the built-in provider. */
export function providerId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

function lockUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "55P03") return true;
  }
  return false;
}

/**
 * Locks the business row for this transaction: billing operations on one business run one at a
 * time. With `noWait` a second caller is refused at once (409) instead of queueing behind the
 * first — that is the spec's "only one subscribe runs at a time".
 */
export async function lockBusiness(tx: Database, businessId: string, options: { noWait?: boolean; busyMessage?: string } = {}): Promise<BusinessRow> {
  try {
    const query = tx.select().from(businesses).where(eq(businesses.id, businessId));
    const [row] = await (options.noWait ? query.for("update", { noWait: true }) : query.for("update"));
    if (!row) throw new Error(`business ${businessId} vanished`);
    return row;
  } catch (error) {
    if (lockUnavailable(error)) throw conflict(options.busyMessage ?? "billing.busy");
    throw error;
  }
}

export async function customerOf(db: Database, businessId: string): Promise<BillingCustomerRow | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.businessId, businessId));
  return row ?? null;
}

/** The business's customer at the provider, made on first use. */
export async function ensureCustomer(tx: Database, provider: BillingProvider, business: BusinessRow): Promise<BillingCustomerRow> {
  const existing = await customerOf(tx, business.id);
  if (existing) return existing;
  const providerCustomerId = await provider.createCustomer(business);
  const [row] = await tx.insert(billingCustomers).values({ businessId: business.id, provider: provider.name, providerCustomerId }).returning();
  return row;
}

export async function setCustomer(tx: Database, businessId: string, values: Partial<Pick<BillingCustomerRow, "defaultPaymentMethodId" | "balanceCents">>, now: Date) {
  await tx.update(billingCustomers).set({ ...values, updatedAt: now }).where(eq(billingCustomers.businessId, businessId));
}

export async function planByIdentifier(db: Database, identifier: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.planIdentifier, identifier));
  return row ?? null;
}

export type SubscriptionWithPlan = SubscriptionRow & { plan: PlanRow };

/** Every subscription of a business, newest first, with its plan. */
export async function subscriptionsOf(db: Database, businessId: string): Promise<SubscriptionWithPlan[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.businessId, businessId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map((r) => ({ ...r.subscription, plan: r.plan }));
}

export async function liveSubscriptions(db: Database, businessId: string): Promise<SubscriptionWithPlan[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.businessId, businessId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(asc(subscriptions.createdAt));
  return rows.map((r) => ({ ...r.subscription, plan: r.plan }));
}

export async function insertSubscription(
  tx: Database,
  values: { businessId: string; plan: PlanRow; provider: BillingProviderName; state: SubscriptionState; couponId?: string | null; reason?: string | null },
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      businessId: values.businessId,
      planId: values.plan.id,
      isAddOn: values.plan.isAddOn,
      provider: values.provider,
      couponId: values.couponId ?? null,
      cancellationReason: values.reason ?? null,
      ...values.state,
      // createdAt is the database's clock: it orders a business's subscriptions even when the
      // service's clock stands still (tests) — "latest" must mean the last one made.
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function updateSubscription(
  tx: Database,
  id: string,
  values: Partial<SubscriptionState> & { planId?: number; isAddOn?: boolean; cancellationReason?: string | null; couponId?: string | null },
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set({ ...values, updatedAt: now }).where(eq(subscriptions.id, id)).returning();
  return row;
}

/**
 * Stores an invoice, numbered per business (TRF-000001…) unless the provider numbered it. An
 * invoice seen before (Stripe sends the same one with each step: created, finalized, paid) is
 * updated instead.
 */
export async function insertInvoice(
  tx: Database,
  values: { businessId: string; subscriptionId: string | null; provider: BillingProviderName; currency: string; draft: InvoiceDraft },
  now: Date,
) {
  const { number: providerNumber, ...draft } = values.draft;
  const [seen] = await tx.select().from(invoices).where(eq(invoices.providerInvoiceId, draft.providerInvoiceId));
  if (seen) {
    const [row] = await tx
      .update(invoices)
      .set({ ...draft, subscriptionId: values.subscriptionId ?? seen.subscriptionId, number: providerNumber ?? seen.number })
      .where(eq(invoices.id, seen.id))
      .returning();
    return row;
  }
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(invoices).where(eq(invoices.businessId, values.businessId));
  const number = providerNumber ?? `TRF-${String(count + 1).padStart(6, "0")}`;
  const [row] = await tx
    .insert(invoices)
    .values({ businessId: values.businessId, subscriptionId: values.subscriptionId, provider: values.provider, currency: values.currency, number, ...draft, createdAt: now })
    .returning();
  return row;
}

export async function paymentMethodsOf(db: Database, businessId: string) {
  return db.select().from(paymentMethods).where(eq(paymentMethods.businessId, businessId)).orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}
