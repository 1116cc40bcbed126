import type { Context } from "hono";
import { Hono } from "hono";
import { chatMessageSchema } from "#domain/schemas/chat.ts";
import { isUuid } from "#domain/text/sanitize.ts";
import type { ApiEnv } from "#api/context.ts";
import { notFound } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { requirePlan } from "#api/middleware/plan.ts";
import { limitHits } from "#api/middleware/rate-limit.ts";
import { chatProviderFor } from "#api/services/chat/index.ts";
import { conversationHistory, conversationMessages, conversationJson, deleteConversation, findConversation, listConversations, recordExchange, type ConversationOwner } from "#api/services/chat/conversations.ts";
import { conversationAnswer, conversationThreadAnswer } from "#contract/chat.ts";
import { fitAnswer, type ChatProvider, type ChatTurn } from "#api/services/chat/provider.ts";
import { liveChatTools } from "#api/services/chat/tools.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { jsonBody } from "#api/validate.ts";
import { docs } from "#api/openapi/describe.ts";
import { z } from "zod";
import { envelope } from "#contract/primitives.ts";

const doc = docs("Assistant chat");

type C = Context<BusinessEnv>;

/** `?q=` searches the conversations' titles and messages (at most 200 characters are used). */
const listQuery = z.object({ q: z.string().optional() });

const gate = [requireBusiness("user.chat-ai"), requirePlan("ai")] as const;

const owner = (c: C): ConversationOwner => ({ businessId: c.var.access.business.id, userId: c.var.user.id });

function conversationIdParam(c: C): string {
  const id = c.req.param("conversationId") ?? "";
  if (!isUuid(id)) throw notFound("api.chat.conversationNotFound");
  return id.toLowerCase();
}

/** Validates the question, counts it against the caller's limit and asks the assistant. */
async function ask(c: C, history: ChatTurn[]) {
  const { message } = await jsonBody(c as unknown as Context<ApiEnv>, chatMessageSchema);
  await limitHits(c as unknown as Context<ApiEnv>, [["chatMessages", c.var.user.id]]);
  const { db, now } = c.var.deps;
  const business = c.var.access.business;
  const at = now();
  const provider: ChatProvider = c.var.deps.chatProvider ?? chatProviderFor(c.var.deps.config);
  const answer = await provider.answer({
    business: { id: business.id, name: business.companyName, currency: business.currency },
    permissions: c.var.access.permissions,
    tools: liveChatTools({ db, business, userId: c.var.user.id, now: at, locale: c.var.locale, t: c.var.t }),
    history,
    question: message,
    locale: c.var.locale,
    today: businessToday(at, business.timezone),
  });
  return { question: message, answer: { content: fitAnswer(answer.content), data: answer.data }, provider: answer.writtenBy ?? provider.name, at };
}

/** The AI chat (plan `ai`), mounted under /api/v1: one user's conversations about one business. */
export const chatRoutes = new Hono<BusinessEnv>()
  .get("/businesses/:id/chat/conversations", doc({ query: listQuery, response: envelope(z.array(conversationAnswer)) }), ...gate, async (c) => {
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    return c.json({ data: await listConversations(c.var.deps.db, owner(c), q || undefined) });
  })

  .post("/businesses/:id/chat/conversations", doc({ body: chatMessageSchema, status: 201, response: conversationThreadAnswer }), ...gate, async (c) => {
    const exchange = await ask(c, []);
    return c.json(await recordExchange(c.var.deps.db, owner(c), { newConversation: true }, exchange), 201);
  })

  .get("/businesses/:id/chat/conversations/:conversationId", doc({ response: conversationThreadAnswer }), ...gate, async (c) => {
    const { db } = c.var.deps;
    const conversation = await findConversation(db, owner(c), conversationIdParam(c));
    return c.json({ conversation: conversationJson(conversation), messages: await conversationMessages(db, conversation.id) });
  })

  .delete("/businesses/:id/chat/conversations/:conversationId", doc({ response: z.object({ deleted: z.literal(true) }).strict() }), ...gate, async (c) => {
    await deleteConversation(c.var.deps.db, owner(c), conversationIdParam(c));
    return c.json({ deleted: true });
  })

  .post("/businesses/:id/chat/conversations/:conversationId/messages", doc({ body: chatMessageSchema, status: 201, response: conversationThreadAnswer }), ...gate, async (c) => {
    const { db } = c.var.deps;
    const conversation = await findConversation(db, owner(c), conversationIdParam(c));
    const exchange = await ask(c, await conversationHistory(db, conversation.id));
    return c.json(await recordExchange(db, owner(c), { conversationId: conversation.id }, exchange), 201);
  });
