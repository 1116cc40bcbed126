/**
 * A night's demand from the expected booking curve: how many rooms nights like it (same room
 * category, same month last year, scaled by its weekday) had on the books at each lead time, and
 * so how many are still to come (additive pickup: one booking more today does not change the
 * demand still to come). See docs/pricing.md "The revenue brain".
 */
import type { NightDemand } from "./types.ts";

/**
 * z of a two-sided 80 % interval of a normal law (the forecast's interval is 80 % too,
 * docs/forecast.md). Bookings still to come are counted as Poisson arrivals, whose variance is
 * their mean, so the interval of the final rooms is the rooms on the books + the pickup ± z·√pickup.
 */
export const Z80 = 1.2816;

/** Rooms on the books d = 0 … maxLead days before the night, summed over `nights` sample nights. */
export interface BookingCurve {
  nights: number;
  /** Index d: rooms on the books d days before the nights, summed over them. */
  rooms: readonly number[];
}

/** Rooms a sample night had on the books `lead` days before it (the curve's last point beyond its length). */
export function usualAt(curve: BookingCurve, lead: number): number {
  if (curve.nights <= 0 || curve.rooms.length === 0) return 0;
  const d = Math.min(Math.max(0, Math.trunc(lead)), curve.rooms.length - 1);
  return curve.rooms[d] / curve.nights;
}

/**
 * The demand of one night: `weekdayFactor` scales the curve (its weekday's final rooms over all
 * days' in the same sample; 1 when unknown). No curve (no history) gives a null interval and no
 * demand still to come, so the brain moves only on the market, holidays and the owner's events.
 */
export function nightDemand(args: { curve: BookingCurve | null; weekdayFactor: number; lead: number; onTheBooks: number; capacity: number }): NightDemand {
  const { curve, weekdayFactor, lead, onTheBooks, capacity } = args;
  if (!curve || curve.nights <= 0) return { known: false, capacity, onTheBooks, usualOnTheBooks: onTheBooks, remainingDemand: 0, interval: null };
  const factor = Number.isFinite(weekdayFactor) && weekdayFactor > 0 ? weekdayFactor : 1;
  const usualFinal = usualAt(curve, 0) * factor;
  const usualOnTheBooks = usualAt(curve, lead) * factor;
  const remainingDemand = Math.max(0, usualFinal - usualOnTheBooks);
  const spread = Z80 * Math.sqrt(remainingDemand);
  return {
    known: true,
    capacity,
    onTheBooks,
    usualOnTheBooks,
    remainingDemand,
    interval: { low: onTheBooks + Math.max(0, remainingDemand - spread), high: onTheBooks + remainingDemand + spread },
  };
}

/** The forecast of a night's final rooms (domain/forecast, stored daily): wanted before the cap of the rooms, net of expected cancellations, and its 80 % interval. */
export interface ForecastOfNight {
  unconstrained: number;
  low: number | null;
  high: number | null;
}

/**
 * The night's demand read from the forecast (issue 27 point 1), when there is a fresh one that
 * has been scored at the night's horizon (it has an interval; without one the hotel's history is
 * too short to say anything, and the booking curve — or nothing — speaks): the rooms still to
 * come are the rooms the forecast expects in the end less the rooms on the books now (none when
 * the books already hold more), and the interval is the forecast's. The pace step keeps the
 * booking curve's "usual on the books" (nothing to compare with without a curve).
 */
export function withForecast(demand: NightDemand, forecast: ForecastOfNight | null): NightDemand {
  if (!forecast || forecast.low === null || forecast.high === null) return demand;
  if (![forecast.unconstrained, forecast.low, forecast.high].every(Number.isFinite)) return demand;
  const remainingDemand = Math.max(0, forecast.unconstrained - demand.onTheBooks);
  return { ...demand, known: true, usualOnTheBooks: demand.known ? demand.usualOnTheBooks : demand.onTheBooks, remainingDemand, interval: { low: forecast.low, high: forecast.high } };
}
