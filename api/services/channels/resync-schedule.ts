/**
 * The daily full re-sync of every connected business, spread over the night as Channex's
 * certification asks (not every property at the same minute): 24 ten-minute slots from 01:00 to
 * 04:50 UTC, each business always in the same one, picked from its id.
 */
export const FULL_RESYNC_CRON = "*/10 1-4 * * *";
const FIRST_HOUR = 1;
const SLOTS = 24;

/** The business's slot, 0..23 (a stable hash of its id). */
export function resyncSlotOf(businessId: string): number {
  let hash = 0;
  for (const ch of businessId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % SLOTS;
}

/** The slot a moment falls in (-1 outside the night window). */
export function resyncSlotAt(now: Date): number {
  const slot = (now.getUTCHours() - FIRST_HOUR) * 6 + Math.floor(now.getUTCMinutes() / 10);
  return slot >= 0 && slot < SLOTS ? slot : -1;
}
