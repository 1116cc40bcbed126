import { lt } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { activityLog, securityEvents } from "#api/db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the activity log's lines, and the security log's, older than `retentionDays`
 * (ACTIVITY_LOG_RETENTION_DAYS), for every business and account: the daily maintenance.prune
 * command runs it. Returns how many lines of each went.
 */
export async function pruneActivityLog(db: Database, options: { now: Date; retentionDays: number }): Promise<{ activity: number; security: number }> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * DAY_MS);
  const activity = await db.delete(activityLog).where(lt(activityLog.at, cutoff)).returning({ id: activityLog.id });
  const security = await db.delete(securityEvents).where(lt(securityEvents.at, cutoff)).returning({ id: securityEvents.id });
  return { activity: activity.length, security: security.length };
}
