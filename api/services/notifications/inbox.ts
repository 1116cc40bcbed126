import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationKind } from "#domain/notifications/kinds.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, notificationCounts, notifications } from "#api/db/schema/index.ts";

/** One user's notification centre: only rows of that user, only the in-app ones. */
const mine = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.inApp, true));

export interface ListOptions {
  kind?: NotificationKind;
  unreadOnly?: boolean;
  page: number;
  perPage: number;
}

export async function listNotifications(db: Database, userId: string, options: ListOptions) {
  const where = and(mine(userId), options.kind ? eq(notifications.kind, options.kind) : undefined, options.unreadOnly ? isNull(notifications.readAt) : undefined);
  // The page first (the index read backwards, no join for the planner to misjudge), then the
  // names of its few businesses.
  const page = await db
    .select({
      id: notifications.id,
      businessId: notifications.businessId,
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  const ids = [...new Set(page.map((n) => n.businessId))];
  const [names, total] = await Promise.all([
    ids.length ? db.select({ id: businesses.id, name: businesses.companyName }).from(businesses).where(inArray(businesses.id, ids)) : [],
    countOf(db, userId, { kind: options.kind, unreadOnly: options.unreadOnly }),
  ]);
  const nameOf = new Map(names.map((b) => [b.id, b.name]));
  return { rows: page.map((n) => ({ ...n, businessName: nameOf.get(n.businessId) ?? "" })), total };
}

/**
 * How many of the user's in-app notifications (of one kind, unread only) there are: read from the
 * counts the database keeps per user and kind (`notification_counts`, ADR 0030), a handful of
 * rows, instead of counting thousands of notifications on every page and every bell.
 */
async function countOf(db: Database, userId: string, options: { kind?: NotificationKind; unreadOnly?: boolean }): Promise<number> {
  const column = options.unreadOnly ? notificationCounts.unread : notificationCounts.total;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number) })
    .from(notificationCounts)
    .where(and(eq(notificationCounts.userId, userId), options.kind ? eq(notificationCounts.kind, options.kind) : undefined));
  return row.n;
}

/** unreadCount as a column of a statement that reads more (shell-state.ts). */
export function unreadOf(userId: string) {
  return sql<number>`(select coalesce(sum(${notificationCounts.unread}), 0)::int from ${notificationCounts} where ${notificationCounts.userId} = ${userId})`.mapWith(Number);
}

export async function unreadCount(db: Database, userId: string): Promise<number> {
  return countOf(db, userId, { unreadOnly: true });
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Database, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(mine(userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllRead(db: Database, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(mine(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
