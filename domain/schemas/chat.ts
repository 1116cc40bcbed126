import { z } from "zod";

/** The longest question the chat takes (an answer may be up to 4000 characters). */
export const MAX_QUESTION_CHARS = 2000;

/** POST …/chat/conversations and …/chat/conversations/{id}/messages, and the page's question box. */
export const chatMessageSchema = z.object({
  message: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
});
export type ChatMessageInput = z.output<typeof chatMessageSchema>;
