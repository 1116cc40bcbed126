// The simulated market of one seed: would-be guests for every arrival night and room category
// (how many nights they stay, when they ask, what they would pay, whether they cancel), and competitors whose prices move. Drawn once
// per seed, so the static rules and the brain meet the very same guests (common random numbers).
// See docs/market-simulator.md for the model and what it cannot show.
import { mulberry32 as rng } from "#domain/random.ts";
import { bucketOf, MAX_LEAD, type Calibration } from "./calibration.ts";

function normal(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

function poisson(r: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = r(); p > limit; p *= r()) k++;
  return k;
}

/** The model's constants, fixed before the first run and not tuned to its results (docs/market-simulator.md). */
export const MARKET = Object.freeze({
  /** Room nights asked for per room and night in an average month and weekday (before the night's shock): stays arriving per room and night are this ÷ the mean stay. */
  demandPerRoom: 1.0,
  /** Spread (log-normal sigma) of a night's demand around its month and weekday: what no curve predicts. */
  nightShockSigma: 0.25,
  /** Share of would-be guests who book at exactly the competitors' price. */
  acceptAtMarket: 0.7,
  /** Competitors: how many, their level around the market reference, their daily drift. */
  competitors: 3,
  competitorLevelSpread: 0.1,
  competitorDriftSigma: 0.02,
  competitorDriftPersistence: 0.97,
  /** How much of a night's demand shock competitors pass into their price, reached `competitorReactionDays` before the night. */
  competitorReaction: 0.5,
  competitorReactionDays: 180,
});

export interface Guest {
  /** The first night of the stay asked for. */
  arrival: number;
  /** Nights asked for (≥ 1; cut at the world's last night). */
  nights: number;
  category: number;
  /** Day the guest asks (arrival − lead). */
  day: number;
  /** Uniform draw: books a stay at price p (the nights' sum) when acceptAtMarket × (p / market)^elasticity ≥ u. */
  u: number;
  /** Day the booking would be cancelled (null: kept). A day on or after the arrival is a no-show (not paid). */
  cancelDay: number | null;
}

export interface World {
  firstNight: number;
  lastNight: number;
  /** Guests sorted by the day they ask (random order within a day). */
  guests: Guest[];
  /** The night's demand shock (1 = as the month and weekday say). */
  shock: Float64Array;
  /** Competitor k's level and its drift per day (index day − firstDay). */
  competitorLevel: number[];
  competitorDrift: Float64Array[];
  firstDay: number;
  elasticity: number;
}

function inverseCdf(cdf: readonly number[], u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] >= u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** One seed's market for the arrivals `firstNight..lastNight` (day numbers) and categories of `rooms`; stays end by `lastNight`. */
export function drawWorld(args: { seed: number; calibration: Calibration; firstNight: number; lastNight: number; rooms: readonly number[]; monthOf: (night: number) => number; weekdayOf: (night: number) => number; elasticity: number }): World {
  const { calibration: cal, firstNight, lastNight, rooms } = args;
  const r = rng(args.seed);
  const firstDay = firstNight - MAX_LEAD;
  const shock = new Float64Array(lastNight - firstNight + 1);
  const guests: (Guest & { order: number })[] = [];
  for (let night = firstNight; night <= lastNight; night++) {
    const s = Math.exp(MARKET.nightShockSigma * normal(r) - MARKET.nightShockSigma ** 2 / 2);
    shock[night - firstNight] = s;
    const month = args.monthOf(night);
    const weekday = args.weekdayOf(night);
    const mean = (MARKET.demandPerRoom / cal.meanLength) * cal.monthFactor[month] * cal.weekdayFactor[weekday] * s;
    const lengths = cal.lengthCdf[month * 7 + weekday];
    for (const [category, count] of rooms.entries()) {
      const n = poisson(r, mean * count);
      for (let i = 0; i < n; i++) {
        const lead = inverseCdf(cal.leadCdf[month], r());
        const nights = Math.min(Math.max(1, inverseCdf(lengths, r())), lastNight - night + 1);
        const cancelled = r() < cal.cancelShare[bucketOf(lead)];
        const timing = cal.cancelTiming[Math.floor(r() * cal.cancelTiming.length)] ?? 0;
        const day = night - lead;
        guests.push({ arrival: night, nights, category, day, u: r(), cancelDay: cancelled ? day + Math.floor(timing * lead) : null, order: r() });
      }
    }
  }
  guests.sort((a, b) => a.day - b.day || a.order - b.order);
  const days = lastNight - firstDay + 1;
  const competitorLevel: number[] = [];
  const competitorDrift: Float64Array[] = [];
  for (let k = 0; k < MARKET.competitors; k++) {
    competitorLevel.push(1 + (r() * 2 - 1) * MARKET.competitorLevelSpread);
    const drift = new Float64Array(days);
    for (let d = 1; d < days; d++) drift[d] = MARKET.competitorDriftPersistence * drift[d - 1] + MARKET.competitorDriftSigma * normal(r);
    competitorDrift.push(drift);
  }
  return { firstNight, lastNight, guests, shock, competitorLevel, competitorDrift, firstDay, elasticity: args.elasticity };
}

/**
 * Competitors' median price of the reference category for `night` on `day`, given the market's
 * reference price of that night: each competitor's level × its drift × the part of the night's
 * demand shock it has seen by then (competitors read the town's demand as the night nears).
 */
export function marketMedian(world: World, night: number, day: number, reference: number): number {
  const lead = night - day;
  const seen = Math.max(0, 1 - lead / MARKET.competitorReactionDays);
  const reaction = 1 + MARKET.competitorReaction * (world.shock[night - world.firstNight] - 1) * seen;
  const prices = world.competitorLevel.map((level, k) => reference * level * Math.exp(world.competitorDrift[k][day - world.firstDay]) * reaction).sort((a, b) => a - b);
  const mid = prices.length >> 1;
  return prices.length % 2 ? prices[mid] : (prices[mid - 1] + prices[mid]) / 2;
}

/** Whether the guest books at `price` when the market asks `market` for the same stay. */
export function books(world: World, guest: Guest, price: number, market: number): boolean {
  return MARKET.acceptAtMarket * (price / market) ** world.elasticity >= guest.u;
}
