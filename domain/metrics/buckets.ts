/**
 * The buckets of the lead-time and length-of-stay breakdowns. The SQL aggregates build their
 * CASE expressions from these same lists, so the bucket a reservation falls in is defined once.
 */

export interface Bucket {
  /** Stable key on the wire: "0", "1-3", "91+"… */
  key: string;
  min: number;
  /** Inclusive; null = no upper end. */
  max: number | null;
}

function bucketsOf(bounds: readonly [number, number | null][]): Bucket[] {
  return bounds.map(([min, max]) => ({ key: max === null ? `${min}+` : min === max ? String(min) : `${min}-${max}`, min, max }));
}

/** Days between booking and arrival. 0 = booked on the arrival day (walk-ins). */
export const LEAD_TIME_BUCKETS = bucketsOf([
  [0, 0],
  [1, 3],
  [4, 7],
  [8, 14],
  [15, 30],
  [31, 60],
  [61, 90],
  [91, null],
]);

/** Nights of a stay. */
export const LENGTH_OF_STAY_BUCKETS = bucketsOf([
  [1, 1],
  [2, 2],
  [3, 3],
  [4, 6],
  [7, 13],
  [14, null],
]);

/** The bucket of a value (values under the first bucket fall in it: a negative lead time is a data error, not a category). */
export function bucketOf(buckets: readonly Bucket[], value: number): Bucket {
  return buckets.find((b) => b.max === null || value <= b.max) ?? buckets[buckets.length - 1];
}
