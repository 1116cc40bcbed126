import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { businessToday } from "#api/services/bookings/context.ts";
import { remoteEvents, type RemoteEvent } from "#domain/ledger/ical-events.ts";
import type { IcalImportInput } from "#domain/schemas/ledger.ts";
import { decodeMessage, encodeMessage } from "#domain/validation.ts";
import { getConfig } from "#config";
import type { Database } from "#api/db/client.ts";
import { businesses, icalImportEvents, icalImports, roomCategories, rooms, type IcalImportRow } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { translatorFor } from "#api/i18n.ts";
import { logger } from "#api/logger.ts";
import { createBlock, deleteBlock, updateBlock } from "#api/services/bookings/blocks.ts";
import { notify } from "#api/services/notifications/notify.ts";
import { fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { fetchCalendar, IcalFetchError } from "./ical-fetch.ts";
import { runningQueue, type JobQueue } from "#api/services/queue/queue.ts";
import type { IcalImportJson } from "#contract/ledger.ts";

/**
 * iCal imports (ADR 0017): another site's calendar, polled, whose events become room blocks —
 * blocks rather than reservations, because an iCal event carries no guest, price or party,
 * only busy dates. Each event is tracked by its UID (ical_import_events): a new UID blocks
 * its nights once, a moved one moves its block, a vanished or cancelled one frees the nights.
 * Garbage, an error page or an unreachable host never touches the blocks: the import records
 * the reason (last_error) and the next poll tries again. An event whose nights have no room
 * left is reported in last_error and retried on the next poll.
 */

/** How long a poll holds an import against a second poller. */
const LEASE_SECONDS = 120;

function importJson(i: IcalImportRow & { categoryName: string; roomNumber: string | null; eventCount: number }, t: TFunction, now: Date): IcalImportJson {
  const error = i.lastError ? decodeMessage(i.lastError) : null;
  return {
    uuid: i.id,
    name: i.name,
    url: i.url,
    room_category: { uuid: i.categoryId, name: i.categoryName },
    room: i.roomId ? { uuid: i.roomId, number: i.roomNumber ?? "" } : null,
    active: i.active,
    event_count: i.eventCount,
    last_polled_at: i.lastPolledAt?.toISOString() ?? null,
    last_success_at: i.lastSuccessAt?.toISOString() ?? null,
    last_error: error ? t(error.key, error.values) : null,
    last_error_code: error ? error.key.replace(/^ledger:ical\.error\./, "") : null,
    checking: i.pollRequestedAt !== null || (i.lockedUntil !== null && i.lockedUntil > now),
  };
}
export type { IcalImportJson };

export async function listImports(ctx: BookingContext) {
  const rows = await ctx.db
    .select({
      i: icalImports,
      categoryName: roomCategories.name,
      roomNumber: rooms.number,
      eventCount: sql<number>`(select count(*)::int from ical_import_events e where e.import_id = "ical_imports"."id")`,
    })
    .from(icalImports)
    .innerJoin(roomCategories, eq(roomCategories.id, icalImports.categoryId))
    .leftJoin(rooms, eq(rooms.id, icalImports.roomId))
    .where(eq(icalImports.businessId, ctx.business.id))
    .orderBy(asc(icalImports.createdAt), asc(icalImports.id));
  return rows.map((r) => importJson({ ...r.i, categoryName: r.categoryName, roomNumber: r.roomNumber, eventCount: Number(r.eventCount) }, ctx.t, ctx.now));
}

export async function getImport(ctx: BookingContext, id: string) {
  const found = (await listImports(ctx)).find((i) => i.uuid === id);
  if (!found) throw notFound("ledger:api.importNotFound");
  return found;
}

async function importRow(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(icalImports)
    .where(and(eq(icalImports.id, id), eq(icalImports.businessId, ctx.business.id)));
  if (!row) throw notFound("ledger:api.importNotFound");
  return row;
}

/** The room (its category follows) or the category the import blocks; both must be the business's and agree. */
async function target(ctx: BookingContext, input: IcalImportInput) {
  if (input.room_uuid) {
    const [room] = await ctx.db.select().from(rooms).where(and(eq(rooms.id, input.room_uuid), eq(rooms.businessId, ctx.business.id)));
    if (!room) throw fieldError(ctx, "room_uuid", "bookings:validation.unknownRoom");
    if (input.room_category_uuid && input.room_category_uuid !== room.categoryId) throw fieldError(ctx, "room_uuid", "bookings:validation.roomNotInCategory");
    return { categoryId: room.categoryId, roomId: room.id };
  }
  const [category] = await ctx.db
    .select({ id: roomCategories.id })
    .from(roomCategories)
    .where(and(eq(roomCategories.id, input.room_category_uuid!), eq(roomCategories.businessId, ctx.business.id)));
  if (!category) throw fieldError(ctx, "room_category_uuid", "bookings:validation.unknownCategory");
  return { categoryId: category.id, roomId: null };
}

export async function createImport(ctx: BookingContext, input: IcalImportInput): Promise<string> {
  const what = await target(ctx, input);
  const [row] = await ctx.db
    .insert(icalImports)
    .values({ businessId: ctx.business.id, ...what, name: input.name, url: input.url, active: input.active, createdAt: ctx.now })
    .returning({ id: icalImports.id });
  return row.id;
}

/**
 * Changing the room or category moves nothing by itself: the blocks made so far are freed and
 * the next poll blocks the events again where the import now points.
 */
export async function updateImport(ctx: BookingContext, id: string, input: IcalImportInput): Promise<void> {
  const before = await importRow(ctx, id);
  const what = await target(ctx, input);
  if (before.categoryId !== what.categoryId || before.roomId !== what.roomId) await freeBlocks(ctx, id);
  await ctx.db
    .update(icalImports)
    .set({ ...what, name: input.name, url: input.url, active: input.active })
    .where(eq(icalImports.id, id));
}

/** Deleting an import frees the nights it blocked. */
export async function deleteImport(ctx: BookingContext, id: string): Promise<void> {
  await importRow(ctx, id);
  await freeBlocks(ctx, id);
  await ctx.db.delete(icalImports).where(eq(icalImports.id, id));
}

async function freeBlocks(ctx: BookingContext, importId: string) {
  const events = await ctx.db.select({ blockId: icalImportEvents.blockId }).from(icalImportEvents).where(eq(icalImportEvents.importId, importId));
  for (const e of events) await deleteBlock(ctx, e.blockId).catch(ignoreMissing);
}

const ignoreMissing = (error: unknown) => {
  if (!(error instanceof HttpError && error.status === 404)) throw error;
};

export interface PollResult {
  uuid: string;
  created: number;
  updated: number;
  removed: number;
  /** The recorded sync error (a translation key), or null after a clean poll. */
  error: string | null;
}

/** Takes the import for one poll, or null when another poller holds it. */
async function claim(db: Database, id: string, now: Date): Promise<IcalImportRow | null> {
  const until = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const [row] = await db
    .update(icalImports)
    .set({ lockedUntil: until })
    .where(and(eq(icalImports.id, id), or(isNull(icalImports.lockedUntil), lt(icalImports.lockedUntil, now))))
    .returning();
  return row ?? null;
}

function blockInput(imp: IcalImportRow, event: RemoteEvent) {
  const note = event.summary ? `iCal · ${imp.name}: ${event.summary}` : `iCal · ${imp.name}`;
  return {
    room_category_uuid: imp.roomId ? null : imp.categoryId,
    room_uuid: imp.roomId,
    count: 1,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    reason: "other" as const,
    notes: note.slice(0, 500),
  };
}

/** Applies one fetched calendar to the import's blocks; answers the counts and the events it could not block. */
async function apply(ctx: BookingContext, imp: IcalImportRow, events: RemoteEvent[]) {
  const today = businessToday(ctx);
  const known = new Map((await ctx.db.select().from(icalImportEvents).where(eq(icalImportEvents.importId, imp.id))).map((e) => [e.uid, e]));
  const counts = { created: 0, updated: 0, removed: 0, failed: 0 };
  const wanted = new Set<string>();
  for (const event of events) {
    // Stays already over are history: nothing to block (and a block in the past blocks nothing).
    if (event.endsAt < today) {
      if (known.has(event.uid)) wanted.add(event.uid);
      continue;
    }
    wanted.add(event.uid);
    const have = known.get(event.uid);
    try {
      if (!have) {
        const blockId = await createBlock(ctx, blockInput(imp, event));
        await ctx.db
          .insert(icalImportEvents)
          .values({ importId: imp.id, uid: event.uid, blockId, startsAt: event.startsAt, endsAt: event.endsAt, summary: event.summary })
          .catch(async (error) => {
            await deleteBlock(ctx, blockId).catch(ignoreMissing);
            throw error;
          });
        counts.created++;
      } else if (have.startsAt !== event.startsAt || have.endsAt !== event.endsAt) {
        await updateBlock(ctx, have.blockId, blockInput(imp, event));
        await ctx.db
          .update(icalImportEvents)
          .set({ startsAt: event.startsAt, endsAt: event.endsAt, summary: event.summary })
          .where(and(eq(icalImportEvents.importId, imp.id), eq(icalImportEvents.uid, event.uid)));
        counts.updated++;
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      counts.failed++;
    }
  }
  for (const [uid, have] of known) {
    // Gone from the calendar (cancelled): free its nights, unless the stay is already over.
    if (wanted.has(uid) || have.endsAt < today) continue;
    await deleteBlock(ctx, have.blockId).catch(ignoreMissing);
    counts.removed++;
  }
  return counts;
}

export interface PollOptions {
  allowPrivateHosts?: boolean;
  /** The calendar's own time-out (default CALENDAR_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Polls one import now (held against concurrent pollers); null when another poll holds it. */
export async function pollImport(ctx: BookingContext, id: string, options: PollOptions = {}): Promise<PollResult | null> {
  await importRow(ctx, id);
  const imp = await claim(ctx.db, id, ctx.now);
  if (!imp) return null;
  const result: PollResult = { uuid: id, created: 0, updated: 0, removed: 0, error: null };
  let succeeded = false;
  try {
    const text = await fetchCalendar(imp.url, { allowPrivateHosts: options.allowPrivateHosts ?? getConfig().icalPrivateHosts, timeoutMs: options.timeoutMs });
    const events = remoteEvents(text, ctx.business.timezone);
    if (!events) throw new IcalFetchError("ledger:ical.error.notCalendar");
    const counts = await apply(ctx, imp, events);
    Object.assign(result, { created: counts.created, updated: counts.updated, removed: counts.removed });
    if (counts.failed) result.error = encodeMessage("ledger:ical.error.events", { count: counts.failed });
    succeeded = true;
  } catch (error) {
    if (error instanceof IcalFetchError) result.error = encodeMessage(error.key, error.values);
    else {
      logger.error({ msg: "ical import failed", importId: id, err: error });
      result.error = "ledger:ical.error.internal";
    }
  }
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await tx
      .update(icalImports)
      // Any poll's end answers a "check now" that waited for it.
      .set({ lastPolledAt: ctx.now, lastError: result.error, lockedUntil: null, pollRequestedAt: null, ...(succeeded ? { lastSuccessAt: ctx.now } : {}) })
      .where(eq(icalImports.id, id));
    // The scheduled poll tells the team once per outage (the import had been read fine); whoever
    // pressed "check now" reads the error on the page.
    if (result.error && !imp.lastError && ctx.userId === null) {
      await notify(tx, { businessId: ctx.business.id, kind: "sync.error", params: { source: "ical", calendar: imp.name, error_key: result.error }, link: "/pms-settings/ical" });
    }
  });
  return result;
}

/** The businesses with at least one active iCal import: what a scheduler polls. */
export async function businessesWithIcalImports(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ id: icalImports.businessId }).from(icalImports).where(eq(icalImports.active, true));
  return rows.map((r) => r.id);
}

