import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { manualPrices, priceChanges, roomCategories } from "#api/db/schema/index.ts";
import { recordActivity } from "#api/services/activity/record.ts";
import { refreshRates, type ChangeReason } from "./rates.ts";

export type PriceChangeSource = (typeof priceChanges.$inferInsert)["source"];

export interface ManualPriceWrite {
  businessId: string;
  categoryId: string;
  /** Night → its new manual price (null: remove it, the rules price the night again). */
  prices: ReadonlyMap<string, number | null>;
  actor: Actor;
  /** Who, when a person; null for the autopilot. */
  userId: string | null;
  source: PriceChangeSource;
  now: Date;
  reason: ChangeReason;
  /** Night → why (the brain's reasons), written beside the prices in the activity log. */
  why?: ReadonlyMap<string, string>;
}

/**
 * The one path that writes manual prices (the owner's form, an accepted recommendation, the
 * autopilot, an undo), on `tx`: the prices, a history line per night whose price moved (undo reads
 * them), one activity line for the category, and the recomputation of those nights' rates, which
 * puts them in the channel outbox. Answers the nights whose manual price moved.
 */
export async function writeManualPrices(tx: Database, w: ManualPriceWrite): Promise<string[]> {
  const dates = [...w.prices.keys()].sort();
  if (dates.length === 0) return [];
  const rows = await tx
    .select({ date: manualPrices.date, price: manualPrices.price })
    .from(manualPrices)
    .where(and(eq(manualPrices.roomCategoryId, w.categoryId), inArray(manualPrices.date, dates)));
  const before = new Map(rows.map((r) => [r.date, r.price]));
  const moved = dates.filter((d) => (before.get(d) ?? null) !== w.prices.get(d));
  if (moved.length === 0) return [];
  const cleared = moved.filter((d) => w.prices.get(d) === null);
  const set = moved.filter((d) => w.prices.get(d) !== null);
  if (cleared.length) await tx.delete(manualPrices).where(and(eq(manualPrices.roomCategoryId, w.categoryId), inArray(manualPrices.date, cleared)));
  for (const d of set) {
    const price = w.prices.get(d)!;
    await tx
      .insert(manualPrices)
      .values({ businessId: w.businessId, roomCategoryId: w.categoryId, date: d, price, updatedBy: w.userId, updatedAt: w.now })
      .onConflictDoUpdate({ target: [manualPrices.roomCategoryId, manualPrices.date], set: { price, updatedBy: w.userId, updatedAt: w.now } });
  }
  await tx.insert(priceChanges).values(
    moved.map((night) => ({ businessId: w.businessId, roomCategoryId: w.categoryId, night, before: before.get(night) ?? null, after: w.prices.get(night)!, source: w.source, userId: w.userId, createdAt: w.now })),
  );
  const [category] = await tx.select({ name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.id, w.categoryId));
  const side = (pick: (d: string) => number | null) => Object.fromEntries(moved.filter((d) => pick(d) !== null).map((d) => [d, { price: pick(d) }]));
  const why = w.why ? Object.fromEntries(moved.filter((d) => w.why!.has(d)).map((d) => [d, w.why!.get(d)])) : undefined;
  await recordActivity(tx, {
    businessId: w.businessId,
    actor: w.actor,
    area: "price_settings",
    action: "updated",
    entityId: w.categoryId,
    entityLabel: category?.name ?? null,
    before: { manual_prices: side((d) => before.get(d) ?? null) },
    after: { manual_prices: side((d) => w.prices.get(d) ?? null), ...(why && Object.keys(why).length ? { reasons: why } : {}) },
  });
  await refreshRates(tx, w.businessId, { now: w.now, reason: w.reason, userId: w.userId, dates: moved });
  return moved;
}
