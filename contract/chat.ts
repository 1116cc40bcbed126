import { z } from "zod";
import type { ChatData } from "#domain/chat/facts.ts";
import { timestamp } from "./primitives.ts";

/** The assistant's conversations and messages (doc({ response }), ADR 0022). */

const CHAT_DATA_KINDS = ["help", "unknown", "noAccess", "rate", "occupancy", "movements", "summary", "holidays", "suggestions", "daysToUpdate"] as const satisfies readonly ChatData["kind"][];
/** The facts a card is drawn from: `kind` names the card; its other fields depend on the kind (domain/chat/facts.ts). */
const chatDataAnswer = z.object({ kind: z.enum(CHAT_DATA_KINDS) }).catchall(z.unknown());
export const conversationAnswer = z.object({ uuid: z.uuid(), title: z.string(), created_at: timestamp, updated_at: timestamp }).strict();
export const chatMessageAnswer = z
  .object({ uuid: z.uuid(), role: z.enum(["user", "assistant"]), content: z.string(), data: chatDataAnswer.nullable(), provider: z.string().nullable(), created_at: timestamp })
  .strict();
/** A conversation with its messages (GET one; POST a question: the conversation and the two new messages). */
export const conversationThreadAnswer = z.object({ conversation: conversationAnswer, messages: z.array(chatMessageAnswer) }).strict();

export type ConversationJson = z.infer<typeof conversationAnswer>;
export type ChatMessageJson = Omit<z.infer<typeof chatMessageAnswer>, "data"> & { data: ChatData | null };
/** A conversation with its messages, their facts typed. */
export type ChatThreadJson = { conversation: ConversationJson; messages: ChatMessageJson[] };
