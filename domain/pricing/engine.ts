/**
 * The rate of a date × room category × guest count, with its explanation.
 *
 * Steps, in order, each working on the running rate in cents: season → level → leadTime →
 * category → guests → singleRate → gapDiscount → manual → bounds → rounding. Every percentage step rounds its
 * own amount to whole cents (half up) so the explanation's amounts add up to the rate exactly.
 * See docs/pricing.md for the model in plain words.
 */
import { toDayNumber, fromDayNumber } from "./dates.ts";
import { levelResolver, normalizeOccupancy } from "./levels.ts";
import { buildSeasonIndex, type SeasonIndex } from "./season.ts";
import type {
  BoundSource,
  CalendarQuery,
  Cents,
  DailyRate,
  DailyRateQuery,
  FluctuationLevel,
  GapDiscount,
  FluctuationLevelVariation,
  IsoDate,
  LeadTimeBand,
  OccupancyByDate,
  OccupancyPricing,
  PriceVariationType,
  PricingConfig,
  RoomCategory,
  Seasonality,
  Step,
} from "./types.ts";

/** Prices are shown in whole currency units. */
export const ROUNDING_UNIT: Cents = 100;
/** Guests priced when neither the query nor the occupancy pricing says (a double room). */
export const DEFAULT_GUESTS = 2;

/** Thrown for inputs the engine cannot price; `code` is a translation key like the validators'. */
export class PricingError extends Error {
  readonly code: string;
  readonly params: Record<string, string | number>;
  constructor(code: string, params: Record<string, string | number> = {}) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = "PricingError";
    this.code = code;
    this.params = params;
  }
}

/** `p` % of `amount`, in whole cents, half up (never −0). */
export function percentOf(amount: Cents, p: number): Cents {
  return Math.round((amount * p) / 100) + 0;
}

/** Nearest multiple of `unit`, halves up. */
export function roundToUnit(amount: Cents, unit: Cents = ROUNDING_UNIT): Cents {
  return Math.floor((amount + unit / 2) / unit) * unit + 0;
}

function vary(running: Cents, type: PriceVariationType | null | undefined, variation: number): Cents {
  return type === "percentage" ? percentOf(running, variation) : Math.round(variation) + 0;
}

interface CompiledCategory {
  category: RoomCategory;
  type: PriceVariationType;
  variation: number;
}

/** What the date alone decides, shared by every category priced on that date. */
interface DayContext {
  date: IsoDate;
  season: Seasonality;
  level: FluctuationLevel | null;
  occupancy: number;
  /** season + level + leadTime */
  running: Cents;
  steps: Step[];
  min: Cents | null;
  minSource: BoundSource;
  max: Cents | null;
  maxSource: BoundSource;
  manual: Map<string, Cents> | undefined;
}

export interface CompiledPricing {
  /** One rate; throws PricingError for an unknown category or an invalid date. */
  rate(query: DailyRateQuery): DailyRate;
  /** Every date in `from..to` (inclusive) × every category, date-major, categories in config order. */
  calendar(query: CalendarQuery): DailyRate[];
}

function occupancyOf(source: OccupancyByDate | undefined, date: IsoDate): number {
  if (!source) return 0;
  const v = source instanceof Map ? source.get(date) : (source as Record<string, number>)[date];
  return normalizeOccupancy(v);
}

/** The configuration as lookup tables, built once so pricing many cells costs little per cell. */
interface PricingTables {
  seasons: SeasonIndex;
  resolveBand: (occupancy: number) => FluctuationLevel | null;
  /** season → level uuid → variation. */
  variations: Map<Seasonality, Map<string, FluctuationLevelVariation>>;
  /** By from_days. */
  leadBands: LeadTimeBand[];
  categories: Map<string, CompiledCategory>;
  /** Config order, first of each uuid. */
  categoryOrder: CompiledCategory[];
  occupancyPricing: OccupancyPricing | null;
  /** date → category → price (only with manual prices enabled). */
  manual: Map<IsoDate, Map<string, Cents>>;
}

/** A running rate and the steps that made it. */
interface Tally {
  running: Cents;
  steps: Step[];
}

