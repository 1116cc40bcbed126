import { sql } from "drizzle-orm";
import { addDays } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { rowsOf } from "#api/db/query.ts";
import { runningQueue } from "#api/services/queue/queue.ts";

/** The queue job that pushes one business's outbox to its channel (api/services/channels/push.ts). */
export const PUSH_JOB = "channels.push";
/** The queue job that pushes one business's prices to Mews (api/services/pms/mews-prices.ts, ADR 0049). */
export const MEWS_PRICES_JOB = "pms.mews.prices";
/** Changes within this many seconds of a business go to Mews in one job (the five-minute sync catches any left behind). */
const MEWS_PRICES_SLOT_SECONDS = 10;
/** How far ahead nights are sent to channels (Channex recommends 500 days for a full sync). */
export const ARI_HORIZON_DAYS = 500;

export interface NightRange {
  /** null: every category of the business (occupancy moves every category's price). */
  categoryId: string | null;
  from: string;
  to: string;
}

/** Contiguous ranges of a set of nights (YYYY-MM-DD). */
export function rangesOf(nights: Iterable<string>, categoryId: string | null = null): NightRange[] {
  const sorted = [...new Set(nights)].sort();
  const out: NightRange[] = [];
  for (const night of sorted) {
    const last = out[out.length - 1];
    if (last && addDays(last.to, 1) === night) last.to = night;
    else out.push({ categoryId, from: night, to: night });
  }
  return out;
}

/**
 * Call inside the transaction of any change that moves a night's price or availability: records
 * those nights in the channel outbox (only for a business connected to a channel) and, when this
 * process runs the job queue, enqueues the push in the same transaction. Both exist exactly when
 * the change commits, so a crash between the commit and the push loses nothing: the outbox row
 * waits and the sweep (or the queued job) pushes it after the restart.
 */
export async function markNightsChanged(tx: Database, businessId: string, ranges: readonly NightRange[], reason: string): Promise<void> {
  if (ranges.length === 0) return;
  const values = sql.join(
    ranges.map((r) => sql`(${r.categoryId}::uuid, ${r.from}::date, ${r.to}::date)`),
    sql`, `,
  );
  const inserted = await rowsOf<{ id: number }>(
    tx,
    sql`insert into channel_outbox (business_id, category_id, night_from, night_to, reason)
        select ${businessId}::uuid, v.category_id, v.night_from, v.night_to, ${reason}
        from (values ${values}) as v(category_id, night_from, night_to)
        where exists (select 1 from channex_connections c where c.business_id = ${businessId}::uuid and c.active)
        returning id`,
  );
  if (inserted.length) await runningQueue()?.sendWithin(tx, PUSH_JOB, { businessId });
  // A business connected to Mews gets its prices pushed too: Mews takes whole nights' prices, so
  // the job compares every night with what Mews last took and needs no outbox of its own.
  const queue = runningQueue();
  if (queue && (await rowsOf(tx, sql`select 1 from mews_connections where business_id = ${businessId}::uuid`)).length) {
    await queue.sendWithin(tx, MEWS_PRICES_JOB, { businessId }, { singletonKey: businessId, singletonSeconds: MEWS_PRICES_SLOT_SECONDS });
  }
}

/** Every night of the horizon, every category (a category's room count changed, a full re-sync). */
export async function markAllNightsChanged(tx: Database, businessId: string, reason: string, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  // A day before today covers a business whose clock is behind UTC.
  await markNightsChanged(tx, businessId, [{ categoryId: null, from: addDays(today, -1), to: addDays(today, ARI_HORIZON_DAYS) }], reason);
}
