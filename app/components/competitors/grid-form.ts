import { parseCompetitorRate } from "#domain/competitors/csv";

/**
 * The rate grid is one plain form: a text field per competitor and night named
 * `rate:<competitor>:<date>`, and beside it the value it showed (`was:<competitor>:<date>`), so the
 * action sends only what the owner changed. A cell takes an amount ("350", "1.234,56"), the word
 * for sold out in any of our languages, or blank to forget what was recorded.
 */
export const cellName = (competitorId: string, date: string) => `rate:${competitorId}:${date}`;
export const wasName = (competitorId: string, date: string) => `was:${competitorId}:${date}`;

export interface GridChange {
  competitor_id: string;
  date: string;
  rate: number | null;
  clear?: boolean;
}

/** The changed cells as the API's batch, or the cells that cannot be read (by field name). */
export function gridChanges(form: FormData): { changes: GridChange[]; errors: Record<string, string> } {
  const changes: GridChange[] = [];
  const errors: Record<string, string> = {};
  for (const [name, value] of form) {
    const m = /^rate:([0-9a-f-]{36}):(\d{4}-\d{2}-\d{2})$/i.exec(name);
    if (!m || typeof value !== "string") continue;
    const [, competitorId, date] = m;
    const was = String(form.get(wasName(competitorId, date)) ?? "");
    if (value.trim() === was.trim()) continue;
    if (value.trim() === "") {
      changes.push({ competitor_id: competitorId, date, rate: null, clear: true });
      continue;
    }
    const rate = parseCompetitorRate(value);
    if (rate === undefined) errors[name] = "competitors:validation.rate";
    else changes.push({ competitor_id: competitorId, date, rate });
  }
  return { changes, errors };
}

/** The API's `rates.<i>.<field>` errors back on the grid's cells. */
export function cellErrorsFrom(apiErrors: Record<string, string[]>, changes: GridChange[]): { cells: Record<string, string>; rest: string[] } {
  const cells: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(apiErrors)) {
    const m = /^rates\.(\d+)\./.exec(path);
    const change = m ? changes[Number(m[1])] : undefined;
    if (change) cells[cellName(change.competitor_id, change.date)] = messages[0];
    else rest.push(...messages);
  }
  return { cells, rest };
}