/** Adds a step to the tally, unless it moves nothing. */
function add(tally: Tally, step: Step): void {
  if (step.amount === 0) return;
  tally.steps.push(step);
  tally.running += step.amount;
}

/** season → level uuid → variation; a variation names its band by uuid or by level number. */
function variationsBySeason(seasonalities: readonly Seasonality[], levels: readonly FluctuationLevel[]): PricingTables["variations"] {
  const variations = new Map<Seasonality, Map<string, FluctuationLevelVariation>>();
  for (const season of seasonalities) {
    const byLevel = new Map<string, FluctuationLevelVariation>();
    for (const v of season.fluctuation_level_variations ?? []) {
      const level = levels.find((l) => (typeof v.fluctuation_level === "number" ? l.level === v.fluctuation_level : l.uuid === v.fluctuation_level));
      if (level && !byLevel.has(level.uuid)) byLevel.set(level.uuid, v);
    }
    variations.set(season, byLevel);
  }
  return variations;
}

function compileCategories(list: readonly RoomCategory[]): Pick<PricingTables, "categories" | "categoryOrder"> {
  const categories = new Map<string, CompiledCategory>();
  const categoryOrder: CompiledCategory[] = [];
  for (const category of list) {
    const compiled: CompiledCategory = {
      category,
      type: category.price_variation_type === "percentage" ? "percentage" : "value",
      variation: Number.isFinite(category.price_variation_value) ? category.price_variation_value : 0,
    };
    if (!categories.has(category.uuid)) {
      categories.set(category.uuid, compiled);
      categoryOrder.push(compiled);
    }
  }
  return { categories, categoryOrder };
}

/** date → category → price; the last entry for a cell wins. */
function manualPriceIndex(config: PricingConfig): PricingTables["manual"] {
  const manual = new Map<IsoDate, Map<string, Cents>>();
  if (!config.occupancy_pricing?.manual_prices_enabled) return manual;
  for (const m of config.manual_prices ?? []) {
    let byCategory = manual.get(m.date);
    if (!byCategory) manual.set(m.date, (byCategory = new Map()));
    byCategory.set(m.room_category_uuid, m.price);
  }
  return manual;
}

function tablesOf(config: PricingConfig): PricingTables {
  const levels = config.fluctuation_levels ?? [];
  return {
    seasons: buildSeasonIndex(config.seasonalities ?? []),
    resolveBand: levelResolver(levels),
    variations: variationsBySeason(config.seasonalities ?? [], levels),
    leadBands: [...(config.lead_time_bands ?? [])].sort((a, b) => a.from_days - b.from_days),
    ...compileCategories(config.room_categories ?? []),
    occupancyPricing: config.occupancy_pricing ?? null,
    manual: manualPriceIndex(config),
  };
}

/** The occupancy band's variation in this season, if any; answers the band. */
function applyLevel(tables: PricingTables, season: Seasonality, occupancy: number, tally: Tally): FluctuationLevel | null {
  const level = tables.resolveBand(occupancy);
  const v = level ? tables.variations.get(season)?.get(level.uuid) : undefined;
  if (level && v) {
    const amount = vary(tally.running, v.price_variation_type, v.price_variation);
    add(tally, { step: "level", amount, detail: { levelId: level.uuid, levelName: level.name, occupancy, type: v.price_variation_type, variation: v.price_variation } });
  }
  return level;
}

/**
 * The days to arrival alone pick the band (the first by from_days); its occupancy cap only
 * switches that band off. Falling through to a later overlapping band would let a fuller night
 * take that band's discount and price below an emptier one (ADR 0018).
 */
function applyLeadTime(tables: PricingTables, daysToArrival: number, occupancy: number, tally: Tally): void {
  const band = tables.leadBands.find((b) => daysToArrival >= b.from_days && (b.to_days == null || daysToArrival <= b.to_days));
  if (!band || (band.max_occupancy != null && occupancy >= band.max_occupancy)) return;
  add(tally, {
    step: "leadTime",
    amount: percentOf(tally.running, band.percentage),
    detail: { daysToArrival, fromDays: band.from_days, toDays: band.to_days, percentage: band.percentage, maxOccupancy: band.max_occupancy ?? null },
  });
}

