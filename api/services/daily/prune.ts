import { and, lt, lte, or, sql } from "drizzle-orm";
import type { Config } from "#config";
import type { Database } from "#api/db/client.ts";
import { apiTokens, businessInvitations, dailyCommandRuns, passwordResets, twoFactorChallenges } from "#api/db/schema/index.ts";
import { pruneActivityLog } from "#api/services/activity/retention.ts";
import { pruneOutbox } from "#api/services/mail/outbox-retention.ts";

const DAY_MS = 86_400_000;
/**
 * An invitation stays a while after it expires so that its link, opened late, still says
 * "expired" (and an accepted one "already used") rather than "not found".
 */
const INVITATION_GRACE_DAYS = 30;
/** History of the daily commands kept (the newest run of each command and business stays whatever its age). */
const RUN_HISTORY_DAYS = 14;

/**
 * The daily command `maintenance.prune`: what has outlived its use leaves the database. Every
 * statement is a plain delete by age, so a second run the same day finds nothing more to do.
 */
export async function pruneProduct(db: Database, now: Date, config: Pick<Config, "OUTBOX_RETENTION_DAYS" | "ACTIVITY_LOG_RETENTION_DAYS">): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  // Sign-in tokens, password-reset links and two-factor challenges a day past their end (expired, revoked or used).
  await db.delete(apiTokens).where(or(lt(apiTokens.expiresAt, dayAgo), lte(apiTokens.revokedAt, dayAgo)));
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, dayAgo), lte(passwordResets.usedAt, dayAgo)));
  await db.delete(twoFactorChallenges).where(or(lt(twoFactorChallenges.expiresAt, dayAgo), lte(twoFactorChallenges.usedAt, dayAgo)));
  // Invitations, accepted or not, once their link is long dead (the membership itself is in business_members).
  await db.delete(businessInvitations).where(lt(businessInvitations.expiresAt, new Date(now.getTime() - INVITATION_GRACE_DAYS * DAY_MS)));
  // The commands that repeat through the day (iCal polls, renewals) write a run each time.
  const historyEnd = new Date(now.getTime() - RUN_HISTORY_DAYS * DAY_MS);
  await db
    .delete(dailyCommandRuns)
    .where(
      and(
        lt(dailyCommandRuns.startedAt, historyEnd),
        sql`${dailyCommandRuns.id} not in (select distinct on (command, business_id) id from daily_command_runs order by command, business_id, started_at desc)`,
      ),
    );
  // E-mails past the retention period leave the outbox (/dev/mailbox), whatever their status.
  await pruneOutbox(db, { now, retentionDays: config.OUTBOX_RETENTION_DAYS });
  // Who changed what, past its retention period (two years unless ACTIVITY_LOG_RETENTION_DAYS says otherwise).
  await pruneActivityLog(db, { now, retentionDays: config.ACTIVITY_LOG_RETENTION_DAYS });
  // Fresh statistics for the fast-growing tables: embedded PGlite has no autovacuum, and without
  // them the planner sorts a user's every notification instead of reading the index backwards.
  await db.execute(sql`analyze notifications, daily_command_runs`);
}
