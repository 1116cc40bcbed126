import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { compilePricing } from "#domain/pricing/index.ts";
import { addDays, occupancyPercent, stayNights } from "#domain/bookings/stay.ts";
import { guests, reservations, roomBlocks, roomCategories, rooms } from "#api/db/schema/index.ts";
import { canPrice } from "#api/services/pricing/calendar.ts";
import { loadPricingConfig } from "#api/services/pricing/config.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";
import { businessToday, type BookingContext } from "./context.ts";
import { rowsOf } from "#api/db/query.ts";
import type { AvailabilityJson, RoomsOverviewJson } from "#contract/bookings.ts";

export interface AvailabilityCell {
  uuid: string;
  rooms: number;
  sold: number;
  blocked: number;
  free: number;
  /** sold ÷ (rooms − blocked), percent. */
  occupancy: number;
  /** The engine's rate for the reference guest count at tonight's occupancy, cents; null when prices are not set up. */
  rate: number | null;
}

/**
 * The inventory rows of a range as one text value ("category,night,sold,blocked;…"): a year of
 * a five-category hotel is 1,825 rows, and one aggregated value reads several times faster
 * than as many rows, most of all on PGlite.
 */
async function inventoryCounters(ctx: BookingContext, from: string, to: string) {
  const [row] = await rowsOf<{ rows: string | null }>(
    ctx.db,
    sql`select string_agg(category_id::text || ',' || to_char(night, 'YYYY-MM-DD') || ',' || sold || ',' || blocked, ';') as rows
        from inventory_nights where business_id = ${ctx.business.id} and night >= ${from}::date and night <= ${to}::date`,
  );
  const out = new Map<string, { sold: number; blocked: number }>();
  for (const item of row?.rows ? row.rows.split(";") : []) {
    const [categoryId, night, sold, blocked] = item.split(",");
    out.set(`${categoryId}|${night}`, { sold: Number(sold), blocked: Number(blocked) });
  }
  return out;
}

/**
 * Availability per night (`from`…`to`, both included) and category: rooms, sold, blocked, free,
 * occupancy and the current rate (orphan-gap discounts included). One read of the inventory
 * counters, the gap discounts (nothing beyond the settings while there is no gap discount) and one engine run, so a
 * year of a five-category hotel stays cheap however many reservations it holds.
 */
export async function availability(ctx: BookingContext, from: string, to: string): Promise<AvailabilityJson> {
  const categories = await ctx.db
    .select({ id: roomCategories.id, name: roomCategories.name, roomCount: roomCategories.roomCount, minOccupation: roomCategories.minOccupation, maxOccupation: roomCategories.maxOccupation })
    .from(roomCategories)
    .where(eq(roomCategories.businessId, ctx.business.id))
    .orderBy(asc(roomCategories.position), asc(roomCategories.createdAt));
  const today = businessToday(ctx);
  const [counters, config, gaps] = await Promise.all([
    inventoryCounters(ctx, from, to),
    loadPricingConfig(ctx.db, ctx.business.id, { from, to }),
    gapDiscounts(ctx.db, ctx.business.id, { from, to, today }),
  ]);
  const byKey = counters;
  const dates = stayNights(from, addDays(to, 1));
  const totalRooms = categories.reduce((s, c) => s + c.roomCount, 0);

  const nights = dates.map((date) => {
    let sold = 0;
    let blocked = 0;
    const cells: AvailabilityCell[] = categories.map((c) => {
      const counter = byKey.get(`${c.id}|${date}`);
      const cSold = counter?.sold ?? 0;
      const cBlocked = counter?.blocked ?? 0;
      sold += cSold;
      blocked += cBlocked;
      return {
        uuid: c.id,
        rooms: c.roomCount,
        sold: cSold,
        blocked: cBlocked,
        free: Math.max(0, c.roomCount - cSold - cBlocked),
        occupancy: Math.min(100, occupancyPercent(cSold, c.roomCount - cBlocked)),
        rate: null,
      };
    });
    const available = Math.max(0, totalRooms - blocked);
    return { date, rooms: totalRooms, sold, blocked, free: Math.max(0, available - sold), occupancy: Math.min(100, occupancyPercent(sold, available)), categories: cells };
  });

  const priced = canPrice(config) && categories.length > 0;
  if (priced) {
    const occupancyByDate = new Map(nights.map((n) => [n.date, n.occupancy]));
    const rates = compilePricing(config).calendar({ from, to, today, occupancyByDate, gapDiscounts: gaps, categoryIds: categories.map((c) => c.id) });
    const rateOf = new Map(rates.map((r) => [`${r.categoryId}|${r.date}`, r.rate]));
    for (const n of nights) for (const cell of n.categories) cell.rate = rateOf.get(`${cell.uuid}|${n.date}`) ?? null;
  }
  return {
    from,
    to,
    currency: ctx.business.currency,
    priced,
    categories: categories.map((c) => ({ uuid: c.id, name: c.name, room_count: c.roomCount, min_occupation: c.minOccupation, max_occupation: c.maxOccupation })),
    nights,
  };
}
export type { AvailabilityJson };

