import { logger } from "#api/logger.ts";
import type { ChatAnswer, ChatProvider, ChatRequest } from "./provider.ts";

export interface OpenAiCompatibleOptions {
  /** Base URL of the API, e.g. https://api.openai.com/v1 (…/chat/completions is appended). */
  url: string;
  key: string;
  model: string;
  /** Writes the facts the model is given, and answers when the model cannot. */
  facts: ChatProvider;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const LANGUAGES: Record<string, string> = { pt: "Brazilian Portuguese", en: "English", es: "Spanish", fr: "Canadian French", it: "Italian" };

function instructions(request: ChatRequest, facts: ChatAnswer): string {
  return [
    `You are the revenue-management assistant of Tarifa for the lodging business "${request.business.name}".`,
    `Today is ${request.today} in the business's time zone. Money is in ${request.business.currency}; amounts in the JSON are integer cents.`,
    `Answer in ${LANGUAGES[request.locale.slice(0, 2)] ?? "Brazilian Portuguese"}, briefly, for a hotel owner.`,
    "Use only the facts below, read just now from the business's own data; never invent numbers. If they do not answer the question, say so and suggest what you can answer.",
    `Facts (JSON): ${JSON.stringify(facts.data)}`,
    `A correct answer written from those facts: ${facts.content}`,
  ].join("\n");
}

/**
 * An OpenAI-compatible chat-completions provider (AI_API_URL, AI_API_KEY, AI_MODEL). It gets the
 * same live facts the built-in assistant reads — the facts provider answers first and its answer
 * and data go to the model as context — so the model words the answer but the numbers are ours.
 * The stored data (the page's card) stays the facts'. When the model does not answer (network,
 * time-out, an error status, an empty reply) the facts' own answer is kept, marked as written by it.
 */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): ChatProvider {
  const endpoint = `${options.url.replace(/\/+$/, "")}/chat/completions`;
  const send = options.fetch ?? fetch;
  return {
    name: options.model,
    async answer(request) {
      const facts = await options.facts.answer(request);
      try {
        const response = await send(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${options.key}` },
          body: JSON.stringify({
            model: options.model,
            temperature: 0.2,
            messages: [
              { role: "system", content: instructions(request, facts) },
              ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
              { role: "user", content: request.question },
            ],
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== "string" || !content.trim()) throw new Error("empty answer");
        return { content: content.trim(), data: facts.data };
      } catch (error) {
        logger.warn({ msg: "chat provider failed; the built-in answer is kept", provider: options.model, err: String(error) });
        return { ...facts, writtenBy: options.facts.name };
      }
    },
  };
}
