/**
 * The forecast of each stay night and room category: what is on the books plus the pickup this
 * hotel's own history says is still to come, by the additive or the multiplicative pickup method,
 * and its backtest (docs/metrics-pace-and-forecast.md, docs/decisions/0013).
 *
 * Everything is computed "as of" a day D: the forecast for a night uses what was on the books at
 * the end of D and reference nights that were over before D, each read as it was known at D. The
 * live forecast is the one as of today; the backtest is the same function as of earlier days, so it
 * can only see what was known then.
 */
import { adr } from "./definitions.ts";
import { onTheBooks, type Booked, type BookingEvent, SAME_WEEKDAY_LAST_YEAR } from "./pace.ts";

export const PICKUP_METHODS = ["additive", "multiplicative"] as const;
export type PickupMethod = (typeof PICKUP_METHODS)[number];

/** Days out at which the backtest measures the forecast. */
export const BACKTEST_HORIZONS = [7, 30, 60] as const;
/** Stay nights the backtest covers: the last year up to yesterday. */
export const BACKTEST_NIGHTS = 365;
/** Reference nights: the latest 8 of the same weekday, and 5 of the same weekday around the date last year. */
export const RECENT_WEEKS = 8;
export const LAST_YEAR_WEEKS_EITHER_SIDE = 2;

/** One room category's history. */
export interface CategoryHistory {
  id: string;
  /** Booking events by stay night (day number). */
  nights: ReadonlyMap<number, readonly BookingEvent[]>;
  /** Rooms that can be sold that night as known at the end of `asOf`: rooms less the blocks recorded by then. */
  capacity(night: number, asOf: number): number;
}

const NONE: readonly BookingEvent[] = [];
const eventsOf = (h: CategoryHistory, night: number) => h.nights.get(night) ?? NONE;

/**
 * The nights whose pickup stands for `target`'s, seen from the end of `asOf`: the latest
 * RECENT_WEEKS nights of the same weekday that were over before `asOf` (what the hotel sells
 * lately) and the same weekday within LAST_YEAR_WEEKS_EITHER_SIDE weeks of the date 52 weeks
 * earlier (the season). None before `firstNight`, when the history starts.
 */
export function referenceNights(target: number, asOf: number, firstNight: number): number[] {
  const found = new Set<number>();
  let night = target - 7 * Math.ceil((target - asOf + 1) / 7);
  for (let i = 0; i < RECENT_WEEKS && night >= firstNight; i++, night -= 7) found.add(night);
  for (let w = -LAST_YEAR_WEEKS_EITHER_SIDE; w <= LAST_YEAR_WEEKS_EITHER_SIDE; w++) {
    const n = target - SAME_WEEKDAY_LAST_YEAR + 7 * w;
    if (n < asOf && n >= firstNight) found.add(n);
  }
  return [...found].sort((a, b) => a - b);
}

export interface NightForecast {
  night: number;
  daysBefore: number;
  capacity: number;
  onTheBooks: Booked;
  /** Expected room nights (a fraction: an expectation) and revenue at the stay date. */
  forecast: Booked;
  referenceNights: number;
}

/**
 * What the reference nights of `target` say as of the end of `asOf` (the learnt part of the
 * forecast, which the daily refresh stores: api/services/metrics/forecast-model.ts): how many there
 * are, their room nights and revenue in the end and at the same lead as `target` has.
 */
export interface ReferencePickup {
  referenceNights: number;
  finalRooms: number;
  finalRevenue: number;
  leadRooms: number;
  leadRevenue: number;
}

export function referencePickup(h: CategoryHistory, target: number, asOf: number, firstNight: number): ReferencePickup {
  const lead = target - asOf;
  const refs = referenceNights(target, asOf, firstNight);
  const out = { referenceNights: refs.length, finalRooms: 0, finalRevenue: 0, leadRooms: 0, leadRevenue: 0 };
  for (const r of refs) {
    const events = eventsOf(h, r);
    const final = onTheBooks(events, asOf);
    const atLead = onTheBooks(events, r - lead);
    out.finalRooms += final.roomNights;
    out.finalRevenue += final.revenue;
    out.leadRooms += atLead.roomNights;
    out.leadRevenue += atLead.revenue;
  }
  return out;
}