function dayContext(tables: PricingTables, day: number, date: IsoDate, todayDay: number, occupancyRaw: number): DayContext {
  const season = tables.seasons.at(day);
  if (!season) throw new PricingError("pricing.season.noReference", { date });
  const occupancy = normalizeOccupancy(occupancyRaw);
  const tally: Tally = {
    running: season.rate,
    steps: [{ step: "season", amount: season.rate, detail: { seasonId: season.uuid, title: season.title, rate: season.rate, reference: season.is_reference } }],
  };
  const level = applyLevel(tables, season, occupancy, tally);
  applyLeadTime(tables, day - todayDay, occupancy, tally);
  return {
    date,
    season,
    level,
    occupancy,
    running: tally.running,
    steps: tally.steps,
    min: season.min_price ?? null,
    minSource: "season",
    max: season.max_price ?? null,
    maxSource: "season",
    manual: tables.manual.get(date),
  };
}

function clampGuests(op: OccupancyPricing | null, requested: number | undefined, category: RoomCategory): number {
  let g = typeof requested === "number" && Number.isFinite(requested) ? Math.trunc(requested) : (op?.reference_occupation ?? DEFAULT_GUESTS);
  if (g < category.min_occupation) g = category.min_occupation;
  if (g > category.max_occupation) g = category.max_occupation;
  return g;
}

/** Guests over the reference occupation add their price; a single guest may take the single rate off. */
function applyOccupancy(op: OccupancyPricing, guests: number, tally: Tally): void {
  const extra = guests - op.reference_occupation;
  if (extra > 0 && op.price_increase_per_person) {
    const amount =
      op.price_variation_type === "percentage"
        ? percentOf(tally.running, op.price_increase_per_person * extra)
        : Math.round(op.price_increase_per_person * extra) + 0;
    add(tally, {
      step: "guests",
      amount,
      detail: { guests, referenceOccupation: op.reference_occupation, extraGuests: extra, type: op.price_variation_type, perPerson: op.price_increase_per_person },
    });
  }
  if (op.apply_single_rate && guests === 1 && op.single_rate_variation) {
    const amount = -vary(tally.running, op.price_variation_type, op.single_rate_variation) + 0;
    add(tally, { step: "singleRate", amount, detail: { type: op.price_variation_type, variation: op.single_rate_variation } });
  }
}

/**
 * A night of an open orphan gap sells for less (stay rules): percent of the running rate off.
 * The bounds come after, so the floor (the season's, else the category's) still holds.
 */
function applyGapDiscount(gap: GapDiscount, tally: Tally): void {
  add(tally, { step: "gapDiscount", amount: -percentOf(tally.running, gap.percentage) + 0, detail: gap });
}

/** The owner's word: replaces the computed rate and is not clamped, only rounded. */
function applyManual(price: Cents, tally: Tally): Cents {
  tally.steps.push({ step: "manual", amount: price - tally.running, detail: { price } });
  tally.running = price;
  return roundToUnit(price);
}

/** Clamps to the day's (else the category's) bounds, then rounds to a whole unit within them. */
function applyBounds(ctx: DayContext, category: RoomCategory, tally: Tally): Cents {
  const min = ctx.min ?? category.min_price ?? null;
  const minSource: BoundSource = ctx.min != null ? ctx.minSource : "category";
  const max = ctx.max ?? category.max_price ?? null;
  const maxSource: BoundSource = ctx.max != null ? ctx.maxSource : "category";
  const lo = min != null && min > 0 ? min : 0;
  const hi = max ?? Number.POSITIVE_INFINITY;
  let clamped = tally.running;
  let bound: "min" | "max" | null = null;
  let source: BoundSource = "category";
  if (clamped < lo) {
    clamped = lo;
    bound = "min";
    source = min != null && min > 0 ? minSource : "nonNegative";
  }
  // When min > max (an invalid pair the validator reports) the ceiling wins.
  if (clamped > hi) {
    clamped = hi;
    bound = "max";
    source = maxSource;
  }
  if (bound) {
    tally.steps.push({ step: "bounds", amount: clamped - tally.running, detail: { min, max, bound, source } });
    tally.running = clamped;
  }
  // Round to a whole unit that stays within the bounds; with none between them, keep the bound.
  let rate = roundToUnit(tally.running);
  if (rate > hi) rate -= ROUNDING_UNIT;
  else if (rate < lo) rate += ROUNDING_UNIT;
  if (rate < lo || rate > hi) rate = tally.running;
  return rate;
}

