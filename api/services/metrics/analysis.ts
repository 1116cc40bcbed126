import { asc, eq } from "drizzle-orm";
import {
  EMPTY_BOOKING_TOTALS,
  EMPTY_STAY_TOTALS,
  LEAD_TIME_BUCKETS,
  LENGTH_OF_STAY_BUCKETS,
  monthsOf,
  periodYearBefore,
  previousPeriod,
  share,
  type BookingTotals,
  type Period,
  type StayTotals,
} from "#domain/metrics/index.ts";
import type { ExploreDimension, ExploreMetric, ExploreQuery } from "#domain/schemas/metrics.ts";
import type { Database } from "#api/db/client.ts";
import { roomCategories } from "#api/db/schema/index.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { bookingTotalsBy, hasSupply, stayTotals, stayTotalsBy, type BusinessScope, type Dimension } from "./aggregates.ts";
import { goalsBetween } from "./goals.ts";
import { bookingJson, ratio, stayJson } from "./json.ts";
import type { BreakdownJson, ExploreJson, MonthlyJson } from "#contract/metrics.ts";
import type { BREAKDOWN_DIMENSIONS } from "#domain/schemas/metrics.ts";

const scopeOf = (b: BusinessRow): BusinessScope => ({ id: b.id, timezone: b.timezone });

/** /monthly: each month of `year` against the same month a year earlier and its goals. */
export async function monthly(db: Database, business: BusinessRow, year: number): Promise<MonthlyJson> {
  const rows = await stayTotalsBy(db, scopeOf(business), { from: `${year - 1}-01-01`, to: `${year}-12-31` }, "month");
  const byMonth = new Map(rows.map((r) => [r.key, r.totals]));
  const goals = await goalsBetween(db, business.id, `${year}-01`, `${year}-12`);
  const months = monthsOf(year).map((month) => {
    const before = `${year - 1}${month.slice(4)}`;
    return { month, this_year: stayJson(byMonth.get(month) ?? EMPTY_STAY_TOTALS), last_year: stayJson(byMonth.get(before) ?? EMPTY_STAY_TOTALS), goal: goals.get(month) ?? null };
  });
  const sum = (keys: string[]) => keys.reduce((s, k) => addTotals(s, byMonth.get(k) ?? EMPTY_STAY_TOTALS), EMPTY_STAY_TOTALS);
  const goalRevenue = [...goals.values()].reduce((s, g) => s + (g.revenue ?? 0), 0);
  return {
    year,
    currency: business.currency,
    months,
    totals: { this_year: stayJson(sum(monthsOf(year))), last_year: stayJson(sum(monthsOf(year - 1))), goal_revenue: goals.size ? goalRevenue : null },
  };
}

/** /goals: each month of `year` with its goals (null when not set) and what the month actually sold. */
export async function goalsYear(db: Database, business: BusinessRow, year: number) {
  const [rows, goals] = await Promise.all([
    stayTotalsBy(db, scopeOf(business), { from: `${year}-01-01`, to: `${year}-12-31` }, "month"),
    goalsBetween(db, business.id, `${year}-01`, `${year}-12`),
  ]);
  const byMonth = new Map(rows.map((r) => [r.key, r.totals]));
  return monthsOf(year).map((month) => ({ ...(goals.get(month) ?? { month, revenue: null, occupancy: null, adr: null }), actual: stayJson(byMonth.get(month) ?? EMPTY_STAY_TOTALS) }));
}

function addTotals(a: StayTotals, b: StayTotals): StayTotals {
  return {
    roomsAvailable: (a.roomsAvailable ?? 0) + (b.roomsAvailable ?? 0),
    roomNightsSold: a.roomNightsSold + b.roomNightsSold,
    roomRevenue: a.roomRevenue + b.roomRevenue,
    extrasRevenue: a.extrasRevenue + b.extrasRevenue,
    commission: a.commission + b.commission,
  };
}

const WEEKDAY_ORDER = ["1", "2", "3", "4", "5", "6", "0"];

/** Group keys in the order a reader expects: buckets and weekdays in order, categories as set up, the rest by room nights. */
async function orderedKeys(db: Database, businessId: string, dimension: Dimension, keys: Set<string>, sold: (key: string) => number) {
  const labels = new Map<string, string>();
  let order: string[];
  switch (dimension) {
    case "lead_time":
      order = LEAD_TIME_BUCKETS.map((b) => b.key).filter((k) => keys.has(k));
      break;
    case "length_of_stay":
      order = LENGTH_OF_STAY_BUCKETS.map((b) => b.key).filter((k) => keys.has(k));
      break;
    case "weekday":
      order = WEEKDAY_ORDER.filter((k) => keys.has(k));
      break;
    case "category": {
      const cats = await db.select({ id: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, businessId)).orderBy(asc(roomCategories.position), asc(roomCategories.createdAt));
      for (const c of cats) labels.set(c.id, c.name);
      order = [...cats.map((c) => c.id), ...[...keys].filter((k) => !labels.has(k))];
      break;
    }
    case "night":
    case "month":
    case "total":
      order = [...keys].sort();
      break;
    default:
      order = [...keys].sort((a, b) => sold(b) - sold(a) || a.localeCompare(b));
  }
  return { order, labels };
}

