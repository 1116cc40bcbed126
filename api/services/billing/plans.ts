import { and, asc, desc, eq } from "drizzle-orm";
import { DEFAULT_LOCALE } from "#domain/locale.ts";
import { trialDays, type Plan } from "#domain/subscription/state.ts";
import type { Database } from "#api/db/client.ts";
import { coupons, invoices, plans, subscriptions, type InvoiceRow, type PlanRow, type Translated } from "#api/db/schema/index.ts";
import { LIVE_STATUSES } from "./store.ts";
import type { BusinessPlanJson, CatalogPlanJson, CouponJson, InvoiceJson } from "#contract/billing.ts";

/** The wire shapes of plans, subscriptions and invoices (spec section 3 "Plan", section 7). */

export function localized(text: Translated, locale: string): string {
  return text[locale] ?? text[DEFAULT_LOCALE] ?? Object.values(text)[0] ?? "";
}

export function catalogPlanJson(plan: PlanRow, locale: string): CatalogPlanJson {
  return {
    plan_identifier: plan.planIdentifier,
    name: localized(plan.name, locale),
    description: localized(plan.description, locale),
    currency: plan.currency,
    price_monthly_cents: plan.priceMonthlyCents,
    price_yearly_cents: plan.priceYearlyCents,
    trial_days: plan.trialDays,
    includes_channel: plan.includesChannel ? 1 : 0,
    is_add_on: plan.isAddOn,
    upgrade_available: plan.upgradeAvailable,
    position: plan.position,
  };
}

/** GET /plans: the plans on sale, base plans first. */
export async function catalog(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.isAddOn), asc(plans.position), asc(plans.id));
}

/**
 * The plans of a business in the shape of spec section 3 (`data.plans` of GET /subscriptions/{id}):
 * the latest subscription of each plan it has had — live ones and canceled ones (which the
 * screens offer to resume). Base plans come first, live before canceled, so `currentPlan` and
 * `hasActiveSubscription` (domain/subscription/state.ts) read it directly; `hasPlan` gates on it.
 */
export async function businessPlans(db: Database, businessId: string, locale: string = DEFAULT_LOCALE): Promise<BusinessPlanJson[]> {
  const rows = await db
    .select({ subscription: subscriptions, plan: plans, coupon: coupons })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(coupons, eq(coupons.id, subscriptions.couponId))
    .where(eq(subscriptions.businessId, businessId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const latest = new Map<number, (typeof rows)[number]>();
  // Newest first, so the first row seen of each plan is its latest subscription — except that the
  // live one (at most one per plan) always wins.
  for (const row of rows) {
    const seen = latest.get(row.plan.id);
    if (!seen || (isLive(row.subscription.status) && !isLive(seen.subscription.status))) latest.set(row.plan.id, row);
  }
  const ordered = [...latest.values()].sort(
    (a, b) =>
      Number(a.plan.isAddOn) - Number(b.plan.isAddOn) ||
      Number(!isLive(a.subscription.status)) - Number(!isLive(b.subscription.status)) ||
      a.plan.position - b.plan.position,
  );
  return ordered.map(({ subscription: s, plan, coupon }) => ({
    plan_identifier: plan.planIdentifier,
    name: localized(plan.name, locale),
    stripe_status: s.status,
    includes_channel: plan.includesChannel ? 1 : 0,
    is_add_on: plan.isAddOn,
    upgrade_available: plan.upgradeAvailable,
    trial_days: plan.trialDays,
    subscription_id: s.id,
    currency: plan.currency,
    price_cents: s.priceCents,
    interval: s.interval,
    current_period_start: s.currentPeriodStart.toISOString(),
    current_period_end: s.currentPeriodEnd.toISOString(),
    trial_end: s.trialEnd?.toISOString() ?? null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt?.toISOString() ?? null,
    cancellation_reason: s.cancellationReason,
    coupon: coupon
      ? { id: coupon.id, name: coupon.name, percent_off: coupon.percentOff, amount_off: coupon.amountOffCents, currency: coupon.currency, duration: coupon.duration, duration_in_months: coupon.durationInMonths }
      : null,
    discount_periods_left: s.discountPeriodsLeft,
  }));
}

function isLive(status: string) {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/** Whether the business ever had a base plan (a trial is offered only to those that did not). */
export async function hadBasePlan(db: Database, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.isAddOn, false)))
    .limit(1);
  return !!row;
}

/**
 * `data.trial_days` (spec sections 1 and 9): 14 unless the first plan's trial_days is a number —
 * the first of the business's plans, or of the catalogue's base plans for a business without one.
 */
export function trialDaysFor(businessPlanList: readonly Plan[], catalogPlans: readonly PlanRow[]): number {
  if (businessPlanList.length) return trialDays(businessPlanList);
  return trialDays(catalogPlans.filter((p) => !p.isAddOn).map((p) => ({ plan_identifier: p.planIdentifier, trial_days: p.trialDays })));
}

export function invoiceJson(row: InvoiceRow, notice: string | null, failureMessage: string | null): InvoiceJson {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: row.currency,
    lines: row.lines,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    credit_cents: row.creditCents,
    total_cents: row.totalCents,
    provider: row.provider,
    notice,
    payment_method_id: row.paymentMethodId,
    failure_message: failureMessage,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function invoicesOf(db: Database, businessId: string, limit = 50): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.businessId, businessId)).orderBy(desc(invoices.createdAt), desc(invoices.number)).limit(limit);
}
