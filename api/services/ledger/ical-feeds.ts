import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import ical from "ical-generator";
import type { TFunction } from "i18next";
import { addDays, blockNights, todayIn } from "#domain/bookings/stay.ts";
import { nightRanges } from "#domain/ledger/ical-ranges.ts";
import type { IcalFeedInput } from "#domain/schemas/ledger.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, icalFeeds, roomCategories, rooms, type IcalFeedRow } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { rowsOf } from "#api/db/query.ts";
import type { IcalFeedJson } from "#contract/ledger.ts";

/**
 * iCal export feeds (ADR 0017): a secret address per room or category that Airbnb, Booking.com
 * and calendar apps subscribe to. A room's feed shows the nights a stay holds that room or a
 * block names it; a category's feed shows the nights none of its rooms is left (sold + blocked
 * ≥ rooms). Only busy ranges are published, never guests' names.
 */

/** How far back and ahead a feed looks: recent past for the channels' records, two years ahead. */
const PAST_DAYS = 30;
const FUTURE_DAYS = 730;

export const feedPath = (token: string) => `/api/public/ical/${token}.ics`;
const newToken = () => randomBytes(32).toString("base64url");
/** The shape of a token in a feed address: 32 bytes, base64url. */
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

function feedJson(f: IcalFeedRow & { roomNumber: string | null; categoryName: string | null }, appUrl: string): IcalFeedJson {
  return {
    uuid: f.id,
    room: f.roomId ? { uuid: f.roomId, number: f.roomNumber ?? "" } : null,
    room_category: f.categoryId ? { uuid: f.categoryId, name: f.categoryName ?? "" } : null,
    url: `${appUrl.replace(/\/$/, "")}${feedPath(f.token)}`,
    last_fetched_at: f.lastFetchedAt?.toISOString() ?? null,
    created_at: f.createdAt.toISOString(),
  };
}
export type { IcalFeedJson };

export async function listFeeds(ctx: BookingContext, appUrl: string) {
  const rows = await ctx.db
    .select({ f: icalFeeds, roomNumber: rooms.number, categoryName: roomCategories.name })
    .from(icalFeeds)
    .leftJoin(rooms, eq(rooms.id, icalFeeds.roomId))
    .leftJoin(roomCategories, eq(roomCategories.id, icalFeeds.categoryId))
    .where(eq(icalFeeds.businessId, ctx.business.id))
    .orderBy(asc(icalFeeds.createdAt), asc(icalFeeds.id));
  return rows.map((r) => feedJson({ ...r.f, roomNumber: r.roomNumber, categoryName: r.categoryName }, appUrl));
}

export async function getFeed(ctx: BookingContext, id: string, appUrl: string) {
  const feed = (await listFeeds(ctx, appUrl)).find((f) => f.uuid === id);
  if (!feed) throw notFound("ledger:api.feedNotFound");
  return feed;
}

export async function createFeed(ctx: BookingContext, input: IcalFeedInput): Promise<string> {
  if (input.room_uuid) {
    const [room] = await ctx.db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.id, input.room_uuid), eq(rooms.businessId, ctx.business.id)));
    if (!room) throw fieldError(ctx, "room_uuid", "bookings:validation.unknownRoom");
  } else {
    const [category] = await ctx.db
      .select({ id: roomCategories.id })
      .from(roomCategories)
      .where(and(eq(roomCategories.id, input.room_category_uuid!), eq(roomCategories.businessId, ctx.business.id)));
    if (!category) throw fieldError(ctx, "room_category_uuid", "bookings:validation.unknownCategory");
  }
  const [row] = await ctx.db
    .insert(icalFeeds)
    .values({ businessId: ctx.business.id, roomId: input.room_uuid, categoryId: input.room_uuid ? null : input.room_category_uuid, token: newToken(), createdAt: ctx.now })
    .returning({ id: icalFeeds.id });
  return row.id;
}

/** A new secret: the old address stops working at once. */
export async function regenerateFeed(ctx: BookingContext, id: string): Promise<void> {
  const updated = await ctx.db
    .update(icalFeeds)
    .set({ token: newToken(), lastFetchedAt: null })
    .where(and(eq(icalFeeds.id, id), eq(icalFeeds.businessId, ctx.business.id)))
    .returning({ id: icalFeeds.id });
  if (!updated.length) throw notFound("ledger:api.feedNotFound");
}

