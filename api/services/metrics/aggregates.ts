import { sql, type SQL } from "drizzle-orm";
import {
  LEAD_TIME_BUCKETS,
  LENGTH_OF_STAY_BUCKETS,
  type Bucket,
  type BookingTotals,
  type Period,
  type StayTotals,
} from "#domain/metrics/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { commissionSql } from "./commission.ts";

/**
 * The SQL aggregates behind every figure (docs/metrics.md): set-based, one statement per answer,
 * grouped by a dimension. Pages and reports read these and derive KPIs with domain/metrics, so
 * they never disagree. Stay figures count nights in the period; booking figures count
 * reservations by arrival date in the period.
 */

export const DIMENSIONS = ["total", "night", "month", "weekday", "category", "channel", "lead_time", "length_of_stay", "country"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Dimensions whose key is read from the night row alone, without its reservation. */
const NIGHT_ONLY: ReadonlySet<Dimension> = new Set(["total", "night", "month", "weekday", "category"]);

/** Dimensions that split the rooms available too (the others are shares of the whole supply). */
const SUPPLY_DIMENSIONS: ReadonlySet<Dimension> = new Set(["total", "night", "month", "weekday", "category"]);

export function hasSupply(dimension: Dimension): boolean {
  return SUPPLY_DIMENSIONS.has(dimension);
}

export interface Keyed<T> {
  key: string;
  totals: T;
}

/** CASE expression that names the bucket of `value` (an integer SQL expression). */
function bucketSql(buckets: readonly Bucket[], value: SQL): SQL {
  const arms = buckets.map((b) => (b.max === null ? sql`else ${b.key}` : sql`when ${value} <= ${sql.raw(String(b.max))} then ${b.key}`));
  return sql`(case ${sql.join(arms, sql` `)} end)`;
}

/** Booking day of a reservation in the business's time zone (its lead time is arrival − this). */
function bookedOn(timeZone: string): SQL {
  return sql`(r.created_at at time zone ${timeZone})::date`;
}

/**
 * The key of a dimension; `day` is the date the row is about (night or arrival), `owner` the row
 * that carries the category (a night `rn` or a reservation `r`).
 */
function keySql(dimension: Dimension, day: SQL, timeZone: string, owner: SQL = sql`r`): SQL {
  switch (dimension) {
    case "total":
      return sql`'total'`;
    case "night":
      return sql`to_char(${day}, 'YYYY-MM-DD')`;
    case "month":
      return sql`to_char(${day}, 'YYYY-MM')`;
    case "weekday":
      return sql`extract(dow from ${day})::int::text`;
    case "category":
      return sql`${owner}.category_id::text`;
    case "channel":
      return sql`r.channel`;
    case "lead_time":
      return bucketSql(LEAD_TIME_BUCKETS, sql`greatest(0, r.arrival - ${bookedOn(timeZone)})`);
    case "length_of_stay":
      return bucketSql(LENGTH_OF_STAY_BUCKETS, sql`(r.departure - r.arrival)`);
    case "country":
      return sql`coalesce(upper(g.country), '')`;
  }
}

/** The supply key of a (category, night) row, for supply dimensions. */
function supplyKeySql(dimension: Dimension): SQL {
  switch (dimension) {
    case "category":
      return sql`s.category_id::text`;
    case "total":
    case "night":
    case "month":
    case "weekday":
      return keySql(dimension, sql`s.night`, "UTC");
    default:
      throw new Error(`No supply for dimension ${dimension}`);
  }
}

export interface BusinessScope {
  id: string;
  timezone: string;
}

/**
 * Extras (reservation_extras) of the reservations holding a room that arrive `from`..`to`, by
 * `dimension`: an extra counts on its reservation's arrival night (docs/metrics.md).
 */
async function extrasBy(db: Database, business: BusinessScope, period: Period, dimension: Dimension): Promise<Map<string, number>> {
  const rows = await rowsOf<{ key: string; extras: string }>(
    db,
    sql`select ${keySql(dimension, sql`r.arrival`, business.timezone)} as key, sum(e.total)::bigint as extras
        from reservation_extras e
        join reservations r on r.id = e.reservation_id
        ${dimension === "country" ? sql`left join guests g on g.id = r.guest_id` : sql``}
        where e.business_id = ${business.id} and r.status in ('pending', 'confirmed', 'checked_in', 'checked_out')
          and r.arrival between ${period.from}::date and ${period.to}::date
        group by 1`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.extras)]));
}

