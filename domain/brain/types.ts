/**
 * The revenue brain's vocabulary (issue 27, docs/pricing.md "The revenue brain"). A recommendation
 * is a value for one (room category, night, field) with the reasons that make it up; only the
 * price is recommended here; the stay rules (issue 28, domain/stay-rules/recommend.ts) recommend
 * their minimum stays in the same table, with the same accept, log and undo. Money is integer cents, dates `YYYY-MM-DD` in the
 * business's calendar, percentages plain numbers (10 = 10 %).
 */
import type { Cents, IsoDate } from "#domain/pricing/types.ts";
import type { ResponseFit } from "./response.ts";

/** What the brain may do with a category: nothing, propose, or apply by itself. */
export const BRAIN_MODES = ["off", "recommend", "autopilot"] as const;
export type BrainMode = (typeof BRAIN_MODES)[number];

/** The fields a recommendation may set: the price, and the stay rules' minimum stays (ADR 0050). */
export const RECOMMENDED_FIELDS = ["price", "min_stay_arrival", "min_stay_through"] as const;
export type RecommendedField = (typeof RECOMMENDED_FIELDS)[number];

/** The owner's limits on what the brain may do; every one is enforced in recommend(). */
export interface Guardrails {
  /** Largest move of a night's price within one day, percent of its price at the start of the day. */
  maxDailyChangePercent: number;
  /** Largest move of a night's price within seven days, percent of its price seven days before. */
  maxWeeklyChangePercent: number;
  /** Inside this many days before arrival the price is left alone (0 = never frozen). */
  freezeDays: number;
  /** Pause when the forecast's interval is wider than this percent of the rooms. */
  maxIntervalPercent: number;
  /** Small-hotel damping: the most one booking (one room more on the books) may move a price, percent. */
  maxMovePerBookingPercent: number;
  /** The occupancy (percent) the brain steers each night toward. */
  targetOccupancyPercent: number;
  /** Percent of price per percentage point of projected occupancy above or below the target (before damping). */
  demandSensitivity: number;
  /** Share (percent) of the gap to the competitors' median the brain closes. */
  marketWeightPercent: number;
  /** Price effect of a public holiday, percent. */
  holidayEffectPercent: number;
}

/**
 * The defaults keep a 14-room pousada calm (docs/pricing.md). Why each value:
 * - 10 % a day and 20 % a week: a guest who looks twice in a week never sees a price jump they
 *   would call arbitrary, yet a night that fills can still climb a fifth in a week.
 * - 2 days frozen: last-minute guests compare on the day; moving the price under them costs trust.
 * - 100 % interval: wider than all the rooms, the forecast cannot tell a full night from an empty
 *   one (a small category's honest interval is wide: 4 rooms still to come give ±2.6 rooms).
 * - 2 % per booking: in 14 rooms one booking is 7 points of occupancy; at sensitivity 0.5 it
 *   would move the price 3.6 %, which owners asked us not to do; 2 % keeps that under
 *   the price steps (R$ 5–10) guests usually see between neighbouring nights.
 * - 80 % target: a leisure hotel at 80 % still has rooms for the late, higher-paying demand.
 * - sensitivity 0.5: a night expected full (20 points above target) gets +10 %, the size of an
 *   occupancy band in the demo's own rules.
 * - market 25 %: competitors are a hint about the town, not about our own demand.
 * - holidays 5 %: a small uplift the forecast, which learns from last year, may not have seen.
 */
export const DEFAULT_GUARDRAILS: Guardrails = Object.freeze({
  maxDailyChangePercent: 10,
  maxWeeklyChangePercent: 20,
  freezeDays: 2,
  maxIntervalPercent: 100,
  maxMovePerBookingPercent: 2,
  targetOccupancyPercent: 80,
  demandSensitivity: 0.5,
  marketWeightPercent: 25,
  holidayEffectPercent: 5,
});

/** An event the owner expects to move demand (a festival, a wedding in town). */
export interface OwnerEvent {
  name: string;
  /** Inclusive. */
  from: IsoDate;
  to: IsoDate;
  /** Expected effect on the price, percent (−50 … 100). */
  effectPercent: number;
}

