import { sql } from "drizzle-orm";
import type { CategoryInput, Stay } from "#domain/forecast/types.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { roomsAndBlocks, roomsAvailable, type BlockRow, type CategoryRooms } from "#api/services/metrics/on-the-books.ts";

/**
 * What domain/forecast reads, from the business's reservation versions (migration 0031, ADR 0041;
 * docs/forecast.md): one Stay per run of versions that held the same nights of the same category —
 * a change of status (checked in, out) or of rate is not a new booking — entering the books on the
 * business-local day the first of them became true and leaving them on the day the next version
 * did: as a cancellation when that one cancelled it or marked a no-show (dated back to the
 * arrival, as the books do: the night was never sold), else as a replacement by the moved stay.
 * Capacity is the category's rooms on the day asked less the blocks in force at its end
 * (room counts and blocks as of that day, migration 0042).
 */
export interface ForecastInputs {
  categories: CategoryRooms[];
  /** One per room category, in the categories' order. */
  perCategory: CategoryInput[];
  /** The whole hotel: every stay and the sum of the rooms (its interval is not a sum of the categories'). */
  hotel: CategoryInput;
  /** The first night any booking held (a day number), null without any. */
  firstNight: number | null;
  /** The whole hotel's input as plain data, to hand to a worker thread (hotelInputOf rebuilds it). */
  hotelData: HotelData;
}

/** The whole hotel's stays, rooms and blocks: what `hotel` is made of, without functions (it can be posted to a worker). */
export interface HotelData {
  stays: Stay[];
  categories: CategoryRooms[];
  blocks: BlockRow[];
}

/** Rooms of a category (all when null) less the blocks recorded by the day asked. */
const capacityOf = (rooms: Omit<HotelData, "stays">, categoryId: string | null) => (night: number, asOf: number) => roomsAvailable(rooms.categories, rooms.blocks, categoryId, night, asOf);

/** The whole hotel's forecast input from its plain data. */
export function hotelInputOf(data: HotelData): CategoryInput {
  return { id: "hotel", stays: data.stays, capacity: capacityOf(data, null) };
}

interface VersionRow {
  reservation_id: string;
  category_id: string;
  status: string;
  nights: number;
  day: number;
  arrival: number;
  departure: number;
  channel: string;
}

export async function loadForecastInputs(db: Database, business: { id: string; timezone: string }): Promise<ForecastInputs> {
  const [rows, rooms] = await Promise.all([
    rowsOf<VersionRow>(
      db,
      sql`select rv.reservation_id, rv.category_id, rv.status, cardinality(rv.night_rates) as nights,
            (rv.valid_from at time zone ${business.timezone})::date - date '1970-01-01' as day,
            rv.arrival - date '1970-01-01' as arrival, rv.departure - date '1970-01-01' as departure, r.channel
          from reservation_versions rv join reservations r on r.id = rv.reservation_id
          where rv.business_id = ${business.id}
          order by rv.reservation_id, rv.valid_from, rv.id`,
    ),
    // Blocks of any night: the capacity function is asked about the history and the year ahead.
    roomsAndBlocks(db, { businessId: business.id, timezone: business.timezone, from: "1970-01-01", to: "9999-12-31" }),
  ]);
  const byCategory = new Map<string, Stay[]>(rooms.categories.map((c) => [c.id, []]));
  const all: Stay[] = [];
  let firstNight: number | null = null;
  type Open = Stay & { categoryId: string; reservationId: string };
  const add = (stay: Open) => {
    const { categoryId, reservationId: _reservation, ...rest } = stay;
    all.push(rest);
    byCategory.get(categoryId)?.push(rest);
    if (firstNight === null || rest.arrival < firstNight) firstNight = rest.arrival;
  };
  let current: Open | null = null;
  for (const r of rows) {
    const v = { day: Number(r.day), arrival: Number(r.arrival), departure: Number(r.departure) };
    const holds = r.status !== "cancelled" && r.status !== "no_show" && Number(r.nights) > 0;
    if (current && current.reservationId !== r.reservation_id) {
      add(current);
      current = null;
    }
    if (current && holds && current.arrival === v.arrival && current.departure === v.departure && current.categoryId === r.category_id) continue;
    if (current) {
      if (r.status === "cancelled") current.cancelledOn = v.day;
      else if (r.status === "no_show") current.cancelledOn = Math.min(v.day, Math.max(current.arrival, current.bookedOn));
      else current.replacedOn = v.day;
      add(current);
      current = null;
    }
    if (holds) current = { reservationId: r.reservation_id, categoryId: r.category_id, bookedOn: v.day, arrival: v.arrival, departure: v.departure, cancelledOn: null, replacedOn: null, rooms: 1, segment: r.channel };
  }
  if (current) add(current);
  const hotelData: HotelData = { stays: all, categories: rooms.categories, blocks: rooms.blocks };
  return {
    categories: rooms.categories,
    perCategory: rooms.categories.map((c) => ({ id: c.id, stays: byCategory.get(c.id)!, capacity: capacityOf(rooms, c.id) })),
    hotel: hotelInputOf(hotelData),
    firstNight,
    hotelData,
  };
}
