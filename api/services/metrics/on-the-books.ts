import { sql, type SQL } from "drizzle-orm";
import { MAX_LEAD_DAYS, type Booked, type BookingEvent } from "#domain/metrics/pace.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";

/**
 * On the books as of any day, in SQL, from the reservations' versions (reservation_versions,
 * docs/decisions/0041-reservation-versions-by-trigger.md; the definitions are
 * domain/metrics/pace.ts; docs/metrics-pace-and-forecast.md). Each version's nights enter the books
 * on the business-local day the version became true and leave them on the day the next version did
 * (an edit moves them, a cancellation takes them off); a cancelled or missed version holds none. A
 * no-show is dated back to its arrival (the night was never sold). "As of D" is the end of day D in
 * the business's time zone, so a state that lasted less than a day never counts.
 */

export interface BooksScope {
  businessId: string;
  timezone: string;
  /** Stay nights, both ends included (ISO dates). */
  from: string;
  to: string;
  /** One room category only. */
  categoryId?: string;
}

/** The reservation nights of the scope, one row per version and night, with the days they entered and left the books. */
function bookedNights(s: BooksScope): SQL {
  const day = (column: string) => sql`(${sql.raw(column)} at time zone ${s.timezone})::date`;
  // Every version of the reservations whose stay touches the scope at some time: a version's end
  // is the next one's start, wherever that one's nights are.
  return sql`select v.category_id, v.arrival + (n.i::int - 1) as night, n.rate,
      ${day("v.valid_from")} as booked,
      case when v.next_status = 'no_show' then least(${day("v.until")}, greatest(v.arrival, ${day("v.valid_from")}))
           else ${day("v.until")}
      end as off
    from (
      select rv.category_id, rv.arrival, rv.status, rv.night_rates, rv.valid_from,
        lead(rv.valid_from) over w as until, lead(rv.status) over w as next_status
      from reservation_versions rv
      where rv.reservation_id in (
        select reservation_id from reservation_versions
        where business_id = ${s.businessId} and departure > ${s.from}::date and arrival <= ${s.to}::date
          ${s.categoryId ? sql`and category_id = ${s.categoryId}` : sql``})
      window w as (partition by rv.reservation_id order by rv.valid_from, rv.id)
    ) v cross join lateral unnest(v.night_rates) with ordinality as n(rate, i)
    where v.status not in ('cancelled', 'no_show')
      and v.arrival + (n.i::int - 1) between ${s.from}::date and ${s.to}::date
      ${s.categoryId ? sql`and v.category_id = ${s.categoryId}` : sql``}`;
}

/**
 * The booking events of the scope (domain/metrics/pace.ts): room nights grouped by category,
 * night and the days they entered and left the books, as day numbers.
 */
