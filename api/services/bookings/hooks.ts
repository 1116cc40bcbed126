import type { Database } from "#api/db/client.ts";
import { logger } from "#api/logger.ts";
import { recordOccupancyChange } from "#api/services/pricing/rates.ts";
import { recommendAfterBooking } from "#api/services/brain/recommendations.ts";

/**
 * Tells the pricing area that these nights' occupancy moved (it logs occupancy and rate changes
 * and refreshes the days to update), then the revenue brain (it recomputes those nights'
 * recommendations; in autopilot it applies them). Runs after the booking committed: a failure
 * here is logged and never undoes the booking, and the next change or settings save recomputes
 * those nights.
 */
export async function occupancyChanged(db: Database, businessId: string, nights: Iterable<string>, now: Date, userId: string | null): Promise<void> {
  const dates = [...new Set(nights)].sort();
  if (dates.length === 0) return;
  try {
    await recordOccupancyChange(db, businessId, dates, now, userId);
    await recommendAfterBooking(db, businessId, dates, now);
  } catch (err) {
    logger.error({ msg: "occupancy change hook failed", businessId, err });
  }
}
