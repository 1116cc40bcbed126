import { sql } from "drizzle-orm";
import { nightDemand, withForecast, type BookingCurve } from "#domain/brain/demand.ts";
import type { OwnerEvent, RecommendInput } from "#domain/brain/types.ts";
import { addMonths } from "#domain/metrics/pace.ts";
import { addDays, compilePricing, daysBetween, weekday, type DailyRate } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { marketOf } from "#api/services/competitors/medians.ts";
import { currentResponse } from "./quotes.ts";
import { freshForecastNights } from "#api/services/forecast-nights.ts";
import { bookingCurvesBy } from "#api/services/metrics/on-the-books.ts";
import { canPrice, holidayName, occupancyPercentages } from "#api/services/pricing/calendar.ts";
import { loadPricingConfig } from "#api/services/pricing/config.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";

/** The days of history the expected booking curve is read from: the year before today. */
const HISTORY_DAYS = 365;
const DAY_MS = 86_400_000;

export interface BrainBusiness {
  id: string;
  timezone: string;
  country: string;
  state: string | null;
}

/** Per category, a curve per last-year month (`YYYY-MM`) and per weekday, and the category's whole-year curve. */
interface Curves {
  month: Map<string, BookingCurve>;
  weekday: Map<number, BookingCurve>;
  all: BookingCurve;
}

/** Nights of `from..to` per key. */
function countNights(from: string, to: string, key: (night: string) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (let d = from; d <= to; d = addDays(d, 1)) out.set(key(d), (out.get(key(d)) ?? 0) + 1);
  return out;
}

/** The expected booking curves of each category, from the nights of the year before `today`. */
async function curvesOf(db: Database, business: BrainBusiness, today: string, categoryIds: readonly string[]): Promise<Map<string, Curves>> {
  const from = addDays(today, -HISTORY_DAYS);
  const to = addDays(today, -1);
  const scope = { businessId: business.id, timezone: business.timezone, from, to };
  const [byMonth, byWeekday] = await Promise.all([bookingCurvesBy(db, scope, "categoryMonth"), bookingCurvesBy(db, scope, "categoryWeekday")]);
  const monthNights = countNights(from, to, (d) => d.slice(0, 7));
  const weekdayNights = countNights(from, to, (d) => String(weekday(d)));
  const out = new Map<string, Curves>();
  for (const id of categoryIds) {
    const month = new Map<string, BookingCurve>();
    const days = new Map<number, BookingCurve>();
    let allRooms: number[] | null = null;
    for (const [m, nights] of monthNights) {
      const curve = byMonth.get(`${id}:${m}`);
      if (!curve) continue;
      const rooms = curve.map((b) => b.roomNights);
      month.set(m, { nights, rooms });
      allRooms = allRooms ? allRooms.map((r, i) => r + rooms[i]) : rooms;
    }
    for (const [w, nights] of weekdayNights) {
      const curve = byWeekday.get(`${id}:${w}`);
      if (curve) days.set(Number(w), { nights, rooms: curve.map((b) => b.roomNights) });
    }
    out.set(id, { month, weekday: days, all: { nights: allRooms ? daysBetween(from, to) + 1 : 0, rooms: allRooms ?? [] } });
  }
  return out;
}

/** Final rooms of the weekday's nights over all nights' (1 when unknown). */
function weekdayFactorOf(curves: Curves, day: number): number {
  const w = curves.weekday.get(day);
  if (!w || w.nights === 0 || curves.all.nights === 0 || !curves.all.rooms[0]) return 1;
  return w.rooms[0] / w.nights / (curves.all.rooms[0] / curves.all.nights);
}

