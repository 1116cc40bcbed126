import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, daysBetween } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, channelAriState, roomCategories } from "#api/db/schema/index.ts";
import { rowsOf } from "#api/db/query.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { connectionOf, mappingFor } from "./connections.ts";
import type { PushStatusJson } from "#contract/channels.ts";

export type NightPushStatus = "queued" | "sent" | "failed" | "not_sent";

const MAX_NIGHTS = 92;

/**
 * Each night's push to the channel, per mapped category: queued (a change waits in the outbox),
 * failed (with Channex's reason and the attempts so far: a failed call is retried with backoff, a
 * value Channex refused is not sent again until something changes it), sent, or not sent.
 */
export async function pushStatus(db: Database, businessId: string, now: Date, range: { from?: string; to?: string }): Promise<PushStatusJson> {
  const connection = await connectionOf(db, businessId);
  const [business] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  const today = businessToday(now, business?.timezone ?? FALLBACK_TIME_ZONE);
  const from = range.from && range.from > today ? range.from : today;
  let to = range.to ?? addDays(from, 29);
  if (daysBetween(from, to) + 1 > MAX_NIGHTS) to = addDays(from, MAX_NIGHTS - 1);
  if (!connection) return { connected: false as const, from, to, nights: [] };
  const mapping = mappingFor(connection);
  const categories = (await db.select({ id: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, businessId)).orderBy(asc(roomCategories.position))).filter(
    (c) => mapping[c.id],
  );
  const [states, pending] = await Promise.all([
    db
      .select()
      .from(channelAriState)
      .where(and(eq(channelAriState.businessId, businessId), gte(channelAriState.night, from), lte(channelAriState.night, to))),
    rowsOf<{ category_id: string | null; night_from: string; night_to: string }>(
      db,
      sql`select category_id, to_char(night_from, 'YYYY-MM-DD') as night_from, to_char(night_to, 'YYYY-MM-DD') as night_to
          from channel_outbox where business_id = ${businessId} and night_from <= ${to}::date and night_to >= ${from}::date`,
    ),
  ]);
  // One status per category and night: the category's own row (availability, rate), unless one
  // of its rate plans' rows failed.
  const state = new Map<string, (typeof states)[number]>();
  for (const s of states) {
    const k = `${s.categoryId}|${s.night}`;
    const seen = state.get(k);
    if (!seen || (s.status === "failed" && seen.status !== "failed") || (s.ratePlanKey === "" && seen.status === s.status)) state.set(k, s);
  }
  const nights = [];
  for (let night = from; night <= to; night = addDays(night, 1)) {
    nights.push({
      date: night,
      categories: categories.map((c) => {
        const s = state.get(`${c.id}|${night}`);
        const queued = pending.some((p) => (!p.category_id || p.category_id === c.id) && p.night_from <= night && p.night_to >= night);
        const status: NightPushStatus = queued && s?.status !== "failed" ? "queued" : (s?.status ?? "not_sent");
        return {
          room_category_uuid: c.id,
          name: c.name,
          status,
          availability: s?.availability ?? null,
          rate: s?.rate ?? null,
          error: s?.status === "failed" ? s.error : null,
          rejected: s?.status === "failed" && s.rejected,
          attempts: s?.attempts ?? 0,
          /** A failed night waits for the queue's next retry (a value Channex refused waits for a change instead). */
          retrying: s?.status === "failed" && !s.rejected && queued,
          updated_at: s?.updatedAt.toISOString() ?? null,
        };
      }),
    });
  }
  return { connected: true as const, from, to, last_sync_at: connection.lastSyncAt?.toISOString() ?? null, last_error: connection.lastError, nights };
}
