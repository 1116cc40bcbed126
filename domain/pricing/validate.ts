/**
 * Validators of a tariff configuration. Each returns structured problems (never throws) with a
 * stable `code` that is also the translation key; `error`s make the configuration wrong,
 * `warning`s are legal but worth a look (overlapping seasons, bounds that are not whole units).
 */
import { fromDayNumber, toDayNumber, weekdayOfDayNumber } from "./dates.ts";
import { validateFluctuationLevels } from "./levels.ts";
import { ROUNDING_UNIT } from "./engine.ts";
import type {
  FluctuationLevel,
  LeadTimeBand,
  ManualPrice,
  OccupancyPricing,
  PricingConfig,
  PricingProblem,
  RoomCategory,
  Seasonality,
} from "./types.ts";

export { validateFluctuationLevels };

/** Percent variations must stay within this range (−100 % makes a rate free; +500 % is six times it). */
export const MIN_PERCENTAGE = -100;
export const MAX_PERCENTAGE = 500;

const COLOR = /^#[0-9a-fA-F]{6}$/;
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isType = (v: unknown) => v === "value" || v === "percentage";

type Path = (string | number)[];

function error(code: string, path: Path, params?: Record<string, string | number>): PricingProblem {
  return params ? { code, severity: "error", path, params } : { code, severity: "error", path };
}
function warning(code: string, path: Path, params?: Record<string, string | number>): PricingProblem {
  return params ? { code, severity: "warning", path, params } : { code, severity: "warning", path };
}

/** Bounds: non-negative integer cents, min ≤ max; not whole units only warns (the engine then rounds inside them). */
function checkBounds(
  prefix: "pricing.season" | "pricing.category",
  min: number | null | undefined,
  max: number | null | undefined,
  path: Path,
): PricingProblem[] {
  const out: PricingProblem[] = [];
  const okMin = min == null || (isInt(min) && min >= 0);
  const okMax = max == null || (isInt(max) && max >= 0);
  if (!okMin) out.push(error(`${prefix}.invalidBound`, [...path, "min_price"], { value: String(min) }));
  if (!okMax) out.push(error(`${prefix}.invalidBound`, [...path, "max_price"], { value: String(max) }));
  if (okMin && okMax && min != null && max != null && min > max) {
    out.push(error(`${prefix}.minAboveMax`, [...path, "min_price"], { min, max }));
  }
  if (okMin && min != null && min % ROUNDING_UNIT !== 0) out.push(warning(`${prefix}.boundNotWholeUnit`, [...path, "min_price"], { value: min }));
  if (okMax && max != null && max % ROUNDING_UNIT !== 0) out.push(warning(`${prefix}.boundNotWholeUnit`, [...path, "max_price"], { value: max }));
  return out;
}

/** Percent in range, or (value) integer cents not below `floor`. */
function checkVariation(
  prefix: string,
  type: unknown,
  variation: unknown,
  path: Path,
  typeField: string,
  valueField: string,
  floor?: number,
): PricingProblem[] {
  if (!isType(type)) return [error(`${prefix}.variationType`, [...path, typeField], { value: String(type) })];
  if (type === "percentage") {
    if (!isNum(variation) || variation < MIN_PERCENTAGE || variation > MAX_PERCENTAGE) {
      return [error(`${prefix}.variationPercentage`, [...path, valueField], { value: String(variation), min: MIN_PERCENTAGE, max: MAX_PERCENTAGE })];
    }
    return [];
  }
  if (!isInt(variation)) return [error(`${prefix}.variationNotInteger`, [...path, valueField], { value: String(variation) })];
  if (floor !== undefined && variation < floor) return [error(`${prefix}.variationBelowRate`, [...path, valueField], { value: variation, min: floor })];
  return [];
}

interface RangeInfo {
  season: number;
  range: number;
  start: number;
  end: number;
  mask: number;
}

function maskOf(days: readonly number[]): number {
  let m = 0;
  for (const d of days) if (isInt(d) && d >= 0 && d <= 6) m |= 1 << d;
  return m;
}

/** First day in [start, end] whose weekday is in `mask`, or NaN. */
function firstMatchingDay(start: number, end: number, mask: number): number {
  if (mask === 0) return Number.NaN;
  for (let d = start; d <= end && d < start + 7; d++) if (mask & (1 << weekdayOfDayNumber(d))) return d;
  return Number.NaN;
}

