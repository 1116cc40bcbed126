/**
 * The books of one room category as known at the end of day `asOf`, for every night and lead:
 * how many rooms were on the books L days before the night, how many of those were never
 * cancelled, and what each past night sold. Built from the stays known then only (booked by
 * `asOf`; a cancellation or an edit after `asOf` not yet happened), so nothing computed from it
 * can see the future of `asOf` (docs/forecast.md).
 */
import type { Stay } from "./types.ts";

export interface Books {
  asOf: number;
  /** First and last night held. */
  first: number;
  last: number;
  maxLead: number;
  /** Rooms on the books of `night` at the end of day night − lead (0 ≤ lead ≤ maxLead, night − lead ≤ asOf). */
  onBooks(night: number, lead: number): number;
  /** Rooms of a past `night` booked at least `lead` days before it and never cancelled: its final rooms that were already there then. */
  kept(night: number, lead: number): number;
  /** Rooms sold on a past night (< asOf), as known at asOf; 0 outside the history. */
  final(night: number): number;
  /** The first night a booking was known for (the history's start), Infinity when there is none. */
  firstKnownNight: number;
}

/** The day a stay left the books as known at the end of `asOf`, null while it holds. */
export function offAsOf(stay: Stay, asOf: number): number | null {
  let off: number | null = null;
  if (stay.cancelledOn !== null && stay.cancelledOn <= asOf) off = stay.cancelledOn;
  if (stay.replacedOn != null && stay.replacedOn <= asOf && (off === null || stay.replacedOn < off)) off = stay.replacedOn;
  return off;
}

/** The books of `stays` as of `asOf`, for nights `first` … `last` and leads 0 … `maxLead`. */
export function booksAsOf(stays: readonly Stay[], asOf: number, range: { first: number; last: number; maxLead: number }): Books {
  const { first, last, maxLead } = range;
  const width = maxLead + 2;
  const nights = Math.max(0, last - first + 1);
  const held = new Float64Array(nights * width);
  const kept = new Float64Array(nights * width);
  const sold = new Float64Array(nights);
  let firstKnownNight = Number.POSITIVE_INFINITY;
  for (const stay of stays) {
    if (stay.bookedOn > asOf || stay.departure <= stay.arrival || stay.rooms <= 0) continue;
    if (stay.arrival < firstKnownNight) firstKnownNight = stay.arrival;
    const off = offAsOf(stay, asOf);
    const from = Math.max(stay.arrival, first);
    const to = Math.min(stay.departure - 1, last);
    for (let night = from; night <= to; night++) {
      const row = (night - first) * width;
      const bookedLead = Math.min(maxLead, night - stay.bookedOn);
      if (off === null) {
        sold[night - first]! += stay.rooms;
        if (bookedLead >= 0) {
          held[row]! += stay.rooms;
          held[row + bookedLead + 1]! -= stay.rooms;
          kept[row]! += stay.rooms;
          kept[row + bookedLead + 1]! -= stay.rooms;
        }
      } else {
        // On the books from bookedOn until the day before `off`: leads night − off + 1 … night − bookedOn.
        const fromLead = Math.max(0, night - off + 1);
        if (bookedLead >= fromLead) {
          held[row + fromLead]! += stay.rooms;
          held[row + bookedLead + 1]! -= stay.rooms;
        }
      }
    }
  }
  for (let n = 0; n < nights; n++) {
    const row = n * width;
    for (let l = 1; l <= maxLead; l++) {
      held[row + l]! += held[row + l - 1]!;
      kept[row + l]! += kept[row + l - 1]!;
    }
  }
  const index = (night: number, lead: number) => (night < first || night > last || lead < 0 || lead > maxLead ? -1 : (night - first) * width + lead);
  return {
    asOf,
    first,
    last,
    maxLead,
    firstKnownNight,
    onBooks(night, lead) {
      const i = index(night, lead);
      return i < 0 ? 0 : held[i]!;
    },
    kept(night, lead) {
      const i = index(night, lead);
      return i < 0 ? 0 : kept[i]!;
    },
    final(night) {
      return night < first || night > last || night >= asOf ? 0 : sold[night - first]!;
    },
  };
}
