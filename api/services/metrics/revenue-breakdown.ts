import { sql } from "drizzle-orm";
import type { CommissionSource } from "#domain/reports/commission.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { commissionSql } from "./commission.ts";

/**
 * Stay totals split three ways at once — stay month, sales channel and room category — for the
 * financial and commission reports and their exports (stayTotalsBy splits one way at a time).
 * Same definitions as stayTotalsBy (docs/metrics.md): room nights and room revenue are the nights
 * of reservations holding a room, commission is each night's rate × the commissionSql percent
 * rounded per night, and extras count on the reservation's arrival night. So summing the parts by
 * month, channel or category gives exactly what stayTotalsBy answers for that dimension.
 */
export interface RevenuePart {
  /** YYYY-MM of the stay nights (of the arrival, for extras). */
  month: string;
  channel: string;
  categoryId: string;
  categoryName: string;
  roomNights: number;
  /** Cents. */
  roomRevenue: number;
  /** Extras of reservations arriving that month, cents. */
  extrasRevenue: number;
  commissionPercent: number;
  commissionSource: CommissionSource;
  /** Cents. */
  commission: number;
}

export async function revenueBreakdown(db: Database, businessId: string, from: string, to: string): Promise<RevenuePart[]> {
  const { joins, percent, source } = commissionSql();
  const rows = await rowsOf<{
    month: string;
    channel: string;
    category_id: string;
    category_name: string;
    percent: string | number;
    source: CommissionSource;
    room_nights: number;
    revenue: string | number;
    commission: string | number;
    extras: string | number;
  }>(
    db,
    sql`with stays as (
          select to_char(n.night, 'YYYY-MM') as month, r.channel, n.category_id, ${percent} as percent, ${source} as source,
                 count(*)::int as room_nights, sum(n.rate)::bigint as revenue, sum(round(n.rate * ${percent} / 100.0))::bigint as commission
          from reservation_nights n
          join reservations r on r.id = n.reservation_id
          join room_categories rc on rc.id = n.category_id
          ${joins}
          where n.business_id = ${businessId} and n.holds and n.night between ${from}::date and ${to}::date
          group by 1, 2, 3, 4, 5
        ), extras as (
          select to_char(r.arrival, 'YYYY-MM') as month, r.channel, r.category_id, ${percent} as percent, ${source} as source, sum(e.total)::bigint as extras
          from reservation_extras e
          join reservations r on r.id = e.reservation_id
          join room_categories rc on rc.id = r.category_id
          ${joins}
          where e.business_id = ${businessId} and r.status in ('pending', 'confirmed', 'checked_in', 'checked_out')
            and r.arrival between ${from}::date and ${to}::date
          group by 1, 2, 3, 4, 5
        )
        select coalesce(s.month, x.month) as month, coalesce(s.channel, x.channel) as channel, coalesce(s.category_id, x.category_id) as category_id,
               rc.name as category_name, coalesce(s.percent, x.percent) as percent, coalesce(s.source, x.source) as source,
               coalesce(s.room_nights, 0) as room_nights, coalesce(s.revenue, 0) as revenue, coalesce(s.commission, 0) as commission, coalesce(x.extras, 0) as extras
        from stays s
        full join extras x on x.month = s.month and x.channel = s.channel and x.category_id = s.category_id
        join room_categories rc on rc.id = coalesce(s.category_id, x.category_id)
        order by 1, 2, rc.position, rc.name`,
  );
  return rows.map((r) => ({
    month: r.month,
    channel: r.channel,
    categoryId: r.category_id,
    categoryName: r.category_name,
    roomNights: Number(r.room_nights),
    roomRevenue: Number(r.revenue),
    extrasRevenue: Number(r.extras),
    commissionPercent: Number(r.percent),
    commissionSource: r.source,
    commission: Number(r.commission),
  }));
}