/**
 * Problems of a business's seasonalities: exactly one reference, rate > 0 (integer cents),
 * `#RRGGBB` colours, valid ranges (starts_at ≤ ends_at, weekdays 0–6), level variations within
 * −100..+500 % (value: integer cents ≥ −rate). Ranges of different seasons that claim a common
 * date are legal (the most specific wins) and reported as `pricing.season.overlap` warnings.
 * Pass `levels` to check that every variation names an existing band.
 */
export function validateSeasonalities(seasonalities: readonly Seasonality[], levels?: readonly FluctuationLevel[]): PricingProblem[] {
  const out: PricingProblem[] = [];
  const list = seasonalities ?? [];
  const references = list.map((s, i) => (s.is_reference ? i : -1)).filter((i) => i >= 0);
  if (references.length === 0) out.push(error("pricing.season.noReference", []));
  for (const i of references.slice(1)) out.push(error("pricing.season.multipleReferences", [i, "is_reference"], { first: references[0] }));

  const ids = new Map<string, number>();
  const ranges: RangeInfo[] = [];

  list.forEach((s, i) => {
    if (ids.has(s.uuid)) out.push(error("pricing.season.duplicateId", [i, "uuid"], { other: ids.get(s.uuid)! }));
    else ids.set(s.uuid, i);
    if (typeof s.title !== "string" || !s.title.trim()) out.push(error("pricing.season.titleRequired", [i, "title"]));
    if (!isInt(s.rate)) out.push(error("pricing.season.rateNotInteger", [i, "rate"], { value: String(s.rate) }));
    else if (s.rate <= 0) out.push(error("pricing.season.rateNotPositive", [i, "rate"], { value: s.rate }));
    if (typeof s.color !== "string" || !COLOR.test(s.color)) out.push(error("pricing.season.invalidColor", [i, "color"], { value: String(s.color) }));
    out.push(...checkBounds("pricing.season", s.min_price, s.max_price, [i]));

    const dates = s.dates ?? [];
    if (dates.length === 0 && !s.is_reference) out.push(warning("pricing.season.noDates", [i, "dates"], { title: s.title }));
    dates.forEach((r, j) => {
      const p: Path = [i, "dates", j];
      const start = toDayNumber(r.starts_at);
      const end = toDayNumber(r.ends_at);
      if (Number.isNaN(start)) out.push(error("pricing.season.invalidDate", [...p, "starts_at"], { value: String(r.starts_at) }));
      if (Number.isNaN(end)) out.push(error("pricing.season.invalidDate", [...p, "ends_at"], { value: String(r.ends_at) }));
      const days = Array.isArray(r.days_of_week) ? r.days_of_week : [];
      if (days.length === 0) out.push(error("pricing.season.noDaysOfWeek", [...p, "days_of_week"]));
      days.forEach((d, k) => {
        if (!isInt(d) || d < 0 || d > 6) out.push(error("pricing.season.invalidDayOfWeek", [...p, "days_of_week", k], { value: String(d) }));
      });
      if (Number.isNaN(start) || Number.isNaN(end)) return;
      if (start > end) {
        out.push(error("pricing.season.rangeReversed", [...p, "ends_at"], { starts_at: r.starts_at, ends_at: r.ends_at }));
        return;
      }
      const mask = maskOf(days);
      if (mask !== 0 && Number.isNaN(firstMatchingDay(start, end, mask))) {
        out.push(warning("pricing.season.rangeNeverApplies", p, { starts_at: r.starts_at, ends_at: r.ends_at }));
        return;
      }
      if (mask !== 0) ranges.push({ season: i, range: j, start, end, mask });
    });

    const rate = isInt(s.rate) ? s.rate : undefined;
    const seenLevels = new Set<string>();
    (s.fluctuation_level_variations ?? []).forEach((v, k) => {
      const p: Path = [i, "fluctuation_level_variations", k];
      out.push(...checkVariation("pricing.season", v.price_variation_type, v.price_variation, p, "price_variation_type", "price_variation", rate === undefined ? undefined : -rate));
      if (levels) {
        const level = levels.find((l) => (typeof v.fluctuation_level === "number" ? l.level === v.fluctuation_level : l.uuid === v.fluctuation_level));
        if (!level) out.push(error("pricing.season.unknownLevel", [...p, "fluctuation_level"], { value: String(v.fluctuation_level) }));
        else if (seenLevels.has(level.uuid)) out.push(error("pricing.season.duplicateVariation", [...p, "fluctuation_level"], { level: level.name }));
        else seenLevels.add(level.uuid);
      }
    });
  });

  for (let a = 0; a < ranges.length; a++) {
    for (let b = a + 1; b < ranges.length; b++) {
      const x = ranges[a];
      const y = ranges[b];
      if (x.season === y.season) continue; // a season overlapping itself changes nothing
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start > end) continue;
      const day = firstMatchingDay(start, end, x.mask & y.mask);
      if (Number.isNaN(day)) continue;
      out.push(
        warning("pricing.season.overlap", [y.season, "dates", y.range], {
          season: list[y.season].title,
          other: list[x.season].title,
          otherIndex: x.season,
          from: fromDayNumber(start),
          to: fromDayNumber(end),
        }),
      );
    }
  }
  return out;
}