/** Rooms sold and blocked per category and night. */
async function inventoryOf(db: Database, businessId: string, from: string, to: string) {
  const rows = await rowsOf<{ category_id: string; night: string; sold: number; blocked: number }>(
    db,
    sql`select category_id, night::text as night, sold, blocked from inventory_nights where business_id = ${businessId} and night between ${from}::date and ${to}::date`,
  );
  return new Map(rows.map((r) => [`${r.category_id}|${r.night}`, { sold: Number(r.sold), blocked: Number(r.blocked) }]));
}

/** The room rate of the booking sold last for each category and night. */
async function lastSoldOf(db: Database, businessId: string, from: string, to: string) {
  const rows = await rowsOf<{ category_id: string; night: string; rate: number }>(
    db,
    sql`select distinct on (n.category_id, n.night) n.category_id, n.night::text as night, n.rate
        from reservation_nights n join reservations r on r.id = n.reservation_id
        where n.business_id = ${businessId} and n.night between ${from}::date and ${to}::date and n.holds
        order by n.category_id, n.night, r.created_at desc`,
  );
  return new Map(rows.map((r) => [`${r.category_id}|${r.night}`, Number(r.rate)]));
}

/**
 * Each night's price `hoursAgo` hours ago, from the occupation log's rate lines: the `from` of the
 * first change since then; a night without one had its current price.
 */
async function pricesAgo(db: Database, businessId: string, from: string, to: string, now: Date, hoursAgo: number) {
  const since = new Date(now.getTime() - hoursAgo * 3_600_000);
  const rows = await rowsOf<{ category_id: string; night: string; from_value: number }>(
    db,
    sql`select distinct on (room_category_id, date) room_category_id as category_id, date::text as night, from_value
        from occupation_logs
        where business_id = ${businessId} and kind = 'rate' and room_category_id is not null and date between ${from}::date and ${to}::date and created_at > ${since}
        order by room_category_id, date, created_at, id`,
  );
  return new Map(rows.map((r) => [`${r.category_id}|${r.night}`, Number(r.from_value)]));
}

/** The cells (`category|night`) whose manual price the brain set (an accepted recommendation or the autopilot). */
async function brainSetPrices(db: Database, businessId: string, from: string, to: string): Promise<Set<string>> {
  const rows = await rowsOf<{ category_id: string; night: string; source: string }>(
    db,
    sql`select distinct on (room_category_id, night) room_category_id as category_id, night::text as night, source
        from price_changes where business_id = ${businessId} and night between ${from}::date and ${to}::date
        order by room_category_id, night, created_at desc, id desc`,
  );
  return new Set(rows.filter((r) => r.source === "recommendation" || r.source === "autopilot").map((r) => `${r.category_id}|${r.night}`));
}

/** Floor and ceiling of a priced night: the season's, else the category's. */
function boundsOf(config: Awaited<ReturnType<typeof loadPricingConfig>>, rate: DailyRate) {
  const season = config.seasonalities.find((s) => s.uuid === rate.seasonId);
  const category = config.room_categories.find((c) => c.uuid === rate.categoryId);
  return { floor: season?.min_price ?? category?.min_price ?? null, ceiling: season?.max_price ?? category?.max_price ?? null };
}

/**
 * Everything recommend() needs for the nights `from..to` of `categoryIds`, read as of `now`
 * (`today` is the business's day then). Nothing when the business cannot be priced yet.
 */
