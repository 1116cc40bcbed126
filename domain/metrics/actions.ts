import { addDays } from "#domain/pricing/dates.ts";

/**
 * The short list of actions the dashboard suggests, each derived from numbers the dashboard
 * already shows (docs/metrics.md, "Actions"). Pure rules: the API gathers the facts, these
 * decide what deserves the owner's attention, most urgent first.
 */

/** Occupancy from which a night counts as nearly full. */
export const HIGH_OCCUPANCY = 0.9;
/** Occupancy under which a night in the next week counts as weak. */
export const LOW_OCCUPANCY = 0.3;
/** Nights ahead that the weak-night rule looks at. */
export const WEAK_NIGHTS_HORIZON = 7;
/** At most this many actions are shown. */
export const MAX_ACTIONS = 5;

export interface NightFacts {
  date: string;
  /** 0–1; null when no room is available that night. */
  occupancy: number | null;
  /** Some category's recommended rate is above what was last published (or nothing was published). */
  recommendedAbovePublished: boolean;
  /** Our rate against the market that night, when competitor rates exist. */
  marketBand: "below" | "at" | "above" | null;
}

export interface ActionFacts {
  today: string;
  /** The next nights from tonight (the dashboard reads 30). */
  nights: NightFacts[];
  /** Nights whose recommended price waits to be published. */
  nightsToPublish: number;
  /** This month's revenue goal, cents, when one is set. */
  monthGoalRevenue: number | null;
  /** This month's room revenue: past nights sold plus the nights on the books. */
  monthRevenueOnBooks: number;
  /** Net pickup of room nights over the last 7 days. */
  weekNetPickupRoomNights: number;
}

export type ActionKind = "raiseHighOccupancy" | "fillWeakNights" | "publishPrices" | "goalGap" | "belowMarketFull" | "negativePickup";

export interface Action {
  kind: ActionKind;
  /** How many nights (or the amount in cents for goalGap) the action is about. */
  count: number;
  /** The first night concerned, when the action is about nights. */
  firstNight: string | null;
  /** The page that explains it and where to act. */
  href: string;
}

function nightsAction(kind: ActionKind, nights: NightFacts[], href: string): Action | null {
  if (nights.length === 0) return null;
  return { kind, count: nights.length, firstNight: nights[0].date, href };
}

/**
 * The rules, in order of urgency:
 * 1. nearly full nights (≥ 90 %) whose recommended rate is above the published one — money left on the table;
 * 2. nearly full (≥ 80 %) nights priced below the market;
 * 3. weak nights (< 30 %) in the next 7 days — still time for a promotion or a lower rate;
 * 4. the month's revenue on the books is under its goal;
 * 5. more room nights cancelled than booked in the last 7 days;
 * 6. other nights with a recommended price waiting to be published.
 */
export function actionsFrom(f: ActionFacts): Action[] {
  const sorted = [...f.nights].sort((a, b) => a.date.localeCompare(b.date));
  const underpriced = sorted.filter((n) => n.occupancy !== null && n.occupancy >= HIGH_OCCUPANCY && n.recommendedAbovePublished);
  const belowMarket = sorted.filter((n) => n.occupancy !== null && n.occupancy >= 0.8 && n.marketBand === "below");
  const weekEnd = sorted[0] ? addDays(f.today, WEAK_NIGHTS_HORIZON) : f.today;
  const weak = sorted.filter((n) => n.date < weekEnd && n.occupancy !== null && n.occupancy < LOW_OCCUPANCY);
  const actions: (Action | null)[] = [
    nightsAction("raiseHighOccupancy", underpriced, "/days-to-update"),
    nightsAction("belowMarketFull", belowMarket, "/market-analysis"),
    nightsAction("fillWeakNights", weak, "/calendar"),
    f.monthGoalRevenue !== null && f.monthRevenueOnBooks < f.monthGoalRevenue
      ? { kind: "goalGap", count: f.monthGoalRevenue - f.monthRevenueOnBooks, firstNight: null, href: "/goals" }
      : null,
    f.weekNetPickupRoomNights < 0 ? { kind: "negativePickup", count: -f.weekNetPickupRoomNights, firstNight: null, href: "/sales-dashboard" } : null,
    f.nightsToPublish > underpriced.length ? { kind: "publishPrices", count: f.nightsToPublish, firstNight: null, href: "/days-to-update" } : null,
  ];
  return actions.filter((a): a is Action => a !== null).slice(0, MAX_ACTIONS);
}

