import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ItemCategoryInput, ItemInput, PointOfSaleInput } from "#domain/schemas/ledger.ts";
import type { Database } from "#api/db/client.ts";
import { itemCategories, items, pointOfSaleItems, pointsOfSale, type ItemRow, type PointOfSaleRow } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { inTransaction } from "#api/db/query.ts";
import { refusal } from "./shared.ts";
import type { ItemCategoryJson, ItemJson, PointOfSaleJson } from "#contract/ledger.ts";

/** Item categories, items and points of sale: what the hotel sells besides the room (docs/api/ledger.md). */

export async function listItemCategories(ctx: BookingContext): Promise<ItemCategoryJson[]> {
  const rows = await ctx.db
    .select({ c: itemCategories, count: sql<number>`(select count(*)::int from items i where i.category_id = "item_categories"."id")` })
    .from(itemCategories)
    .where(eq(itemCategories.businessId, ctx.business.id))
    .orderBy(asc(sql`lower(${itemCategories.name})`));
  return rows.map(({ c, count }) => ({ uuid: c.id, name: c.name, item_count: Number(count) }));
}

async function itemCategoryRow(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(itemCategories)
    .where(and(eq(itemCategories.id, id), eq(itemCategories.businessId, ctx.business.id)));
  if (!row) throw notFound("ledger:api.itemCategoryNotFound");
  return row;
}

export async function getItemCategory(ctx: BookingContext, id: string) {
  const row = await itemCategoryRow(ctx, id);
  return (await listItemCategories(ctx)).find((c) => c.uuid === row.id)!;
}

export async function createItemCategory(ctx: BookingContext, input: ItemCategoryInput): Promise<string> {
  const [row] = await ctx.db
    .insert(itemCategories)
    .values({ businessId: ctx.business.id, name: input.name, createdAt: ctx.now })
    .returning({ id: itemCategories.id })
    .catch((e) => refusal(ctx, e));
  return row.id;
}

export async function updateItemCategory(ctx: BookingContext, id: string, input: ItemCategoryInput): Promise<void> {
  await itemCategoryRow(ctx, id);
  await ctx.db
    .update(itemCategories)
    .set({ name: input.name })
    .where(eq(itemCategories.id, id))
    .catch((e) => refusal(ctx, e));
}

/** 409 while items are in the category: the owner moves or deletes them first. */
export async function deleteItemCategory(ctx: BookingContext, id: string): Promise<void> {
  await itemCategoryRow(ctx, id);
  await ctx.db
    .delete(itemCategories)
    .where(eq(itemCategories.id, id))
    .catch((e) => refusal(ctx, e, "name", "ledger:api.categoryHasItems"));
}

function itemJson(i: ItemRow & { categoryName: string; pointOfSaleIds: string[] }): ItemJson {
  return {
    uuid: i.id,
    name: i.name,
    item_category_uuid: i.categoryId,
    item_category: { uuid: i.categoryId, name: i.categoryName },
    price: i.price,
    active: i.active,
    point_of_sale_uuids: i.pointOfSaleIds,
  };
}
export type { ItemJson };

export async function listItems(ctx: BookingContext, filter: { activeOnly?: boolean } = {}) {
  const rows = await ctx.db
    .select({
      i: items,
      categoryName: itemCategories.name,
      pointOfSaleIds: sql<string[]>`coalesce((select array_agg(p.point_of_sale_id::text order by p.point_of_sale_id) from point_of_sale_items p where p.item_id = "items"."id"), '{}')`,
    })
    .from(items)
    .innerJoin(itemCategories, eq(itemCategories.id, items.categoryId))
    .where(and(eq(items.businessId, ctx.business.id), filter.activeOnly ? eq(items.active, true) : undefined))
    .orderBy(asc(sql`lower(${itemCategories.name})`), asc(sql`lower(${items.name})`));
  return rows.map((r) => itemJson({ ...r.i, categoryName: r.categoryName, pointOfSaleIds: r.pointOfSaleIds ?? [] }));
}

export async function itemRow(ctx: BookingContext, id: string, field?: string) {
  const [row] = await ctx.db
    .select()
    .from(items)
    .where(and(eq(items.id, id), eq(items.businessId, ctx.business.id)));
  if (!row) throw field ? fieldError(ctx, field, "ledger:validation.unknownItem") : notFound("ledger:api.itemNotFound");
  return row;
}

export async function getItem(ctx: BookingContext, id: string) {
  await itemRow(ctx, id);
  return (await listItems(ctx)).find((i) => i.uuid === id)!;
}

async function checkItemCategory(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select({ id: itemCategories.id })
    .from(itemCategories)
    .where(and(eq(itemCategories.id, id), eq(itemCategories.businessId, ctx.business.id)));
  if (!row) throw fieldError(ctx, "item_category_uuid", "ledger:validation.unknownItemCategory");
}