/** Which room holds which reservation, night by night (`from`…`to` included), with blocks and stays not yet in a room. */
export async function roomsOverview(ctx: BookingContext, from: string, to: string): Promise<RoomsOverviewJson> {
  const end = addDays(to, 1);
  const [roomRows, stays, blocks] = await Promise.all([
    ctx.db
      .select({ id: rooms.id, number: rooms.number, categoryId: rooms.categoryId, categoryName: roomCategories.name, active: rooms.active })
      .from(rooms)
      .innerJoin(roomCategories, eq(roomCategories.id, rooms.categoryId))
      .where(eq(rooms.businessId, ctx.business.id))
      .orderBy(asc(roomCategories.position), asc(roomCategories.createdAt), sql`length(${rooms.number})`, asc(rooms.number)),
    ctx.db
      .select({
        id: reservations.id,
        code: reservations.code,
        status: reservations.status,
        arrival: reservations.arrival,
        departure: reservations.departure,
        roomId: reservations.roomId,
        categoryId: reservations.categoryId,
        adults: reservations.adults,
        children: reservations.children,
        channel: reservations.channel,
        overbooked: reservations.overbooked,
        guestName: guests.name,
      })
      .from(reservations)
      .innerJoin(guests, eq(guests.id, reservations.guestId))
      .where(
        and(
          eq(reservations.businessId, ctx.business.id),
          sql`${reservations.status} in ('pending', 'confirmed', 'checked_in', 'checked_out')`,
          sql`${reservations.arrival} < ${end}::date and ${reservations.departure} > ${from}::date`,
        ),
      )
      .orderBy(asc(reservations.arrival)),
    ctx.db
      .select()
      .from(roomBlocks)
      .where(and(eq(roomBlocks.businessId, ctx.business.id), lte(roomBlocks.startsAt, to), gte(roomBlocks.endsAt, from))),
  ]);
  const categories = new Map<string, string>();
  for (const r of roomRows) categories.set(r.categoryId, r.categoryName);
  return {
    from,
    to,
    nights: stayNights(from, end),
    rooms: roomRows.map((r) => ({ uuid: r.id, number: r.number, room_category_uuid: r.categoryId, room_category: { uuid: r.categoryId, name: r.categoryName }, active: r.active })),
    stays: stays.map((s) => ({
      reservation_uuid: s.id,
      code: s.code,
      status: s.status,
      guest_name: s.guestName,
      arrival: s.arrival,
      departure: s.departure,
      room_uuid: s.roomId,
      room_category_uuid: s.categoryId,
      adults: s.adults,
      children: s.children,
      channel: s.channel,
      overbooked: s.overbooked,
    })),
    blocks: blocks.map((b) => ({ uuid: b.id, room_uuid: b.roomId, room_category_uuid: b.categoryId, count: b.count, starts_at: b.startsAt, ends_at: b.endsAt, reason: b.reason as RoomsOverviewJson["blocks"][number]["reason"] })),
  };
}
export type { RoomsOverviewJson };