/**
 * Problems of the room categories: occupation limits (1 ≤ min ≤ max), variation (percentage
 * −100..+500, value integer cents), bounds; warns when no category has a zero variation (the
 * season rate is meant to be some category's price).
 */
export function validateRoomCategories(categories: readonly RoomCategory[]): PricingProblem[] {
  const out: PricingProblem[] = [];
  if (!categories || categories.length === 0) return [error("pricing.category.empty", [])];
  const ids = new Map<string, number>();
  categories.forEach((c, i) => {
    if (ids.has(c.uuid)) out.push(error("pricing.category.duplicateId", [i, "uuid"], { other: ids.get(c.uuid)! }));
    else ids.set(c.uuid, i);
    if (typeof c.name !== "string" || !c.name.trim()) out.push(error("pricing.category.nameRequired", [i, "name"]));
    if (!isInt(c.min_occupation) || c.min_occupation < 1) {
      out.push(error("pricing.category.invalidMinOccupation", [i, "min_occupation"], { value: String(c.min_occupation) }));
    } else if (!isInt(c.max_occupation) || c.max_occupation < c.min_occupation) {
      out.push(error("pricing.category.maxBelowMin", [i, "max_occupation"], { min: c.min_occupation, value: String(c.max_occupation) }));
    }
    out.push(...checkVariation("pricing.category", c.price_variation_type ?? "value", c.price_variation_value, [i], "price_variation_type", "price_variation_value"));
    out.push(...checkBounds("pricing.category", c.min_price, c.max_price, [i]));
  });
  if (!categories.some((c) => c.price_variation_value === 0)) out.push(warning("pricing.category.noReference", []));
  return out;
}

/** Problems of the occupancy (guest count) pricing. */
export function validateOccupancyPricing(op: OccupancyPricing): PricingProblem[] {
  const out: PricingProblem[] = [];
  if (!isType(op.price_variation_type)) {
    return [error("pricing.occupancy.variationType", ["price_variation_type"], { value: String(op.price_variation_type) })];
  }
  if (!isInt(op.reference_occupation) || op.reference_occupation < 1) {
    out.push(error("pricing.occupancy.invalidReferenceOccupation", ["reference_occupation"], { value: String(op.reference_occupation) }));
  }
  // A negative increase would make a bigger party cheaper (and, in percent, the rate non-monotonic).
  const perPerson = op.price_increase_per_person;
  if (op.price_variation_type === "percentage" ? !isNum(perPerson) || perPerson < 0 || perPerson > MAX_PERCENTAGE : !isInt(perPerson) || perPerson < 0) {
    out.push(error("pricing.occupancy.invalidIncreasePerPerson", ["price_increase_per_person"], { value: String(perPerson) }));
  }
  const single = op.single_rate_variation;
  if (op.price_variation_type === "percentage" ? !isNum(single) || single < 0 || single > 100 : !isInt(single) || single < 0) {
    out.push(error("pricing.occupancy.invalidSingleRate", ["single_rate_variation"], { value: String(single) }));
  }
  return out;
}

/**
 * Problems of the lead-time bands: whole days, `to_days` ≥ `from_days` or null (open-ended),
 * percentage −100..+500, `max_occupancy` 0–100. Overlapping bands are a warning: the engine picks
 * the first (lowest `from_days`) whose days match, and a lifted occupancy cap means no band.
 */
