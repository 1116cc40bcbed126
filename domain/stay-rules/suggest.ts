/**
 * Tarifa's suggested demand rule (issue 28 point 1: "the owner sets thresholds, Tarifa suggests
 * them from the demand"). A minimum stay earns money only on a night that sells out: there the
 * one-night guest it turns away is replaced by a longer stay; on a night that does not fill, that
 * guest's night is simply lost. So the suggestion puts a two-night minimum on arrival only on the
 * weekdays that sold out often in the hotel's last year, and relaxes it where the night is not
 * expected to fill (the forecast's occupancy below SUGGESTED_RELAX_BELOW) and inside the lead in
 * which the last quarter of those nights' bookings arrive (too late to replace a guest turned away).
 * Pure: the caller reads the past nights and stays. The constants are stated, not fitted to a hotel.
 */
import { daysBetween, weekday } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import type { DemandRule } from "./types.ts";

/** The history read: the year of nights before today. */
export const SUGGESTION_HISTORY_NIGHTS = 364;
/** A weekday gets the minimum when at least this share of its nights sold out in some category. */
export const SOLD_OUT_SHARE = 0.1;
/** Below this projected occupancy (%) the minimum is relaxed: the night is not expected to fill. */
export const SUGGESTED_RELAX_BELOW = 90;
/** Fewer nights than this of every weekday in the history (8 weeks): too little to suggest anything. */
export const MIN_NIGHTS_PER_WEEKDAY = 8;
/** The relaxation's lead is kept within these days (the quarter of bookings made latest). */
const RELAX_INSIDE = { min: 1, max: 28, withoutStays: 7 } as const;

/** One category on one past night: its rooms and the rooms sold or blocked. */
export interface PastNight {
  night: IsoDate;
  rooms: number;
  taken: number;
}

/** A kept stay of the history: when it was booked and its arrival (the business's calendar). */
export interface PastStay {
  bookedOn: IsoDate;
  arrival: IsoDate;
}

/** Per weekday (0 = Sunday … 6): the nights of the history and those on which some category sold out. */
export interface WeekdayEvidence {
  weekday: number;
  nights: number;
  soldOut: number;
}

export type DemandRuleSuggestion =
  | { rule: Omit<DemandRule, "id">; evidence: WeekdayEvidence[]; stays: number }
  | { rule: null; reason: "history" | "neverFull"; evidence: WeekdayEvidence[] };

/** The suggested rule from the history's nights (every category's) and kept stays. */
export function suggestDemandRule(nights: readonly PastNight[], stays: readonly PastStay[]): DemandRuleSuggestion {
  const full = new Map<IsoDate, boolean>();
  for (const n of nights) full.set(n.night, (full.get(n.night) ?? false) || (n.rooms > 0 && n.taken >= n.rooms));
  const evidence: WeekdayEvidence[] = Array.from({ length: 7 }, (_, d) => ({ weekday: d, nights: 0, soldOut: 0 }));
  for (const [night, isFull] of full) {
    const e = evidence[weekday(night)];
    e.nights++;
    if (isFull) e.soldOut++;
  }
  if (evidence.some((e) => e.nights < MIN_NIGHTS_PER_WEEKDAY)) return { rule: null, reason: "history", evidence };
  const busy = evidence.filter((e) => e.soldOut / e.nights >= SOLD_OUT_SHARE).map((e) => e.weekday);
  if (busy.length === 0) return { rule: null, reason: "neverFull", evidence };
  const leads = stays
    .filter((s) => busy.includes(weekday(s.arrival)))
    .map((s) => Math.max(0, daysBetween(s.bookedOn, s.arrival)))
    .sort((a, b) => a - b);
  // The lower quartile (nearest rank): a quarter of the bookings of those nights come inside it.
  const quartile = leads.length ? leads[Math.max(0, Math.ceil(leads.length / 4) - 1)] : RELAX_INSIDE.withoutStays;
  return {
    rule: {
      categoryId: null,
      // Every weekday busy: the rule says "every night" (the occupancy relaxation does the sorting).
      weekdays: busy.length === 7 ? [] : busy,
      from: null,
      to: null,
      appliesTo: "arrival",
      minStay: 2,
      relaxInsideDays: Math.min(RELAX_INSIDE.max, Math.max(RELAX_INSIDE.min, quartile)),
      relaxBelowOccupancyPercent: SUGGESTED_RELAX_BELOW,
      relaxedMinStay: 1,
    },
    evidence,
    stays: leads.length,
  };
}
