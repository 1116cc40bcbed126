/**
 * The industry definitions every figure of Tarifa comes from (docs/metrics.md). Pure functions
 * over totals that the SQL aggregates of api/services/metrics add up; no page computes a KPI any
 * other way, so two pages never disagree. Money is integer cents; ratios are 0–1 (null when
 * undefined, e.g. occupancy when no room could be sold).
 */

/** What one group of stay nights adds up to (a night, a month, a category, a channel…). */
export interface StayTotals {
  /**
   * Rooms that could be sold: each category's rooms less its blocked rooms, per night. Blocked
   * rooms are never available. Null for dimensions that have no supply of their own (channel,
   * lead time, country…): their occupancy and RevPAR are shares of the period's supply.
   */
  roomsAvailable: number | null;
  /** Room nights sold: nights of reservations that hold a room (pending, confirmed, in house, checked out). */
  roomNightsSold: number;
  /** Room revenue: the sum of those nights' rates, cents. */
  roomRevenue: number;
  /** Extras charged on those reservations (reservation_extras), cents; 0 until the ledger records any. */
  extrasRevenue: number;
  /** Channel commission on the room revenue, cents (see commissionPercent). */
  commission: number;
}

export const EMPTY_STAY_TOTALS: StayTotals = { roomsAvailable: 0, roomNightsSold: 0, roomRevenue: 0, extrasRevenue: 0, commission: 0 };

/** Adds totals; roomsAvailable stays null only when every part is null. */
export function addStayTotals(a: StayTotals, b: StayTotals): StayTotals {
  const available = a.roomsAvailable === null && b.roomsAvailable === null ? null : (a.roomsAvailable ?? 0) + (b.roomsAvailable ?? 0);
  return {
    roomsAvailable: available,
    roomNightsSold: a.roomNightsSold + b.roomNightsSold,
    roomRevenue: a.roomRevenue + b.roomRevenue,
    extrasRevenue: a.extrasRevenue + b.extrasRevenue,
    commission: a.commission + b.commission,
  };
}

/** Occupancy: room nights sold ÷ rooms available (0–1); null when no room was available. */
export function occupancy(roomNightsSold: number, roomsAvailable: number | null): number | null {
  if (roomsAvailable === null || roomsAvailable <= 0) return null;
  return roomNightsSold / roomsAvailable;
}

/** ADR (average daily rate): room revenue ÷ room nights sold, cents; null when nothing was sold. */
export function adr(roomRevenue: number, roomNightsSold: number): number | null {
  return roomNightsSold > 0 ? roomRevenue / roomNightsSold : null;
}

/** RevPAR: room revenue ÷ rooms available, cents (= ADR × occupancy); null when no room was available. */
export function revpar(roomRevenue: number, roomsAvailable: number | null): number | null {
  if (roomsAvailable === null || roomsAvailable <= 0) return null;
  return roomRevenue / roomsAvailable;
}

/**
 * Commission percent of a reservation: its sales channel's commission when the business has
 * one for the reservation's channel code, else its room category's (docs/metrics.md).
 */
export function commissionPercent(rule: { channelCommission: number | null | undefined; categoryCommission: number }): number {
  return rule.channelCommission ?? rule.categoryCommission;
}

/** Commission on an amount at a percent, cents (rounded to the cent). */
export function commissionOn(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/** Everything derived from StayTotals: what the pages show. */
export interface StayKpis extends StayTotals {
  occupancy: number | null;
  adr: number | null;
  revpar: number | null;
  /** Room revenue plus extras. */
  totalRevenue: number;
  /** Total revenue less channel commission. */
  netRevenue: number;
}

export function stayKpis(t: StayTotals): StayKpis {
  const totalRevenue = t.roomRevenue + t.extrasRevenue;
  return {
    ...t,
    occupancy: occupancy(t.roomNightsSold, t.roomsAvailable),
    adr: adr(t.roomRevenue, t.roomNightsSold),
    revpar: revpar(t.roomRevenue, t.roomsAvailable),
    totalRevenue,
    netRevenue: totalRevenue - t.commission,
  };
}

/** Share of a part in a whole (channel mix, category mix); null when the whole is 0. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** What one group of reservations (counted by arrival date) adds up to. */
export interface BookingTotals {
  /** Reservations made, whatever became of them. */
  reservations: number;
  cancellations: number;
  noShows: number;
  /** Sum over reservations that were not cancelled of (arrival − booking date) in days. */
  leadTimeDays: number;
  /** Sum over reservations that were not cancelled of their nights. */
  stayNights: number;
}

export const EMPTY_BOOKING_TOTALS: BookingTotals = { reservations: 0, cancellations: 0, noShows: 0, leadTimeDays: 0, stayNights: 0 };

export interface BookingKpis extends BookingTotals {
  /** Cancellations ÷ reservations made (0–1); null when none were made. */
  cancellationRate: number | null;
  noShowRate: number | null;
  /** Average days between booking and arrival, over reservations not cancelled. */
  averageLeadTime: number | null;
  /** Average nights per reservation not cancelled. */
  averageLengthOfStay: number | null;
}

export function bookingKpis(t: BookingTotals): BookingKpis {
  const kept = t.reservations - t.cancellations;
  return {
    ...t,
    cancellationRate: share(t.cancellations, t.reservations),
    noShowRate: share(t.noShows, t.reservations),
    averageLeadTime: kept > 0 ? t.leadTimeDays / kept : null,
    averageLengthOfStay: kept > 0 ? t.stayNights / kept : null,
  };
}
