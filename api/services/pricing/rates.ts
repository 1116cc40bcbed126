import { FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, compilePricing, type DailyRate } from "#domain/pricing/index.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, occupationLogs, publishedRates, rateSnapshots } from "#api/db/schema/index.ts";
import { markNightsChanged, rangesOf } from "#api/services/outbox/nights-changed.ts";
import { GAP_REACH } from "#api/services/stay-rules/effective.ts";
import { gapDiscounts } from "#api/services/stay-rules/gap-discounts.ts";
import { businessToday, canPrice, sharedOccupancyPercentages } from "./calendar.ts";
import { sharedPricingConfig } from "./config.ts";
import type { DayToUpdate } from "#contract/pricing.ts";

/** Settings changes are compared over the next year of nights. */
export const HORIZON_DAYS = 365;
const CHUNK = 1000;

export type ChangeReason = "settings" | "manual_price" | "booking" | "daily" | "brain";

async function businessClock(db: Database, businessId: string, now: Date) {
  const [row] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  const today = businessToday(now, row?.timezone ?? FALLBACK_TIME_ZONE);
  return { today, horizonEnd: addDays(today, HORIZON_DAYS - 1) };
}

/** The final rate of every night × category in `from..to` (manual prices and orphan-gap discounts included; for `guests` guests when given), or [] when nothing can be priced yet. */
export async function currentRates(db: Database, businessId: string, from: string, to: string, today: string, guests?: number): Promise<DailyRate[]> {
  return (await ratesAndCategories(db, businessId, from, to, today, guests)).rates;
}

/** currentRates with the name of each room category, from the configuration the rates were computed from (no second read of it). */
async function ratesAndCategories(db: Database, businessId: string, from: string, to: string, today: string, guests?: number) {
  const config = await sharedPricingConfig(db, businessId, { from, to });
  const names = new Map(config.room_categories.map((c) => [c.uuid, c.name]));
  if (!canPrice(config) || config.room_categories.length === 0) return { rates: [] as DailyRate[], names };
  const [occupancy, gaps] = await Promise.all([sharedOccupancyPercentages(db, businessId, from, to), gapDiscounts(db, businessId, { from, to, today })]);
  return { rates: compilePricing(config).calendar({ from, to, today, occupancyByDate: occupancy, gapDiscounts: gaps, ...(guests ? { guests } : {}) }), names };
}

/**
 * Recomputes the nights (the next year by default, or `dates`) and appends to the occupation
 * log every occupancy and rate that differs from the last computation, then remembers the new
 * values. A night seen for the first time is remembered without a log line (its baseline).
 * Pass a transaction as `db` to make it part of a settings write.
 */
export async function refreshRates(
  db: Database,
  businessId: string,
  options: { now: Date; reason: ChangeReason; userId?: string | null; dates?: readonly string[] },
): Promise<{ logged: number }> {
  const { today, horizonEnd } = await businessClock(db, businessId, options.now);
  let from = today;
  let to = horizonEnd;
  let only: Set<string> | null = null;
  if (options.dates) {
    if (options.dates.length === 0) return { logged: 0 };
    const sorted = [...options.dates].sort();
    from = sorted[0];
    to = sorted[sorted.length - 1];
    only = new Set(sorted);
  }
  const computed = await ratesAndCategories(db, businessId, from, to, today);
  const rates = computed.rates.filter((r) => !only || only.has(r.date));
  if (rates.length === 0) return { logged: 0 };

  const previous = await db
    .select({ categoryId: rateSnapshots.roomCategoryId, date: rateSnapshots.date, rate: rateSnapshots.rate, occupancy: rateSnapshots.occupancy })
    .from(rateSnapshots)
    .where(and(eq(rateSnapshots.businessId, businessId), gte(rateSnapshots.date, from), lte(rateSnapshots.date, to)));
  const before = new Map(previous.map((p) => [`${p.categoryId}|${p.date}`, p]));
  const occupancyBefore = new Map(previous.map((p) => [p.date, p.occupancy]));

  const names = computed.names;
  const logs: (typeof occupationLogs.$inferInsert)[] = [];
  const upserts: (typeof rateSnapshots.$inferInsert)[] = [];
  const occupancyLogged = new Set<string>();
  for (const r of rates) {
    const old = before.get(`${r.categoryId}|${r.date}`);
    const oldOccupancy = occupancyBefore.get(r.date);
    if (oldOccupancy !== undefined && oldOccupancy !== r.occupancy && !occupancyLogged.has(r.date)) {
      occupancyLogged.add(r.date);
      logs.push({ businessId, date: r.date, kind: "occupancy", fromValue: oldOccupancy, toValue: r.occupancy, reason: options.reason, userId: options.userId ?? null });
    }
    if (old && old.rate !== r.rate) {
      logs.push({
        businessId,
        date: r.date,
        kind: "rate",
        roomCategoryId: r.categoryId,
        roomCategoryName: names.get(r.categoryId) ?? null,
        fromValue: old.rate,
        toValue: r.rate,
        reason: options.reason,
        userId: options.userId ?? null,
      });
    }
    if (!old || old.rate !== r.rate || old.occupancy !== r.occupancy) {
      upserts.push({ businessId, roomCategoryId: r.categoryId, date: r.date, rate: r.rate, occupancy: r.occupancy, computedAt: options.now });
    }
  }
  for (let i = 0; i < upserts.length; i += CHUNK) {
    await db
      .insert(rateSnapshots)
      .values(upserts.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [rateSnapshots.roomCategoryId, rateSnapshots.date],
        set: { rate: sql`excluded.rate`, occupancy: sql`excluded.occupancy`, computedAt: sql`excluded.computed_at` },
      });
  }
  for (let i = 0; i < logs.length; i += CHUNK) {
    await db.insert(occupationLogs).values(logs.slice(i, i + CHUNK).map((l) => ({ ...l, createdAt: options.now })));
  }
  const repriced = rates.filter((r) => before.get(`${r.categoryId}|${r.date}`)?.rate !== r.rate).map((r) => r.date);
  await markNightsChanged(db, businessId, rangesOf(repriced), options.reason);
  return { logged: logs.length };
}

