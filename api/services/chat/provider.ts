import type { DateSpan } from "#domain/chat/dates.ts";
import type {
  ChatData,
  DaysToUpdateFacts,
  HolidayFacts,
  MovementFacts,
  OccupancyFacts,
  RateFacts,
  SuggestionFacts,
  SummaryFacts,
} from "#domain/chat/facts.ts";

/**
 * The assistant seam: whatever writes the answers gets the same request — the business, live
 * tools over its own data, the conversation so far, the question, the reader's locale and the
 * business's today — and returns the text plus the structured data the page draws as a card.
 */

/** Reads of the business's live data, each already limited to what the caller may see. */
export interface ChatTools {
  categories(): Promise<{ uuid: string; name: string }[]>;
  rate(date: string, categoryId?: string): Promise<RateFacts>;
  occupancy(span: DateSpan): Promise<OccupancyFacts>;
  movements(date: string): Promise<MovementFacts>;
  summary(span: DateSpan): Promise<SummaryFacts>;
  holidays(span: DateSpan): Promise<HolidayFacts>;
  suggestions(): Promise<SuggestionFacts>;
  daysToUpdate(): Promise<DaysToUpdateFacts>;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
  data: ChatData | null;
}

export interface ChatRequest {
  business: { id: string; name: string; currency: string };
  /** Permissions the caller holds on the business: an answer never shows an area they cannot open. */
  permissions: readonly string[];
  tools: ChatTools;
  history: ChatTurn[];
  question: string;
  locale: string;
  today: string;
}

export interface ChatAnswer {
  content: string;
  data: ChatData | null;
  /** Who wrote this answer when not the provider itself (an external provider falling back to the built-in one). */
  writtenBy?: string;
}

export interface ChatProvider {
  /** Stored with each answer: `builtin`, or the external model's name. */
  readonly name: string;
  answer(request: ChatRequest): Promise<ChatAnswer>;
}

/** Stored answers are at most 4000 characters (chat_messages check); longer ones are cut at a line. */
export const MAX_ANSWER_CHARS = 4000;

export function fitAnswer(content: string): string {
  const text = content.trim();
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const cut = text.slice(0, MAX_ANSWER_CHARS - 1);
  const lastLine = cut.lastIndexOf("\n");
  return `${lastLine > MAX_ANSWER_CHARS / 2 ? cut.slice(0, lastLine) : cut}…`;
}
