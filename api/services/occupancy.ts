import type { Database } from "../db/client.ts";

export interface NightOccupancy {
  /** Rooms sold that night (confirmed, pending and checked-in reservations). */
  sold: number;
  /** Rooms that can be sold that night: the business's rooms less blocked ones. */
  available: number;
  /** sold ÷ available in percent, 0–100 (0 when nothing is available). */
  percentage: number;
}

/**
 * Occupancy per night (ISO dates, `from` inclusive, `to` exclusive) for a business, the input
 * of the pricing engine's occupancy band. The bookings area owns this function: it counts
 * reservations and room blocks. Until reservations exist every night is empty.
 */
export async function occupancyByNight(
  _db: Database,
  _businessId: string,
  _from: string,
  _to: string,
): Promise<Map<string, NightOccupancy>> {
  return new Map();
}
