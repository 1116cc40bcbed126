/**
 * What the forecast reads (docs/forecast.md). Days are day numbers (days since 1970-01-01,
 * domain/pricing/dates.ts) of the business's calendar; "as of D" means at the end of day D.
 */

/**
 * One booking of one room category — or one version of it, when an edit (new dates, another
 * category) replaced it: the caller then gives each version with the day it entered the books
 * and the day the next one replaced it.
 */
export interface Stay {
  /** Day this booking (this version) entered the books. */
  bookedOn: number;
  /** First night. */
  arrival: number;
  /** Departure morning: the nights are arrival … departure − 1. */
  departure: number;
  /** Day it left the books by a cancellation or a no-show; null while it holds. */
  cancelledOn: number | null;
  /** Day an edit replaced this version: it leaves the books then, but was not cancelled. */
  replacedOn?: number | null;
  /** Rooms it holds each night. */
  rooms: number;
  /** Market segment or channel, when known (cancellations differ by it). */
  segment?: string | null;
  /** Deposit type, when known (a non-refundable booking rarely cancels). */
  deposit?: string | null;
}

/** One room category's bookings and the rooms it can sell. */
export interface CategoryInput {
  id: string;
  stays: readonly Stay[];
  /** Rooms that can be sold on `night` as known at the end of `asOf` (rooms less blocks then recorded). */
  capacity(night: number, asOf: number): number;
}
