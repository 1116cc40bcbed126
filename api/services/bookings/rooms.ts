import { and, asc, eq, gte, ne, sql } from "drizzle-orm";
import type { RoomInput } from "#domain/schemas/bookings.ts";
import { reservationNights, roomCategories, rooms, type RoomRow } from "#api/db/schema/index.ts";
import { conflict, notFound } from "#api/errors.ts";
import { audit, diff } from "./audit.ts";
import { businessToday, fieldError, type BookingContext } from "./context.ts";
import { inTransaction, pgCode } from "#api/db/query.ts";
import type { RoomJson } from "#contract/bookings.ts";

export function roomJson(r: RoomRow & { categoryName: string }): RoomJson {
  return {
    uuid: r.id,
    number: r.number,
    room_category_uuid: r.categoryId,
    room_category: { uuid: r.categoryId, name: r.categoryName },
    floor: r.floor,
    notes: r.notes,
    active: r.active,
  };
}
export type { RoomJson };

/** Rooms in category order, then by number as people read them (2 before 10). */
export async function listRooms(ctx: BookingContext) {
  const rows = await ctx.db
    .select({ r: rooms, categoryName: roomCategories.name })
    .from(rooms)
    .innerJoin(roomCategories, eq(roomCategories.id, rooms.categoryId))
    .where(eq(rooms.businessId, ctx.business.id))
    .orderBy(asc(roomCategories.position), asc(roomCategories.createdAt), sql`length(${rooms.number})`, asc(rooms.number));
  return rows.map((row) => roomJson({ ...row.r, categoryName: row.categoryName }));
}

async function getRoomRow(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select({ r: rooms, categoryName: roomCategories.name })
    .from(rooms)
    .innerJoin(roomCategories, eq(roomCategories.id, rooms.categoryId))
    .where(and(eq(rooms.id, id), eq(rooms.businessId, ctx.business.id)));
  if (!row) throw notFound("bookings:api.roomNotFound");
  return row;
}

export async function getRoom(ctx: BookingContext, id: string) {
  const row = await getRoomRow(ctx, id);
  return roomJson({ ...row.r, categoryName: row.categoryName });
}

/** The category, which must be the business's; a category has at most as many active numbered rooms as it sells. */
async function checkCategory(ctx: BookingContext, input: RoomInput, exceptRoom?: string) {
  const [category] = await ctx.db
    .select()
    .from(roomCategories)
    .where(and(eq(roomCategories.id, input.room_category_uuid), eq(roomCategories.businessId, ctx.business.id)));
  if (!category) throw fieldError(ctx, "room_category_uuid", "bookings:validation.unknownCategory");
  if (input.active) {
    const [{ count }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(rooms)
      .where(and(eq(rooms.categoryId, category.id), eq(rooms.active, true), exceptRoom ? ne(rooms.id, exceptRoom) : undefined));
    if (Number(count) >= category.roomCount) throw fieldError(ctx, "room_category_uuid", "bookings:validation.tooManyRooms", { max: category.roomCount, category: category.name });
  }
  return category;
}

function duplicateNumber(ctx: BookingContext, error: unknown): never {
  if (pgCode(error) === "23505") throw fieldError(ctx, "number", "bookings:validation.roomNumberTaken");
  throw error;
}

export async function createRoom(ctx: BookingContext, input: RoomInput): Promise<string> {
  await checkCategory(ctx, input);
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(rooms)
      .values({ businessId: ctx.business.id, categoryId: input.room_category_uuid, number: input.number, floor: input.floor, notes: input.notes, active: input.active, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: rooms.id })
      .catch((e) => duplicateNumber(ctx, e));
    await audit(tx, ctx, "room", row.id, "created", { number: input.number, room_category_uuid: input.room_category_uuid });
    return row.id;
  });
}

/** Stays from today on assigned to the room. */
async function upcomingStays(ctx: BookingContext, roomId: string): Promise<number> {
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(reservationNights)
    .where(and(eq(reservationNights.roomId, roomId), eq(reservationNights.holds, true), gte(reservationNights.night, businessToday(ctx))));
  return Number(count);
}

export async function updateRoom(ctx: BookingContext, id: string, input: RoomInput): Promise<void> {
  const before = (await getRoomRow(ctx, id)).r;
  await checkCategory(ctx, input, id);
  // Guests already placed in this room would end up in a room of another category.
  if ((input.room_category_uuid !== before.categoryId || !input.active) && (await upcomingStays(ctx, id)) > 0) throw conflict("bookings:api.roomInUse");
  await inTransaction(ctx.db, async (tx) => {
    const after = { number: input.number, categoryId: input.room_category_uuid, floor: input.floor, notes: input.notes, active: input.active };
    await tx
      .update(rooms)
      .set({ ...after, updatedAt: ctx.now })
      .where(eq(rooms.id, id))
      .catch((e) => duplicateNumber(ctx, e));
    await audit(tx, ctx, "room", id, "updated", diff({ number: before.number, categoryId: before.categoryId, floor: before.floor, notes: before.notes, active: before.active }, after));
  });
}

export async function deleteRoom(ctx: BookingContext, id: string): Promise<void> {
  const before = (await getRoomRow(ctx, id)).r;
  if ((await upcomingStays(ctx, id)) > 0) throw conflict("bookings:api.roomInUse");
  await inTransaction(ctx.db, async (tx) => {
    // Past nights keep their history, without a room that no longer exists.
    await tx.update(reservationNights).set({ roomId: null }).where(eq(reservationNights.roomId, id));
    await tx.delete(rooms).where(eq(rooms.id, id));
    await audit(tx, ctx, "room", id, "deleted", { number: before.number });
  });
}
