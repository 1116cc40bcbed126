import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { addDays } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, channelAriState, channexConnections, roomCategories } from "#api/db/schema/index.ts";
import { logger } from "#api/logger.ts";
import { rowsOf } from "#api/db/query.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { currentRates } from "#api/services/pricing/rates.ts";
import { applyRatePlan, withMarkup } from "#domain/pricing/rate-plans.ts";
import { listRatePlans, ratePlanRule } from "#api/services/distribution/rate-plans.ts";
import { planRestrictions, planTargets, type PlanRestrictions } from "./plan-targets.ts";
import { rateString, type AvailabilityValue, type ChannexClient, type RestrictionValue } from "./channex-client.ts";
import { clientFor, mappingFor, type ChannexConnectionRow } from "./connections.ts";
import { runningQueue } from "#api/services/queue/queue.ts";
import { ARI_HORIZON_DAYS, PUSH_JOB } from "#api/services/outbox/nights-changed.ts";
import { recordSyncError } from "./sync-error.ts";

/**
 * Channex accepts 10 availability and 10 restriction calls per minute per property: pushes for one
 * business are at least this far apart. A lone change goes at once; a burst is folded into the
 * next push.
 */
export const MIN_PUSH_INTERVAL_MS = 6_000;

/** Another process holds this business's push lease: the job is retried shortly. */
export class PushBusy extends Error {
  constructor(businessId: string) {
    super(`push for ${businessId} is running elsewhere`);
  }
}

const LEASE = sql`interval '2 minutes'`;
const BATCH = 500;

interface NightValues {
  categoryId: string;
  /** '' for the category's own row; else the Channex rate plan of a mapped (category, plan) pair. */
  ratePlanKey: string;
  night: string;
  availability: number | null;
  rate: number | null;
  /** A pair's restrictions (Channex fields) and their signature for the comparison. */
  restrictions: Required<PlanRestrictions> | null;
  signature: string | null;
}

/**
 * Pushes one business's outbox: coalesces the waiting rows into the set of (category, night)
 * they name, computes each night's current availability and rate, and sends Channex only what
 * differs from what it last accepted (channel_ari_state). One process at a time per business
 * (a lease row in the database, so two workers on PostgreSQL never push the same change
 * twice); the rows are deleted only after Channex accepted the push, so a failure or a crash
 * leaves them for the retry.
 */
export async function pushBusiness(
  db: Database,
  businessId: string,
  options: { now?: () => Date; client?: ChannexClient; minIntervalMs?: number } = {},
): Promise<{ nights: number }> {
  const now = options.now ?? (() => new Date());
  const minInterval = options.minIntervalMs ?? MIN_PUSH_INTERVAL_MS;
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
  if (!leased) {
    const [connection] = await db.select({ active: channexConnections.active }).from(channexConnections).where(eq(channexConnections.businessId, businessId));
    if (connection?.active) throw new PushBusy(businessId);
    // Not connected (any more): nothing will ever push these rows.
    await db.execute(sql`delete from channel_outbox where business_id = ${businessId}`);
    return { nights: 0 };
  }
  let pushed = 0;
  try {
    const [waiting] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from channel_outbox where business_id = ${businessId}`);
    const last = Math.max(leased.lastSyncAt?.getTime() ?? 0, leased.lastErrorAt?.getTime() ?? 0);
    const wait = last + minInterval - now().getTime();
    if (Number(waiting?.n ?? 0) > 0 && wait > 0) {
      // Too soon after the last call: come back when the interval is over (whatever else
      // changes meanwhile is pushed then, in the same call).
      await runningQueue()?.send(PUSH_JOB, { businessId }, { startAfterSeconds: Math.ceil(wait / 1000), singletonKey: `${businessId}:later`, singletonSeconds: Math.ceil(minInterval / 1000) });
      return { nights: 0 };
    }
    for (;;) {
      const rows = await rowsOf<{ id: number; category_id: string | null; night_from: string; night_to: string }>(
        db,
        sql`select id, category_id, to_char(night_from, 'YYYY-MM-DD') as night_from, to_char(night_to, 'YYYY-MM-DD') as night_to
            from channel_outbox where business_id = ${businessId} order by id limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      const lastId = Math.max(...rows.map((r) => Number(r.id)));
      pushed += await pushNights(db, leased, rows, now(), options.client ?? clientFor(leased));
      await db.execute(sql`delete from channel_outbox where business_id = ${businessId} and id <= ${lastId}`);
      // Keep the lease while there is more to do.
      await db.update(channexConnections).set({ pushLeaseUntil: sql`now() + ${LEASE}` }).where(eq(channexConnections.businessId, businessId));
    }
  } finally {
    await db.update(channexConnections).set({ pushLeaseUntil: null }).where(eq(channexConnections.businessId, businessId));
  }
  return { nights: pushed };
}