function priceCell(tables: PricingTables, ctx: DayContext, cc: CompiledCategory, requestedGuests: number | undefined, gap?: GapDiscount): DailyRate {
  const { category } = cc;
  const tally: Tally = { running: ctx.running, steps: ctx.steps.slice() };
  add(tally, { step: "category", amount: vary(tally.running, cc.type, cc.variation), detail: { categoryId: category.uuid, type: cc.type, variation: cc.variation } });
  const op = tables.occupancyPricing;
  const guests = clampGuests(op, requestedGuests, category);
  if (op) applyOccupancy(op, guests, tally);
  const manualPrice = ctx.manual?.get(category.uuid);
  // The owner's manual price is the night's price as typed: no gap discount on it.
  if (gap && gap.percentage > 0 && manualPrice === undefined) applyGapDiscount(gap, tally);
  const rate = manualPrice !== undefined ? applyManual(manualPrice, tally) : applyBounds(ctx, category, tally);
  if (rate !== tally.running) tally.steps.push({ step: "rounding", amount: rate - tally.running, detail: { unit: ROUNDING_UNIT } });
  return {
    date: ctx.date,
    categoryId: category.uuid,
    guests,
    rate,
    seasonId: ctx.season.uuid,
    seasonTitle: ctx.season.title,
    seasonColor: ctx.season.color,
    levelId: ctx.level?.uuid ?? null,
    levelName: ctx.level?.name ?? null,
    occupancy: ctx.occupancy,
    manual: manualPrice !== undefined,
    explanation: tally.steps,
  };
}

function requireDay(date: IsoDate, field: string): number {
  const day = toDayNumber(date);
  if (Number.isNaN(day)) throw new PricingError("pricing.input.invalidDate", { field, value: String(date) });
  return day;
}

function requireCategory(tables: PricingTables, id: string): CompiledCategory {
  const cc = tables.categories.get(id);
  if (!cc) throw new PricingError("pricing.input.unknownCategory", { categoryId: id });
  return cc;
}

/** Turns a configuration into lookup tables once, so pricing many cells costs little per cell. */
export function compilePricing(config: PricingConfig): CompiledPricing {
  const tables = tablesOf(config);
  return {
    rate(query) {
      const day = requireDay(query.date, "date");
      const todayDay = requireDay(query.today, "today");
      const cc = requireCategory(tables, query.categoryId);
      return priceCell(tables, dayContext(tables, day, query.date, todayDay, query.occupancy ?? 0), cc, query.guests);
    },
    calendar(query) {
      const fromDay = requireDay(query.from, "from");
      const toDay = requireDay(query.to, "to");
      const todayDay = requireDay(query.today, "today");
      const cats = query.categoryIds ? query.categoryIds.map((id) => requireCategory(tables, id)) : tables.categoryOrder;
      const out: DailyRate[] = [];
      for (let day = fromDay; day <= toDay; day++) {
        const date = fromDayNumber(day);
        const ctx = dayContext(tables, day, date, todayDay, occupancyOf(query.occupancyByDate, date));
        for (const cc of cats) out.push(priceCell(tables, ctx, cc, query.guests, query.gapDiscounts?.get(cc.category.uuid)?.get(date)));
      }
      return out;
    },
  };
}

/** The rate of one date × category × guests. */
export function priceDailyRate(config: PricingConfig, query: DailyRateQuery): DailyRate {
  return compilePricing(config).rate(query);
}

/** Rates for every date in `from..to` (inclusive) × every category (or `categoryIds`), date-major. */
export function priceCalendar(config: PricingConfig, query: CalendarQuery): DailyRate[] {
  return compilePricing(config).calendar(query);
}
