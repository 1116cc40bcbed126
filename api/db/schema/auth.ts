import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Bearer tokens, stored only as SHA-256 hashes. `session` tokens are what a sign-in hands
 * out (the web keeps one in its session cookie); `access` tokens are the short-lived ones
 * of POST /api/auth/access-token.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    kind: text({ enum: ["session", "access"] }).notNull(),
    /** The session that minted an access token: revoking the session ends its access tokens too. Null for sessions. */
    sessionId: uuid().references((): AnyPgColumn => apiTokens.id, { onDelete: "cascade" }),
    /** Where a session signed in from and was last seen (the list on /account-settings/my-account). */
    userAgent: text(),
    ip: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId), index("api_tokens_session_idx").on(t.sessionId)],
);
