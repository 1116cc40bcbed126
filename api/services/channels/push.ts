import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { addDays } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, channelAriState, channexConnections, roomCategories } from "#api/db/schema/index.ts";
import { logger } from "#api/logger.ts";
import { rowsOf } from "#api/db/query.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { currentRates } from "#api/services/pricing/rates.ts";
import { listRatePlans } from "#api/services/distribution/rate-plans.ts";
import { planTargets } from "./plan-targets.ts";
import { ChannexError, type ChannexClient } from "./channex-client.ts";
import { clientFor, mappingFor, type ChannexConnectionRow } from "./connections.ts";
import { runningQueue } from "#api/services/queue/queue.ts";
import { ARI_HORIZON_DAYS, PUSH_JOB } from "#api/services/outbox/nights-changed.ts";
import { recordSyncError } from "./sync-error.ts";
import type { NightRules } from "#domain/stay-rules/types.ts";
import { effectiveRules, GAP_REACH } from "#api/services/stay-rules/effective.ts";
import {
  availabilityValues,
  categoryNight,
  changes,
  closedNight,
  occupanciesOf,
  pairNight,
  restrictionValues,
  stateKey,
  type NightContext,
  type NightValues,
  type RatesByGuests,
} from "./ari-values.ts";
import { outcomesOf, recordState, type NightOutcome } from "./ari-state.ts";

/**
 * Channex accepts 10 availability and 10 restriction calls per minute per property (API Rate
 * Limits). A push makes at most one call of each, and pushes of one business are this far apart:
 * 8 a minute, a fifth below the limit. A lone change goes at once; whatever arrives meanwhile
 * goes together in the next allowed slot.
 */
export const MIN_PUSH_INTERVAL_MS = 7_500;
/** After a 429 without Retry-After, or any failure: the documentation asks to pause the property for a minute. */
export const RATE_LIMIT_PAUSE_MS = 60_000;

/** Another process holds this business's push lease: the job is retried shortly. */
export class PushBusy extends Error {
  constructor(businessId: string) {
    super(`push for ${businessId} is running elsewhere`);
  }
}

const LEASE = sql`interval '2 minutes'`;
/** Outbox rows (each a range of nights) folded into one push. */
const BATCH = 5_000;

interface OutboxRow {
  id: number;
  category_id: string | null;
  night_from: string;
  night_to: string;
}

/**
 * Pushes one business's outbox: coalesces the waiting rows into the set of (category, night)
 * they name, computes each night's current values and sends Channex only what differs from
 * what it last accepted or refused (channel_ari_state), in one availability and one restrictions
 * call. One process at a time per business (a lease row in the database); never sooner than
 * `nextPushAt` (Channex's rate limit) — too soon, one push job is queued for that slot. The rows
 * are deleted once the push is done, so a failure or a crash leaves them for the retry.
 */
