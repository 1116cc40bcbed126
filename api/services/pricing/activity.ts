import { and, eq, inArray } from "drizzle-orm";
import { pricingRecordChanges } from "#domain/activity/pricing.ts";
import type { Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { manualPrices, roomCategories } from "#api/db/schema/index.ts";
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

/** The manual prices of one category on `dates`, as `{ "YYYY-MM-DD": { price } }`. */
async function manualPricesOn(tx: Database, categoryId: string, dates: readonly string[]) {
  if (!dates.length) return {};
  const rows = await tx
    .select({ date: manualPrices.date, price: manualPrices.price })
    .from(manualPrices)
    .where(and(eq(manualPrices.roomCategoryId, categoryId), inArray(manualPrices.date, [...dates])));
  return Object.fromEntries(rows.map((r) => [r.date, { price: r.price }]));
}

/** Runs a write of one category's manual prices and records the nights whose price it set, moved or cleared. */
export async function withManualPriceActivity<T>(tx: Database, businessId: string, actor: Actor, categoryId: string, dates: readonly string[], write: () => Promise<T>): Promise<T> {
  const before = await manualPricesOn(tx, categoryId, dates);
  const result = await write();
  const after = await manualPricesOn(tx, categoryId, dates);
  const [category] = await tx.select({ name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.id, categoryId));
  await recordActivity(tx, { businessId, actor, area: "price_settings", action: "updated", entityId: categoryId, entityLabel: category?.name ?? null, before: { manual_prices: before }, after: { manual_prices: after } });
  return result;
}
