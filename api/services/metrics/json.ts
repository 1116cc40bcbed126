import { bookingKpis, stayKpis, type BookingTotals, type StayTotals } from "#domain/metrics/index.ts";
import type { BookingJson, StayJson } from "#contract/metrics.ts";

/** Cents on the wire are whole; ratios keep four decimals (0.8125 = 81.25 %). */
const cents = (v: number | null) => (v === null ? null : Math.round(v));
const ratio = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);
const days = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** Stay figures on the wire (docs/api/intelligence.md). */
export function stayJson(t: StayTotals): StayJson {
  const k = stayKpis(t);
  return {
    rooms_available: k.roomsAvailable,
    room_nights_sold: k.roomNightsSold,
    occupancy: ratio(k.occupancy),
    adr: cents(k.adr),
    revpar: cents(k.revpar),
    room_revenue: k.roomRevenue,
    extras_revenue: k.extrasRevenue,
    total_revenue: k.totalRevenue,
    commission: k.commission,
    net_revenue: k.netRevenue,
  };
}
export type { StayJson };

/** Booking figures on the wire. */
export function bookingJson(t: BookingTotals): BookingJson {
  const k = bookingKpis(t);
  return {
    reservations: k.reservations,
    cancellations: k.cancellations,
    cancellation_rate: ratio(k.cancellationRate),
    no_shows: k.noShows,
    no_show_rate: ratio(k.noShowRate),
    average_lead_time: days(k.averageLeadTime),
    average_length_of_stay: days(k.averageLengthOfStay),
  };
}
export type { BookingJson };

export { ratio };
