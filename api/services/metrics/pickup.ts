import { sql } from "drizzle-orm";
import type { PickupTotals } from "#domain/metrics/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";

/**
 * Pickup over windows [since, until) for stay nights from `today` on (domain/metrics/pickup.ts):
 * nights of reservations created in the window that still hold a room, and nights of reservations
 * made before the window but cancelled in it. Several windows (24 h, 7 days) in one statement;
 * the answer follows the order of `sinces`.
 */
export async function pickupWindows(db: Database, businessId: string, window: { sinces: Date[]; until: Date; today: string }): Promise<PickupTotals[]> {
  const until = sql`${window.until.toISOString()}::timestamptz`;
  const windows = sql.join(
    window.sinces.map((s, i) => sql`(${i}::int, ${s.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const earliest = sql`${new Date(Math.min(...window.sinces.map((s) => s.getTime()))).toISOString()}::timestamptz`;
  const rows = await rowsOf<{ i: number; reservations: number; nights: number; revenue: string; lost_nights: number; lost_revenue: string }>(
    db,
    sql`select w.i, count(distinct r.id) filter (where f.gained)::int as reservations,
               count(*) filter (where f.gained)::int as nights,
               coalesce(sum(rn.rate) filter (where f.gained), 0)::bigint as revenue,
               count(*) filter (where f.lost)::int as lost_nights,
               coalesce(sum(rn.rate) filter (where f.lost), 0)::bigint as lost_revenue
        from (select * from reservations
              where business_id = ${businessId} and (created_at >= ${earliest} or cancelled_at >= ${earliest})) r
        join reservation_nights rn on rn.reservation_id = r.id and rn.night >= ${window.today}::date
        cross join (values ${windows}) as w(i, since)
        cross join lateral (select rn.holds and r.created_at >= w.since and r.created_at < ${until} as gained,
                                   r.status = 'cancelled' and r.created_at < w.since and r.cancelled_at >= w.since and r.cancelled_at < ${until} as lost) f
        where f.gained or f.lost
        group by w.i`,
  );
  const byWindow = new Map(rows.map((r) => [Number(r.i), r]));
  return window.sinces.map((_, i) => {
    const row = byWindow.get(i);
    return {
      reservations: Number(row?.reservations ?? 0),
      roomNights: Number(row?.nights ?? 0),
      revenue: Number(row?.revenue ?? 0),
      cancelledRoomNights: Number(row?.lost_nights ?? 0),
      cancelledRevenue: Number(row?.lost_revenue ?? 0),
    };
  });
}

