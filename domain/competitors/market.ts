/**
 * Market math for the rate shopper and market analysis: what the competitive set asks per night,
 * where our rate stands in it, and the period's summary. Rates are integer cents; a competitor
 * seen sold out has `null` (it counts as sold out, never as a price). Pure: the API feeds it rows.
 */
import { weekday } from "#domain/pricing/dates.ts";

/** Within this many percent of the market median our rate is "at market". */
export const AT_MARKET_TOLERANCE = 5;

export type MarketBand = "below" | "at" | "above";

export interface NightStats {
  /** Competitors with a rate that night. */
  count: number;
  /** Competitors seen sold out that night. */
  soldOut: number;
  min: number | null;
  median: number | null;
  /** Rounded to whole cents. */
  mean: number | null;
  max: number | null;
}

/** Min, median, mean and max over the competitors that have a rate; sold-out marks only counted. */
export function nightStats(rates: readonly (number | null | undefined)[]): NightStats {
  const priced = rates.filter((r): r is number => typeof r === "number").sort((a, b) => a - b);
  const soldOut = rates.filter((r) => r === null).length;
  if (priced.length === 0) return { count: 0, soldOut, min: null, median: null, mean: null, max: null };
  const mid = priced.length >> 1;
  const median = priced.length % 2 ? priced[mid] : Math.round((priced[mid - 1] + priced[mid]) / 2);
  const mean = Math.round(priced.reduce((s, r) => s + r, 0) / priced.length);
  return { count: priced.length, soldOut, min: priced[0], median, mean, max: priced[priced.length - 1] };
}

export interface Position {
  /** 1 = the cheapest among us and the competitors with a rate (ties share the better rank). */
  rank: number;
  /** Of how many rates (ours included). */
  of: number;
  /** Our rate ÷ market median × 100, one decimal. */
  index: number;
  band: MarketBand;
}

/** Our place in the night's market; null when we have no rate or the market has none. */
export function positionOf(ourRate: number | null | undefined, competitorRates: readonly (number | null | undefined)[], tolerance = AT_MARKET_TOLERANCE): Position | null {
  const stats = nightStats(competitorRates);
  if (typeof ourRate !== "number" || stats.median === null || stats.median <= 0) return null;
  const priced = competitorRates.filter((r): r is number => typeof r === "number");
  const index = Math.round((ourRate / stats.median) * 1000) / 10;
  return { rank: 1 + priced.filter((r) => r < ourRate).length, of: priced.length + 1, index, band: bandOf(index, tolerance) };
}

export function bandOf(index: number, tolerance = AT_MARKET_TOLERANCE): MarketBand {
  if (index > 100 + tolerance) return "above";
  if (index < 100 - tolerance) return "below";
  return "at";
}

export interface MarketNight {
  date: string;
  /** Our rate that night (the chosen category), null when we have none. */
  our: number | null;
  /** Each competitor's observation: a rate, null (sold out) or undefined (not recorded). */
  competitors: readonly (number | null | undefined)[];
  /** Our occupancy that night in percent, when known. */
  occupancy?: number | null;
}

export interface AnalysedNight extends MarketNight {
  stats: NightStats;
  position: Position | null;
}

export function analyseNight(night: MarketNight, tolerance = AT_MARKET_TOLERANCE): AnalysedNight {
  return { ...night, stats: nightStats(night.competitors), position: positionOf(night.our, night.competitors, tolerance) };
}

export interface PeriodKpis {
  nights: number;
  /** Nights with at least one competitor rate. */
  covered: number;
  /** covered ÷ nights × 100, one decimal (0 for an empty period). */
  coverage: number;
  /** Mean of the nightly price indexes where there is one, one decimal. */
  averageIndex: number | null;
  nightsAbove: number;
  nightsAt: number;
  nightsBelow: number;
  /** Means over the nights that have them, whole cents. */
  averageRate: number | null;
  averageMarketMedian: number | null;
  /** Mean occupancy over the nights that have it, one decimal. */
  averageOccupancy: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
function mean(values: number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

export function periodKpis(nights: readonly AnalysedNight[]): PeriodKpis {
  const positions = nights.map((n) => n.position).filter((p): p is Position => p !== null);
  const covered = nights.filter((n) => n.stats.count > 0).length;
  const averageIndex = mean(positions.map((p) => p.index));
  const averageRate = mean(nights.map((n) => n.our).filter((r): r is number => typeof r === "number"));
  const averageMedian = mean(nights.map((n) => n.stats.median).filter((r): r is number => r !== null));
  const averageOccupancy = mean(nights.map((n) => n.occupancy).filter((o): o is number => typeof o === "number"));
  return {
    nights: nights.length,
    covered,
    coverage: nights.length ? round1((covered / nights.length) * 100) : 0,
    averageIndex: averageIndex === null ? null : round1(averageIndex),
    nightsAbove: positions.filter((p) => p.band === "above").length,
    nightsAt: positions.filter((p) => p.band === "at").length,
    nightsBelow: positions.filter((p) => p.band === "below").length,
    averageRate: averageRate === null ? null : Math.round(averageRate),
    averageMarketMedian: averageMedian === null ? null : Math.round(averageMedian),
    averageOccupancy: averageOccupancy === null ? null : round1(averageOccupancy),
  };
}

export interface GroupSummary {
  nights: number;
  averageRate: number | null;
  averageMarketMedian: number | null;
  averageIndex: number | null;
  averageOccupancy: number | null;
}

function summarise(nights: readonly AnalysedNight[]): GroupSummary {
  const k = periodKpis(nights);
  return { nights: k.nights, averageRate: k.averageRate, averageMarketMedian: k.averageMarketMedian, averageIndex: k.averageIndex, averageOccupancy: k.averageOccupancy };
}

/** Seven rows, Sunday (0) to Saturday (6): how our price compares to the market on each day of the week. */
export function weekdayProfile(nights: readonly AnalysedNight[]): (GroupSummary & { weekday: number })[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ weekday: day, ...summarise(nights.filter((n) => weekday(n.date) === day)) }));
}

/** One row per week (weeks start on Monday), in date order: `week` is the Monday, `from`/`to` the nights covered. */
export function weeklySummary(nights: readonly AnalysedNight[]): (GroupSummary & { week: string; from: string; to: string })[] {
  const groups = new Map<string, AnalysedNight[]>();
  for (const night of [...nights].sort((a, b) => a.date.localeCompare(b.date))) {
    const key = mondayOf(night.date);
    const list = groups.get(key) ?? [];
    list.push(night);
    groups.set(key, list);
  }
  return [...groups].map(([week, list]) => ({ week, from: list[0].date, to: list[list.length - 1].date, ...summarise(list) }));
}

function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