export function validateLeadTimeBands(bands: readonly LeadTimeBand[]): PricingProblem[] {
  const out: PricingProblem[] = [];
  const ok: { band: LeadTimeBand; index: number }[] = [];
  bands.forEach((b, i) => {
    let valid = true;
    if (!isInt(b.from_days) || b.from_days < 0) {
      out.push(error("pricing.leadTime.invalidFromDays", [i, "from_days"], { value: String(b.from_days) }));
      valid = false;
    }
    if (b.to_days !== null && (!isInt(b.to_days) || (isInt(b.from_days) && b.to_days < b.from_days))) {
      out.push(error("pricing.leadTime.invalidToDays", [i, "to_days"], { value: String(b.to_days) }));
      valid = false;
    }
    if (!isNum(b.percentage) || b.percentage < MIN_PERCENTAGE || b.percentage > MAX_PERCENTAGE) {
      out.push(error("pricing.leadTime.percentage", [i, "percentage"], { value: String(b.percentage), min: MIN_PERCENTAGE, max: MAX_PERCENTAGE }));
    }
    if (b.max_occupancy != null && (!isNum(b.max_occupancy) || b.max_occupancy < 0 || b.max_occupancy > 100)) {
      out.push(error("pricing.leadTime.maxOccupancy", [i, "max_occupancy"], { value: String(b.max_occupancy) }));
    }
    if (valid) ok.push({ band: b, index: i });
  });
  for (let a = 0; a < ok.length; a++) {
    for (let b = a + 1; b < ok.length; b++) {
      const x = ok[a].band;
      const y = ok[b].band;
      const xEnd = x.to_days ?? Number.POSITIVE_INFINITY;
      const yEnd = y.to_days ?? Number.POSITIVE_INFINITY;
      if (Math.max(x.from_days, y.from_days) <= Math.min(xEnd, yEnd)) {
        out.push(warning("pricing.leadTime.overlap", [ok[b].index], { other: ok[a].index }));
      }
    }
  }
  return out;
}

/** Problems of manual prices: valid date, known category, integer cents ≥ 0; a repeated cell warns (the last wins). */
export function validateManualPrices(prices: readonly ManualPrice[], categories?: readonly RoomCategory[]): PricingProblem[] {
  const out: PricingProblem[] = [];
  const seen = new Map<string, number>();
  prices.forEach((m, i) => {
    if (Number.isNaN(toDayNumber(m.date))) out.push(error("pricing.manual.invalidDate", [i, "date"], { value: String(m.date) }));
    if (categories && !categories.some((c) => c.uuid === m.room_category_uuid)) {
      out.push(error("pricing.manual.unknownCategory", [i, "room_category_uuid"], { value: String(m.room_category_uuid) }));
    }
    if (!isInt(m.price) || m.price < 0) out.push(error("pricing.manual.invalidPrice", [i, "price"], { value: String(m.price) }));
    const key = `${m.date}|${m.room_category_uuid}`;
    if (seen.has(key)) out.push(warning("pricing.manual.duplicate", [i], { other: seen.get(key)! }));
    seen.set(key, i);
  });
  return out;
}

/** Every validator over a whole configuration; paths start with the config field name. */
export function validatePricingConfig(config: PricingConfig): PricingProblem[] {
  const prefix = (field: string, problems: PricingProblem[]) => problems.map((p) => ({ ...p, path: [field, ...p.path] }));
  return [
    ...prefix("seasonalities", validateSeasonalities(config.seasonalities, config.fluctuation_levels)),
    ...prefix("fluctuation_levels", validateFluctuationLevels(config.fluctuation_levels)),
    ...prefix("room_categories", validateRoomCategories(config.room_categories)),
    ...(config.occupancy_pricing ? prefix("occupancy_pricing", validateOccupancyPricing(config.occupancy_pricing)) : []),
    ...(config.lead_time_bands ? prefix("lead_time_bands", validateLeadTimeBands(config.lead_time_bands)) : []),
    ...(config.manual_prices ? prefix("manual_prices", validateManualPrices(config.manual_prices, config.room_categories)) : []),
  ];
}

/** True when no problem is an error (warnings allowed). */
export function isValid(problems: readonly PricingProblem[]): boolean {
  return !problems.some((p) => p.severity === "error");
}
