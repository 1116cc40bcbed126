import { inArray, sum } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { dataVersions } from "../db/schema/index.ts";

/** The row counting changes to data every business reads (holidays). */
export const GLOBAL_SCOPE = "00000000-0000-0000-0000-000000000000";

/**
 * Tables with a business_id column whose writes do not move the business's data version:
 * nothing remembered reads them, and they are written often (logs, inboxes, queues, billing).
 * Migration 0027 puts the trigger on every other one; a later table with business_id is tracked
 * by `select track_data_version('<table>', 'business_id')` in its migration, or listed here —
 * tests/api/data-version.test.ts fails until it is one or the other.
 */
export const UNTRACKED_TABLES = [
  "activity_log",
  "notifications",
  "chat_conversations",
  "channel_outbox",
  "channel_ari_state",
  "daily_command_runs",
  "booking_audit",
  "booking_quotes",
  "user_selected_business",
  "business_invitations",
  "business_members",
  "coupon_redemptions",
  "invoices",
  "payments",
  "payment_methods",
  "subscriptions",
  "channex_booking_revisions",
] as const;

/**
 * The business's data version: moves whenever a committed transaction changed its data or the
 * data every business reads, whichever process or job wrote it. One primary-key read of two rows.
 */
export async function dataVersion(db: Database, businessId: string): Promise<number> {
  const [row] = await db
    .select({ version: sum(dataVersions.version).mapWith(Number) })
    .from(dataVersions)
    .where(inArray(dataVersions.businessId, [businessId, GLOBAL_SCOPE]));
  return row?.version ?? 0;
}
