import type { z } from "zod";
import type { ChatThreadJson, ConversationJson } from "#contract/chat";
import type { chatMessageSchema } from "#domain/schemas/chat";
import type { deletedAnswer } from "#contract/primitives";
import type { ApiVerbs } from "#app/lib/api/verbs.ts";

/** The assistant's calls (docs/api/chat.md): conversations and questions. */
export function chatApi(http: ApiVerbs) {
  const base = (businessUuid: string) => `/api/v1/businesses/${businessUuid}/chat/conversations`;
  return {
    /** GET …/chat/conversations: newest first; those whose title or messages hold `q` when given. */
    conversations: async (businessUuid: string, q?: string): Promise<ConversationJson[]> =>
      (await http.get<{ data: ConversationJson[] }>(base(businessUuid), q === undefined ? undefined : { query: { q } })).data,
    /** GET …/chat/conversations/{conversation}: with its messages. */
    thread: (businessUuid: string, conversationId: string) => http.get<ChatThreadJson>(`${base(businessUuid)}/${conversationId}`),
    /** POST …/chat/conversations, or …/{conversation}/messages (201): the question and its answer. */
    ask: (businessUuid: string, conversationId: string | null, body: z.input<typeof chatMessageSchema>) =>
      http.post<ChatThreadJson>(conversationId ? `${base(businessUuid)}/${conversationId}/messages` : base(businessUuid), body),
    /** DELETE …/chat/conversations/{conversation}. */
    delete: (businessUuid: string, conversationId: string) => http.delete<z.infer<typeof deletedAnswer>>(`${base(businessUuid)}/${conversationId}`),
  };
}