/**
 * Polls every active iCal import of a business: the daily command `ical.poll` (every 15 minutes,
 * ADR 0020) and what "poll now" runs. Never throws for a bad calendar: each import records its own error.
 */
export async function pollIcalImports(db: Database, businessId: string, options: PollOptions & { now?: Date } = {}): Promise<PollResult[]> {
  const ctx = await pollContext(db, businessId, null, options.now);
  if (!ctx) return [];
  const imports = await db
    .select({ id: icalImports.id })
    .from(icalImports)
    .where(and(eq(icalImports.businessId, businessId), eq(icalImports.active, true)))
    .orderBy(asc(icalImports.createdAt));
  const results: PollResult[] = [];
  for (const { id } of imports) {
    const result = await pollImport(ctx, id, options);
    if (result) results.push(result);
  }
  return results;
}

/** A poll's context: the business, acting as iCal on behalf of `userId` (null: the schedule). */
async function pollContext(db: Database, businessId: string, userId: string | null, now = new Date()): Promise<BookingContext | null> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  return business ? { db, business, userId, now, t: translatorFor("pt-BR"), actor: { kind: "channel", label: "iCal" } } : null;
}

/** "Check now" of one import, run on the queue. */
export const ICAL_POLL_JOB = "ical.poll-import";
export interface IcalPollJob {
  businessId: string;
  importId: string;
  /** Who asked: they read the result on the page, so no notice is sent for it. */
  userId: string | null;
}
/** A request whose job never ran (lost with its process) stops holding the import back after this. */
const REQUEST_STALE_MS = 10 * 60_000;