/**
 * The forecast of `target` for one category as of the end of `asOf` (≤ target).
 * - additive: on the books + the reference nights' average pickup from this lead to their end;
 * - multiplicative: on the books × (their final room nights ÷ their room nights at this lead),
 *   the additive one when they had nothing on the books at this lead.
 * Never below what is on the books, never above the rooms available (unless already booked
 * beyond them). Revenue adds the expected pickup at the rate the reference pickup was sold at
 * (the ADR of the reference pickup, else this night's ADR on the books, else the reference nights' ADR).
 */
export function forecastNight(h: CategoryHistory, target: number, asOf: number, method: PickupMethod, firstNight: number): NightForecast {
  return forecastFrom({ night: target, asOf, current: onTheBooks(eventsOf(h, target), asOf), capacity: h.capacity(target, asOf) }, referencePickup(h, target, asOf, firstNight), method);
}

/** The forecast of one night from what is on the books now, the rooms available and its reference pickup. */
export function forecastFrom(live: { night: number; asOf: number; current: Booked; capacity: number }, ref: ReferencePickup, method: PickupMethod): NightForecast {
  const { current, capacity } = live;
  const { finalRooms, finalRevenue, leadRooms, leadRevenue } = ref;
  let expected = current.roomNights;
  if (ref.referenceNights > 0) {
    expected =
      method === "multiplicative" && leadRooms > 0
        ? current.roomNights * (finalRooms / leadRooms)
        : current.roomNights + (finalRooms - leadRooms) / ref.referenceNights;
  }
  const roomNights = Math.min(Math.max(expected, current.roomNights), Math.max(current.roomNights, capacity));
  const pickupRooms = finalRooms - leadRooms;
  const rate = adr(finalRevenue - leadRevenue, pickupRooms) ?? adr(current.revenue, current.roomNights) ?? adr(finalRevenue, finalRooms) ?? 0;
  const revenue = Math.round(current.revenue + (roomNights - current.roomNights) * Math.max(0, rate));
  return { night: live.night, daysBefore: live.night - live.asOf, capacity, onTheBooks: current, forecast: { roomNights, revenue }, referenceNights: ref.referenceNights };
}

/** The first stay night of any category's history (reference nights start there). */
export function firstNightOf(histories: readonly CategoryHistory[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const h of histories) for (const n of h.nights.keys()) if (n < first) first = n;
  return first;
}

/**
 * The first stay night of the history as known at the end of each day: the earliest night among
 * the bookings made by then. A night typed in later (an old stay recorded after the fact, a history
 * imported this year) was not part of the history before it was typed, so it never becomes a
 * reference night of a forecast made before.
 */
export function firstNightKnown(histories: readonly CategoryHistory[]): (asOf: number) => number {
  const known: { booked: number; night: number }[] = [];
  for (const h of histories) for (const events of h.nights.values()) for (const e of events) known.push({ booked: e.booked, night: e.night });
  known.sort((a, b) => a.booked - b.booked);
  const firsts: number[] = [];
  for (const [i, k] of known.entries()) firsts.push(Math.min(k.night, i ? firsts[i - 1] : Number.POSITIVE_INFINITY));
  return (asOf) => {
    // The last booking made by the end of asOf (binary search on the booking days).
    let lo = 0;
    let hi = known.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (known[mid].booked <= asOf) lo = mid + 1;
      else hi = mid;
    }
    return lo ? firsts[lo - 1] : Number.POSITIVE_INFINITY;
  };
}

/** The first day any booking was made: before it the hotel kept no record, so no forecast from then is measured. */
export function firstBookingDayOf(histories: readonly CategoryHistory[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const h of histories) for (const events of h.nights.values()) for (const e of events) if (e.booked < first) first = e.booked;
  return first;
}

