/**
 * Pickup: what was booked in the last hours or days for stays still to come (docs/metrics.md).
 * Gross pickup counts the room nights (from today on) and their revenue of reservations created
 * in the window that still hold a room; lost counts those cancelled in the window; net pickup is
 * the change of the books over the window: gross − lost.
 */
export interface PickupTotals {
  /** Reservations created in the window, still holding. */
  reservations: number;
  roomNights: number;
  revenue: number;
  /** Room nights (from today on) of reservations cancelled in the window. */
  cancelledRoomNights: number;
  cancelledRevenue: number;
}

export interface Pickup extends PickupTotals {
  netRoomNights: number;
  netRevenue: number;
}

export function pickupOf(t: PickupTotals): Pickup {
  return { ...t, netRoomNights: t.roomNights - t.cancelledRoomNights, netRevenue: t.revenue - t.cancelledRevenue };
}

/** The pickup windows the dashboard shows, in hours. */
export const PICKUP_WINDOWS = { day: 24, week: 24 * 7 } as const;