/** What the books and their history say about one night of one category. */
export interface NightDemand {
  /** False when there is no history to read demand from: the pace and demand steps are left out. */
  known: boolean;
  /** Rooms that can be sold (rooms less blocks). */
  capacity: number;
  /** Rooms on the books now. */
  onTheBooks: number;
  /** Rooms nights like this one usually had on the books at this lead time (the expected booking curve). */
  usualOnTheBooks: number;
  /** Rooms still expected to be booked from now to the night (unconstrained: may exceed the rooms left). */
  remainingDemand: number;
  /** The forecast's interval of final rooms, when known; null pauses nothing by itself. */
  interval: { low: number; high: number } | null;
}

/** Everything recommend() reads for one night × category. */
export interface RecommendInput {
  night: IsoDate;
  categoryId: string;
  /** The business's today: the clock is injected so a simulator can run a year in a second. */
  today: IsoDate;
  /** The price the night has now (the engine's, with any manual price, the brain's earlier ones included). */
  current: Cents;
  /**
   * Where the brain starts: the price the owner's rules give the night, without the prices the
   * brain set before (else each recomputation would compound its own moves).
   */
  base: Cents;
  /** The owner typed this night's price: the brain leaves it alone. */
  fixedByOwner: boolean;
  /** The night's price at the start of today and seven days ago (null: not known; then `current`). */
  priceAtDayStart: Cents | null;
  priceWeekAgo: Cents | null;
  /** Floor and ceiling of the night (season over category); null: none. */
  floor: Cents | null;
  ceiling: Cents | null;
  /** The room rate of the last booking sold for this night in this category. */
  lastSold: Cents | null;
  demand: NightDemand;
  /** Median of the competitors' rates that night, when any was seen. */
  marketMedian: Cents | null;
  /** The guests' answer to price learnt from the booking engine's quotes (response.ts); none: the market pull alone. */
  response?: ResponseFit | null;
  /** Holiday names on that night. */
  holidays: readonly string[];
  events: readonly OwnerEvent[];
}

/** A reason: one step of the sum that makes the recommendation, like the price explanation's steps. */
export type BrainStep =
  | { step: "current"; amount: Cents; detail: { price: Cents } }
  | { step: "rules"; amount: Cents; detail: { price: Cents } }
  | { step: "pace"; amount: Cents; detail: { onTheBooks: number; usual: number; percent: number } }
  | { step: "demand"; amount: Cents; detail: { remainingDemand: number; remainingRooms: number; projectedOccupancy: number; target: number; percent: number } }
  | { step: "market"; amount: Cents; detail: { median: Cents; percent: number } }
  | { step: "response"; amount: Cents; detail: { median: Cents; position: number; quotes: number } }
  | { step: "holiday"; amount: Cents; detail: { names: string[]; percent: number } }
  | { step: "event"; amount: Cents; detail: { name: string; percent: number } }
  | { step: "dailyLimit"; amount: Cents; detail: { reference: Cents; percent: number } }
  | { step: "weeklyLimit"; amount: Cents; detail: { reference: Cents; percent: number } }
  | { step: "lastSold"; amount: Cents; detail: { price: Cents } }
  | { step: "bounds"; amount: Cents; detail: { bound: "floor" | "ceiling"; price: Cents } }
  | { step: "rounding"; amount: Cents; detail: { unit: Cents } };

export type BrainStepId = BrainStep["step"];

/**
 * `move`: a new value; `hold`: the reasons add up to the current value; `frozen`: inside the
 * freeze window; `paused`: the forecast is too unsure; `fixed`: the owner typed the price. Only
 * `move` is offered to the owner.
 */
export type RecommendationStatus = "move" | "hold" | "frozen" | "paused" | "fixed";

/** What the brain expects the change to do to the rooms still to sell. */
export interface ExpectedEffect {
  /** Projected occupancy, percent, at the current and at the recommended price. */
  occupancyBefore: number;
  occupancyAfter: number;
  /** Room revenue of the rooms still to sell, cents, at each price. */
  revenueBefore: Cents;
  revenueAfter: Cents;
}

export interface Recommendation {
  field: "price";
  categoryId: string;
  night: IsoDate;
  current: Cents;
  value: Cents;
  status: RecommendationStatus;
  /** Their amounts add up to `value` (frozen, paused, fixed: only the current price). */
  reasons: BrainStep[];
  effect: ExpectedEffect;
}
