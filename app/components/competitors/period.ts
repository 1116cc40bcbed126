import { isDateInRange } from "#domain/validation";
import { isUuid } from "#domain/text/sanitize";
import type { MarketQuery } from "#app/lib/api/areas/competitors.ts";

/** The market-analysis periods on offer: the next 30, 60 or 90 nights, or dates of one's own. */
export const PRESETS = ["30", "60", "90"] as const;
export type PeriodChoice = (typeof PRESETS)[number] | "custom";

/** The page's query (?period, ?from, ?to, ?category) → the API's, plus what the picker shows. */
export function periodFromUrl(url: URL): { choice: PeriodChoice; query: MarketQuery } {
  const p = url.searchParams;
  const category = p.get("category");
  const from = p.get("from");
  const to = p.get("to");
  const cat = category && isUuid(category) ? category : undefined;
  if (p.get("period") === "custom" && from && to && isDateInRange(from) && isDateInRange(to)) return { choice: "custom", query: { from, to, category: cat } };
  const preset = (PRESETS as readonly string[]).includes(p.get("period") ?? "") ? (p.get("period") as PeriodChoice) : "30";
  return { choice: preset, query: { days: Number(preset), category: cat } };
}