interface Group {
  key: string;
  label: string | null;
  stay: StayTotals;
  booking: BookingTotals;
}

/** Stay and booking totals of a period by dimension, ordered, with the period's totals. */
async function groups(db: Database, business: BusinessRow, period: Period, dimension: Dimension): Promise<{ rows: Group[]; total: { stay: StayTotals; booking: BookingTotals } }> {
  const scope = scopeOf(business);
  const [stays, bookings, whole, allBookings] = await Promise.all([
    stayTotalsBy(db, scope, period, dimension),
    bookingTotalsBy(db, scope, period, dimension),
    hasSupply(dimension) ? null : stayTotals(db, scope, period),
    bookingTotalsBy(db, scope, period, "total"),
  ]);
  const stayBy = new Map(stays.map((r) => [r.key, r.totals]));
  const bookingBy = new Map(bookings.map((r) => [r.key, r.totals]));
  const keys = new Set([...stayBy.keys(), ...bookingBy.keys()]);
  const { order, labels } = await orderedKeys(db, business.id, dimension, keys, (k) => stayBy.get(k)?.roomNightsSold ?? 0);
  // Groups without supply of their own measure occupancy and RevPAR against the period's (docs/metrics.md).
  const supply = whole?.roomsAvailable ?? null;
  const rows = order.map((key) => {
    const stay = stayBy.get(key) ?? { ...EMPTY_STAY_TOTALS, roomsAvailable: hasSupply(dimension) ? 0 : null };
    return { key, label: labels.get(key) ?? null, stay: hasSupply(dimension) ? stay : { ...stay, roomsAvailable: supply }, booking: bookingBy.get(key) ?? EMPTY_BOOKING_TOTALS };
  });
  const total = whole ?? stays.reduce((s, r) => addTotals(s, r.totals), EMPTY_STAY_TOTALS);
  return { rows, total: { stay: total, booking: allBookings[0]?.totals ?? EMPTY_BOOKING_TOTALS } };
}

/** /sales-dashboard: one dimension of a period, with each group's share of room nights and revenue (the mix). */
export async function breakdown(db: Database, business: BusinessRow, period: Period, dimension: (typeof BREAKDOWN_DIMENSIONS)[number]): Promise<BreakdownJson> {
  const { rows, total } = await groups(db, business, period, dimension);
  return {
    from: period.from,
    to: period.to,
    dimension,
    currency: business.currency,
    total: { ...stayJson(total.stay), ...bookingJson(total.booking) },
    rows: rows.map((r) => ({
      key: r.key,
      label: r.label,
      ...stayJson(r.stay),
      ...bookingJson(r.booking),
      room_nights_share: ratio(share(r.stay.roomNightsSold, total.stay.roomNightsSold)),
      revenue_share: ratio(share(r.stay.roomRevenue, total.stay.roomRevenue)),
    })),
  };
}

function valuesOf(stay: StayTotals, booking: BookingTotals, metrics: readonly ExploreMetric[]): ExploreJson["total"] {
  const all: Record<string, number | null> = { ...stayJson(stay), ...bookingJson(booking) };
  return Object.fromEntries(metrics.map((m) => [m, all[m] ?? null])) as ExploreJson["total"];
}

/** The comparison period of the explorer, or null. */
export function comparisonPeriod(q: Pick<ExploreQuery, "compare" | "compare_from" | "compare_to">, period: Period): Period | null {
  switch (q.compare) {
    case "none":
      return null;
    case "previous_period":
      return previousPeriod(period);
    case "last_year":
      return periodYearBefore(period);
    case "custom":
      return { from: q.compare_from!, to: q.compare_to! };
  }
}

/**
 * /business-intelligence: the chosen metrics by a dimension over a period, beside a comparison
 * period. Time dimensions (night, month) pair groups by position (the first night with the first
 * night), the others by key.
 */
export async function explore(db: Database, business: BusinessRow, q: { metrics: ExploreMetric[]; dimension: ExploreDimension; period: Period; compare: Period | null }): Promise<ExploreJson> {
  const [main, other] = await Promise.all([groups(db, business, q.period, q.dimension), q.compare ? groups(db, business, q.compare, q.dimension) : null]);
  const byPosition = q.dimension === "night" || q.dimension === "month";
  const otherByKey = new Map(other?.rows.map((r) => [r.key, r]) ?? []);
  return {
    metrics: q.metrics,
    dimension: q.dimension,
    currency: business.currency,
    period: q.period,
    compare_period: q.compare,
    total: valuesOf(main.total.stay, main.total.booking, q.metrics),
    compare_total: other ? valuesOf(other.total.stay, other.total.booking, q.metrics) : null,
    rows: main.rows.map((r, i) => {
      const o = other ? (byPosition ? other.rows[i] : otherByKey.get(r.key)) : undefined;
      return { key: r.key, label: r.label, values: valuesOf(r.stay, r.booking, q.metrics), compare_key: o?.key ?? null, compare: other ? (o ? valuesOf(o.stay, o.booking, q.metrics) : null) : null };
    }),
  };
}
