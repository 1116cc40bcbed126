import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A user's TOTP secret (docs/decisions/0024-two-factor-sign-in.md), sealed with SECRETS_KEY like
 * the other credentials. A row without `confirmedAt` is an enrolment not yet confirmed with a code;
 * `lastUsedStep` is the newest 30-second step accepted, so a code works only once.
 */
export const twoFactorCredentials = pgTable("two_factor_credentials", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastUsedStep: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as salted SHA-256 hashes; `usedAt` marks a spent one. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    salt: text().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The second step of a sign-in: the password was right, the code is still owed. Only the SHA-256
 * of the challenge token is kept; it lives a few minutes and is spent by the sign-in it completes.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
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
  (t) => [index("two_factor_challenges_user_idx").on(t.userId)],
);