/**
 * For the bookings area: call after a booking is created, changed or cancelled, with the nights
 * it touches. Logs the occupancy and rate changes of those nights, and of the nights around them:
 * the change may open or close an orphan gap there, whose discount moves their price (stay rules).
 */
export async function recordOccupancyChange(db: Database, businessId: string, dates: readonly string[], now = new Date(), userId?: string | null) {
  const around = new Set<string>();
  for (const date of dates) for (let d = -GAP_REACH; d <= GAP_REACH; d++) around.add(addDays(date, d));
  return refreshRates(db, businessId, { now, reason: "booking", userId, dates: [...around] });
}

/** Nights from today (a year ahead by default) whose rate differs from what the owner last published, or was never published. */
export async function daysToUpdate(
  db: Database,
  businessId: string,
  now: Date,
  range?: { from?: string; to?: string },
): Promise<{ from: string; to: string; today: string; days: DayToUpdate[] }> {
  const { today, horizonEnd } = await businessClock(db, businessId, now);
  const from = range?.from && range.from > today ? range.from : today;
  const to = range?.to && range.to < horizonEnd ? range.to : horizonEnd;
  if (from > to) return { from, to, today, days: [] };
  const [{ rates, names }, published] = await Promise.all([
    ratesAndCategories(db, businessId, from, to, today),
    db
      .select({ categoryId: publishedRates.roomCategoryId, date: publishedRates.date, rate: publishedRates.rate })
      .from(publishedRates)
      .where(and(eq(publishedRates.businessId, businessId), gte(publishedRates.date, from), lte(publishedRates.date, to)))
      .orderBy(asc(publishedRates.date)),
  ]);
  const last = new Map(published.map((p) => [`${p.categoryId}|${p.date}`, p.rate]));
  const days = new Map<string, DayToUpdate>();
  for (const r of rates) {
    const was = last.get(`${r.categoryId}|${r.date}`);
    if (was === r.rate) continue;
    let day = days.get(r.date);
    if (!day) {
      day = { date: r.date, season: { uuid: r.seasonId, title: r.seasonTitle, color: r.seasonColor }, categories: [] };
      days.set(r.date, day);
    }
    day.categories.push({ room_category_uuid: r.categoryId, name: names.get(r.categoryId) ?? "", published_rate: was ?? null, recommended_rate: r.rate });
  }
  return { from, to, today, days: [...days.values()] };
}

/** Marks nights as published at their current rate (`dates`, or every night of the horizon). */
export async function publishRates(
  db: Database,
  businessId: string,
  options: { now: Date; userId?: string | null; dates?: readonly string[] },
): Promise<{ published: number }> {
  const { today, horizonEnd } = await businessClock(db, businessId, options.now);
  let from = today;
  let to = horizonEnd;
  let only: Set<string> | null = null;
  if (options.dates) {
    const sorted = [...options.dates].sort();
    from = sorted[0];
    to = sorted[sorted.length - 1];
    only = new Set(sorted);
  }
  const rates = (await currentRates(db, businessId, from, to, today)).filter((r) => !only || only.has(r.date));
  const rows = rates.map((r) => ({
    businessId,
    roomCategoryId: r.categoryId,
    date: r.date,
    rate: r.rate,
    publishedBy: options.userId ?? null,
    publishedAt: options.now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(publishedRates)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [publishedRates.roomCategoryId, publishedRates.date],
        set: { rate: sql`excluded.rate`, publishedBy: sql`excluded.published_by`, publishedAt: sql`excluded.published_at` },
      });
  }
  return { published: new Set(rows.map((r) => r.date)).size };
}

/**
 * For a new business (the demo seed): remembers the next year's rates as the baseline of the
 * occupation log and publishes them, computing them once. Assumes nothing was stored before.
 */
export async function baselineAndPublish(db: Database, businessId: string, now: Date): Promise<void> {
  const { today, horizonEnd } = await businessClock(db, businessId, now);
  const rates = await currentRates(db, businessId, today, horizonEnd, today);
  const snapshots = rates.map((r) => ({ businessId, roomCategoryId: r.categoryId, date: r.date, rate: r.rate, occupancy: r.occupancy, computedAt: now }));
  const published = rates.map((r) => ({ businessId, roomCategoryId: r.categoryId, date: r.date, rate: r.rate, publishedAt: now }));
  for (let i = 0; i < snapshots.length; i += CHUNK) {
    await db.insert(rateSnapshots).values(snapshots.slice(i, i + CHUNK)).onConflictDoNothing();
    await db.insert(publishedRates).values(published.slice(i, i + CHUNK)).onConflictDoNothing();
  }
}
