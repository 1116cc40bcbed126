import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";
import { users } from "./users.ts";

/**
 * The AI chat (plan `ai`): one user's conversations about one business. The assistant's answers
 * are stored with the provider that wrote them and the structured facts they were built from, so
 * a conversation reads the same tomorrow even if prices change.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_conversations_business_user_idx").on(t.businessId, t.userId, t.updatedAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    role: text({ enum: ["user", "assistant"] }).notNull(),
    content: text().notNull(),
    /** What the answer was built from (dates, rates, links), for the screen to show as cards. */
    data: jsonb().$type<Record<string, unknown>>(),
    /** Which assistant wrote it (`builtin`, or the external model's name). Null for the user's. */
    provider: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.createdAt),
    check("chat_messages_content", sql`length(${t.content}) between 1 and 4000`),
  ],
);
