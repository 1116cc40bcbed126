/**
 * Stay rules (issue 28, docs/pricing.md "Stay rules"): which stays a room category sells on each
 * night. One night's rules are computed from four layers, in this order, each later layer
 * overwriting what it names: the owner's base rules, the demand rules, the orphan-gap fill and
 * the owner's manual override of that night. Every value keeps the step that set it, so a night's
 * rules explain themselves the way its price does. Dates are `YYYY-MM-DD` in the business's
 * calendar; weekdays 0 (Sunday) … 6.
 */
import type { IsoDate } from "#domain/pricing/types.ts";

/** The rules of one night of one category: what a stay touching that night must respect. */
export interface StayLimits {
  /** A stay arriving this night lasts at least this many nights (1: no minimum). */
  minStayArrival: number;
  /** A stay that includes this night lasts at least this many nights (1: no minimum). */
  minStayThrough: number;
  /** A stay arriving this night lasts at most this many nights (null: no maximum). */
  maxStay: number | null;
  /** No stay may start this night. */
  closedToArrival: boolean;
  /** No stay may end on this date (leave the morning of this night). */
  closedToDeparture: boolean;
  /** A stay arriving this night is booked at least this many days before (0: same day allowed). */
  minAdvanceDays: number;
  /** A stay arriving this night is booked at most this many days before (null: no limit). */
  maxAdvanceDays: number | null;
}

export type StayLimitField = keyof StayLimits;

/** No rule at all: every stay is fine. */
export const OPEN_LIMITS: StayLimits = Object.freeze({
  minStayArrival: 1,
  minStayThrough: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  minAdvanceDays: 0,
  maxAdvanceDays: null,
});

/** The owner's standing rules of a category (the rate plans' restrictions apply on top, per plan). */
export interface BaseRules {
  /** Minimum stay on arrival, every night (1: none). */
  minStay: number;
  /** Minimum stay on arrival on Friday and Saturday nights (null: `minStay`). */
  weekendMinStay: number | null;
  maxStay: number | null;
  closedToArrival: readonly number[];
  closedToDeparture: readonly number[];
  minAdvanceDays: number;
  maxAdvanceDays: number | null;
}

export const DEFAULT_BASE_RULES: BaseRules = Object.freeze({
  minStay: 1,
  weekendMinStay: null,
  maxStay: null,
  closedToArrival: [],
  closedToDeparture: [],
  minAdvanceDays: 0,
  maxAdvanceDays: null,
});

/**
 * A demand rule: a minimum stay on some nights (e.g. 2 on high-demand weekends far out) that is
 * relaxed inside `relaxInsideDays` of the night or when the forecast's occupancy of the night is
 * below `relaxBelowOccupancyPercent`. Of several matching rules the highest minimum holds.
 */
export interface DemandRule {
  id: string;
  /** null: every category. */
  categoryId: string | null;
  /** Nights of the week it applies to (empty: every night). */
  weekdays: readonly number[];
  /** Inclusive date range (null: open). */
  from: IsoDate | null;
  to: IsoDate | null;
  /** Which minimum it sets. */
  appliesTo: "arrival" | "through";
  minStay: number;
  /** Inside this many days before the night the minimum drops to `relaxedMinStay` (0: never). */
  relaxInsideDays: number;
  /** Below this projected occupancy (percent) the minimum drops to `relaxedMinStay` (null: never). */
  relaxBelowOccupancyPercent: number | null;
  relaxedMinStay: number;
}

/** What the business does with orphan gaps. */
export interface GapSettings {
  /** Fill gaps at all. */
  enabled: boolean;
  /** The longest hole (nights) still called a gap. */
  maxNights: number;
  /** Discount (percent) off the price of a gap night (the pricing engine's step `gapDiscount`); 0: none. */
  discountPercent: number;
}

export const DEFAULT_GAP_SETTINGS: GapSettings = Object.freeze({ enabled: true, maxNights: 2, discountPercent: 0 });

/** An owner's change of one night: only the fields set are changed. */
export type NightOverride = Partial<StayLimits>;

/** A hole of free nights between two full ones in a category's inventory (both ends included). */
export interface OrphanGap {
  categoryId: string;
  first: IsoDate;
  last: IsoDate;
  nights: number;
}

/** One step of a night's rules: which layer set which fields, and why. */
export type RuleStep =
  | { step: "base"; set: Partial<StayLimits>; detail: { weekend: boolean } }
  | { step: "demand"; set: Partial<StayLimits>; detail: { ruleId: string; minStay: number } }
  | { step: "demandRelaxed"; set: Partial<StayLimits>; detail: { ruleId: string; minStay: number; reason: "leadTime" | "occupancy"; days: number | null; occupancyPercent: number | null } }
  | { step: "orphanGap"; set: Partial<StayLimits>; detail: { first: IsoDate; last: IsoDate; nights: number; discountPercent: number } }
  | { step: "brain"; set: Partial<StayLimits>; detail: { source: BrainValueSource } }
  | { step: "override"; set: Partial<StayLimits>; detail: Record<string, never> };

/** The minimum stays the brain may move (ADR 0050): a demand rule's and an orphan gap's. */
export const STAY_RULE_FIELDS = ["min_stay_arrival", "min_stay_through"] as const;
export type StayRuleField = (typeof STAY_RULE_FIELDS)[number];
export const LIMIT_OF_FIELD: Record<StayRuleField, "minStayArrival" | "minStayThrough"> = { min_stay_arrival: "minStayArrival", min_stay_through: "minStayThrough" };

/** Who set a night's brain value: an accepted recommendation, the autopilot or an undo. */
export type BrainValueSource = "recommendation" | "autopilot" | "undo";

/** The minimum stays the brain applied to one night (null: none, the base holds). */
export interface BrainStayValue {
  minStayArrival: number | null;
  minStayThrough: number | null;
  source: BrainValueSource;
}

/**
 * In the recommend and autopilot modes: the minimum stays the demand rules and the gap fill would
 * give the night, and the steps that give them — what the brain recommends or applies.
 */
export interface RuleTarget {
  minStayArrival: number;
  minStayThrough: number;
  steps: RuleStep[];
}

export type RuleStepId = RuleStep["step"];

/** A night's effective rules with the steps that made them. */
export interface NightRules extends StayLimits {
  categoryId: string;
  night: IsoDate;
  /** Discount percent off the price of this night, inside an orphan gap with gap fill on (0: none). */
  discountPercent: number;
  /** The night is inside an orphan gap. */
  inGap: boolean;
  steps: RuleStep[];
  /** Recommend and autopilot modes only: what the demand rules and the gap fill would set. */
  target?: RuleTarget;
}

/** Why a stay cannot be sold, naming the night whose rule it breaks. */
export type StayBreakRule = "closedToArrival" | "closedToDeparture" | "minStayArrival" | "minStayThrough" | "maxStay" | "minAdvance" | "maxAdvance";

export interface StayBreak {
  rule: StayBreakRule;
  night: IsoDate;
  /** The limit broken (nights or days; null for the closed rules). */
  limit: number | null;
}

export interface Stay {
  arrival: IsoDate;
  departure: IsoDate;
}
