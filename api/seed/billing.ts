import { eq, inArray } from "drizzle-orm";
import { addDays, periodEnd } from "#domain/billing/periods.ts";
import { providerId } from "#api/services/billing/store.ts";
import type { Database } from "#api/db/client.ts";
import { billingCustomers, businesses, invoices, paymentMethods, plans, subscriptions } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "./businesses.ts";

/**
 * The demo pousada pays for Pro (built-in provider) with a test Visa as its default card, ten days
 * into its current month, with that month's invoice — so the product opens without a detour
 * through /subscribe and the subscriptions page has something to show. It also holds the booking
 * engine (`motor`) and market analysis (`competitorAnalysis`) add-ons, so those areas can be
 * shown; the AI add-on is left for the owner to try (it has a trial). Plans themselves are
 * reference data (migration 0005), not demo data. Does nothing when the pousada is not there.
 * The real demo hotel (real-hotel.ts) is billed the same way, for Pro alone.
 */
export async function seedBilling(db: Database, now: Date, options: { businessId: string; addOns: string[] } = { businessId: DEMO_BUSINESS.id, addOns: ["motor", "competitorAnalysis"] }): Promise<void> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, options.businessId));
  if (!business) return;
  const [pro] = await db.select().from(plans).where(eq(plans.planIdentifier, "pro"));
  if (!pro) return;
  const addOns = options.addOns.length ? await db.select().from(plans).where(inArray(plans.planIdentifier, options.addOns)).orderBy(plans.position) : [];
  const cardId = providerId("pm");
  await db.insert(billingCustomers).values({ businessId: business.id, provider: "builtin", providerCustomerId: providerId("cus"), defaultPaymentMethodId: cardId });
  await db.insert(paymentMethods).values({
    id: cardId,
    businessId: business.id,
    provider: "builtin",
    brand: "visa",
    last4: "4242",
    expMonth: 12,
    expYear: now.getUTCFullYear() + 4,
    testCard: "pm_card_visa",
  });
  const start = addDays(now, -10);
  const end = periodEnd(start, "month");
  const subscribed = await db
    .insert(subscriptions)
    .values(
      [pro, ...addOns].map((plan) => ({
        businessId: business.id,
        planId: plan.id,
        isAddOn: plan.isAddOn,
        status: "active" as const,
        provider: "builtin" as const,
        providerSubscriptionId: providerId("sub"),
        interval: "month" as const,
        priceCents: plan.priceMonthlyCents,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        updatedAt: start,
      })),
    )
    .returning();
  const lines = [pro, ...addOns].map((plan) => ({
    kind: "subscription" as const,
    plan_identifier: plan.planIdentifier,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    amount_cents: plan.priceMonthlyCents,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  await db.insert(invoices).values({
    businessId: business.id,
    subscriptionId: subscribed[0].id,
    number: "TRF-000001",
    provider: "builtin",
    providerInvoiceId: providerId("in"),
    lines,
    subtotalCents: total,
    totalCents: total,
    status: "paid",
    paymentMethodId: cardId,
    paidAt: start,
    createdAt: start,
  });
}
