import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { blockNights } from "#domain/bookings/stay.ts";
import type { RoomBlockInput } from "#domain/schemas/bookings.ts";
import type { Database } from "#api/db/client.ts";
import { roomBlocks, roomCategories, rooms, type RoomBlockRow } from "#api/db/schema/index.ts";
import { conflict, notFound } from "#api/errors.ts";
import { audit, diff } from "./audit.ts";
import { fieldError, type BookingContext } from "./context.ts";
import { inTransaction, rowsOf } from "#api/db/query.ts";
import { occupancyChanged } from "./hooks.ts";
import { applyInventory } from "./inventory.ts";
import type { RoomBlockJson } from "#contract/bookings.ts";

/** Resolves what a block takes: a named room (its category, one room) or a count of a category's rooms. */
async function target(ctx: BookingContext, input: RoomBlockInput) {
  if (input.room_uuid) {
    const [room] = await ctx.db.select().from(rooms).where(and(eq(rooms.id, input.room_uuid), eq(rooms.businessId, ctx.business.id)));
    if (!room) throw fieldError(ctx, "room_uuid", "bookings:validation.unknownRoom");
    if (input.room_category_uuid && input.room_category_uuid !== room.categoryId) throw fieldError(ctx, "room_uuid", "bookings:validation.roomNotInCategory");
    return { categoryId: room.categoryId, roomId: room.id, count: 1 };
  }
  const [category] = await ctx.db
    .select()
    .from(roomCategories)
    .where(and(eq(roomCategories.id, input.room_category_uuid!), eq(roomCategories.businessId, ctx.business.id)));
  if (!category) throw fieldError(ctx, "room_category_uuid", "bookings:validation.unknownCategory");
  if (input.count > category.roomCount) throw fieldError(ctx, "count", "bookings:validation.blockTooMany", { max: category.roomCount });
  return { categoryId: category.id, roomId: null, count: input.count };
}

/** The columns a block's input sets, once its category and room are known. */
function blockColumns(what: Awaited<ReturnType<typeof target>>, input: RoomBlockInput) {
  return {
    categoryId: what.categoryId,
    roomId: what.roomId,
    count: what.count,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    reason: input.reason,
    notes: input.notes,
  };
}

/** A named room must hold no stay on the blocked nights (409): move the guest first. */
async function assertRoomEmpty(tx: Database, roomId: string, startsAt: string, endsAt: string) {
  const rows = await rowsOf(tx, sql`select 1 from reservation_nights where room_id = ${roomId} and holds and night >= ${startsAt}::date and night <= ${endsAt}::date limit 1`);
  if (rows.length) throw conflict("bookings:api.roomOccupied");
  const [other] = await tx
    .select({ id: roomBlocks.id })
    .from(roomBlocks)
    .where(and(eq(roomBlocks.roomId, roomId), lte(roomBlocks.startsAt, endsAt), gte(roomBlocks.endsAt, startsAt)))
    .limit(1);
  return other?.id ?? null;
}

