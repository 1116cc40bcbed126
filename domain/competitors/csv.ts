/**
 * Competitor rates typed by hand or exported from any rate-shopping tool, one row per competitor
 * and night: the competitor (name or id), the date (YYYY-MM-DD or DD/MM/YYYY) and the rate in
 * reais ("1.234,56", "1234.56", "R$ 350"), blank or "esgotado" / "sold out" for a sold-out night.
 * Messages are translation keys (`competitors:validation.*`).
 */
import { isIsoDate } from "#domain/pricing/dates.ts";
import { parseMoney } from "#domain/money.ts";

/** The largest nightly rate accepted: R$ 1.000.000,00. */
export const MAX_COMPETITOR_RATE_CENTS = 100_000_000;

/** What people write for a sold-out night, in our languages (the grid shows the reader's word). */
export const SOLD_OUT_WORDS = ["esgotado", "esgotada", "sold out", "soldout", "agotado", "complet", "complet.", "tout réservé", "esaurito", "x", "-", "—"];
const SOLD_OUT = new Set(["", ...SOLD_OUT_WORDS]);

/** "2026-12-25" or "25/12/2026" → "2026-12-25"; null when it is not a real date. */
export function parseStayDate(text: string): string | null {
  const value = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = br ? `${br[3]}-${br[2].padStart(2, "0")}-${br[1].padStart(2, "0")}` : value;
  return isIsoDate(iso) ? iso : null;
}

/** A typed nightly rate: cents, `null` for sold out, or `undefined` when it cannot be read. */
export function parseCompetitorRate(text: string | null | undefined): number | null | undefined {
  const value = (text ?? "").trim();
  if (SOLD_OUT.has(value.toLowerCase())) return null;
  const cents = parseMoney(value);
  if (cents === null || cents <= 0 || cents > MAX_COMPETITOR_RATE_CENTS) return undefined;
  return cents;
}

export interface KnownCompetitor {
  id: string;
  name: string;
}

export interface RateRow {
  competitorId: string;
  date: string;
  rate: number | null;
}

export type RowResult = { ok: true; row: RateRow } | { ok: false; errors: { field: "competitor" | "date" | "rate"; message: string }[] };

/** Checks one row against the business's competitive set (matched by id, or by name ignoring case and accents). */
export function validateRateRow(row: { competitor: string; date: string; rate: string }, competitors: readonly KnownCompetitor[]): RowResult {
  const errors: { field: "competitor" | "date" | "rate"; message: string }[] = [];
  const competitor = findCompetitor(row.competitor, competitors);
  if (!row.competitor.trim()) errors.push({ field: "competitor", message: "validation.required" });
  else if (!competitor) errors.push({ field: "competitor", message: "competitors:validation.unknownCompetitor" });
  const date = parseStayDate(row.date);
  if (!row.date.trim()) errors.push({ field: "date", message: "validation.required" });
  else if (!date) errors.push({ field: "date", message: "competitors:validation.date" });
  const rate = parseCompetitorRate(row.rate);
  if (rate === undefined) errors.push({ field: "rate", message: "competitors:validation.rate" });
  if (errors.length || !competitor || !date || rate === undefined) return { ok: false, errors };
  return { ok: true, row: { competitorId: competitor.id, date, rate } };
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

export function findCompetitor(reference: string, competitors: readonly KnownCompetitor[]): KnownCompetitor | undefined {
  const key = fold(reference);
  if (!key) return undefined;
  return competitors.find((c) => c.id.toLowerCase() === key) ?? competitors.find((c) => fold(c.name) === key);
}

const HEADERS = {
  competitor: ["competitor", "concorrente", "competidor", "concurrent", "concorrente_id", "competitor_id", "hotel", "name", "nome"],
  date: ["date", "data", "fecha", "night", "noite", "stay_date"],
  rate: ["rate", "tarifa", "diaria", "price", "preco", "precio", "prix", "prezzo", "valor"],
} as const;

/**
 * The rows of a parsed CSV table as {competitor, date, rate} with their line numbers. A first row
 * naming the columns (any order, the headers above) is read as a header; otherwise the columns are
 * competitor, date, rate in that order.
 */
export function rowsOfTable(table: readonly (readonly string[])[]): { line: number; competitor: string; date: string; rate: string }[] {
  if (table.length === 0) return [];
  const head = table[0].map(fold);
  const column = (names: readonly string[]) => head.findIndex((h) => names.includes(h));
  const mapped = { competitor: column(HEADERS.competitor), date: column(HEADERS.date), rate: column(HEADERS.rate) };
  const hasHeader = mapped.competitor >= 0 && mapped.date >= 0 && mapped.rate >= 0;
  const at = hasHeader ? mapped : { competitor: 0, date: 1, rate: 2 };
  const start = hasHeader ? 1 : 0;
  return table.slice(start).flatMap((cells, i) =>
    cells.every((c) => !c.trim()) ? [] : [{ line: start + i + 1, competitor: cells[at.competitor] ?? "", date: cells[at.date] ?? "", rate: cells[at.rate] ?? "" }],
  );
}