/**
 * "Check now" (POST …/ical-imports/poll, …/{id}/poll) answers at once: each import (the one
 * named, or every active one) is marked as asked for and gets one job on the queue, in the same
 * transaction. An import whose check already waits or runs is left alone, so asking again while
 * it runs starts nothing. Answers the ids queued.
 */
export async function requestPolls(ctx: BookingContext, only?: string): Promise<string[]> {
  if (only) await importRow(ctx, only);
  const stale = new Date(ctx.now.getTime() - REQUEST_STALE_MS);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const asked = await tx
      .update(icalImports)
      .set({ pollRequestedAt: ctx.now })
      .where(
        and(
          eq(icalImports.businessId, ctx.business.id),
          only ? eq(icalImports.id, only) : eq(icalImports.active, true),
          or(isNull(icalImports.pollRequestedAt), lt(icalImports.pollRequestedAt, stale)),
          or(isNull(icalImports.lockedUntil), lt(icalImports.lockedUntil, ctx.now)),
        ),
      )
      .returning({ id: icalImports.id });
    const queue = runningQueue();
    for (const { id } of asked) await queue?.sendWithin(tx, ICAL_POLL_JOB, { businessId: ctx.business.id, importId: id, userId: ctx.userId } satisfies IcalPollJob);
    return asked.map((a) => a.id);
  });
}

