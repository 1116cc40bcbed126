import { pricingRecordChanges } from "#domain/activity/pricing.ts";
import type { Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { loadPricingConfig } from "./config.ts";
import { recordActivity } from "#api/services/activity/record.ts";

/**
 * Runs a write to the pricing configuration (price settings, seasons, occupancy bands, room
 * categories) on `tx` and records what it changed, record by record, in the same transaction:
 * the configuration is read before and after, so every writer is covered without each one
 * describing its own change.
 */
export async function withPricingActivity<T>(tx: Database, businessId: string, actor: Actor, write: () => Promise<T>): Promise<T> {
  const before = await loadPricingConfig(tx, businessId);
  const result = await write();
  const after = await loadPricingConfig(tx, businessId);
  for (const change of pricingRecordChanges(before, after)) {
    await recordActivity(tx, { businessId, actor, area: change.area, entityId: change.entityId, entityLabel: change.label, before: change.before, after: change.after });
  }
  return result;
}