/** Adds each key's extras to its totals (a key with extras only gets a row of its own). */
function withExtras(rows: Keyed<StayTotals>[], extras: Map<string, number>, supply: boolean): Keyed<StayTotals>[] {
  const out = rows.map((r) => ({ key: r.key, totals: { ...r.totals, extrasRevenue: extras.get(r.key) ?? 0 } }));
  const known = new Set(rows.map((r) => r.key));
  for (const [key, amount] of extras) {
    if (!known.has(key)) out.push({ key, totals: { roomsAvailable: supply ? 0 : null, roomNightsSold: 0, roomRevenue: 0, extrasRevenue: amount, commission: 0 } });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Stay totals of the nights `from`..`to` by `dimension`: rooms available (rooms − blocked, per
 * category and night), room nights sold and room revenue (nights of reservations holding a
 * room), extras (on the arrival night), commission. Supply dimensions list every key that has
 * rooms even when nothing was sold.
 */
export async function stayTotalsBy(db: Database, business: BusinessScope, period: Period, dimension: Dimension): Promise<Keyed<StayTotals>[]> {
  const [stays, extras] = await Promise.all([roomTotalsBy(db, business, period, dimension), extrasBy(db, business, period, dimension)]);
  return withExtras(stays, extras, hasSupply(dimension));
}

/** Room nights, room revenue, commission and (for supply dimensions) rooms available, by `dimension`. */
async function roomTotalsBy(db: Database, business: BusinessScope, period: Period, dimension: Dimension): Promise<Keyed<StayTotals>[]> {
  const { joins, percent, needsReservation } = commissionSql();
  const key = keySql(dimension, sql`rn.night`, business.timezone, sql`rn`);
  const needsGuest = dimension === "country";
  // The night rows carry their night, category and rate: the reservation is joined only when the
  // dimension (channel, lead time…) or the commission rule reads it — far cheaper on long periods.
  const demand = sql`
    select ${key} as key, count(*)::int as sold, coalesce(sum(rn.rate), 0)::bigint as revenue,
           coalesce(sum(round(rn.rate * ${percent} / 100.0)), 0)::bigint as commission
    from reservation_nights rn
    ${needsReservation || !NIGHT_ONLY.has(dimension) ? sql`join reservations r on r.id = rn.reservation_id` : sql``}
    join room_categories rc on rc.id = rn.category_id
    ${needsGuest ? sql`left join guests g on g.id = r.guest_id` : sql``}
    ${joins}
    where rn.business_id = ${business.id} and rn.holds and rn.night between ${period.from}::date and ${period.to}::date
    group by 1`;
  if (!hasSupply(dimension)) {
    const rows = await rowsOf<{ key: string; sold: number; revenue: string; commission: string }>(db, sql`${demand} order by 1`);
    return rows.map((r) => ({ key: r.key, totals: { roomsAvailable: null, roomNightsSold: Number(r.sold), roomRevenue: Number(r.revenue), extrasRevenue: 0, commission: Number(r.commission) } }));
  }
  const rows = await rowsOf<{ key: string; available: number; sold: number | null; revenue: string | null; commission: string | null }>(
    db,
    sql`with supply as (
          select ${supplyKeySql(dimension)} as key, sum(greatest(rc.room_count - coalesce(i.blocked, 0), 0))::int as available
          from (select g.night::date as night, rc.id as category_id from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as g(night)
                cross join room_categories rc where rc.business_id = ${business.id}) s
          join room_categories rc on rc.id = s.category_id
          left join inventory_nights i on i.category_id = s.category_id and i.night = s.night
          group by 1
        ), demand as (${demand})
        select coalesce(s.key, d.key) as key, coalesce(s.available, 0) as available, d.sold, d.revenue, d.commission
        from supply s full join demand d on d.key = s.key
        order by 1`,
  );
  return rows.map((r) => ({
    key: r.key,
    totals: { roomsAvailable: Number(r.available), roomNightsSold: Number(r.sold ?? 0), roomRevenue: Number(r.revenue ?? 0), extrasRevenue: 0, commission: Number(r.commission ?? 0) },
  }));
}

/** Booking totals of the reservations arriving `from`..`to`, by `dimension` (the arrival date stands for night/month/weekday). */
export async function bookingTotalsBy(db: Database, business: BusinessScope, period: Period, dimension: Dimension): Promise<Keyed<BookingTotals>[]> {
  const key = keySql(dimension, sql`r.arrival`, business.timezone);
  const rows = await rowsOf<{ key: string; reservations: number; cancellations: number; no_shows: number; lead: string | null; nights: string | null }>(
    db,
    sql`select ${key} as key, count(*)::int as reservations,
               count(*) filter (where r.status = 'cancelled')::int as cancellations,
               count(*) filter (where r.status = 'no_show')::int as no_shows,
               sum(greatest(0, r.arrival - ${bookedOn(business.timezone)})) filter (where r.status <> 'cancelled') as lead,
               sum(r.departure - r.arrival) filter (where r.status <> 'cancelled') as nights
        from reservations r
        ${dimension === "country" ? sql`left join guests g on g.id = r.guest_id` : sql``}
        where r.business_id = ${business.id} and r.arrival between ${period.from}::date and ${period.to}::date
        group by 1 order by 1`,
  );
  return rows.map((r) => ({
    key: r.key,
    totals: { reservations: Number(r.reservations), cancellations: Number(r.cancellations), noShows: Number(r.no_shows), leadTimeDays: Number(r.lead ?? 0), stayNights: Number(r.nights ?? 0) },
  }));
}

/** Stay totals of the whole period (one row). */
export async function stayTotals(db: Database, business: BusinessScope, period: Period): Promise<StayTotals> {
  const [row] = await stayTotalsBy(db, business, period, "total");
  return row?.totals ?? { roomsAvailable: 0, roomNightsSold: 0, roomRevenue: 0, extrasRevenue: 0, commission: 0 };
}

/** Arrivals and departures of one day: reservations holding a room that arrive or leave that day. */
export async function movementsOn(db: Database, businessId: string, day: string): Promise<{ arrivals: number; departures: number; inHouse: number }> {
  const [row] = await rowsOf<{ arrivals: number; departures: number; in_house: number }>(
    db,
    sql`select count(*) filter (where arrival = ${day}::date)::int as arrivals,
               count(*) filter (where departure = ${day}::date)::int as departures,
               count(*) filter (where arrival <= ${day}::date and departure > ${day}::date)::int as in_house
        from reservations
        where business_id = ${businessId} and status in ('pending', 'confirmed', 'checked_in', 'checked_out')
          and arrival <= ${day}::date and departure >= ${day}::date`,
  );
  return { arrivals: Number(row?.arrivals ?? 0), departures: Number(row?.departures ?? 0), inHouse: Number(row?.in_house ?? 0) };
}