async function pushNights(
  db: Database,
  connection: ChannexConnectionRow,
  rows: { category_id: string | null; night_from: string; night_to: string }[],
  now: Date,
  client: ChannexClient,
): Promise<number> {
  const businessId = connection.businessId;
  const [business] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  const today = businessToday(now, business?.timezone ?? FALLBACK_TIME_ZONE);
  const last = addDays(today, ARI_HORIZON_DAYS - 1);
  const mapping = mappingFor(connection);
  const categories = (await db.select({ id: roomCategories.id, rooms: roomCategories.roomCount }).from(roomCategories).where(eq(roomCategories.businessId, businessId))).filter(
    (c) => mapping[c.id],
  );
  if (categories.length === 0) return 0;

  // The (category, night) pairs the rows name, past nights dropped (Channex refuses them).
  const wanted = new Map<string, Set<string>>(categories.map((c) => [c.id, new Set<string>()]));
  let from = last;
  let to = today;
  for (const row of rows) {
    const start = row.night_from < today ? today : row.night_from;
    const end = row.night_to > last ? last : row.night_to;
    if (start > end) continue;
    for (const c of categories) {
      if (row.category_id && row.category_id !== c.id) continue;
      for (let night = start; night <= end; night = addDays(night, 1)) wanted.get(c.id)!.add(night);
    }
    if (start < from) from = start;
    if (end > to) to = end;
  }
  if (from > to) return 0;

  const [inventory, rates, sent, targets] = await Promise.all([
    rowsOf<{ category_id: string; night: string; taken: number }>(
      db,
      sql`select category_id, to_char(night, 'YYYY-MM-DD') as night, (sold + blocked)::int as taken
          from inventory_nights where business_id = ${businessId} and night between ${from}::date and ${to}::date`,
    ),
    currentRates(db, businessId, from, to, today),
    db
      .select()
      .from(channelAriState)
      .where(and(eq(channelAriState.businessId, businessId), gte(channelAriState.night, from), lte(channelAriState.night, to))),
    planTargets(db, businessId),
  ]);
  const taken = new Map(inventory.map((i) => [`${i.category_id}|${i.night}`, Number(i.taken)]));
  const engineRate = new Map(rates.map((r) => [`${r.categoryId}|${r.date}`, r]));
  const before = new Map(sent.map((s) => [stateKey(s), s]));
  const plans = new Map((await listRatePlans(db, businessId, { activeOnly: true })).map((p) => [p.id, p]));

  const availabilityChanges: NightValues[] = [];
  const rateChanges: NightValues[] = [];
  const touched: NightValues[] = [];
  const compare = (values: NightValues, withAvailability: boolean) => {
    const old = before.get(stateKey(values));
    const stale = !old || old.status === "failed";
    let changed = false;
    if (withAvailability && (stale || old.availability !== values.availability)) {
      availabilityChanges.push(values);
      changed = true;
    }
    if (values.rate !== null && (stale || old.rate !== values.rate || old.restrictions !== values.signature)) {
      rateChanges.push(values);
      changed = true;
    }
    if (changed) touched.push(values);
  };
  for (const c of categories) {
    for (const night of [...wanted.get(c.id)!].sort()) {
      const k = `${c.id}|${night}`;
      compare({ categoryId: c.id, ratePlanKey: "", night, availability: Math.max(0, c.rooms - (taken.get(k) ?? 0)), rate: engineRate.get(k)?.rate ?? null, restrictions: null, signature: null }, true);
    }
  }
  // Rates per rate plan: the engine's price + the plan's rule (+ the channel's markup) and the
  // plan's stay restrictions, for each mapped (category, plan) pair of a Channex sales channel.
  for (const target of targets) {
    const plan = plans.get(target.planId);
    const nights = wanted.get(target.categoryId);
    if (!plan || !nights) continue;
    const rule = ratePlanRule(plan);
    for (const night of [...nights].sort()) {
      const engine = engineRate.get(`${target.categoryId}|${night}`);
      if (!engine) continue;
      const restrictions = planRestrictions(plan, night);
      compare(
        {
          categoryId: target.categoryId,
          ratePlanKey: target.ratePlanKey,
          night,
          availability: null,
          rate: withMarkup(applyRatePlan(engine, rule).rate, target.markup),
          restrictions,
          signature: JSON.stringify(restrictions),
        },
        false,
      );
    }
  }
  if (touched.length === 0) return 0;

  const availabilityValues = ranges(availabilityChanges, (v) => String(v.availability)).map(
    (r): AvailabilityValue => ({ property_id: connection.propertyId, room_type_id: mapping[r.first.categoryId].room_type_id, date_from: r.from, date_to: r.to, availability: r.first.availability! }),
  );
  const restrictionValues = ranges(rateChanges, (v) => `${v.rate}|${v.signature}`).map(
    (r): RestrictionValue => ({
      property_id: connection.propertyId,
      rate_plan_id: r.first.ratePlanKey || mapping[r.first.categoryId].rate_plan_id,
      date_from: r.from,
      date_to: r.to,
      rate: rateString(r.first.rate!),
      ...r.first.restrictions,
    }),
  );
  try {
    await client.updateAvailability(availabilityValues);
    await client.updateRestrictions(restrictionValues);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ msg: "channex push failed", business_id: businessId, err: message });
    await recordState(db, businessId, touched, { ok: false, error: message }, before);
    // Told once per outage, not once per retry.
    await recordSyncError(db, businessId, message, now);
    throw error;
  }
  await recordState(db, businessId, touched, { ok: true }, before);
  await db.update(channexConnections).set({ lastSyncAt: now, lastError: null, lastErrorAt: null }).where(eq(channexConnections.businessId, businessId));
  return touched.length;
}

