import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { invoices } from "#api/db/schema/index.ts";
import { notify } from "#api/services/notifications/notify.ts";

/** Tells the business's team that a payment failed and the subscription is past due, in the transaction that records it. */
export function tellPaymentFailed(tx: Database, businessId: string): Promise<number> {
  return notify(tx, { businessId, kind: "payment.failed", link: "/account-settings/subscriptions" });
}

/**
 * Stripe says one failure twice — `invoice.payment_failed` (again at each of its own retries) and
 * the subscription turning `past_due` — in either order. The team hears it once: an invoice's
 * first failure tells it unless the subscription is already past due; the turn to past due tells
 * it unless an open invoice of the subscription has already failed. Both events lock the
 * subscription row first, so they are decided one after the other.
 */
export function failedInvoiceIsNews(invoiceHadFailed: boolean, subscriptionStatus: string | undefined): boolean {
  return !invoiceHadFailed && subscriptionStatus !== "past_due";
}

/** See `failedInvoiceIsNews`: the turn to past due, when no open invoice of the subscription has failed yet. */
export async function pastDueIsNews(tx: Database, subscriptionId: string): Promise<boolean> {
  const [failed] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, "open"), isNotNull(invoices.failureMessage)))
    .limit(1);
  return !failed;
}