export async function createItem(ctx: BookingContext, input: ItemInput): Promise<string> {
  await checkItemCategory(ctx, input.item_category_uuid);
  const [row] = await ctx.db
    .insert(items)
    .values({ businessId: ctx.business.id, categoryId: input.item_category_uuid, name: input.name, price: input.price, active: input.active, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: items.id })
    .catch((e) => refusal(ctx, e));
  return row.id;
}

export async function updateItem(ctx: BookingContext, id: string, input: ItemInput): Promise<void> {
  await itemRow(ctx, id);
  await checkItemCategory(ctx, input.item_category_uuid);
  await ctx.db
    .update(items)
    .set({ categoryId: input.item_category_uuid, name: input.name, price: input.price, active: input.active, updatedAt: ctx.now })
    .where(eq(items.id, id))
    .catch((e) => refusal(ctx, e));
}

/** Extras already sold keep their description and price (the item is only unlinked from them). */
export async function deleteItem(ctx: BookingContext, id: string): Promise<void> {
  await itemRow(ctx, id);
  await ctx.db.delete(items).where(eq(items.id, id));
}

function pointOfSaleJson(p: PointOfSaleRow & { itemIds: string[] }): PointOfSaleJson {
  return { uuid: p.id, name: p.name, active: p.active, item_uuids: p.itemIds };
}
export type { PointOfSaleJson };

export async function listPointsOfSale(ctx: BookingContext, filter: { activeOnly?: boolean } = {}) {
  const rows = await ctx.db
    .select({
      p: pointsOfSale,
      itemIds: sql<string[]>`coalesce((select array_agg(x.item_id::text order by x.item_id) from point_of_sale_items x where x.point_of_sale_id = "points_of_sale"."id"), '{}')`,
    })
    .from(pointsOfSale)
    .where(and(eq(pointsOfSale.businessId, ctx.business.id), filter.activeOnly ? eq(pointsOfSale.active, true) : undefined))
    .orderBy(asc(sql`lower(${pointsOfSale.name})`));
  return rows.map((r) => pointOfSaleJson({ ...r.p, itemIds: r.itemIds ?? [] }));
}

export async function pointOfSaleRow(ctx: BookingContext, id: string, field?: string) {
  const [row] = await ctx.db
    .select()
    .from(pointsOfSale)
    .where(and(eq(pointsOfSale.id, id), eq(pointsOfSale.businessId, ctx.business.id)));
  if (!row) throw field ? fieldError(ctx, field, "ledger:validation.unknownPointOfSale") : notFound("ledger:api.pointOfSaleNotFound");
  return row;
}

export async function getPointOfSale(ctx: BookingContext, id: string) {
  await pointOfSaleRow(ctx, id);
  return (await listPointsOfSale(ctx)).find((p) => p.uuid === id)!;
}

/** The items, which must all be the business's (422 beside item_uuids otherwise). */
async function checkItems(ctx: BookingContext, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const found = await ctx.db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.businessId, ctx.business.id), inArray(items.id, unique)));
  if (found.length !== unique.length) throw fieldError(ctx, "item_uuids", "ledger:validation.unknownItem");
  return unique;
}

async function setItems(tx: Database, pointOfSaleId: string, itemIds: readonly string[]) {
  await tx.delete(pointOfSaleItems).where(eq(pointOfSaleItems.pointOfSaleId, pointOfSaleId));
  if (itemIds.length) await tx.insert(pointOfSaleItems).values(itemIds.map((itemId) => ({ pointOfSaleId, itemId })));
}

export async function createPointOfSale(ctx: BookingContext, input: PointOfSaleInput): Promise<string> {
  const itemIds = await checkItems(ctx, input.item_uuids);
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(pointsOfSale)
      .values({ businessId: ctx.business.id, name: input.name, active: input.active, createdAt: ctx.now })
      .returning({ id: pointsOfSale.id })
      .catch((e) => refusal(ctx, e));
    await setItems(tx, row.id, itemIds);
    return row.id;
  });
}

export async function updatePointOfSale(ctx: BookingContext, id: string, input: PointOfSaleInput): Promise<void> {
  await pointOfSaleRow(ctx, id);
  const itemIds = await checkItems(ctx, input.item_uuids);
  await inTransaction(ctx.db, async (tx) => {
    await tx
      .update(pointsOfSale)
      .set({ name: input.name, active: input.active })
      .where(eq(pointsOfSale.id, id))
      .catch((e) => refusal(ctx, e));
    await setItems(tx, id, itemIds);
  });
}

/** Extras sold there keep their rows; they just no longer name a point of sale. */
export async function deletePointOfSale(ctx: BookingContext, id: string): Promise<void> {
  await pointOfSaleRow(ctx, id);
  await ctx.db.delete(pointsOfSale).where(eq(pointsOfSale.id, id));
}
