import type { Database } from "#api/db/client.ts";
import { logger } from "#api/logger.ts";

/**
 * What another area does when nights' occupancy moved: pricing logs occupancy and rate changes and
 * refreshes the days to update, the revenue brain recomputes those nights' recommendations. The
 * areas put themselves on this list (api/services/occupancy-listeners.ts), so bookings does not
 * import them.
 */
export type OccupancyListener = (db: Database, businessId: string, dates: string[], now: Date, userId: string | null) => Promise<unknown>;

const listeners: { name: string; listener: OccupancyListener }[] = [];

/** Puts a listener on the list; they run in the order they were added. */
export function onOccupancyChanged(name: string, listener: OccupancyListener): void {
  listeners.push({ name, listener });
}

/**
 * Tells every listener that these nights' occupancy moved. Runs after the booking committed: a
 * failure is logged and never undoes the booking (nor stops the next listener), and the next change
 * or settings save recomputes those nights.
 */
export async function occupancyChanged(db: Database, businessId: string, nights: Iterable<string>, now: Date, userId: string | null): Promise<void> {
  const dates = [...new Set(nights)].sort();
  if (dates.length === 0) return;
  for (const { name, listener } of listeners) {
    try {
      await listener(db, businessId, dates, now, userId);
    } catch (err) {
      logger.error({ msg: "occupancy change hook failed", listener: name, businessId, err });
    }
  }
}
