import type { Config } from "#config";
import { translatorFor } from "#api/i18n.ts";
import { openAiCompatibleProvider } from "./openai.ts";
import type { ChatProvider } from "./provider.ts";

let loaded: ChatProvider | undefined;
/** The built-in assistant, loaded with the first question, not at start: its date parser (chrono) is ~4 MB of heap (ADR 0029). */
const builtin: ChatProvider = {
  name: "builtin",
  async answer(request) {
    loaded ??= (await import("./builtin.ts")).builtinChatProvider(translatorFor);
    return loaded.answer(request);
  },
};
const external = new WeakMap<Config, ChatProvider>();

/** The chat's provider for a configuration: the OpenAI-compatible one when AI_API_URL and AI_API_KEY are set, else the built-in assistant. */
export function chatProviderFor(config: Pick<Config, "AI_API_URL" | "AI_API_KEY" | "AI_MODEL">): ChatProvider {
  if (!config.AI_API_URL || !config.AI_API_KEY) return builtin;
  let found = external.get(config as Config);
  if (!found) {
    found = openAiCompatibleProvider({ url: config.AI_API_URL, key: config.AI_API_KEY, model: config.AI_MODEL, facts: builtin });
    external.set(config as Config, found);
  }
  return found;
}
