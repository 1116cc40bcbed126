import { sql } from "drizzle-orm";
import { occupancyPercent } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";

export interface NightOccupancy {
  /** Rooms sold that night (confirmed, pending and checked-in reservations). */
  sold: number;
  /** Rooms that can be sold that night: the business's rooms less blocked ones. */
  available: number;
  /** sold ÷ available in percent, 0–100 (0 when nothing is available). */
  percentage: number;
}

/**
 * Occupancy per night (ISO dates, `from` inclusive, `to` exclusive) for a business, the input
 * of the pricing engine's occupancy band. Read from the inventory the bookings area keeps per
 * category and night: sold counts pending, confirmed, checked-in and checked-out stays; blocked
 * rooms are taken out of the rooms available and are not counted as sold, so closing rooms never
 * pushes the occupancy band (and the price) up.
 */
export async function occupancyByNight(db: Database, businessId: string, from: string, to: string): Promise<Map<string, NightOccupancy>> {
  const out = new Map<string, NightOccupancy>();
  if (!(from < to)) return out;
  const rows = await rowsOf<{ night: string; sold: number; blocked: number; rooms: number }>(
    db,
    sql`select to_char(g.night, 'YYYY-MM-DD') as night,
               coalesce(i.sold, 0)::int as sold, coalesce(i.blocked, 0)::int as blocked,
               (select coalesce(sum(room_count), 0)::int from room_categories where business_id = ${businessId}) as rooms
        from generate_series(${from}::timestamp, ${to}::timestamp - interval '1 day', interval '1 day') as g(night)
        left join (
          select night, sum(sold) as sold, sum(blocked) as blocked from inventory_nights
          where business_id = ${businessId} and night >= ${from}::date and night < ${to}::date group by night
        ) i on i.night = g.night::date
        order by g.night`,
  );
  for (const r of rows) {
    const available = Math.max(0, Number(r.rooms) - Number(r.blocked));
    const sold = Number(r.sold);
    out.set(r.night, { sold, available, percentage: Math.min(100, occupancyPercent(sold, available)) });
  }
  return out;
}
