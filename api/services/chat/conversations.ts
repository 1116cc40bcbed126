import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import type { ChatData } from "#domain/chat/facts.ts";
import { conversationTitle } from "#domain/chat/title.ts";
import type { Database } from "#api/db/client.ts";
import { chatConversations, chatMessages } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import type { ChatAnswer, ChatTurn } from "./provider.ts";
import type { ChatMessageJson, ConversationJson } from "#contract/chat.ts";

type ConversationRow = typeof chatConversations.$inferSelect;

type MessageRow = typeof chatMessages.$inferSelect;

/** How many conversations the list answers (newest first). */
export const CONVERSATION_LIST_LIMIT = 100;
/** How many earlier turns a provider sees. */
const HISTORY_TURNS = 12;

export function conversationJson(c: ConversationRow): ConversationJson {
  return { uuid: c.id, title: c.title, created_at: c.createdAt.toISOString(), updated_at: c.updatedAt.toISOString() };
}

export function messageJson(m: MessageRow): ChatMessageJson {
  return { uuid: m.id, role: m.role, content: m.content, data: (m.data as ChatData | null) ?? null, provider: m.provider, created_at: m.createdAt.toISOString() };
}

/** Whose conversations: one user's, on one business (a conversation is private to its user). */
export interface ConversationOwner {
  businessId: string;
  userId: string;
}

export async function listConversations(db: Database, owner: ConversationOwner, search?: string): Promise<ConversationJson[]> {
  // The archive (/chat.bkp) searches titles and message texts; % and _ typed by the user are literal.
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const rows = await db
    .select()
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.businessId, owner.businessId),
        eq(chatConversations.userId, owner.userId),
        pattern
          ? sql`(${chatConversations.title} ilike ${pattern} or exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.content ilike ${pattern}))`
          : undefined,
      ),
    )
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.createdAt))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map(conversationJson);
}

/** The conversation when it is the owner's; 404 otherwise (another user's is not revealed). */
export async function findConversation(db: Database, owner: ConversationOwner, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.businessId, owner.businessId), eq(chatConversations.userId, owner.userId)));
  if (!row) throw notFound("api.chat.conversationNotFound");
  return row;
}

export async function conversationMessages(db: Database, conversationId: string): Promise<ChatMessageJson[]> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.createdAt));
  return rows.map(messageJson);
}

/** The last turns of a conversation, oldest first, as a provider reads them. */
export async function conversationHistory(db: Database, conversationId: string): Promise<ChatTurn[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(HISTORY_TURNS);
  return rows.reverse().map((m) => ({ role: m.role, content: m.content, data: (m.data as ChatData | null) ?? null }));
}

/**
 * Writes a question and its answer in one transaction (with the conversation itself when it is
 * new), so a conversation never holds a question without its answer.
 */
export async function recordExchange(
  db: Database,
  owner: ConversationOwner,
  target: { conversationId: string } | { newConversation: true },
  exchange: { question: string; answer: ChatAnswer; provider: string; at: Date },
) {
  const { question, answer, provider, at } = exchange;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    let conversation: ConversationRow;
    if ("conversationId" in target) {
      [conversation] = await tx.update(chatConversations).set({ updatedAt: at }).where(eq(chatConversations.id, target.conversationId)).returning();
    } else {
      [conversation] = await tx
        .insert(chatConversations)
        .values({ businessId: owner.businessId, userId: owner.userId, title: conversationTitle(question), createdAt: at, updatedAt: at })
        .returning();
    }
    // The thread is ordered by time: the question comes after every earlier message (even when the
    // clock has not moved, as in tests or on a coarse clock) and the answer a millisecond after it.
    const [last] = await tx
      .select({ at: max(chatMessages.createdAt) })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversation.id));
    const asked = last?.at && last.at.getTime() >= at.getTime() ? new Date(last.at.getTime() + 1) : at;
    const messages = await tx
      .insert(chatMessages)
      .values([
        { conversationId: conversation.id, role: "user" as const, content: question, createdAt: asked },
        { conversationId: conversation.id, role: "assistant" as const, content: answer.content, data: (answer.data as Record<string, unknown> | null) ?? null, provider, createdAt: new Date(asked.getTime() + 1) },
      ])
      .returning();
    return { conversation: conversationJson(conversation), messages: messages.map(messageJson) };
  });
}

export async function deleteConversation(db: Database, owner: ConversationOwner, id: string): Promise<void> {
  await findConversation(db, owner, id);
  await db.delete(chatConversations).where(eq(chatConversations.id, id));
}
