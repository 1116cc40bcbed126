import { sql } from "drizzle-orm";
import { daysBetween } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";

/**
 * Stay totals per unit (a numbered room), for the short-term-rental host's view. The metrics
 * definitions applied to one room: it is available every night of the period except the nights
 * a block names it; it is sold on the nights of reservations holding it. Blocks of a number of a
 * category's rooms and reservations not yet given a room belong to no unit: they are answered
 * apart (`unassigned`), so the units plus the unassigned add up to the business's totals.
 */
export interface UnitTotals {
  roomId: string;
  number: string;
  categoryId: string;
  categoryName: string;
  roomsAvailable: number;
  roomNightsSold: number;
  roomRevenue: number;
}

export async function unitTotals(db: Database, businessId: string, from: string, to: string): Promise<{ units: UnitTotals[]; unassigned: { roomNightsSold: number; roomRevenue: number } }> {
  const units = await rowsOf<{ room_id: string; number: string; category_id: string; category_name: string; blocked: number; sold: number; revenue: string }>(
    db,
    sql`select rm.id as room_id, rm.number, rc.id as category_id, rc.name as category_name,
               (select count(*)::int from generate_series(${from}::date, ${to}::date, interval '1 day') g(night)
                 where exists (select 1 from room_blocks b where b.room_id = rm.id and g.night::date between b.starts_at and b.ends_at)) as blocked,
               coalesce(s.sold, 0)::int as sold, coalesce(s.revenue, 0)::bigint as revenue
        from rooms rm
        join room_categories rc on rc.id = rm.category_id
        left join (
          select room_id, count(*) as sold, sum(rate) as revenue from reservation_nights
          where business_id = ${businessId} and holds and room_id is not null and night between ${from}::date and ${to}::date
          group by room_id
        ) s on s.room_id = rm.id
        where rm.business_id = ${businessId} and (rm.active or s.sold > 0)
        order by rc.position, rc.name, rm.number`,
  );
  const [loose] = await rowsOf<{ sold: number; revenue: string }>(
    db,
    sql`select count(*)::int as sold, coalesce(sum(rate), 0)::bigint as revenue from reservation_nights
        where business_id = ${businessId} and holds and room_id is null and night between ${from}::date and ${to}::date`,
  );
  const nights = daysBetween(from, to) + 1;
  return {
    units: units.map((u) => ({
      roomId: u.room_id,
      number: u.number,
      categoryId: u.category_id,
      categoryName: u.category_name,
      roomsAvailable: nights - Number(u.blocked),
      roomNightsSold: Number(u.sold),
      roomRevenue: Number(u.revenue),
    })),
    unassigned: { roomNightsSold: Number(loose?.sold ?? 0), roomRevenue: Number(loose?.revenue ?? 0) },
  };
}
