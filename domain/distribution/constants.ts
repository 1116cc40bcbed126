/** Closed lists of the distribution model (sales channels, rate plans, hotel policies). */

/** How a sales channel receives our rates: not at all (manual), through Channex, or an iCal feed. */
export const SALES_CHANNEL_CONNECTIONS = ["none", "channex", "ical"] as const;
export type SalesChannelConnection = (typeof SALES_CHANNEL_CONNECTIONS)[number];

/** The rule a rate plan adds to the engine's nightly price (domain/pricing/rate-plans.ts). */
export const RATE_PLAN_KINDS = ["standard", "percent", "per_guest", "long_stay"] as const;
export type RatePlanKind = (typeof RATE_PLAN_KINDS)[number];

export const MEAL_PLANS = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive"] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

/** Where a rate plan's cancellation rule comes from. */
export const CANCELLATION_SOURCES = ["hotel", "non_refundable", "custom"] as const;
export type CancellationSource = (typeof CANCELLATION_SOURCES)[number];

/** What the hotel asks to hold a booking. */
export const GUARANTEES = ["none", "card", "deposit", "prepayment"] as const;
export type Guarantee = (typeof GUARANTEES)[number];

/** The channels every business starts with (demo seed and new businesses' defaults). */
export const DEFAULT_SALES_CHANNELS: readonly { code: string; commission: number }[] = [
  { code: "direct", commission: 0 },
  { code: "booking_engine", commission: 0 },
  { code: "booking_com", commission: 15 },
  { code: "expedia", commission: 18 },
  { code: "airbnb", commission: 3 },
  { code: "phone", commission: 0 },
  { code: "walk_in", commission: 0 },
];
