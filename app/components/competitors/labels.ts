import { formatDate } from "#app/lib/format-date";

/** "9 – 15 mar." for a week's nights. */
export function rangeLabel(from: string, to: string, locale: string): string {
  const short: Intl.DateTimeFormatOptions = { day: "numeric", month: "short" };
  return from === to ? formatDate(from, locale, short) : `${formatDate(from, locale, short)} – ${formatDate(to, locale, short)}`;
}