export async function pushBusiness(
  db: Database,
  businessId: string,
  options: { now?: () => Date; client?: ChannexClient; minIntervalMs?: number } = {},
): Promise<{ nights: number }> {
  const now = options.now ?? (() => new Date());
  const minInterval = options.minIntervalMs ?? MIN_PUSH_INTERVAL_MS;
  const leased = await takeLease(db, businessId);
  if (!leased) return { nights: 0 };
  try {
    const rows = await rowsOf<OutboxRow>(
      db,
      sql`select id, category_id, to_char(night_from, 'YYYY-MM-DD') as night_from, to_char(night_to, 'YYYY-MM-DD') as night_to
          from channel_outbox where business_id = ${businessId} order by id limit ${BATCH}`,
    );
    if (rows.length === 0) return { nights: 0 };
    if (leased.nextPushAt && leased.nextPushAt.getTime() > now().getTime()) {
      // Too soon after the last call: one job waits for the slot (whatever changes meanwhile goes then, together).
      await scheduleSlot(db, businessId, leased.nextPushAt, now());
      return { nights: 0 };
    }
    await db.update(channexConnections).set({ pushScheduledAt: null }).where(eq(channexConnections.businessId, businessId));
    let pushed: number;
    try {
      pushed = await pushNights(db, leased, rows, now, options.client ?? clientFor(leased));
    } catch (error) {
      const pause = error instanceof ChannexError && error.status === 429 ? Math.max(error.retryAfterMs ?? 0, RATE_LIMIT_PAUSE_MS) : minInterval;
      await db.update(channexConnections).set({ nextPushAt: new Date(now().getTime() + pause) }).where(eq(channexConnections.businessId, businessId));
      throw error;
    }
    const next = new Date(now().getTime() + minInterval);
    await db.execute(sql`delete from channel_outbox where business_id = ${businessId} and id <= ${Math.max(...rows.map((r) => Number(r.id)))}`);
    await db.update(channexConnections).set({ nextPushAt: next }).where(eq(channexConnections.businessId, businessId));
    // Changes that arrived during the push (or beyond this batch) leave in the next slot.
    const [more] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from channel_outbox where business_id = ${businessId}`);
    if (Number(more?.n ?? 0) > 0) await scheduleSlot(db, businessId, next, now());
    return { nights: pushed };
  } finally {
    await db.update(channexConnections).set({ pushLeaseUntil: null }).where(eq(channexConnections.businessId, businessId));
  }
}

/** The business's push lease, or null (not connected: its rows are dropped; busy: PushBusy). */
async function takeLease(db: Database, businessId: string): Promise<ChannexConnectionRow | null> {
  const [leased] = await db
    .update(channexConnections)
    .set({ pushLeaseUntil: sql`now() + ${LEASE}` })
    .where(
      and(
        eq(channexConnections.businessId, businessId),
        eq(channexConnections.active, true),
        sql`(${channexConnections.pushLeaseUntil} is null or ${channexConnections.pushLeaseUntil} < now())`,
      ),
    )
    .returning();
  if (leased) return leased;
  const [connection] = await db.select({ active: channexConnections.active }).from(channexConnections).where(eq(channexConnections.businessId, businessId));
  if (connection?.active) throw new PushBusy(businessId);
  // Not connected (any more): nothing will ever push these rows.
  await db.execute(sql`delete from channel_outbox where business_id = ${businessId}`);
  return null;
}

/**
 * Queues one push job for `at` unless one is already queued for a slot still ahead: a backlog of
 * saves makes one job per slot, not one per save, and a change saved right after a push leaves
 * at the slot, not with the next minute's sweep.
 */
async function scheduleSlot(db: Database, businessId: string, at: Date, now: Date): Promise<void> {
  const [claimed] = await db
    .update(channexConnections)
    .set({ pushScheduledAt: at })
    .where(
      and(
        eq(channexConnections.businessId, businessId),
        sql`(${channexConnections.pushScheduledAt} is null or ${channexConnections.pushScheduledAt} < ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ businessId: channexConnections.businessId });
  if (!claimed) return;
  await runningQueue()?.send(PUSH_JOB, { businessId }, { startAfterSeconds: Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)) });
}

/** One push: the nights the rows name, their values, what changed, one call of each kind, the outcome per night. */
async function pushNights(db: Database, connection: ChannexConnectionRow, rows: OutboxRow[], now: () => Date, client: ChannexClient): Promise<number> {
  const businessId = connection.businessId;
  const mapping = mappingFor(connection);
  const [business] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  const today = businessToday(now(), business?.timezone ?? FALLBACK_TIME_ZONE);
  const categories = (await db.select({ id: roomCategories.id, rooms: roomCategories.roomCount }).from(roomCategories).where(eq(roomCategories.businessId, businessId))).filter(
    (c) => mapping[c.id],
  );
  const wanted = wantedNights(rows, categories, today, addDays(today, ARI_HORIZON_DAYS - 1));
  if (!wanted) return 0;
  const values = await nightValues(db, connection, categories, wanted, today);
  const before = new Map(
    (
      await db
        .select()
        .from(channelAriState)
        .where(and(eq(channelAriState.businessId, businessId), gte(channelAriState.night, wanted.from), lte(channelAriState.night, wanted.to)))
    ).map((s) => [stateKey(s), s]),
  );
  const sending = { availability: [] as NightValues[], restriction: [] as NightValues[] };
  const touched: NightValues[] = [];
  for (const v of values) {
    const changed = changes(v, before.get(stateKey(v)));
    if (changed.availability) sending.availability.push(v);
    if (changed.restriction) sending.restriction.push(v);
    if (changed.availability || changed.restriction) touched.push(v);
  }
  if (touched.length === 0) return 0;

  let outcomes: Map<string, NightOutcome>;
  try {
    const availabilityWarnings = await client.updateAvailability(availabilityValues(connection.propertyId, mapping, sending.availability));
    const restrictionWarnings = await client.updateRestrictions(restrictionValues(connection.propertyId, mapping, sending.restriction));
    outcomes = outcomesOf(mapping, sending, { availability: availabilityWarnings, restriction: restrictionWarnings });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ msg: "channex push failed", business_id: businessId, err: message });
    await recordState(db, businessId, touched, new Map(touched.map((v) => [stateKey(v), { kind: "failed", error: message }])), before, now());
    // Told once per outage, not once per retry.
    await recordSyncError(db, businessId, message, now());
    throw error;
  }
  await recordState(db, businessId, touched, outcomes, before, now());
  // The call went through: the outage (if any) is over; refused values show on their nights.
  await db.update(channexConnections).set({ lastSyncAt: now(), lastError: null, lastErrorAt: null }).where(eq(channexConnections.businessId, businessId));
  return touched.length;
}

