import type { Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { customerOf, paymentMethodsOf, subscriptionsOf } from "./store.ts";
import { recordActivity } from "#api/services/activity/record.ts";

interface BillingRecord {
  entityId: string;
  label: string;
  values: Record<string, unknown>;
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** The business's subscriptions and saved cards as the owner reads them on the subscriptions page. */
async function billingRecords(tx: Database, businessId: string): Promise<Map<string, BillingRecord>> {
  const [subs, cards, customer] = await Promise.all([subscriptionsOf(tx, businessId), paymentMethodsOf(tx, businessId), customerOf(tx, businessId)]);
  const out = new Map<string, BillingRecord>();
  for (const s of subs) {
    out.set(`subscription:${s.id}`, {
      entityId: s.id,
      label: s.plan.planIdentifier,
      values: {
        plan: s.plan.planIdentifier,
        status: s.status,
        interval: s.interval,
        price: s.priceCents,
        current_period_end: day(s.currentPeriodEnd),
        cancel_at_period_end: s.cancelAtPeriodEnd,
        cancellation_reason: s.cancellationReason ?? null,
      },
    });
  }
  for (const card of cards) {
    out.set(`card:${card.id}`, {
      entityId: card.id,
      label: `${card.brand} •••• ${card.last4}`,
      values: { card: `${card.brand} •••• ${card.last4}`, expires: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`, default: customer?.defaultPaymentMethodId === card.id },
    });
  }
  return out;
}

/**
 * Runs a billing change on `tx` and records, in the same transaction, each subscription and
 * saved card it created, changed or removed (the provider's decisions included: a renewal that
 * moved the period, a refused card that left the subscription past due).
 */
export async function withBillingActivity<T>(tx: Database, businessId: string, actor: Actor, write: () => Promise<T>): Promise<T> {
  const before = await billingRecords(tx, businessId);
  const result = await write();
  const after = await billingRecords(tx, businessId);
  for (const key of new Set([...after.keys(), ...before.keys()])) {
    const a = before.get(key);
    const b = after.get(key);
    await recordActivity(tx, { businessId, actor, area: "subscription", entityId: (b ?? a)!.entityId, entityLabel: (b ?? a)!.label, before: a?.values ?? null, after: b?.values ?? null });
  }
  return result;
}