export async function recommendInputs(
  db: Database,
  business: BrainBusiness,
  q: { from: string; to: string; today: string; now: Date; categoryIds: readonly string[]; events: readonly OwnerEvent[]; locale?: string },
): Promise<RecommendInput[]> {
  if (q.categoryIds.length === 0 || q.from > q.to) return [];
  const config = await loadPricingConfig(db, business.id, { from: q.from, to: q.to }, { country: business.country, state: business.state });
  if (!canPrice(config)) return [];
  const known = new Set(config.room_categories.map((c) => c.uuid));
  const categoryIds = q.categoryIds.filter((id) => known.has(id));
  if (categoryIds.length === 0) return [];
  const [occupancy, gaps, inventory, lastSold, dayAgo, weekAgo, market, curves, byBrain, forecast, response] = await Promise.all([
    occupancyPercentages(db, business.id, q.from, q.to),
    gapDiscounts(db, business.id, { from: q.from, to: q.to, today: q.today }),
    inventoryOf(db, business.id, q.from, q.to),
    lastSoldOf(db, business.id, q.from, q.to),
    pricesAgo(db, business.id, q.from, q.to, q.now, 24),
    pricesAgo(db, business.id, q.from, q.to, q.now, 24 * 7),
    marketOf(db, business.id, q.from, q.to),
    curvesOf(db, business, q.today, categoryIds),
    brainSetPrices(db, business.id, q.from, q.to),
    freshForecastNights(db, business.id, q.today, q.from, q.to),
    currentResponse(db, business.id, q.today, q.now),
  ]);
  // Competitors are compared with the first category (the rate shopper's default); other categories follow at their own price ratio.
  const reference = config.room_categories[0].uuid;
  const query = { from: q.from, to: q.to, today: q.today, occupancyByDate: occupancy, gapDiscounts: gaps, categoryIds: [...new Set([reference, ...categoryIds])] };
  const rates = compilePricing(config).calendar(query);
  // The rules' price: the same calendar without the prices the brain set itself.
  const rules = compilePricing({ ...config, manual_prices: (config.manual_prices ?? []).filter((m) => !byBrain.has(`${m.room_category_uuid}|${m.date}`)) }).calendar(query);
  const rulesRate = new Map(rules.map((r) => [`${r.categoryId}|${r.date}`, r]));
  const referenceRate = new Map(rules.filter((r) => r.categoryId === reference).map((r) => [r.date, r.rate]));
  const rooms = new Map(config.room_categories.map((c) => [c.uuid, c.room_count ?? 0]));
  const holidays = new Map<string, string[]>();
  for (const h of config.holidays ?? []) holidays.set(h.date, [...(holidays.get(h.date) ?? []), holidayName(h.name, q.locale ?? "pt-BR")]);
  const wanted = new Set(categoryIds);
  const out: RecommendInput[] = [];
  for (const rate of rates) {
    if (!wanted.has(rate.categoryId)) continue;
    const key = `${rate.categoryId}|${rate.date}`;
    const inv = inventory.get(key) ?? { sold: 0, blocked: 0 };
    const c = curves.get(rate.categoryId)!;
    const lastYear = addMonths(rate.date.slice(0, 7), -12);
    const curve = c.month.get(lastYear) ?? (c.all.nights ? c.all : null);
    const median = market.get(rate.date);
    const ref = referenceRate.get(rate.date);
    const base = rulesRate.get(key)?.rate ?? rate.rate;
    out.push({
      night: rate.date,
      categoryId: rate.categoryId,
      today: q.today,
      current: rate.rate,
      base,
      fixedByOwner: rate.manual && !byBrain.has(key),
      priceAtDayStart: dayAgo.get(key) ?? null,
      priceWeekAgo: weekAgo.get(key) ?? null,
      ...boundsOf(config, rate),
      lastSold: lastSold.get(key) ?? null,
      // The stored forecast's demand when there is a fresh one (ADR 0054), else the booking curve's.
      demand: withForecast(
        nightDemand({
          curve,
          weekdayFactor: weekdayFactorOf(c, weekday(rate.date)),
          lead: Math.round((Date.parse(rate.date) - Date.parse(q.today)) / DAY_MS),
          onTheBooks: inv.sold,
          capacity: Math.max(0, (rooms.get(rate.categoryId) ?? 0) - inv.blocked),
        }),
        forecast.get(`${rate.categoryId}:${rate.date}`) ?? null,
      ),
      marketMedian: median && ref ? Math.round((median * base) / ref) : null,
      holidays: holidays.get(rate.date) ?? [],
      events: q.events,
      response,
    });
  }
  return out;
}
