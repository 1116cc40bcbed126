import { sql, type SQL } from "drizzle-orm";

/**
 * The commission rule of docs/metrics.md in SQL, in one place: a reservation's commission percent
 * is its sales channel's when the business has one for the reservation's channel code (a
 * sales_channels row, active or not), else its room category's. `source` says which one applied
 * ('channel' or 'category'), for the commission report.
 *
 * Expects the reservation aliased `r` and its room category `rc` in the query; the join adds `sc`.
 * `needsReservation` tells aggregates that read only nights that they must join reservations.
 */
export function commissionSql(): { joins: SQL; percent: SQL; source: SQL; needsReservation: boolean } {
  return {
    joins: sql`left join sales_channels sc on sc.business_id = r.business_id and sc.code = r.channel`,
    percent: sql`coalesce(sc.commission, rc.commission)`,
    source: sql`(case when sc.id is null then 'category' else 'channel' end)`,
    needsReservation: true,
  };
}
