import { inArray, sql, sum } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { businesses, businessMembers, dataVersions } from "#api/db/schema/index.ts";
import { todayIn } from "#domain/bookings/stay.ts";

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
  "coupon_redemptions",
  "invoices",
  "payments",
  "payment_methods",
  "channex_booking_revisions",
  // Reservation imports' bookkeeping (ADR 0038): the reservations an import writes move the
  // version; the import rows themselves are read only by the imports pages, never remembered.
  "reservation_imports",
  "imported_reservations",
  "import_presets",
  // Written only by the triggers of the reservations and their nights (ADR 0041), whose own
  // writes already move the version in the same transaction.
  "reservation_versions",
  // The same for room counts and room blocks (ADR 0053).
  "room_count_versions",
  "room_block_versions",
  // The stored forecast (ADR 0054) is read by the revenue brain alone, whose own writes move the version.
  "forecast_nights",
  // The Mews connector's own bookkeeping (ADR 0049): the reservations its sync writes go through
  // the import and move the version; these rows are read by the sync alone.
  "mews_connections",
  "mews_pushed_prices",
  // The booking engine's quotes and the day's price response learnt from them (ADR 0064): written
  // on every guest's search and read by the revenue brain alone, whose own writes move the version.
  "engine_quotes",
  "price_responses",
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

/**
 * What a remembered answer for this user depends on, as one string that changes whenever any of
 * it changes (ADR 0034): the version of the user's own row (account, memberships, grants, the
 * selected business, unread notifications: migration 0028), of the data every business reads,
 * and of each business the user owns or collaborates on (their list and the selected one are on
 * every page), plus `businessId` when the answer is about another business (an API path's).
 * Each row as id:version, so a business leaving the list changes it too. And today's date in
 * each of those businesses' time zones, so "today" moves at the business's midnight, not up to
 * 30 s after it (ADR 0048). One statement.
 */
export async function answerVersion(db: Database, userId: string, businessId?: string | null, now: Date = new Date()): Promise<string> {
  const scopes = sql`select ${userId}::uuid union all select ${GLOBAL_SCOPE}::uuid
        union all select ${businesses.id} from ${businesses} where ${businesses.ownerId} = ${userId}
        union all select ${businessMembers.businessId} from ${businessMembers} where ${businessMembers.userId} = ${userId}
        union all select ${businessId ?? null}::uuid`;
  const [row] = await db
    .select({
      version: sql<string>`coalesce(string_agg(${dataVersions.businessId}::text || ':' || ${dataVersions.version}::text, ',' order by ${dataVersions.businessId}), '')`,
      zones: sql<string | null>`(select string_agg(distinct "timezone", ',') from "businesses" where "id" in (${scopes}))`,
    })
    .from(dataVersions)
    .where(sql`${dataVersions.businessId} in (${scopes})`);
  const dates = [...new Set((row?.zones ?? "").split(",").filter(Boolean).map((zone) => todayIn(zone, now)))].sort();
  return `${userId}|${row?.version ?? ""}|${dates.join(",")}`;
}
