/**
 * Which seasonality prices a date.
 *
 * A season claims a date when one of its ranges contains it and lists its weekday. Among the
 * claimants the most specific wins: the one whose matching range is shortest (calendar days,
 * ends included). Equal lengths go to the latest created (`created_at`; a season without one is
 * older than any with one), then to the later position in the list. Unclaimed dates belong to
 * the reference season.
 */
import { toDayNumber, weekdayOfDayNumber } from "./dates.ts";
import type { IsoDate, Seasonality } from "./types.ts";

interface CompiledRange {
  season: Seasonality;
  start: number;
  end: number;
  /** bit w set = weekday w included */
  mask: number;
  length: number;
  created: number;
  order: number;
}

export interface SeasonIndex {
  reference: Seasonality | null;
  /** The season of a day number; the reference when none claims it (null only without a reference). */
  at(day: number): Seasonality | null;
}

function weekdayMask(days: readonly number[] | null | undefined): number {
  let mask = 0;
  for (const d of days ?? []) if (Number.isInteger(d) && d >= 0 && d <= 6) mask |= 1 << d;
  return mask;
}

function createdKey(createdAt: string | null | undefined): number {
  if (!createdAt) return Number.NEGATIVE_INFINITY;
  const t = Date.parse(createdAt);
  return Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
}

/** True when range a beats range b for a date both contain. */
function beats(a: CompiledRange, b: CompiledRange): boolean {
  if (a.length !== b.length) return a.length < b.length;
  if (a.created !== b.created) return a.created > b.created;
  return a.order > b.order;
}

export function buildSeasonIndex(seasonalities: readonly Seasonality[]): SeasonIndex {
  const ranges: CompiledRange[] = [];
  let reference: Seasonality | null = null;
  seasonalities.forEach((season, order) => {
    if (season.is_reference && !reference) reference = season;
    const created = createdKey(season.created_at);
    for (const r of season.dates ?? []) {
      const start = toDayNumber(r.starts_at);
      const end = toDayNumber(r.ends_at);
      const mask = weekdayMask(r.days_of_week);
      // Malformed or reversed ranges claim nothing; validateSeasonalities reports them.
      if (Number.isNaN(start) || Number.isNaN(end) || end < start || mask === 0) continue;
      ranges.push({ season, start, end, mask, length: end - start + 1, created, order });
    }
  });
  const ref: Seasonality | null = reference;
  return {
    reference: ref,
    at(day) {
      const bit = 1 << weekdayOfDayNumber(day);
      let best: CompiledRange | null = null;
      for (const r of ranges) {
        if (day < r.start || day > r.end || (r.mask & bit) === 0) continue;
        if (!best || beats(r, best)) best = r;
      }
      return best ? best.season : ref;
    },
  };
}

/**
 * The seasonality that prices `date`. Returns null only when no season claims the date and the
 * list has no reference season (an invalid configuration) or when `date` is not a valid date.
 */
export function resolveSeason(seasonalities: readonly Seasonality[], date: IsoDate): Seasonality | null {
  const day = toDayNumber(date);
  if (Number.isNaN(day)) return null;
  return buildSeasonIndex(seasonalities).at(day);
}
