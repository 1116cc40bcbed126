import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Password-reset tokens of POST /api/auth/forgot-password, stored only as SHA-256 hashes.
 * Single use (`usedAt`), valid for 60 minutes.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Every e-mail the product sends, whether or not an SMTP server is configured: `queued` when
 * there is none (the development mailbox shows it), `sent` or `failed` after an SMTP attempt.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** verification | password_reset | invitation (the template that rendered it). */
    kind: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    locale: text().notNull(),
    from: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text({ enum: ["queued", "sent", "failed"] }).notNull().default("queued"),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt), index("outbox_to_idx").on(t.to)],
);

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Rate-limit counters shared by every API process (rate-limiter-flexible's RateLimiterDrizzle
 * reads and writes these three columns by name; see docs/decisions/0006-rate-limiting.md).
 */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text().primaryKey(),
    points: integer().notNull().default(0),
    expire: timestamp({ withTimezone: true }),
  },
  (t) => [index("rate_limit_buckets_expire_idx").on(t.expire)],
);

/** What a user wants to be told about, per channel; a user without a row has the defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailBookings: boolean().notNull().default(true),
  emailPriceChanges: boolean().notNull().default(true),
  emailSubscription: boolean().notNull().default(true),
  emailProductNews: boolean().notNull().default(false),
  inAppBookings: boolean().notNull().default(true),
  inAppPriceChanges: boolean().notNull().default(true),
  inAppSubscription: boolean().notNull().default(true),
  inAppProductNews: boolean().notNull().default(true),
  emailActivity: boolean().notNull().default(true),
  inAppActivity: boolean().notNull().default(true),
  digestBookings: boolean().notNull().default(false),
  digestPriceChanges: boolean().notNull().default(false),
  digestSubscription: boolean().notNull().default(false),
  digestProductNews: boolean().notNull().default(false),
  digestActivity: boolean().notNull().default(false),
  /** Businesses this user wants no notification from on any channel (a collaborator of many). */
  mutedBusinessIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