export interface BacktestPoint {
  night: number;
  capacity: number;
  /** Room nights sold in the end (as of `today`). */
  actual: number;
  /** What the forecast said `horizon` days before. */
  forecast: number;
}

export interface HorizonAccuracy {
  horizon: number;
  /** Nights measured (with rooms available and a record from `horizon` days before). */
  nights: number;
  /** Mean absolute percentage error of occupancy, over the measured nights that sold something; null without any. */
  mape: number | null;
  /** Mean absolute error in occupancy percentage points ("off by 6 points on average"); null without nights. */
  maePoints: number | null;
  points: BacktestPoint[];
}

/**
 * The backtest of `method` for the hotel (the sum of `histories`' categories) over the stay
 * nights `from` … `to` (day numbers, all before `today`): for each night and horizon h, the
 * forecast made as of night − h with only what was known then (the books and the history's first
 * night as of that day), compared with the room nights finally sold. A night whose forecast day
 * comes before the hotel's first booking is not measured.
 */
export function backtest(histories: readonly CategoryHistory[], range: { from: number; to: number; today: number }, method: PickupMethod, horizons: readonly number[] = BACKTEST_HORIZONS): HorizonAccuracy[] {
  const firstNightAt = firstNightKnown(histories);
  const firstDay = firstBookingDayOf(histories);
  return horizons.map((horizon) => {
    const points: BacktestPoint[] = [];
    for (let night = range.from; night <= range.to && night < range.today; night++) {
      const asOf = night - horizon;
      if (asOf < firstDay) continue;
      let capacity = 0;
      let actual = 0;
      let forecast = 0;
      for (const h of histories) {
        capacity += h.capacity(night, range.today);
        actual += onTheBooks(eventsOf(h, night), range.today).roomNights;
        forecast += forecastNight(h, night, asOf, method, firstNightAt(asOf)).forecast.roomNights;
      }
      if (capacity > 0) points.push({ night, capacity, actual, forecast });
    }
    return { horizon, nights: points.length, ...errorsOf(points), points };
  });
}

function errorsOf(points: readonly BacktestPoint[]): { mape: number | null; maePoints: number | null } {
  if (points.length === 0) return { mape: null, maePoints: null };
  let absolutePoints = 0;
  let percentage = 0;
  let sold = 0;
  for (const p of points) {
    absolutePoints += (Math.abs(p.forecast - p.actual) / p.capacity) * 100;
    if (p.actual > 0) {
      percentage += (Math.abs(p.forecast - p.actual) / p.actual) * 100;
      sold++;
    }
  }
  return { mape: sold ? round1(percentage / sold) : null, maePoints: round1(absolutePoints / points.length) };
}

/**
 * The method the hotel's forecast uses: the one with the lower average MAPE over the horizons
 * both could be measured at; additive when they tie or nothing could be measured (it needs no
 * bookings on the books to forecast a night that has none yet).
 */
export function chooseMethod(results: Record<PickupMethod, readonly HorizonAccuracy[]>): PickupMethod {
  const mean = (rows: readonly HorizonAccuracy[]) => {
    const known = rows.filter((r) => r.mape !== null);
    return known.length ? known.reduce((s, r) => s + r.mape!, 0) / known.length : null;
  };
  const additive = mean(results.additive);
  const multiplicative = mean(results.multiplicative);
  if (additive === null || multiplicative === null) return "additive";
  return multiplicative < additive ? "multiplicative" : "additive";
}

/**
 * The backtest horizon that speaks for a night `daysBefore` days out: the first measured horizon
 * at or beyond it (its error is the one measured at least that far ahead), the farthest for
 * nights farther out.
 */
export function horizonFor(daysBefore: number, horizons: readonly number[] = BACKTEST_HORIZONS): number {
  return horizons.find((h) => h >= daysBefore) ?? horizons[horizons.length - 1];
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
