// The market simulator's shapes, read from the shared reference hotel's bookings: N. Antonio,
// A. de Almeida, L. Nunes, "Hotel booking demand datasets", Data in Brief 22 (2019) 41–49,
// doi:10.1016/j.dib.2018.11.126, data set H1 (a resort in the Algarve), CC BY 4.0.
// Only shapes are taken (how far ahead stays are booked per month of arrival, how arrivals rise
// and fall over the year and the week, how long stays last by month and weekday of arrival, how
// often and when bookings are cancelled); the level of demand is the simulator's own parameter
// (docs/market-simulator.md).
import { resortStays, type ResortStay } from "#bench/lib/resort-stays.ts";
import { fromDayNumber, weekdayOfDayNumber } from "#domain/pricing/dates.ts";

/** The longest lead the simulator books at (the brain's curves stop there too). */
export const MAX_LEAD = 365;
/** Lead buckets (inclusive upper ends) of the cancellation share. */
export const CANCEL_BUCKETS = [7, 30, 90, 180, MAX_LEAD] as const;
/**
 * The Algarve's summer is the Brazilian coast's winter: the resort's months are shifted by six
 * so its peak falls on the southern summer (December to February) the demo's rules price for.
 */
const HEMISPHERE_SHIFT = 6;

export interface Calibration {
  /** Per month of arrival (0 = January), the cumulative share of its stays booked at lead ≤ d (d = 0 … MAX_LEAD). */
  leadCdf: number[][];
  /** Per month (0 = January), stays arriving per night over the year's mean (mean 1). */
  monthFactor: number[];
  /** Per weekday (0 = Sunday), stays arriving per night over the week's mean (mean 1). */
  weekdayFactor: number[];
  /** Per month × 7 + weekday of arrival, the cumulative share of its stays lasting ≤ n nights (index n = 0 … the longest stay). */
  lengthCdf: number[][];
  /** Mean nights of a stay over every arrival (room nights requested ÷ stays). */
  meanLength: number;
  /** Per CANCEL_BUCKETS bucket of the lead at booking, the share of bookings later cancelled. */
  cancelShare: number[];
  /** Sorted sample of when a cancellation comes, as a share of the lead it was booked at (0 = at once, 1 = on the night). */
  cancelTiming: number[];
}

const monthOf = (day: number) => (Number(fromDayNumber(day).slice(5, 7)) - 1 + HEMISPHERE_SHIFT) % 12;

export function bucketOf(lead: number): number {
  const i = CANCEL_BUCKETS.findIndex((b) => lead <= b);
  return i < 0 ? CANCEL_BUCKETS.length - 1 : i;
}

/** The shapes of `stays` (every booking requested, cancelled or not: demand, not what stayed). */
export function calibrate(stays: readonly ResortStay[]): Calibration {
  const leadCounts = Array.from({ length: 12 }, () => new Float64Array(MAX_LEAD + 1));
  const arrivalsByMonth = new Float64Array(12);
  const arrivalsByWeekday = new Float64Array(7);
  const longest = stays.reduce((m, s) => Math.max(m, s.departure - s.arrival), 1);
  const lengthCounts = Array.from({ length: 12 * 7 }, () => new Float64Array(longest + 1));
  let roomNights = 0;
  let rooms = 0;
  const cancels = CANCEL_BUCKETS.map(() => ({ all: 0, cancelled: 0 }));
  const timing: number[] = [];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of stays) {
    const lead = Math.min(MAX_LEAD, Math.max(0, s.arrival - s.bookedOn));
    const bucket = cancels[bucketOf(lead)];
    bucket.all++;
    if (s.cancelledOn != null) {
      bucket.cancelled++;
      if (lead > 0) timing.push(Math.min(1, Math.max(0, (s.cancelledOn - s.bookedOn) / (s.arrival - s.bookedOn))));
    }
    const m = monthOf(s.arrival);
    const w = weekdayOfDayNumber(s.arrival);
    leadCounts[m][lead] += s.rooms;
    arrivalsByMonth[m] += s.rooms;
    arrivalsByWeekday[w] += s.rooms;
    lengthCounts[m * 7 + w][s.departure - s.arrival] += s.rooms;
    roomNights += (s.departure - s.arrival) * s.rooms;
    rooms += s.rooms;
    first = Math.min(first, s.arrival);
    last = Math.max(last, s.arrival);
  }
  // Arrival nights of each month and weekday the file covers, so a month seen twice is not counted double.
  const monthNights = new Float64Array(12);
  const weekdayNights = new Float64Array(7);
  for (let d = first; d <= last; d++) {
    monthNights[monthOf(d)]++;
    weekdayNights[weekdayOfDayNumber(d)]++;
  }
  const perNight = (counts: Float64Array, nights: Float64Array) => Array.from(counts, (c, i) => (nights[i] ? c / nights[i] : 0));
  const normalise = (xs: number[]) => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return xs.map((x) => x / mean);
  };
  const cdf = (counts: Float64Array) => {
    const total = counts.reduce((a, b) => a + b, 0);
    let run = 0;
    return Array.from(counts, (c) => (run += c) / total);
  };
  return {
    leadCdf: leadCounts.map(cdf),
    monthFactor: normalise(perNight(arrivalsByMonth, monthNights)),
    weekdayFactor: normalise(perNight(arrivalsByWeekday, weekdayNights)),
    lengthCdf: lengthCounts.map(cdf),
    meanLength: roomNights / rooms,
    cancelShare: cancels.map((b) => (b.all ? b.cancelled / b.all : 0)),
    cancelTiming: timing.sort((a, b) => a - b),
  };
}

let cached: Calibration | undefined;
/** The reference hotel's calibration, read once per process. */
export function referenceCalibration(): Calibration {
  cached ??= calibrate(resortStays());
  return cached;
}
