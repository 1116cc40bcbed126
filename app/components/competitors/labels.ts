import { formatDate } from "../../lib/format-date";

/** "domingo" … "sábado" in the reader's language (0 = Sunday); 2023-01-01 was a Sunday. */
export function weekdayName(day: number, locale: string, style: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** "9 – 15 mar." for a week's nights. */
export function rangeLabel(from: string, to: string, locale: string): string {
  const short: Intl.DateTimeFormatOptions = { day: "numeric", month: "short" };
  return from === to ? formatDate(from, locale, short) : `${formatDate(from, locale, short)} – ${formatDate(to, locale, short)}`;
}
