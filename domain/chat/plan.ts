import { addDays, daysBetween } from "#domain/pricing/dates.ts";
import { questionDates, type DateSpan } from "./dates.ts";
import type { ChatDataKind } from "./facts.ts";
import { detectIntent, type IntentKind } from "./intents.ts";
import { normalise } from "./text.ts";

export interface QuestionPlan {
  kind: IntentKind;
  /** The nights the answer covers (the kind's default when the question names none). */
  span: DateSpan | null;
}

/** Longest period an answer reads at once (a year, as the calendar). */
export const MAX_SPAN_DAYS = 366;

const DATED: IntentKind[] = ["rate", "occupancy", "movements", "summary", "holidays"];

function defaultSpan(kind: IntentKind, today: string): DateSpan | null {
  switch (kind) {
    case "rate":
    case "occupancy":
    case "movements":
      return { from: today, to: today };
    case "summary":
      return { from: today, to: addDays(today, 29) };
    case "holidays":
      return { from: today, to: addDays(today, 89) };
    default:
      return null;
  }
}

/**
 * Reads a question into what to answer and for which nights. A question that names only a date
 * ("e amanhã?", "and on Friday?") continues the previous answer's kind, as a person would.
 */
export function planQuestion(question: string, options: { today: string; locale: string; previous?: ChatDataKind | null }): QuestionPlan {
  let kind = detectIntent(question);
  const named = questionDates(question, options.today, options.locale);
  if (kind === "unknown" && named && options.previous && DATED.includes(options.previous as IntentKind)) kind = options.previous as IntentKind;
  if (!DATED.includes(kind)) return { kind, span: null };
  let span = named ?? defaultSpan(kind, options.today)!;
  // A rate or the arrivals are about one night: the first one named.
  if (kind === "rate" || kind === "movements") span = { from: span.from, to: span.from };
  if (daysBetween(span.from, span.to) + 1 > MAX_SPAN_DAYS) span = { from: span.from, to: addDays(span.from, MAX_SPAN_DAYS - 1) };
  return { kind, span };
}

/** The room category a question names ("suíte", "Standard"), when exactly one matches. */
export function mentionedCategory<C extends { uuid: string; name: string }>(question: string, categories: C[]): C | null {
  const text = normalise(question);
  const hits = categories.filter((c) => {
    const name = normalise(c.name).trim();
    if (name && text.includes(name)) return true;
    // Any distinctive word of the name ("Suíte Vista Mar" → "vista", "suite"), four letters or more.
    return name.split(/\s+/).some((word) => word.length >= 4 && new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(text));
  });
  if (hits.length === 1) return hits[0];
  const exact = hits.filter((c) => text.includes(normalise(c.name).trim()));
  return exact.length === 1 ? exact[0] : null;
}
