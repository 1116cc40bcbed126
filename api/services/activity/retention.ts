import { lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { activityLog } from "../../db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the activity log's lines older than `retentionDays` (ACTIVITY_LOG_RETENTION_DAYS), for
 * every business: the daily maintenance.prune command runs it. Returns how many went.
 */
export async function pruneActivityLog(db: Database, options: { now: Date; retentionDays: number }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  const deleted = await db.delete(activityLog).where(lt(activityLog.at, cutoff)).returning({ id: activityLog.id });
  return deleted.length;
}