const stateKey = (v: { categoryId: string; ratePlanKey: string; night: string }) => `${v.categoryId}|${v.ratePlanKey}|${v.night}`;

/** Consecutive nights of one category and Channex rate plan with the same value, as Channex's date ranges. */
function ranges(values: NightValues[], valueOf: (v: NightValues) => string) {
  const out: { first: NightValues; from: string; to: string; value: string }[] = [];
  for (const v of values) {
    const value = valueOf(v);
    const last = out[out.length - 1];
    if (last && last.first.categoryId === v.categoryId && last.first.ratePlanKey === v.ratePlanKey && last.value === value && addDays(last.to, 1) === v.night) last.to = v.night;
    else out.push({ first: v, from: v.night, to: v.night, value });
  }
  return out;
}
async function recordState(
  db: Database,
  businessId: string,
  nights: NightValues[],
  outcome: { ok: true } | { ok: false; error: string },
  before: Map<string, typeof channelAriState.$inferSelect>,
) {
  const rows = nights.map((n) => {
    const old = before.get(stateKey(n));
    const key = { categoryId: n.categoryId, ratePlanKey: n.ratePlanKey, night: n.night, businessId };
    return outcome.ok
      ? { ...key, availability: n.availability, rate: n.rate ?? old?.rate ?? null, restrictions: n.signature, status: "sent" as const, error: null, attempts: 0, updatedAt: new Date() }
      : { ...key, availability: old?.availability ?? null, rate: old?.rate ?? null, restrictions: old?.restrictions ?? null, status: "failed" as const, error: outcome.error.slice(0, 500), attempts: (old?.attempts ?? 0) + 1, updatedAt: new Date() };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(channelAriState)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [channelAriState.categoryId, channelAriState.ratePlanKey, channelAriState.night],
        set: {
          availability: sql`excluded.availability`,
          rate: sql`excluded.rate`,
          restrictions: sql`excluded.restrictions`,
          status: sql`excluded.status`,
          error: sql`excluded.error`,
          attempts: sql`excluded.attempts`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}
