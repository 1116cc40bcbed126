import { occupancy } from "#domain/metrics/index.ts";
import { addMonths, monthNights, NOTHING_BOOKED, paceChange, sameDayLastYear, type Booked } from "#domain/metrics/pace.ts";
import { addDays, daysBetween, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { ratio } from "./json.ts";
import { onTheBooksBy, roomsAndBlocks, roomsAvailable, type BooksScope } from "./on-the-books.ts";

/**
 * The tracking answers that more than one caller builds: the pace and pickup by stay month
 * (GET /tracking/pace and the exports of the same figures), so
 * a file and the page it comes from never disagree (docs/api/intelligence-tracking.md).
 */

export interface TrackingBusiness {
  id: string;
  timezone: string;
}

/** Occupancy on the wire as the metrics module writes it: a 0–1 ratio with four decimals, null without rooms available. */
export const occupancyRatio = (roomNights: number, capacity: number) => ratio(occupancy(roomNights, capacity));

/** Room nights and revenue on the wire, with their occupancy when the rooms available are given. */
export const booked = (b: Booked, capacity?: number) => ({
  room_nights: b.roomNights,
  revenue: b.revenue,
  ...(capacity === undefined ? {} : { occupancy: occupancyRatio(b.roomNights, capacity) }),
});

const scopeOf = (business: TrackingBusiness, from: string, to: string, categoryId?: string): BooksScope => ({ businessId: business.id, timezone: business.timezone, from, to, categoryId });

/**
 * Each stay month of `months`: on the books as of `asOf`, beside the same month a year earlier on
 * the books at the same lead (as of the same day last year) and as it ended (null until over).
 */
export async function paceMonths(db: Database, business: TrackingBusiness, q: { asOf: string; today: string; months: readonly string[] }) {
  const { asOf, today, months } = q;
  const lyAsOf = sameDayLastYear(asOf);
  const from = monthNights(months[0]).first;
  const to = monthNights(months[months.length - 1]).last;
  const lyFrom = monthNights(addMonths(months[0], -12)).first;
  const lyTo = monthNights(addMonths(months[months.length - 1], -12)).last;
  const [books, lyBooks, rooms] = await Promise.all([
    onTheBooksBy(db, scopeOf(business, from, to), "month", [asOf]),
    onTheBooksBy(db, scopeOf(business, lyFrom, lyTo), "month", [lyAsOf, today]),
    roomsAndBlocks(db, scopeOf(business, lyFrom, to)),
  ]);
  const capacityOf = (month: string) => {
    const { first: a, last: b } = monthNights(month);
    let sum = 0;
    for (let n = toDayNumber(a); n <= toDayNumber(b); n++) sum += roomsAvailable(rooms.categories, rooms.blocks, null, n, toDayNumber(today));
    return sum;
  };
  return {
    as_of: asOf,
    last_year_as_of: lyAsOf,
    months: months.map((month) => {
      const lyMonth = addMonths(month, -12);
      const cap = capacityOf(month);
      const lyCap = capacityOf(lyMonth);
      const otb = books.get(asOf)!.get(month) ?? NOTHING_BOOKED;
      const ly = lyBooks.get(lyAsOf)!.get(lyMonth) ?? NOTHING_BOOKED;
      const over = monthNights(lyMonth).last < today;
      return {
        month,
        capacity: cap,
        on_the_books: booked(otb, cap),
        last_year: {
          month: lyMonth,
          capacity: lyCap,
          on_the_books: booked(ly, lyCap),
          final: over ? booked(lyBooks.get(today)!.get(lyMonth) ?? NOTHING_BOOKED, lyCap) : null,
        },
        change: {
          room_nights: otb.roomNights - ly.roomNights,
          revenue: otb.revenue - ly.revenue,
          room_nights_percent: paceChange(otb.roomNights, ly.roomNights),
          revenue_percent: paceChange(otb.revenue, ly.revenue),
        },
      };
    }),
  };
}

/**
 * Pickup by stay month: for the stay nights `from`…`to` (from today on, as on the pickup page),
 * how much each month's books grew in each window of days before `asOf` (on the books as of
 * `asOf` less as of `asOf` − window).
 */
export async function pickupByMonth(db: Database, business: TrackingBusiness, q: { asOf: string; from: string; to: string; windows: readonly number[] }) {
  const before = q.windows.map((w) => addDays(q.asOf, -w));
  const books = await onTheBooksBy(db, scopeOf(business, q.from, q.to), "month", [q.asOf, ...before]);
  const now = books.get(q.asOf)!;
  return (month: string) =>
    Object.fromEntries(
      q.windows.map((w, i) => {
        const a = now.get(month) ?? NOTHING_BOOKED;
        const b = books.get(before[i])!.get(month) ?? NOTHING_BOOKED;
        return [w, { roomNights: a.roomNights - b.roomNights, revenue: a.revenue - b.revenue } satisfies Booked];
      }),
    ) as Record<number, Booked>;
}