/**
 * The job of a "check now": polls the import. Null when there is nothing to do: the import is
 * gone, its request was already answered (a second job, or the sweep's), or another poll holds it
 * and will answer the request when it ends.
 */
export async function runPollJob(db: Database, job: IcalPollJob, options: PollOptions & { now?: Date } = {}): Promise<PollResult | null> {
  const [asked] = await db.select({ at: icalImports.pollRequestedAt }).from(icalImports).where(and(eq(icalImports.id, job.importId), eq(icalImports.businessId, job.businessId)));
  if (!asked?.at) return null;
  const ctx = await pollContext(db, job.businessId, job.userId, options.now);
  if (!ctx) return null;
  return pollImport(ctx, job.importId, options).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
}

/** How long a request waits for the job its own process queued before the sweep queues one. */
const SWEEP_AFTER_MS = 30_000;

/**
 * Every minute: requests left without a job — asked in a process that runs no queue (JOBS=false),
 * or whose job was lost — get one. Answers how many were queued.
 */
export async function sweepPollRequests(db: Database, queue: JobQueue, now = new Date()): Promise<number> {
  const waiting = await db
    .select({ id: icalImports.id, businessId: icalImports.businessId })
    .from(icalImports)
    .where(and(lt(icalImports.pollRequestedAt, new Date(now.getTime() - SWEEP_AFTER_MS)), or(isNull(icalImports.lockedUntil), lt(icalImports.lockedUntil, now))));
  for (const w of waiting) await queue.send(ICAL_POLL_JOB, { businessId: w.businessId, importId: w.id, userId: null } satisfies IcalPollJob, { singletonKey: w.id, singletonSeconds: 60 });
  return waiting.length;
}
