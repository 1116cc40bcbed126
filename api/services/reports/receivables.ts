import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";

/** The most reservations listed by name; the totals always count them all. */
const LISTED = 50;

export interface Receivables {
  /** Stays of the period already over (departure on or before today) that hold their room. */
  reservations: number;
  /** Their totals plus extras, cents. */
  billed: number;
  /** Deposits and balances received less refunds, cents. */
  received: number;
  /** billed − received over the stays that still owe (never offset by an overpaid one), cents. */
  outstanding: number;
  /** The stays that still owe, most owed first. */
  owing: { reservation_uuid: string; code: string; guest: string; arrival: string; departure: string; billed: number; received: number; outstanding: number }[];
}

/**
 * What is still to be received for stays already past: for each reservation of the period whose
 * departure is on or before `today` and that held its room (not cancelled or a no-show),
 * total + extras − payments received (deposit and balance add, refund subtracts).
 */
export async function receivables(db: Database, businessId: string, period: { from: string; to: string; today: string }): Promise<Receivables> {
  const last = period.to < period.today ? period.to : period.today;
  const rows = await rowsOf<{ id: string; code: string; guest: string; arrival: string; departure: string; billed: string; received: string }>(
    db,
    sql`select r.id, r.code, g.name as guest, to_char(r.arrival, 'YYYY-MM-DD') as arrival, to_char(r.departure, 'YYYY-MM-DD') as departure,
               (r.total + coalesce(x.extras, 0))::bigint as billed, coalesce(p.received, 0)::bigint as received
        from reservations r
        join guests g on g.id = r.guest_id
        left join (select reservation_id, sum(total) as extras from reservation_extras where business_id = ${businessId} group by 1) x on x.reservation_id = r.id
        left join (
          select reservation_id, sum(case when kind = 'refund' then -amount else amount end) as received
          from payments where business_id = ${businessId} group by 1
        ) p on p.reservation_id = r.id
        where r.business_id = ${businessId} and r.status in ('pending', 'confirmed', 'checked_in', 'checked_out')
          and r.departure between ${period.from}::date and ${last}::date`,
  );
  let billed = 0;
  let received = 0;
  const owing: Receivables["owing"] = [];
  for (const r of rows) {
    const b = Number(r.billed);
    const paid = Number(r.received);
    billed += b;
    received += paid;
    if (b > paid) owing.push({ reservation_uuid: r.id, code: r.code, guest: r.guest, arrival: r.arrival, departure: r.departure, billed: b, received: paid, outstanding: b - paid });
  }
  owing.sort((a, b) => b.outstanding - a.outstanding || a.departure.localeCompare(b.departure));
  return { reservations: rows.length, billed, received, outstanding: owing.reduce((sum, o) => sum + o.outstanding, 0), owing: owing.slice(0, LISTED) };
}
