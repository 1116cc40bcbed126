import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
/**
 * Stays as nights: a reservation from `arrival` to `departure` occupies the nights
 * arrival … departure − 1 (the guest leaves on the departure morning). Room blocks name
 * their first and last night, both included. Dates are ISO `YYYY-MM-DD` in the business's
 * time zone; arithmetic is the pricing engine's (UTC day numbers), so no DST can move a night.
 */
import { addDays, daysBetween, isIsoDate } from "#domain/pricing/dates.ts";

export { addDays, daysBetween, isIsoDate };

/** The longest stay, and the longest range a list, availability or overview may ask for. */
export const MAX_STAY_NIGHTS = 365;
export const MAX_RANGE_NIGHTS = 366;

/** The nights of a stay: arrival included, departure excluded. Empty when departure ≤ arrival. */
export function stayNights(arrival: string, departure: string): string[] {
  const count = daysBetween(arrival, departure);
  if (!(count > 0)) return [];
  return Array.from({ length: count }, (_, i) => addDays(arrival, i));
}

/** The nights of a block, both ends included. */
export function blockNights(startsAt: string, endsAt: string): string[] {
  return stayNights(startsAt, addDays(endsAt, 1));
}

/** Whether [aFrom, aTo) and [bFrom, bTo) share a night. */
export function rangesOverlap(aFrom: string, aTo: string, bFrom: string, bTo: string): boolean {
  return aFrom < bTo && bFrom < aTo;
}

/** The business's today (`YYYY-MM-DD`) in its time zone; an unknown zone falls back to São Paulo. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(FALLBACK_TIME_ZONE);
  }
}

/** Occupancy in percent with one decimal: sold ÷ sellable rooms; 0 when nothing can be sold. */
export function occupancyPercent(sold: number, available: number): number {
  if (available <= 0) return sold > 0 ? 100 : 0;
  return Math.round((sold / available) * 1000) / 10;
}

/** Splits a total into per-night amounts that add up to it exactly (the remainder on the first nights). */
export function spreadTotal(total: number, nights: number): number[] {
  if (nights <= 0) return [];
  const base = Math.floor(total / nights);
  const remainder = total - base * nights;
  return Array.from({ length: nights }, (_, i) => base + (i < remainder ? 1 : 0));
}
