import { eq } from "drizzle-orm";
import { MAX_LEAD_DAYS, onTheBooks, type BookingEvent } from "#domain/metrics/pace.ts";
import { addDays, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { businesses } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { bookingEvents, roomsAndBlocks, roomsAvailable, type CategoryRooms } from "./on-the-books.ts";

/** One stay night of one room category as the books held it at the end of a day. */
export interface BooksCell {
  /** Stay night (ISO). */
  night: string;
  categoryId: string;
  /** Room nights on the books and their room revenue in cents. */
  roomNights: number;
  revenue: number;
  /** Rooms that could be sold that night as known then: the category's rooms less the blocks recorded by then. */
  available: number;
}

export interface BooksAsOf {
  /** The business-local day whose end the books are read at (ISO). */
  day: string;
  categories: CategoryRooms[];
  /** Every night of the range × every category (in the categories' order), nothing booked included. */
  cells: BooksCell[];
}

/**
 * The books of a business as they stood at the end of `day` in its time zone, per stay night and
 * room category: what the reservations' versions (migration 0031) said then — a booking made later
 * is absent, one cancelled or moved later is still where it was, an edit made later has not
 * happened. The stay nights read are `nights` (default: `day` and the MAX_LEAD_DAYS after it).
 * Rooms are the room counts of `day` less the blocks in force at its end (migration 0042).
 */
export async function booksAsOf(db: Database, businessId: string, day: string, nights?: { from: string; to: string }): Promise<BooksAsOf> {
  const [business] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) throw notFound("errors:api.notFound");
  const range = nights ?? { from: day, to: addDays(day, MAX_LEAD_DAYS) };
  const scope = { businessId, timezone: business.timezone, ...range };
  const [events, { categories, blocks }] = await Promise.all([bookingEvents(db, scope), roomsAndBlocks(db, scope)]);
  const byCell = new Map<string, BookingEvent[]>();
  for (const e of events) {
    const key = `${e.categoryId}:${e.night}`;
    const list = byCell.get(key);
    if (list) list.push(e);
    else byCell.set(key, [e]);
  }
  const asOf = toDayNumber(day);
  const cells: BooksCell[] = [];
  for (let night = range.from; night <= range.to; night = addDays(night, 1)) {
    const n = toDayNumber(night);
    for (const c of categories) {
      const booked = onTheBooks(byCell.get(`${c.id}:${n}`) ?? [], asOf);
      cells.push({ night, categoryId: c.id, roomNights: booked.roomNights, revenue: booked.revenue, available: roomsAvailable(categories, blocks, c.id, n, asOf) });
    }
  }
  return { day, categories, cells };
}
