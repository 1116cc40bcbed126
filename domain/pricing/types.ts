/**
 * Input and output types of the pricing engine.
 *
 * Input field names follow the specification's wire names (snake_case) because the API stores
 * them that way and hands them to the engine unchanged. Money is integer cents; dates are ISO
 * `YYYY-MM-DD` strings in the business time zone; percentages are plain numbers (10 = 10 %).
 */

/** Integer amount in the business currency's minor unit (centavos for BRL). */
export type Cents = number;
/** A calendar date `YYYY-MM-DD`, no time, no zone. */
export type IsoDate = string;
/** `value`: the variation is an amount in cents; `percentage`: a percent of the running rate. */
export type PriceVariationType = "value" | "percentage";

/** One rule of a seasonality: the inclusive date range and the weekdays (0 = Sunday … 6 = Saturday) it covers. */
export interface SeasonDateRange {
  days_of_week: number[];
  starts_at: IsoDate;
  ends_at: IsoDate;
}

/** How a seasonality's rate moves in one occupancy band. */
export interface FluctuationLevelVariation {
  uuid?: string;
  /** The band: its `uuid` (string) or its `level` number. */
  fluctuation_level: string | number;
  /** Cents when `price_variation_type` is `value`, percent when `percentage`. */
  price_variation: number;
  price_variation_type: PriceVariationType;
  /** Display value the API may keep (the season rate after this variation); the engine recomputes it and ignores this. */
  rate?: Cents | null;
}

export interface Seasonality {
  uuid: string;
  title: string;
  /** `#RRGGBB` */
  color: string;
  /** Price of the reference room category in this season, before every other step. */
  rate: Cents;
  /** Exactly one per business: the season of every date no other season claims. */
  is_reference: boolean;
  dates: SeasonDateRange[];
  fluctuation_level_variations: FluctuationLevelVariation[];
  /** Overrides every category's floor while this season applies. */
  min_price?: Cents | null;
  /** Overrides every category's ceiling while this season applies. */
  max_price?: Cents | null;
  /** Tie-breaker between equally specific seasons (later wins); the array order breaks remaining ties. */
  created_at?: string | null;
}

/** An occupancy band. Bands partition 0–100 %: `[from_percentage, to_percentage)`, the last one closed at 100. */
export interface FluctuationLevel {
  uuid: string;
  level: number;
  name: string;
  room_count?: number | null;
  from_percentage: number;
  to_percentage: number;
}

export interface RoomCategory {
  uuid: string;
  name: string;
  room_count?: number;
  min_occupation: number;
  max_occupation: number;
  /** Defaults to `value`. */
  price_variation_type?: PriceVariationType | null;
  /** Relative to the reference category (which has 0): cents or percent per `price_variation_type`. */
  price_variation_value: number;
  commission?: number | null;
  /** Floor in cents (before rounding); a season's `min_price` overrides it. */
  min_price?: Cents | null;
  /** Ceiling in cents (before rounding); a season's `max_price` overrides it. */
  max_price?: Cents | null;
}

/** Business-wide rules for guest count and manual prices. */
export interface OccupancyPricing {
  uuid?: string;
  /** Unit of `price_increase_per_person` and `single_rate_variation`. */
  price_variation_type: PriceVariationType;
  apply_single_rate: boolean;
  /** What a single guest pays less (cents or percent). */
  single_rate_variation: number;
  /** Added per guest above `reference_occupation` (cents or percent of the running rate). */
  price_increase_per_person: number;
  /** Guests included in the base rate. */
  reference_occupation: number;
  manual_prices_enabled: boolean;
}

/** A days-to-arrival band; `to_days: null` is open-ended. */
export interface LeadTimeBand {
  from_days: number;
  to_days: number | null;
  /** Percent applied to the running rate (negative = discount). */
  percentage: number;
  /** When set, the band applies only while occupancy is strictly below this percent. */
  max_occupancy?: number | null;
}

/** A price the owner typed for one date and category. */
export interface ManualPrice {
  date: IsoDate;
  room_category_uuid: string;
  price: Cents;
}

export interface PricingConfig {
  seasonalities: Seasonality[];
  fluctuation_levels: FluctuationLevel[];
  room_categories: RoomCategory[];
  occupancy_pricing?: OccupancyPricing | null;
  lead_time_bands?: LeadTimeBand[] | null;
  manual_prices?: ManualPrice[] | null;
}

