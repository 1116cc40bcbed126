import { and, count, eq, gte, lte } from "drizzle-orm";
import { periodKpis } from "#domain/competitors/index.ts";
import {
  actionsFrom,
  addStayTotals,
  EMPTY_STAY_TOTALS,
  monthPeriod,
  monthToDate,
  nightsFrom,
  occupancy,
  periodYearBefore,
  pickupOf,
  PICKUP_WINDOWS,
  type Period,
  type PickupTotals,
  type StayTotals,
} from "#domain/metrics/index.ts";
import { addDays } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { competitorRates } from "#api/db/schema/index.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { marketPeriod } from "#api/services/competitors/market.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { daysToUpdate } from "#api/services/pricing/rates.ts";
import { movementsOn, stayTotals, stayTotalsBy } from "./aggregates.ts";
import { goalsBetween } from "./goals.ts";
import { stayJson } from "./json.ts";
import { pickupWindows } from "./pickup.ts";
import type { DashboardJson } from "#contract/metrics.ts";

/** Nights ahead the dashboard looks at (the "next 30 nights" card and the actions). */
const AHEAD = 30;

function sumNights(byNight: Map<string, StayTotals>, p: Period): StayTotals {
  let total = EMPTY_STAY_TOTALS;
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) total = addStayTotals(total, byNight.get(d) ?? EMPTY_STAY_TOTALS);
  return total;
}

const pickupJson = (t: PickupTotals) => {
  const p = pickupOf(t);
  return { reservations: p.reservations, room_nights: p.roomNights, revenue: p.revenue, cancelled_room_nights: p.cancelledRoomNights, cancelled_revenue: p.cancelledRevenue, net_room_nights: p.netRoomNights, net_revenue: p.netRevenue };
};

/**
 * Everything the dashboard (/) shows, from the metrics aggregates: one nightly query covers
 * tonight, the next 7 and 30 nights, month to date and the month on the books; the rest are one
 * statement each (docs/api/intelligence.md).
 */
export async function dashboard(db: Database, business: BusinessRow, now: Date): Promise<DashboardJson> {
  const today = businessToday(now, business.timezone);
  const month = monthPeriod(today.slice(0, 7));
  const ahead = nightsFrom(today, AHEAD);
  const mtd = monthToDate(today);
  const window: Period = { from: month.from, to: ahead.to > month.to ? ahead.to : month.to };
  const scope = { id: business.id, timezone: business.timezone };
  const [nightly, lastYear, goals, [day, week], movements, toUpdate, [rates]] = await Promise.all([
    stayTotalsBy(db, scope, window, "night"),
    stayTotals(db, scope, periodYearBefore(mtd)),
    goalsBetween(db, business.id, today.slice(0, 7), today.slice(0, 7)),
    pickupWindows(db, business.id, { sinces: [PICKUP_WINDOWS.day, PICKUP_WINDOWS.week].map((h) => new Date(now.getTime() - h * 3_600_000)), until: now, today }),
    movementsOn(db, business.id, today),
    daysToUpdate(db, business.id, now, { to: ahead.to }),
    db
      .select({ n: count() })
      .from(competitorRates)
      .where(and(eq(competitorRates.businessId, business.id), gte(competitorRates.stayDate, ahead.from), lte(competitorRates.stayDate, ahead.to))),
  ]);
  const byNight = new Map(nightly.map((r) => [r.key, r.totals]));
  const market = rates.n > 0 ? await marketPeriod(db, business, { from: ahead.from, to: ahead.to, today }) : null;
  const bands = new Map(market?.nights.map((n) => [n.date, n.position?.band ?? null]) ?? []);
  const raise = new Set(toUpdate.days.filter((d) => d.categories.some((c) => c.published_rate === null || c.recommended_rate > c.published_rate)).map((d) => d.date));
  const monthOnBooks = sumNights(byNight, month);
  const goal = goals.get(today.slice(0, 7)) ?? null;
  const week7 = pickupOf(week);

  const actions = actionsFrom({
    today,
    nights: Array.from({ length: AHEAD }, (_, i) => {
      const date = addDays(today, i);
      const t = byNight.get(date) ?? EMPTY_STAY_TOTALS;
      return { date, occupancy: occupancy(t.roomNightsSold, t.roomsAvailable), recommendedAbovePublished: raise.has(date), marketBand: bands.get(date) ?? null };
    }),
    nightsToPublish: toUpdate.days.length,
    monthGoalRevenue: goal?.revenue ?? null,
    monthRevenueOnBooks: monthOnBooks.roomRevenue,
    weekNetPickupRoomNights: week7.netRoomNights,
  });

  return {
    today,
    currency: business.currency,
    timezone: business.timezone,
    tonight: stayJson(sumNights(byNight, nightsFrom(today, 1))),
    next_7: stayJson(sumNights(byNight, nightsFrom(today, 7))),
    next_30: stayJson(sumNights(byNight, ahead)),
    nights: Array.from({ length: AHEAD }, (_, i) => {
      const date = addDays(today, i);
      const s = stayJson(byNight.get(date) ?? EMPTY_STAY_TOTALS);
      return { date, rooms_available: s.rooms_available ?? 0, room_nights_sold: s.room_nights_sold, occupancy: s.occupancy, adr: s.adr, revpar: s.revpar, room_revenue: s.room_revenue };
    }),
    movements: { arrivals: movements.arrivals, departures: movements.departures, in_house: movements.inHouse },
    pickup: { last_24h: pickupJson(day), last_7d: pickupJson(week) },
    month_to_date: {
      from: mtd.from,
      to: mtd.to,
      actual: stayJson(sumNights(byNight, mtd)),
      last_year: { from: periodYearBefore(mtd).from, to: periodYearBefore(mtd).to, ...stayJson(lastYear) },
      month: { from: month.from, to: month.to, on_the_books: stayJson(monthOnBooks) },
      goal,
    },
    days_to_update: { count: toUpdate.days.length, first: toUpdate.days[0]?.date ?? null, within_nights: AHEAD },
    market: market ? marketJson(market) : null,
    actions: actions.map((a) => ({ kind: a.kind, count: a.count, first_night: a.firstNight, href: a.href })),
  };
}

function marketJson(market: Awaited<ReturnType<typeof marketPeriod>>) {
  const k = periodKpis(market.nights);
  return {
    from: market.from,
    to: market.to,
    category: market.category,
    covered_nights: k.covered,
    average_index: k.averageIndex,
    nights_above: k.nightsAbove,
    nights_at: k.nightsAt,
    nights_below: k.nightsBelow,
    average_rate: k.averageRate,
    average_market_median: k.averageMarketMedian,
  };
}
