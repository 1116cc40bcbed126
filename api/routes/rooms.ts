import { Hono } from "hono";
import { roomBlockRangeQuerySchema, roomBlockSchema, roomSchema } from "#domain/schemas/bookings.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { createBlock, deleteBlock, getBlock, listBlocks, updateBlock } from "#api/services/bookings/blocks.ts";
import { createRoom, deleteRoom, getRoom, listRooms, updateRoom } from "#api/services/bookings/rooms.ts";
import { body, bookingContext, idParam, query } from "./bookings-shared.ts";
import { z } from "zod";
import { docs } from "#api/openapi/describe.ts";
import { envelope, deletedAnswer } from "#contract/primitives.ts";
import { roomAnswer, roomBlockAnswer, roomBlockWritten, roomWritten } from "#contract/bookings.ts";

const doc = docs("Rooms");

const base = "/businesses/:id";
const settings = requireBusiness("user.pms-settings");
const ROOM = "bookings:api.roomNotFound";
const BLOCK = "bookings:api.blockNotFound";

/** Numbered rooms and room blocks (PMS settings), mounted under /api/v1. */
export const roomRoutes = new Hono<BusinessEnv>()
  .get(`${base}/rooms`, doc({ response: envelope(z.array(roomAnswer)) }), settings, async (c) => c.json({ data: await listRooms(bookingContext(c)) }))
  .post(`${base}/rooms`, doc({ body: roomSchema, status: 201, response: roomWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createRoom(ctx, await body(c, roomSchema));
    return c.json({ room: await getRoom(ctx, id) }, 201);
  })
  .get(`${base}/rooms/:roomId`, doc({ response: envelope(roomAnswer) }), settings, async (c) => c.json({ data: await getRoom(bookingContext(c), idParam(c, "roomId", ROOM)) }))
  .put(`${base}/rooms/:roomId`, doc({ body: roomSchema, response: roomWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "roomId", ROOM);
    await updateRoom(ctx, id, await body(c, roomSchema));
    return c.json({ room: await getRoom(ctx, id) });
  })
  .delete(`${base}/rooms/:roomId`, doc({ response: deletedAnswer }), settings, async (c) => {
    await deleteRoom(bookingContext(c), idParam(c, "roomId", ROOM));
    return c.json({ deleted: true });
  })

  .get(`${base}/room-blocks`, doc({ query: roomBlockRangeQuerySchema, response: envelope(z.array(roomBlockAnswer)) }), settings, async (c) => {
    const range = query(c, roomBlockRangeQuerySchema);
    return c.json({ data: await listBlocks(bookingContext(c), range) });
  })
  .post(`${base}/room-blocks`, doc({ body: roomBlockSchema, status: 201, response: roomBlockWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = await createBlock(ctx, await body(c, roomBlockSchema));
    return c.json({ room_block: await getBlock(ctx, id) }, 201);
  })
  .get(`${base}/room-blocks/:blockId`, doc({ response: envelope(roomBlockAnswer) }), settings, async (c) => c.json({ data: await getBlock(bookingContext(c), idParam(c, "blockId", BLOCK)) }))
  .put(`${base}/room-blocks/:blockId`, doc({ body: roomBlockSchema, response: roomBlockWritten }), settings, async (c) => {
    const ctx = bookingContext(c);
    const id = idParam(c, "blockId", BLOCK);
    await updateBlock(ctx, id, await body(c, roomBlockSchema));
    return c.json({ room_block: await getBlock(ctx, id) });
  })
  .delete(`${base}/room-blocks/:blockId`, doc({ response: deletedAnswer }), settings, async (c) => {
    await deleteBlock(bookingContext(c), idParam(c, "blockId", BLOCK));
    return c.json({ deleted: true });
  });