export function blockJson(b: RoomBlockRow & { categoryName: string; roomNumber: string | null }): RoomBlockJson {
  return {
    uuid: b.id,
    room_category_uuid: b.categoryId,
    room_category: { uuid: b.categoryId, name: b.categoryName },
    room_uuid: b.roomId,
    room: b.roomId ? { uuid: b.roomId, number: b.roomNumber ?? null } : null,
    count: b.count,
    starts_at: b.startsAt,
    ends_at: b.endsAt,
    nights: blockNights(b.startsAt, b.endsAt).length,
    reason: b.reason as RoomBlockJson["reason"],
    notes: b.notes,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}
export type { RoomBlockJson };

export async function listBlocks(ctx: BookingContext, range: { from?: string; to?: string }) {
  const rows = await ctx.db
    .select({ b: roomBlocks, categoryName: roomCategories.name, roomNumber: rooms.number })
    .from(roomBlocks)
    .innerJoin(roomCategories, eq(roomCategories.id, roomBlocks.categoryId))
    .leftJoin(rooms, eq(rooms.id, roomBlocks.roomId))
    .where(
      and(
        eq(roomBlocks.businessId, ctx.business.id),
        range.to ? lte(roomBlocks.startsAt, range.to) : undefined,
        range.from ? gte(roomBlocks.endsAt, range.from) : undefined,
      ),
    )
    .orderBy(asc(roomBlocks.startsAt), asc(roomCategories.position), asc(roomBlocks.createdAt));
  return rows.map((r) => blockJson({ ...r.b, categoryName: r.categoryName, roomNumber: r.roomNumber }));
}

export async function getBlock(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select({ b: roomBlocks, categoryName: roomCategories.name, roomNumber: rooms.number })
    .from(roomBlocks)
    .innerJoin(roomCategories, eq(roomCategories.id, roomBlocks.categoryId))
    .leftJoin(rooms, eq(rooms.id, roomBlocks.roomId))
    .where(and(eq(roomBlocks.id, id), eq(roomBlocks.businessId, ctx.business.id)));
  if (!row) throw notFound("bookings:api.blockNotFound");
  return blockJson({ ...row.b, categoryName: row.categoryName, roomNumber: row.roomNumber });
}

export async function createBlock(ctx: BookingContext, input: RoomBlockInput): Promise<string> {
  const what = await target(ctx, input);
  const nights = blockNights(input.starts_at, input.ends_at);
  const id = await inTransaction(ctx.db, async (tx) => {
    await applyInventory(
      tx,
      ctx.business.id,
      nights.map((night) => ({ categoryId: what.categoryId, night, blocked: what.count })),
    );
    if (what.roomId && (await assertRoomEmpty(tx, what.roomId, input.starts_at, input.ends_at))) throw conflict("bookings:api.roomAlreadyBlocked");
    const [row] = await tx
      .insert(roomBlocks)
      .values({
        businessId: ctx.business.id,
        ...blockColumns(what, input),
        createdBy: ctx.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: roomBlocks.id });
    await audit(tx, ctx, "room_block", row.id, "created", { ...input, count: what.count });
    return row.id;
  });
  await occupancyChanged(ctx.db, ctx.business.id, nights, ctx.now, ctx.userId);
  return id;
}

/** The business's block, locked for the rest of the transaction; 404 when there is none. */
async function lockBlock(tx: Database, ctx: BookingContext, id: string): Promise<RoomBlockRow> {
  const [block] = await tx
    .select()
    .from(roomBlocks)
    .where(and(eq(roomBlocks.id, id), eq(roomBlocks.businessId, ctx.business.id)))
    .for("update");
  if (!block) throw notFound("bookings:api.blockNotFound");
  return block;
}

export async function updateBlock(ctx: BookingContext, id: string, input: RoomBlockInput): Promise<void> {
  const what = await target(ctx, input);
  const touched: string[] = [];
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockBlock(tx, ctx, id);
    const oldNights = blockNights(before.startsAt, before.endsAt);
    const newNights = blockNights(input.starts_at, input.ends_at);
    await applyInventory(tx, ctx.business.id, [
      ...oldNights.map((night) => ({ categoryId: before.categoryId, night, blocked: -before.count })),
      ...newNights.map((night) => ({ categoryId: what.categoryId, night, blocked: what.count })),
    ]);
    if (what.roomId) {
      const other = await assertRoomEmpty(tx, what.roomId, input.starts_at, input.ends_at);
      if (other && other !== id) throw conflict("bookings:api.roomAlreadyBlocked");
    }
    const after = blockColumns(what, input);
    await tx
      .update(roomBlocks)
      .set({ ...after, updatedAt: ctx.now })
      .where(eq(roomBlocks.id, id));
    await audit(
      tx,
      ctx,
      "room_block",
      id,
      "updated",
      diff({ categoryId: before.categoryId, roomId: before.roomId, count: before.count, startsAt: before.startsAt, endsAt: before.endsAt, reason: before.reason, notes: before.notes }, after),
    );
    touched.push(...oldNights, ...newNights);
  });
  await occupancyChanged(ctx.db, ctx.business.id, touched, ctx.now, ctx.userId);
}

export async function deleteBlock(ctx: BookingContext, id: string): Promise<void> {
  let nights: string[] = [];
  await inTransaction(ctx.db, async (tx) => {
    const before = await lockBlock(tx, ctx, id);
    nights = blockNights(before.startsAt, before.endsAt);
    await applyInventory(
      tx,
      ctx.business.id,
      nights.map((night) => ({ categoryId: before.categoryId, night, blocked: -before.count })),
    );
    // The removal's moment, for the block's past states (migration 0042 dates a removal by it).
    await tx.update(roomBlocks).set({ updatedAt: ctx.now }).where(eq(roomBlocks.id, id));
    await tx.delete(roomBlocks).where(eq(roomBlocks.id, id));
    await audit(tx, ctx, "room_block", id, "deleted", { starts_at: before.startsAt, ends_at: before.endsAt, count: before.count, reason: before.reason });
  });
  await occupancyChanged(ctx.db, ctx.business.id, nights, ctx.now, ctx.userId);
}
