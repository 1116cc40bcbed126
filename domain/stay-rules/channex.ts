/**
 * A night's rules in Channex's restriction fields, and how Channex reads them back. Channex has no
 * booking-window field, so the window becomes closed-to-arrival on the nights outside it (which
 * is why lead-time rules need the nightly push to run every day). `min_stay_type` is the
 * property's setting: which of the two minimums its channels read.
 */
import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import type { Stay, StayLimits } from "./types.ts";

export type MinStayType = "both" | "arrival" | "through";

/** The stay fields of one Channex restriction value (rate and stop_sell are the price's). */
export interface ChannexStayFields {
  min_stay_arrival?: number;
  min_stay_through?: number;
  /** 0: none. */
  max_stay: number;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
}

/** True when the booking window does not let a stay start that night. */
export function outsideWindow(limits: StayLimits, night: IsoDate, today: IsoDate): boolean {
  const lead = daysBetween(today, night);
  return lead < limits.minAdvanceDays || (limits.maxAdvanceDays != null && lead > limits.maxAdvanceDays);
}

/**
 * The fields sent for a night. With `through` alone the arrival minimum becomes a through
 * minimum of the same night (the nearest a through-only property can say); with `arrival` alone
 * the through minimum is folded into the arrival one.
 */
export function channexStayFields(limits: StayLimits, night: IsoDate, today: IsoDate, type: MinStayType = "both"): ChannexStayFields {
  const common = {
    max_stay: limits.maxStay ?? 0,
    closed_to_arrival: limits.closedToArrival || outsideWindow(limits, night, today),
    closed_to_departure: limits.closedToDeparture,
  };
  if (type === "arrival") return { min_stay_arrival: Math.max(limits.minStayArrival, limits.minStayThrough), ...common };
  if (type === "through") return { min_stay_through: Math.max(limits.minStayArrival, limits.minStayThrough), ...common };
  return { min_stay_arrival: limits.minStayArrival, min_stay_through: limits.minStayThrough, ...common };
}

/** Whether a channel reading Channex's fields (both minimums) sells the stay. */
export function channexSells(fieldsOf: (night: IsoDate) => ChannexStayFields, stay: Stay): boolean {
  const nights = daysBetween(stay.arrival, stay.departure);
  const arrival = fieldsOf(stay.arrival);
  if (arrival.closed_to_arrival) return false;
  if (nights < (arrival.min_stay_arrival ?? 1)) return false;
  if (arrival.max_stay > 0 && nights > arrival.max_stay) return false;
  for (let i = 0; i < nights; i++) if (nights < (fieldsOf(addDays(stay.arrival, i)).min_stay_through ?? 1)) return false;
  return !fieldsOf(stay.departure).closed_to_departure;
}
