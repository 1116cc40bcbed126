/**
 * On the books as of any day, from the reservations' own timestamps (no snapshots): the
 * definitions behind pickup, pace, booking curves and the forecast (docs/metrics-pace-and-forecast.md).
 *
 * Days are day numbers (days since 1970-01-01, domain/pricing/dates.ts) of the business's
 * calendar: a reservation night is *booked on* the business-local day its reservation was
 * created and *leaves the books on* the local day it was cancelled — or, for a no-show, on its
 * arrival day (the night was never sold). "As of day D" means at the end of D, so a booking made
 * and cancelled on the same day never counts, and a night's final figure is as of its own day.
 */
import { addDays, isIsoDate } from "#domain/pricing/dates.ts";

/** Room nights of one category and night that entered (and maybe left) the books on the same days. */
export interface BookingEvent {
  /** The stay night (day number). */
  night: number;
  /** Day the reservation was created. */
  booked: number;
  /** Day it left the books (cancelled, no-show on arrival), null while it holds. Never before `booked`. */
  off: number | null;
  /** Room nights (1 per reservation night; more when several reservations share the days). */
  rooms: number;
  /** Their room revenue in cents (the nights' rates). */
  revenue: number;
}

export interface Booked {
  roomNights: number;
  revenue: number;
}

export const NOTHING_BOOKED: Booked = Object.freeze({ roomNights: 0, revenue: 0 });

/** Whether an event's room nights are on the books at the end of `asOf`. */
export function isOnTheBooks(event: Pick<BookingEvent, "booked" | "off">, asOf: number): boolean {
  return event.booked <= asOf && (event.off === null || event.off > asOf);
}

/** Room nights and revenue on the books at the end of `asOf` among `events`. */
export function onTheBooks(events: readonly BookingEvent[], asOf: number): Booked {
  let roomNights = 0;
  let revenue = 0;
  for (const e of events) {
    if (isOnTheBooks(e, asOf)) {
      roomNights += e.rooms;
      revenue += e.revenue;
    }
  }
  return { roomNights, revenue };
}

/** The pickup windows /tracking offers, in the business's days: today, the last 7 and the last 30. */
export const PICKUP_WINDOW_DAYS = [1, 7, 30] as const;

export interface DayPickup {
  /** Booked during the window and still on the books at its end (the metrics module's gross pickup). */
  booked: Booked;
  /** Booked before the window and gone from the books during it (cancelled, or a no-show). */
  cancelled: Booked;
  /** booked − cancelled = on the books at the end of `asOf` − at the end of the day before the window. */
  net: Booked;
}

/**
 * Pickup of `events` over the `window` days that end with `asOf` (asOf − window + 1 … asOf), with
 * the gross and lost parts as domain/metrics/pickup.ts defines them for the dashboard's hours: a
 * booking made and cancelled inside the window is in neither, a cancellation of an older booking
 * is lost. The net is the change of the books over the window.
 */
export function pickupOverDays(events: readonly BookingEvent[], asOf: number, window: number): DayPickup {
  const start = asOf - window;
  const booked = { roomNights: 0, revenue: 0 };
  const cancelled = { roomNights: 0, revenue: 0 };
  for (const e of events) {
    if (e.booked > start && isOnTheBooks(e, asOf)) {
      booked.roomNights += e.rooms;
      booked.revenue += e.revenue;
    }
    if (e.booked <= start && e.off !== null && e.off > start && e.off <= asOf) {
      cancelled.roomNights += e.rooms;
      cancelled.revenue += e.revenue;
    }
  }
  return { booked, cancelled, net: { roomNights: booked.roomNights - cancelled.roomNights, revenue: booked.revenue - cancelled.revenue } };
}

/** The longest lead a booking curve shows: a year. */
export const MAX_LEAD_DAYS = 365;

/**
 * A booking curve: room nights on the books for `nights` at 0 … MAX_LEAD_DAYS days before each
 * night (as of the end of night − d), summed over the nights; null where some night's day
 * night − d is after `today` (not known yet).
 */
export function bookingCurve(events: readonly BookingEvent[], nights: readonly number[], today: number): (Booked | null)[] {
  const byNight = new Map<number, BookingEvent[]>();
  for (const e of events) byNight.set(e.night, [...(byNight.get(e.night) ?? []), e]);
  const last = Math.max(...nights);
  return Array.from({ length: MAX_LEAD_DAYS + 1 }, (_, d) => {
    if (last - d > today) return null;
    let roomNights = 0;
    let revenue = 0;
    for (const n of nights) {
      const b = onTheBooks(byNight.get(n) ?? [], n - d);
      roomNights += b.roomNights;
      revenue += b.revenue;
    }
    return { roomNights, revenue };
  });
}

/** Same stay night last year for day-by-day comparisons: 52 weeks back, the same weekday. */
export const SAME_WEEKDAY_LAST_YEAR = 364;

/**
 * The same calendar day a year earlier (for months and "as of" days): 29 February becomes
 * 28 February. Pace per stay month compares a month, as of today, with the same month a year
 * earlier as of this day a year earlier — the same lead time.
 */
export function sameDayLastYear(date: string): string {
  const [y, m, d] = date.split("-");
  const candidate = `${Number(y) - 1}-${m}-${d}`;
  return isIsoDate(candidate) ? candidate : `${Number(y) - 1}-${m}-28`;
}

/** A stay month `YYYY-MM` a number of months away. */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first and last night (ISO) of a stay month. */
export function monthNights(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** Pace: how far ahead (or behind) of last year, as a share of last year's figure; null without a base. */
export function paceChange(now: number, lastYear: number): number | null {
  if (lastYear === 0) return null;
  return Math.round(((now - lastYear) / lastYear) * 1000) / 10;
}
