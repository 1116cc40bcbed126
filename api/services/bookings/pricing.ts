import { compilePricing, type GapDiscounts, type PricingConfig } from "#domain/pricing/index.ts";
import { stayNights } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { occupancyByNight } from "#api/services/occupancy.ts";
import { canPrice } from "#api/services/pricing/calendar.ts";
import { loadPricingConfig } from "#api/services/pricing/config.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";

export interface PricedNight {
  date: string;
  rate: number;
  season: string | null;
  level: string | null;
}

export interface StayPrice {
  nights: PricedNight[];
  total: number;
  /** Average per night, rounded to the cent. */
  ratePerNight: number;
  overridden: boolean;
}

export interface StayQuery {
  categoryId: string;
  arrival: string;
  departure: string;
  guests: number;
  today: string;
  /** Cents per night the owner typed; replaces the engine's rate on every night. */
  override?: number | null;
}

/**
 * null: the business has no tariff configuration yet (no reference season), so a rate must be typed.
 * `preloaded`: the configuration and gap discounts read once for several categories' stays (they cover the stay's nights).
 */
export async function priceStay(db: Database, businessId: string, query: StayQuery, preloaded?: { config: PricingConfig; gaps: GapDiscounts }): Promise<StayPrice | null> {
  const dates = stayNights(query.arrival, query.departure);
  if (query.override != null) {
    const nights = dates.map((date) => ({ date, rate: query.override!, season: null, level: null }));
    return summarise(nights, true);
  }
  const last = dates[dates.length - 1];
  const config = preloaded?.config ?? (await loadPricingConfig(db, businessId, { from: query.arrival, to: last }));
  if (!canPrice(config) || !config.room_categories.some((c) => c.uuid === query.categoryId)) return null;
  const [occupancy, gaps] = await Promise.all([
    occupancyByNight(db, businessId, query.arrival, query.departure),
    preloaded?.gaps ?? gapDiscounts(db, businessId, { from: query.arrival, to: last, today: query.today, categoryIds: [query.categoryId] }),
  ]);
  const occupancyByDate = new Map([...occupancy].map(([date, o]) => [date, o.percentage]));
  const rates = compilePricing(config).calendar({
    from: query.arrival,
    to: last,
    today: query.today,
    occupancyByDate,
    gapDiscounts: gaps,
    guests: query.guests,
    categoryIds: [query.categoryId],
  });
  return summarise(
    rates.map((r) => ({ date: r.date, rate: r.rate, season: r.seasonTitle, level: r.levelName })),
    false,
  );
}

function summarise(nights: PricedNight[], overridden: boolean): StayPrice {
  const total = nights.reduce((sum, n) => sum + n.rate, 0);
  return { nights, total, ratePerNight: nights.length ? Math.round(total / nights.length) : 0, overridden };
}
