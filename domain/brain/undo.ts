/**
 * Undo: the prices of a chosen moment, for a date range and a room category. Every write of a
 * night's manual price keeps a history line (before → after, when); the price a night had at a
 * moment is the `before` of its first change at or after that moment, and a night never changed since
 * already has it. Pure: the API reads the history and writes the plan as one change.
 */
import type { Cents, IsoDate } from "#domain/pricing/types.ts";

export interface PriceChange {
  categoryId: string;
  night: IsoDate;
  /** The night's manual price before and after the change; null: none (the rules priced it). */
  before: Cents | null;
  after: Cents | null;
  /** When it was written (ms since the epoch) and its order among writes of the same instant. */
  at: number;
  seq: number;
}

/** Night → the manual price it had just before `moment` (null: none), for the nights of `categoryId` in `from..to` changed since. */
export function restorePlan(history: readonly PriceChange[], q: { categoryId: string; from: IsoDate; to: IsoDate; moment: number }): Map<IsoDate, Cents | null> {
  const first = new Map<IsoDate, PriceChange>();
  for (const c of history) {
    if (c.categoryId !== q.categoryId || c.night < q.from || c.night > q.to || c.at < q.moment) continue;
    const seen = first.get(c.night);
    if (!seen || c.at < seen.at || (c.at === seen.at && c.seq < seen.seq)) first.set(c.night, c);
  }
  const plan = new Map<IsoDate, Cents | null>();
  for (const [night, c] of first) plan.set(night, c.before);
  return plan;
}