/** Revokes the address. */
export async function deleteFeed(ctx: BookingContext, id: string): Promise<void> {
  const removed = await ctx.db
    .delete(icalFeeds)
    .where(and(eq(icalFeeds.id, id), eq(icalFeeds.businessId, ctx.business.id)))
    .returning({ id: icalFeeds.id });
  if (!removed.length) throw notFound("ledger:api.feedNotFound");
}

/** The unavailable nights of a room: held by a stay, or named by a block. */
async function roomNights(db: Database, roomId: string, from: string, to: string): Promise<string[]> {
  const held = await rowsOf<{ night: string }>(
    db,
    sql`select to_char(night, 'YYYY-MM-DD') as night from reservation_nights where room_id = ${roomId} and holds and night >= ${from}::date and night < ${to}::date`,
  );
  const blocks = await rowsOf<{ starts_at: string; ends_at: string }>(
    db,
    sql`select to_char(greatest(starts_at, ${from}::date), 'YYYY-MM-DD') as starts_at, to_char(least(ends_at, ${to}::date - 1), 'YYYY-MM-DD') as ends_at
        from room_blocks where room_id = ${roomId} and ends_at >= ${from}::date and starts_at < ${to}::date`,
  );
  return [...held.map((r) => r.night), ...blocks.flatMap((b) => blockNights(b.starts_at, b.ends_at))];
}

/** The nights a category has no room left. */
async function categoryNights(db: Database, categoryId: string, from: string, to: string): Promise<string[]> {
  const rows = await rowsOf<{ night: string }>(
    db,
    sql`select to_char(n.night, 'YYYY-MM-DD') as night from inventory_nights n join room_categories c on c.id = n.category_id
        where n.category_id = ${categoryId} and n.night >= ${from}::date and n.night < ${to}::date and n.sold + n.blocked >= c.room_count`,
  );
  return rows.map((r) => r.night);
}

/**
 * The calendar behind a feed address, or null when the token names no feed (revoked or never
 * issued). Marks the feed as fetched, so the owner sees that the channel reads it.
 */
export async function feedCalendar(db: Database, file: string, t: TFunction, now: Date): Promise<string | null> {
  const token = FEED_FILE.exec(file)?.[1];
  if (!token) return null;
  const [row] = await db
    .select({ f: icalFeeds, timezone: businesses.timezone, businessName: businesses.companyName, roomNumber: rooms.number, categoryName: roomCategories.name })
    .from(icalFeeds)
    .innerJoin(businesses, eq(businesses.id, icalFeeds.businessId))
    .leftJoin(rooms, eq(rooms.id, icalFeeds.roomId))
    .leftJoin(roomCategories, eq(roomCategories.id, icalFeeds.categoryId))
    .where(eq(icalFeeds.token, token));
  if (!row) return null;
  const today = todayIn(row.timezone, now);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, FUTURE_DAYS);
  const nights = row.f.roomId ? await roomNights(db, row.f.roomId, from, to) : await categoryNights(db, row.f.categoryId!, from, to);
  const name = row.f.roomId ? t("ledger:ical.roomCalendar", { hotel: row.businessName, room: row.roomNumber }) : t("ledger:ical.categoryCalendar", { hotel: row.businessName, category: row.categoryName });
  const calendar = ical({ prodId: { company: "Tarifa", product: "availability", language: "EN" }, name });
  for (const range of nightRanges(nights)) {
    calendar.createEvent({
      // Stable while the range is unchanged, so subscribers do not churn on every fetch.
      id: `${range.start}-${row.f.id}@tarifa`,
      start: new Date(`${range.start}T00:00:00Z`),
      end: new Date(`${range.end}T00:00:00Z`),
      allDay: true,
      stamp: now,
      summary: t("ledger:ical.unavailable"),
    });
  }
  await db.update(icalFeeds).set({ lastFetchedAt: now }).where(eq(icalFeeds.id, row.f.id));
  return calendar.toString();
}