/** The (category, night) pairs the rows name within today..last (Channex refuses past dates), and their span; null when none. */
function wantedNights(rows: OutboxRow[], categories: { id: string }[], today: string, last: string) {
  const nights = new Map<string, Set<string>>(categories.map((c) => [c.id, new Set<string>()]));
  let from = last;
  let to = today;
  for (const row of rows) {
    // A change of the inventory may open or close an orphan gap a few nights away (stay rules):
    // those nights go too; the signatures keep what did not change from being sent.
    const start = addDays(row.night_from, -GAP_REACH) < today ? today : addDays(row.night_from, -GAP_REACH);
    const end = addDays(row.night_to, GAP_REACH) > last ? last : addDays(row.night_to, GAP_REACH);
    if (start > end) continue;
    for (const c of categories) {
      if (row.category_id && row.category_id !== c.id) continue;
      for (let night = start; night <= end; night = addDays(night, 1)) nights.get(c.id)!.add(night);
    }
    if (start < from) from = start;
    if (end > to) to = end;
  }
  return categories.length && from <= to ? { nights, from, to } : null;
}

/**
 * Every wanted night's values: each mapped category's own row, each mapped (category, plan) pair
 * (stop_sell when not sellable), and each Channex rate plan fed before and mapped no more (stop_sell).
 */
async function nightValues(
  db: Database,
  connection: ChannexConnectionRow,
  categories: { id: string; rooms: number }[],
  wanted: { nights: Map<string, Set<string>>; from: string; to: string },
  today: string,
): Promise<NightValues[]> {
  const businessId = connection.businessId;
  const [inventory, mappedTargets, plans, fedBefore] = await Promise.all([
    rowsOf<{ category_id: string; night: string; taken: number }>(
      db,
      sql`select category_id, to_char(night, 'YYYY-MM-DD') as night, (sold + blocked)::int as taken
          from inventory_nights where business_id = ${businessId} and night between ${wanted.from}::date and ${wanted.to}::date`,
    ),
    planTargets(db, businessId),
    listRatePlans(db, businessId, { activeOnly: true }),
    rowsOf<{ category_id: string; rate_plan_key: string }>(
      db,
      sql`select distinct category_id, rate_plan_key from channel_ari_state where business_id = ${businessId} and rate_plan_key <> ''`,
    ),
  ]);
  const mapping = mappingFor(connection);
  const planInfo = connection.ratePlanInfo ?? {};
  // A deactivated channel's mapping may name plans of a property the business is no longer
  // connected to: there is nothing to stop selling there, and Channex would refuse the id.
  const knownPlans = Object.keys(planInfo);
  const targets = mappedTargets.filter((t) => t.sellable || knownPlans.length === 0 || t.ratePlanKey in planInfo);
  const channexPlans = [...categories.map((c) => mapping[c.id].rate_plan_id), ...targets.map((t) => t.ratePlanKey)];
  const guestCounts = [0, ...new Set(channexPlans.flatMap((id) => occupanciesOf(planInfo, id)))];
  const rates: RatesByGuests = new Map();
  for (const guests of guestCounts) {
    const list = await currentRates(db, businessId, wanted.from, wanted.to, today, guests || undefined);
    rates.set(guests, new Map(list.map((r) => [`${r.categoryId}|${r.date}`, r])));
  }
  const stay = await effectiveRules(db, businessId, { from: wanted.from, to: wanted.to, today, categoryIds: categories.map((c) => c.id) });
  const stayNight = new Map<string, NightRules>();
  for (const r of stay.values()) for (const n of r.nights) stayNight.set(`${n.categoryId}|${n.night}`, n);
  const ctx: NightContext = { mapping, planInfo, minStayType: connection.minStayType, rates, today, stayRules: (categoryId, night) => stayNight.get(`${categoryId}|${night}`) };
  const taken = new Map(inventory.map((i) => [`${i.category_id}|${i.night}`, Number(i.taken)]));
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const mapped = new Set(targets.map((t) => `${t.categoryId}|${t.ratePlanKey}`));
  const nightsOf = (categoryId: string) => [...(wanted.nights.get(categoryId) ?? [])].sort();

  const out: NightValues[] = [];
  for (const c of categories) for (const night of nightsOf(c.id)) out.push(categoryNight(ctx, c, night, taken.get(`${c.id}|${night}`) ?? 0));
  for (const target of targets) for (const night of nightsOf(target.categoryId)) out.push(pairNight(ctx, target, planOf.get(target.planId), night));
  for (const old of fedBefore) {
    if (mapped.has(`${old.category_id}|${old.rate_plan_key}`)) continue;
    for (const night of nightsOf(old.category_id)) out.push(closedNight(old.category_id, old.rate_plan_key, night));
  }
  return out;
}
