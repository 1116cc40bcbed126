import { dateTimeFormat, formatInstant } from "#domain/intl-formats.ts";

/** Dates as the reader expects them: Intl in their locale; ISO dates ("2026-12-25") never shifted by a time zone. */

/** "2026-12-25" → "25 de dez. de 2026" (pt-BR, medium), whatever the server's or reader's zone. */
export function formatDate(date: string, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return dateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** An instant from the API, short date and time in the business's zone (domain/intl-formats.ts, formatInstant). */
export function formatDateTime(iso: string, locale: string, timeZone: string): string {
  return formatInstant(iso, locale, timeZone);
}

/**
 * "2026-11" → "Novembro de 2026" (pt-BR), "November 2026" (en-US): the month and year as a title,
 * only its first letter raised in the locale's own rules. CSS `capitalize` would raise every word
 * ("Novembro De 2026"), which is wrong in pt-BR, es-ES, fr-CA and it-IT.
 */
export function formatMonthTitle(month: string, locale: string): string {
  const text = dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "domingo" … "sábado" in the reader's language (0 = Sunday); 2023-01-01 was a Sunday. */
export function weekdayName(day: number, locale: string, style: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}
