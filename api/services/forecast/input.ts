import { sql } from "drizzle-orm";
import type { CategoryInput, Stay } from "#domain/forecast/types.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { roomsAndBlocks, roomsAvailable, type CategoryRooms } from "#api/services/metrics/on-the-books.ts";

/**
 * What domain/forecast reads, from the business's reservation versions (migration 0031, ADR 0041;
 * docs/forecast.md): one Stay per version that held rooms, entering the books on the
 * business-local day it became true and leaving them on the day the next version did — as a
 * cancellation when that one cancelled it or marked a no-show (dated back to the arrival, as the
 * books do: the night was never sold), else as a replacement. Capacity is the category's rooms
 * less the blocks recorded by the day asked (room counts themselves are not versioned).
 */
export interface ForecastInputs {
  categories: CategoryRooms[];
  /** One per room category, in the categories' order. */
  perCategory: CategoryInput[];
  /** The whole hotel: every stay and the sum of the rooms (its interval is not a sum of the categories'). */
  hotel: CategoryInput;
  /** The first night any booking held (a day number), null without any. */
  firstNight: number | null;
}

interface VersionRow {
  category_id: string;
  booked: number;
  arrival: number;
  departure: number;
  until: number | null;
  next_status: string | null;
  channel: string;
}

export async function loadForecastInputs(db: Database, business: { id: string; timezone: string }): Promise<ForecastInputs> {
  const day = (column: string) => sql`((${sql.raw(column)}) at time zone ${business.timezone})::date - date '1970-01-01'`;
  const [rows, rooms] = await Promise.all([
    rowsOf<VersionRow>(
      db,
      sql`select v.category_id, ${day("v.valid_from")} as booked, v.arrival - date '1970-01-01' as arrival,
            v.departure - date '1970-01-01' as departure, ${day("v.until")} as until, v.next_status, r.channel
          from (
            select rv.reservation_id, rv.category_id, rv.arrival, rv.departure, rv.status, rv.valid_from, cardinality(rv.night_rates) as nights,
              lead(rv.valid_from) over w as until, lead(rv.status) over w as next_status
            from reservation_versions rv where rv.business_id = ${business.id}
            window w as (partition by rv.reservation_id order by rv.valid_from, rv.id)
          ) v join reservations r on r.id = v.reservation_id
          where v.status not in ('cancelled', 'no_show') and v.nights > 0`,
    ),
    // Blocks of any night: the capacity function is asked about the history and the year ahead.
    roomsAndBlocks(db, { businessId: business.id, timezone: business.timezone, from: "1970-01-01", to: "9999-12-31" }),
  ]);
  const byCategory = new Map<string, Stay[]>(rooms.categories.map((c) => [c.id, []]));
  const all: Stay[] = [];
  let firstNight: number | null = null;
  for (const r of rows) {
    const stay = stayOf(r);
    all.push(stay);
    byCategory.get(r.category_id)?.push(stay);
    if (firstNight === null || stay.arrival < firstNight) firstNight = stay.arrival;
  }
  const capacity = (categoryId: string | null) => (night: number, asOf: number) => roomsAvailable(rooms.categories, rooms.blocks, categoryId, night, asOf);
  return {
    categories: rooms.categories,
    perCategory: rooms.categories.map((c) => ({ id: c.id, stays: byCategory.get(c.id)!, capacity: capacity(c.id) })),
    hotel: { id: "hotel", stays: all, capacity: capacity(null) },
    firstNight,
  };
}

function stayOf(r: VersionRow): Stay {
  const booked = Number(r.booked);
  const arrival = Number(r.arrival);
  const until = r.until === null ? null : Number(r.until);
  const cancelled = r.next_status === "cancelled" || r.next_status === "no_show";
  return {
    bookedOn: booked,
    arrival,
    departure: Number(r.departure),
    cancelledOn: until !== null && cancelled ? (r.next_status === "no_show" ? Math.min(until, Math.max(arrival, booked)) : until) : null,
    replacedOn: until !== null && !cancelled ? until : null,
    rooms: 1,
    segment: r.channel,
  };
}
