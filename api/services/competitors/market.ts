import { analyseNight, type AnalysedNight } from "#domain/competitors/index.ts";
import { addDays, daysBetween } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { calendarDays, canPrice, sharedOccupancyPercentages } from "#api/services/pricing/calendar.ts";
import { sharedPricingConfig } from "#api/services/pricing/config.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";
import { competitorJson, competitorsOf, ratesBetween, type CompetitorJson } from "./store.ts";
import type { MarketNightJson } from "#contract/competitors.ts";

export class UnknownCategory extends Error {}

export interface MarketPeriod {
  from: string;
  to: string;
  today: string;
  configured: boolean;
  category: { uuid: string; name: string } | null;
  categories: { uuid: string; name: string }[];
  /** The whole set (inactive ones too, so old observations keep a name); the market counts active ones only. */
  competitors: CompetitorJson[];
  nights: (AnalysedNight & {
    observations: MarketNightJson["rates"];
  })[];
}

/**
 * The market night by night for `from`..`to`: our rate for one room category (the first by
 * default) from the pricing calendar, our occupancy from the bookings inventory, and what each
 * active competitor was seen asking. Throws UnknownCategory for a category not of the business.
 */
export async function marketPeriod(db: Database, business: BusinessRow, q: { from: string; to: string; category?: string; today: string }): Promise<MarketPeriod> {
  const [config, occupancy, gaps, set, observations] = await Promise.all([
    sharedPricingConfig(db, business.id, { from: q.from, to: q.to }),
    sharedOccupancyPercentages(db, business.id, q.from, q.to),
    gapDiscounts(db, business.id, { from: q.from, to: q.to, today: q.today }),
    competitorsOf(db, business.id),
    ratesBetween(db, business.id, q.from, q.to),
  ]);
  const categories = config.room_categories.map((c) => ({ uuid: c.uuid, name: c.name }));
  const wanted = q.category?.toLowerCase();
  const category = wanted ? categories.find((c) => c.uuid === wanted) : categories[0];
  if (wanted && !category) throw new UnknownCategory(wanted);
  const configured = canPrice(config) && !!category;
  const ours = new Map<string, number>();
  if (configured && category) {
    for (const day of calendarDays(config, { from: q.from, to: q.to, today: q.today, occupancy, gapDiscounts: gaps, categoryIds: [category.uuid] })) {
      ours.set(day.date, day.rates[0].rate);
    }
  }
  const active = set.filter((c) => c.active).map((c) => c.id);
  const byNight = new Map<string, Map<string, (typeof observations)[number]>>();
  for (const o of observations) {
    const night = byNight.get(o.date) ?? new Map();
    night.set(o.competitorId, o);
    byNight.set(o.date, night);
  }
  const nights: MarketPeriod["nights"] = [];
  for (let i = 0, n = daysBetween(q.from, q.to); i <= n; i++) {
    const date = addDays(q.from, i);
    const seen = byNight.get(date) ?? new Map();
    const analysed = analyseNight({
      date,
      our: ours.get(date) ?? null,
      competitors: active.map((id) => (seen.has(id) ? seen.get(id)!.rate : undefined)),
      occupancy: occupancy.get(date) ?? null,
    });
    nights.push({
      ...analysed,
      observations: [...seen.values()].map((o) => ({ competitor_uuid: o.competitorId, rate: o.rate, source: o.source as MarketNightJson["rates"][number]["source"], captured_at: o.capturedAt.toISOString() })),
    });
  }
  return { from: q.from, to: q.to, today: q.today, configured, category: category ?? null, categories, competitors: set.map(competitorJson), nights };
}

/** A night on the wire: snake_case, the competitors' observations, the market and our place in it. */
export function nightJson(n: MarketPeriod["nights"][number]): MarketNightJson {
  return {
    date: n.date,
    weekday: new Date(`${n.date}T00:00:00Z`).getUTCDay(),
    our_rate: n.our,
    occupancy: n.occupancy ?? null,
    rates: n.observations,
    market: { count: n.stats.count, sold_out: n.stats.soldOut, min: n.stats.min, median: n.stats.median, mean: n.stats.mean, max: n.stats.max },
    position: n.position,
  };
}