/** Occupancy in percent (0–100) per date; missing dates count as 0 %. */
export type OccupancyByDate = Readonly<Record<IsoDate, number>> | ReadonlyMap<IsoDate, number>;

export interface DailyRateQuery {
  date: IsoDate;
  categoryId: string;
  /** Defaults to `reference_occupation` (2 without occupancy pricing), clamped to the category. */
  guests?: number;
  /** The business's today; the engine never reads the clock. */
  today: IsoDate;
  /** Percent, default 0. */
  occupancy?: number;
}

/**
 * The discount of a night inside an open orphan gap (stay rules, docs/pricing.md "Stay rules"):
 * the percent off and the gap it belongs to, so the explanation can name it.
 */
export interface GapDiscount {
  /** Percent off the running rate (10 = 10 % less). */
  percentage: number;
  first: IsoDate;
  last: IsoDate;
  nights: number;
}

/** Category → night → that night's gap discount (absent: none). */
export type GapDiscounts = ReadonlyMap<string, ReadonlyMap<IsoDate, GapDiscount>>;

export interface CalendarQuery {
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  occupancyByDate?: OccupancyByDate;
  /** The nights of open orphan gaps and their discount (the API's stay rules compute them). */
  gapDiscounts?: GapDiscounts;
  guests?: number;
  /** Restrict to these categories (default: all, in config order). */
  categoryIds?: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Output

/** Stable step identifiers; the UI translates them (`pricing.step.<id>`). */
export type StepId =
  | "season"
  | "level"
  | "leadTime"
  | "category"
  | "guests"
  | "singleRate"
  | "gapDiscount"
  | "manual"
  | "bounds"
  | "rounding";

export type Step =
  | { step: "season"; amount: Cents; detail: { seasonId: string; title: string; rate: Cents; reference: boolean } }
  | {
      step: "level";
      amount: Cents;
      detail: { levelId: string; levelName: string; occupancy: number; type: PriceVariationType; variation: number };
    }
  | {
      step: "leadTime";
      amount: Cents;
      detail: { daysToArrival: number; fromDays: number; toDays: number | null; percentage: number; maxOccupancy: number | null };
    }
  | { step: "category"; amount: Cents; detail: { categoryId: string; type: PriceVariationType; variation: number } }
  | {
      step: "guests";
      amount: Cents;
      detail: { guests: number; referenceOccupation: number; extraGuests: number; type: PriceVariationType; perPerson: number };
    }
  | { step: "singleRate"; amount: Cents; detail: { type: PriceVariationType; variation: number } }
  | { step: "gapDiscount"; amount: Cents; detail: GapDiscount }
  | { step: "manual"; amount: Cents; detail: { price: Cents } }
  | { step: "bounds"; amount: Cents; detail: { min: Cents | null; max: Cents | null; bound: "min" | "max"; source: BoundSource } }
  | { step: "rounding"; amount: Cents; detail: { unit: Cents } };

/** Where an applied bound came from; `nonNegative` is the engine's own floor of 0 (a rate is never negative). */
export type BoundSource = "category" | "season" | "nonNegative";

export interface DailyRate {
  date: IsoDate;
  categoryId: string;
  /** The guest count priced, after clamping to the category's occupation limits. */
  guests: number;
  /** Final price in cents, a whole currency unit unless the bounds leave no whole unit between them. */
  rate: Cents;
  seasonId: string;
  seasonTitle: string;
  seasonColor: string;
  levelId: string | null;
  levelName: string | null;
  /** Occupancy used, percent, clamped to 0–100. */
  occupancy: number;
  manual: boolean;
  /** The steps that changed the rate (the season always); their amounts add up to `rate`. */
  explanation: Step[];
}

// ---------------------------------------------------------------------------------------------
// Validation

export type ProblemSeverity = "error" | "warning";

/** A configuration problem. `code` is a translation key; `params` fill its placeholders. */
export interface PricingProblem {
  code: string;
  severity: ProblemSeverity;
  /** Where in the input, e.g. `[2, "dates", 0, "ends_at"]`. */
  path: (string | number)[];
  params?: Record<string, string | number>;
}