export async function bookingEvents(db: Database, s: BooksScope): Promise<(BookingEvent & { categoryId: string })[]> {
  const rows = await rowsOf<{ category_id: string; night: number; booked: number; off: number | null; rooms: number; revenue: string }>(
    db,
    sql`select category_id, (night - date '1970-01-01') as night, (booked - date '1970-01-01') as booked,
          (off - date '1970-01-01') as off, count(*)::int as rooms, sum(rate)::bigint as revenue
        from (${bookedNights(s)}) e group by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({ categoryId: r.category_id, night: Number(r.night), booked: Number(r.booked), off: r.off === null ? null : Number(r.off), rooms: Number(r.rooms), revenue: Number(r.revenue) }));
}

/**
 * Room nights and revenue on the books at the end of each day of `asOf`, per stay night
 * (`by: "night"`, key YYYY-MM-DD) or stay month (`by: "month"`, key YYYY-MM). Keys with nothing
 * on the books are absent.
 */
export async function onTheBooksBy(db: Database, s: BooksScope, by: "night" | "month", asOf: readonly string[]): Promise<Map<string, Map<string, Booked>>> {
  const key = by === "night" ? sql`to_char(e.night, 'YYYY-MM-DD')` : sql`to_char(e.night, 'YYYY-MM')`;
  const days = sql.join(asOf.map((d) => sql`(${d}::date)`), sql`, `);
  const rows = await rowsOf<{ key: string; as_of: string; rooms: number; revenue: string }>(
    db,
    sql`select ${key} as key, to_char(a.day, 'YYYY-MM-DD') as as_of, count(*)::int as rooms, sum(e.rate)::bigint as revenue
        from (${bookedNights(s)}) e join (values ${days}) as a(day) on e.booked <= a.day and (e.off is null or e.off > a.day)
        group by 1, 2`,
  );
  const out = new Map<string, Map<string, Booked>>(asOf.map((d) => [d, new Map()]));
  for (const r of rows) out.get(r.as_of)!.set(r.key, { roomNights: Number(r.rooms), revenue: Number(r.revenue) });
  return out;
}

export interface BookingDay {
  booked: Booked;
  cancelled: Booked;
}

/**
 * Per booking day of the window `firstDay`…`lastDay` (pickup, domain/metrics/pace.ts): the room
 * nights of the scope booked that day and still on the books at the end of the window, and those
 * booked before the window that left the books that day.
 */
export async function bookingsByDay(db: Database, s: BooksScope, firstDay: string, lastDay: string): Promise<Map<string, BookingDay>> {
  const rows = await rowsOf<{ day: string; kind: "booked" | "cancelled"; rooms: number; revenue: string }>(
    db,
    sql`with e as (${bookedNights(s)})
        select to_char(day, 'YYYY-MM-DD') as day, kind, count(*)::int as rooms, sum(rate)::bigint as revenue from (
          select booked as day, 'booked' as kind, rate from e
            where booked >= ${firstDay}::date and booked <= ${lastDay}::date and (off is null or off > ${lastDay}::date)
          union all
          select off, 'cancelled', rate from e where off >= ${firstDay}::date and off <= ${lastDay}::date and booked < ${firstDay}::date
        ) x group by 1, 2`,
  );
  const out = new Map<string, BookingDay>();
  for (const r of rows) {
    const day = out.get(r.day) ?? { booked: { roomNights: 0, revenue: 0 }, cancelled: { roomNights: 0, revenue: 0 } };
    day[r.kind] = { roomNights: Number(r.rooms), revenue: Number(r.revenue) };
    out.set(r.day, day);
  }
  return out;
}

/**
 * Booking curves: per group of stay nights (stay month YYYY-MM, room category id, or category and
 * month `id:YYYY-MM` or category and weekday `id:0`…`id:6`, 0 = Sunday), the room
 * nights and revenue on the books d = 0 … MAX_LEAD_DAYS days before each night, summed over the
 * group's nights. Computed from marks — +1 at the lead a night was booked, −1 at the lead it left
 * the books — added up from the longest lead down, so it reads each reservation night once.
 */
export async function bookingCurvesBy(db: Database, s: BooksScope, by: "month" | "category" | "categoryMonth" | "categoryWeekday"): Promise<Map<string, Booked[]>> {
  const group = {
    month: sql`to_char(night, 'YYYY-MM')`,
    category: sql`category_id::text`,
    categoryMonth: sql`category_id::text || ':' || to_char(night, 'YYYY-MM')`,
    categoryWeekday: sql`category_id::text || ':' || extract(dow from night)::int`,
  }[by];
  const rows = await rowsOf<{ grp: string; d: number; rooms: number; revenue: string }>(
    db,
    sql`with e as (${bookedNights(s)})
        select grp, d, sum(rooms)::int as rooms, sum(revenue)::bigint as revenue from (
          select ${group} as grp, least(night - booked, ${MAX_LEAD_DAYS}) as d, 1 as rooms, rate as revenue from e where night - booked >= 0
          union all
          select ${group}, least(night - off, ${MAX_LEAD_DAYS}), -1, -rate from e where off is not null and night - off >= 0
        ) m group by 1, 2`,
  );
  const marks = new Map<string, Booked[]>();
  for (const r of rows) {
    const curve = marks.get(r.grp) ?? Array.from({ length: MAX_LEAD_DAYS + 1 }, () => ({ roomNights: 0, revenue: 0 }));
    curve[Number(r.d)] = { roomNights: Number(r.rooms), revenue: Number(r.revenue) };
    marks.set(r.grp, curve);
  }
  for (const curve of marks.values()) {
    for (let d = MAX_LEAD_DAYS - 1; d >= 0; d--) curve[d] = { roomNights: curve[d].roomNights + curve[d + 1].roomNights, revenue: curve[d].revenue + curve[d + 1].revenue };
  }
  return marks;
}

export interface CategoryRooms {
  id: string;
  name: string;
  /** Its rooms today. */
  rooms: number;
  /** Every room count it had, from the day it held (day numbers, oldest first); the first also stands for the days before it. */
  counts: { from: number; rooms: number }[];
}

export interface BlockRow {
  categoryId: string;
  /** First and last blocked night, the day this state of the block was recorded and the day it was edited or removed (null: in force), as day numbers. */
  first: number;
  last: number;
  recorded: number;
  ended: number | null;
  count: number;
}

/**
 * The business's room categories (in their order) with their room counts over time, and every
 * state of its room blocks overlapping `from`…`to` — also of blocks edited or removed since
 * (migration 0042: the books as of a past day use the rooms of that day).
 */
export async function roomsAndBlocks(db: Database, s: Omit<BooksScope, "categoryId">): Promise<{ categories: CategoryRooms[]; blocks: BlockRow[] }> {
  const day = (column: string) => sql.raw(`((${column} at time zone `);
  const [categories, counts, blocks] = await Promise.all([
    rowsOf<{ id: string; name: string; rooms: number }>(db, sql`select id, name, room_count as rooms from room_categories where business_id = ${s.businessId} order by position, created_at`),
    rowsOf<{ category_id: string; from: number; rooms: number }>(
      db,
      sql`select category_id, ${day("valid_from")}${s.timezone})::date - date '1970-01-01') as from, room_count as rooms
          from room_count_versions where business_id = ${s.businessId} order by valid_from, id`,
    ),
    rowsOf<{ category_id: string; first: number; last: number; recorded: number; ended: number | null; count: number }>(
      db,
      sql`select category_id, (starts_at - date '1970-01-01') as first, (ends_at - date '1970-01-01') as last,
            ${day("valid_from")}${s.timezone})::date - date '1970-01-01') as recorded,
            ${day("valid_to")}${s.timezone})::date - date '1970-01-01') as ended, count
          from room_block_versions where business_id = ${s.businessId} and ends_at >= ${s.from}::date and starts_at <= ${s.to}::date`,
    ),
  ]);
  const countsOf = new Map<string, { from: number; rooms: number }[]>();
  for (const c of counts) {
    const list = countsOf.get(c.category_id) ?? [];
    list.push({ from: Number(c.from), rooms: Number(c.rooms) });
    countsOf.set(c.category_id, list);
  }
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name, rooms: Number(c.rooms), counts: countsOf.get(c.id) ?? [] })),
    blocks: blocks.map((b) => ({
      categoryId: b.category_id,
      first: Number(b.first),
      last: Number(b.last),
      recorded: Number(b.recorded),
      ended: b.ended === null ? null : Number(b.ended),
      count: Number(b.count),
    })),
  };
}

/** A category's rooms as known at the end of `asOf`: its last count recorded by then, else its first (older history). */
export function roomsOn(category: CategoryRooms, asOf: number): number {
  let rooms = category.counts[0]?.rooms ?? category.rooms;
  for (const c of category.counts) if (c.from <= asOf) rooms = c.rooms;
  return rooms;
}

/**
 * Rooms available in `category` (all categories when null) on `night` as known at the end of
 * `asOf`: its rooms then, less the rooms blocked that night by the blocks in force then (recorded
 * by that day, not edited or removed by it). Blocked rooms are never available and never sold.
 */
export function roomsAvailable(categories: readonly CategoryRooms[], blocks: readonly BlockRow[], category: string | null, night: number, asOf: number): number {
  let rooms = 0;
  for (const c of categories) if (category === null || c.id === category) rooms += roomsOn(c, asOf);
  for (const b of blocks) {
    if ((category === null || b.categoryId === category) && b.first <= night && night <= b.last && b.recorded <= asOf && (b.ended === null || b.ended > asOf)) rooms -= b.count;
  }
  return Math.max(0, rooms);
}

