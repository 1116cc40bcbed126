import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses, roomCategories } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * One in-app notification for one user about one business. The text is not stored: `kind` and
 * `params` are translated when read, in the reader's language of the moment. `digested_at` marks
 * the ones already listed in a daily digest e-mail (null for users who do not get a digest).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    link: text(),
    /** Shown in the notification centre (false: only for the digest). */
    inApp: boolean().notNull().default(true),
    /** Waiting for this user's next daily digest. */
    digestPending: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first (read backwards: ORDER BY created_at DESC, id DESC is NULLS FIRST,
    // which a DESC NULLS LAST index could not serve), and the unread count (only unread rows).
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null and ${t.inApp}`),
    index("notifications_digest_idx").on(t.userId).where(sql`${t.digestPending}`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * How many in-app notifications each user has per kind, and how many unread: what the list's
 * total and the bell read instead of counting thousands of rows (ADR 0030). Kept by the statement
 * triggers `notifications_count_*` of migration 0025 on every insert, update and delete of
 * `notifications` (cascades included), in the same transaction: never written by the code.
 */
export const notificationCounts = pgTable(
  "notification_counts",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    total: integer().notNull().default(0),
    unread: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);


/** One run of one daily command for one business (or for none: the global commands). */
export const dailyCommandRuns = pgTable(
  "daily_command_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    command: text().notNull(),
    businessId: uuid().references(() => businesses.id, { onDelete: "cascade" }),
    /** The business day the run is for (YYYY-MM-DD, UTC): a second run for the same day is skipped. */
    day: text().notNull(),
    attempt: integer().notNull().default(1),
    outcome: text({ enum: ["running", "succeeded", "failed", "skipped"] }).notNull().default("running"),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("daily_command_runs_command_business_idx").on(t.command, t.businessId, t.startedAt),
    // At most one run in progress per command, business and day, across every process.
    uniqueIndex("daily_command_runs_running_idx")
      .on(t.command, sql`coalesce(${t.businessId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.day)
      .where(sql`${t.outcome} = 'running'`),
  ],
);

export type DailyCommandRunRow = typeof dailyCommandRuns.$inferSelect;

/**
 * The forecast's scorecard for one business (issue 26 point 6, docs/forecast.md): the backtest of
 * the hotel's own last year — each method's error by horizon in rooms and in %, and the 80 %
 * intervals' coverage — computed by the daily command `forecast.scorecard`, after the demo seed and
 * after a reservations import (api/services/forecast/scorecard.ts, `Scorecard`). One row per
 * business, replaced; /tracking reads it and says when it was computed.
 */
export const forecastScorecards = pgTable("forecast_scorecards", {
  businessId: uuid()
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  /** The business day (YYYY-MM-DD) whose end the truth was read at. */
  asOf: text().notNull(),
  computedAt: timestamp({ withTimezone: true }).notNull(),
  scorecard: jsonb().notNull(),
});

/**
 * The forecast of each night × room category of the year ahead as of `asOf` (migration 0043, ADR
 * 0054): the rooms wanted (before the cap of the rooms, net of expected cancellations) and the
 * 80 % interval, replaced whole by each computation; the revenue brain's demand reads it.
 */
export const forecastNightsTable = pgTable(
  "forecast_nights",
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    categoryId: uuid()
      .notNull()
      .references(() => roomCategories.id, { onDelete: "cascade" }),
    night: date({ mode: "string" }).notNull(),
    asOf: date({ mode: "string" }).notNull(),
    unconstrained: real().notNull(),
    low: real(),
    high: real(),
  },
  (t) => [primaryKey({ name: "forecast_nights_pk", columns: [t.businessId, t.categoryId, t.night] })],
);
