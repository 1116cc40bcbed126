import * as chrono from "chrono-node";
import { addDays } from "#domain/pricing/dates.ts";
import { normalise } from "./text.ts";

/** Nights `from`..`to` (ISO, both included). */
export interface DateSpan {
  from: string;
  to: string;
}

type Parser = { parse: (text: string, ref: chrono.ParsingReference, option?: chrono.ParsingOption) => chrono.ParsedResult[] };

/** chrono's parser per interface language; the reader's first, then the others (people mix languages). */
const PARSERS: Record<string, Parser> = { pt: chrono.pt, en: chrono.en, es: chrono.es, fr: chrono.fr, it: chrono.it as Parser };

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The last night of the month of `date`. */
export function monthEnd(date: string): string {
  const [y, m] = date.split("-").map(Number);
  return iso(y, m, new Date(Date.UTC(y, m, 0)).getUTCDate());
}

/** "25/12", "25/12/2026", "25-12-26": day first (Brazil); without a year, the next such day from today. */
function slashDates(text: string, today: string, locale: string): string[] {
  const out: string[] = [];
  const year = Number(today.slice(0, 4));
  for (const m of text.matchAll(/(?<![\d/])(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?(?![\d/])/g)) {
    let day = Number(m[1]);
    let month = Number(m[2]);
    // An American reader who writes 12/25 means December 25; day-first is the rule otherwise.
    if (locale === "en-US" && month > 12 && day <= 12) [day, month] = [month, day];
    let y = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : year;
    if (!validDate(y, month, day)) continue;
    if (!m[3] && iso(y, month, day) < today) y += 1;
    if (validDate(y, month, day)) out.push(iso(y, month, day));
  }
  return out;
}

const NEXT_DAYS = /(?:proxim[oa]s|next|prochains?|prossim[ie]|ultimos|coming)\s+(\d{1,3})\s+(?:dias|days|jours|giorni|noites|nights|nuits|notti|noches)/;
const THIS_MONTH = /\b(?:este mes|esse mes|neste mes|deste mes|this month|ce mois|questo mese|mes actual|del mes)\b/;
const NEXT_MONTH = /\b(?:proximo mes|mes que vem|next month|mois prochain|prochain mois|prossimo mese|mes que viene|el mes proximo)\b/;
const DAY_AFTER_TOMORROW = /\b(?:depois de amanha|day after tomorrow|pasado manana|apres-demain|apres demain|dopodomani|dopo domani)\b/;
const THIS_WEEK = /\b(?:esta semana|essa semana|this week|cette semaine|questa settimana|proxima semana|next week|semaine prochaine|prossima settimana|semana que vem|la semana que viene)\b/;

/** A period named in words: "próximos 30 dias", "this month", "mois prochain", "questa settimana", "après-demain". */
export function namedPeriod(question: string, today: string): DateSpan | null {
  const text = normalise(question);
  const days = NEXT_DAYS.exec(text);
  if (days) {
    const n = Math.min(Math.max(Number(days[1]), 1), 366);
    return { from: today, to: addDays(today, n - 1) };
  }
  if (NEXT_MONTH.test(text)) {
    const first = addDays(monthEnd(today), 1);
    return { from: first, to: monthEnd(first) };
  }
  if (THIS_MONTH.test(text)) return { from: `${today.slice(0, 7)}-01`, to: monthEnd(today) };
  if (THIS_WEEK.test(text)) return { from: today, to: addDays(today, 6) };
  // chrono reads "amanhã" in "depois de amanhã" as tomorrow; the day after is named here.
  if (DAY_AFTER_TOMORROW.test(text)) return { from: addDays(today, 2), to: addDays(today, 2) };
  return null;
}

function fromChrono(result: chrono.ParsedResult): DateSpan {
  const at = (c: chrono.ParsedComponents) => iso(c.get("year")!, c.get("month")!, c.get("day")!);
  const from = at(result.start);
  const to = result.end ? at(result.end) : from;
  return to >= from ? { from, to } : { from: to, to: from };
}

/**
 * The nights a question is about: a named period, day-first numeric dates ("25/12", "de 10/01 a
 * 15/01"), then chrono's reading in the reader's language and the other four ("amanhã", "next
 * friday", "25 de diciembre", "du 3 au 5 janvier", "sabato"). Dates without a year are the next
 * such day from the business's today. Null when the question names no date.
 */
export function questionDates(question: string, today: string, locale: string): DateSpan | null {
  const period = namedPeriod(question, today);
  if (period) return period;
  const numeric = slashDates(question, today, locale);
  if (numeric.length) {
    const sorted = [...numeric].sort();
    return { from: sorted[0], to: sorted.at(-1)! };
  }
  const language = locale.slice(0, 2);
  const order = [language, ...Object.keys(PARSERS).filter((l) => l !== language)];
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  for (const lng of order) {
    const parser = PARSERS[lng];
    if (!parser) continue;
    const found = parser.parse(question, reference, { forwardDate: true }).filter((r) => r.start.isCertain("day") || r.start.isCertain("weekday"));
    if (found.length === 0) continue;
    const spans = found.map(fromChrono);
    return { from: spans.map((s) => s.from).sort()[0], to: spans.map((s) => s.to).sort().at(-1)! };
  }
  return null;
}
