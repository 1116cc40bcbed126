/**
 * Orphan gaps: a run of 1 … N nights with a room free between two nights on which the category is
 * full. No stay longer than the run can use those nights, so a minimum stay longer than the run
 * leaves them unsold. The inventory is counted per category, not per room: rooms of a category
 * are interchangeable (the owner moves a guest rather than lose a stay), so a free room on each
 * night of the run is enough.
 */
import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import type { IsoDate } from "#domain/pricing/types.ts";
import type { OrphanGap } from "./types.ts";

/** A category's rooms taken night by night. */
export interface InventoryInput {
  rooms: number;
  /** Stays that hold a room (cancelled and no-show ones are left out by the caller). */
  stays: readonly { arrival: IsoDate; departure: IsoDate }[];
  /** Rooms closed for the nights `first … last` (both included). */
  blocks: readonly { first: IsoDate; last: IsoDate; rooms: number }[];
}

/** Free rooms on each night `from … from + length − 1`; never below 0 (an overbooked night is full). */
export function freeRooms(inventory: InventoryInput, from: IsoDate, length: number): number[] {
  const taken = new Array<number>(length).fill(0);
  const add = (first: IsoDate, lastExclusive: IsoDate, rooms: number) => {
    const a = Math.max(0, daysBetween(from, first));
    const b = Math.min(length, daysBetween(from, lastExclusive));
    for (let i = a; i < b; i++) taken[i] += rooms;
  };
  for (const s of inventory.stays) add(s.arrival, s.departure, 1);
  for (const b of inventory.blocks) add(b.first, addDays(b.last, 1), b.rooms);
  return taken.map((t) => Math.max(0, inventory.rooms - t));
}

/**
 * The gaps of at most `maxNights` nights in `free` (free rooms from `from` on). A run is a gap
 * only when both of its ends are known to be full: the night before it is full, or is before
 * `today` (it can no longer be sold); the night after it is full and inside `free` — a run that
 * reaches the end of the known inventory is not a gap, since a stay may still continue past it.
 */
export function orphanGaps(categoryId: string, free: readonly number[], from: IsoDate, today: IsoDate, maxNights: number): OrphanGap[] {
  const gaps: OrphanGap[] = [];
  const beforeToday = daysBetween(from, today); // index of today; the nights before it are past
  let i = 0;
  while (i < free.length) {
    if (free[i] <= 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < free.length && free[j] > 0) j++;
    const start = Math.max(i, beforeToday);
    const closedBefore = start > i || (i > 0 ? free[i - 1] <= 0 : false) || i === beforeToday;
    const closedAfter = j < free.length;
    const nights = j - start;
    if (nights > 0 && nights <= maxNights && closedBefore && closedAfter) {
      gaps.push({ categoryId, first: addDays(from, start), last: addDays(from, j - 1), nights });
    }
    i = j;
  }
  return gaps;
}
