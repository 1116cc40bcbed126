import { BASELINES, type BaselineName } from "#domain/forecast/baselines.ts";
import { forecastNights, type CategoryForecast } from "#domain/forecast/forecast.ts";
import { fromDayNumber, toDayNumber } from "#domain/pricing/dates.ts";
import type { Database } from "#api/db/client.ts";
import { booksAsOf } from "#api/services/metrics/books-as-of.ts";
import { booked, occupancyRatio } from "#api/services/metrics/tracking.ts";
import type { CategoryRooms } from "#api/services/metrics/on-the-books.ts";
import { loadForecastInputs } from "./input.ts";
import { round1, storedScorecard, type StoredScorecard } from "./scorecard.ts";

/**
 * GET /tracking/forecast (docs/api/intelligence-tracking.md, docs/forecast.md): the rooms each
 * night `from`…`to` is expected to have occupied, as of today, for the whole hotel or one room
 * category, by domain/forecast from the reservation versions; on the books beside it, the 80 %
 * range, the demand before the cap of the rooms, and the stored scorecard.
 *
 * The forecast is of rooms; its revenue is those rooms at the rate already on the books that night
 * (the window's average rate on the books for a night with nothing booked yet).
 */
export interface ForecastQuery {
  today: string;
  from: string;
  to: string;
  currency: string;
  category: CategoryRooms | null;
}

export interface ForecastOfBusiness {
  categories: CategoryRooms[];
  forecast: CategoryForecast;
  books: Awaited<ReturnType<typeof booksAsOf>>;
  scorecard: StoredScorecard | null;
}

/** The forecast of the business (or one category) for the nights asked, its books then and its stored scorecard. */
export async function forecastOfBusiness(db: Database, business: { id: string; timezone: string }, q: Omit<ForecastQuery, "currency">): Promise<ForecastOfBusiness> {
  const t = toDayNumber(q.today);
  const [inputs, books, scorecard] = await Promise.all([loadForecastInputs(db, business), booksAsOf(db, business.id, q.today, { from: q.from, to: q.to }), storedScorecard(db, business.id)]);
  const input = q.category ? inputs.perCategory.find((c) => c.id === q.category!.id)! : inputs.hotel;
  const leads = Array.from({ length: toDayNumber(q.to) - toDayNumber(q.from) + 1 }, (_, i) => toDayNumber(q.from) - t + i);
  return { categories: inputs.categories, forecast: forecastNights(t, input, { leads }), books, scorecard };
}

export function scorecardJson(stored: StoredScorecard | null) {
  if (!stored) return null;
  const s = stored.scorecard;
  // In the baselines' own order (jsonb keeps keys in its own).
  const horizons = s.horizons.map((h) => ({ ...h, baselines: Object.fromEntries((Object.keys(BASELINES) as BaselineName[]).map((m) => [m, h.baselines[m]])) as typeof h.baselines }));
  return { computed_at: stored.computedAt.toISOString(), as_of: stored.asOf, status: s.status, from: s.from, to: s.to, horizons };
}

/** The answer of GET /tracking/forecast from the business's forecast. */
export function forecastAnswerOf(f: ForecastOfBusiness, q: ForecastQuery) {
  const { books, forecast } = f;
  const inScope = books.cells.filter((c) => q.category === null || c.categoryId === q.category.id);
  const byNight = new Map<string, { roomNights: number; revenue: number }>();
  for (const c of inScope) {
    const b = byNight.get(c.night) ?? { roomNights: 0, revenue: 0 };
    b.roomNights += c.roomNights;
    b.revenue += c.revenue;
    byNight.set(c.night, b);
  }
  const windowRooms = inScope.reduce((s, c) => s + c.roomNights, 0);
  const windowRate = windowRooms ? inScope.reduce((s, c) => s + c.revenue, 0) / windowRooms : 0;
  const sum = { capacity: 0, otb: { roomNights: 0, revenue: 0 }, rooms: 0, revenue: 0, unconstrained: 0 };
  const nights = forecast.nights.map((n) => {
    const date = fromDayNumber(n.night);
    const otb = byNight.get(date) ?? { roomNights: 0, revenue: 0 };
    const rate = otb.roomNights ? otb.revenue / otb.roomNights : windowRate;
    const revenue = Math.round(n.forecast * rate);
    sum.capacity += n.capacity;
    sum.otb.roomNights += otb.roomNights;
    sum.otb.revenue += otb.revenue;
    sum.rooms += n.forecast;
    sum.revenue += revenue;
    sum.unconstrained += n.unconstrained;
    return {
      date,
      days_before: n.lead,
      capacity: n.capacity,
      on_the_books: booked(otb, n.capacity),
      forecast: { room_nights: round1(n.forecast), revenue, occupancy: occupancyRatio(n.forecast, n.capacity) },
      expected_cancellations: round1(n.expectedCancellations),
      low: n.low === null ? null : round1(n.low),
      high: n.high === null ? null : round1(n.high),
      unconstrained: round1(n.unconstrained),
      method: n.method,
    };
  });
  return {
    today: q.today,
    from: q.from,
    to: q.to,
    currency: q.currency,
    category: q.category ? { uuid: q.category.id, name: q.category.name } : null,
    categories: f.categories.map((k) => ({ uuid: k.id, name: k.name })),
    horizons: forecast.horizons.map((h) => ({ days: h.horizon, method: h.method })),
    totals: {
      capacity: sum.capacity,
      on_the_books: booked(sum.otb, sum.capacity),
      forecast: { room_nights: round1(sum.rooms), revenue: sum.revenue, occupancy: occupancyRatio(sum.rooms, sum.capacity) },
      unconstrained: round1(sum.unconstrained),
    },
    nights,
    scorecard: scorecardJson(f.scorecard),
  };
}
