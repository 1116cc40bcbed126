import { formatDate } from "#app/lib/format-date";
import { monthLabel } from "./format";

/** A reward's period for people: "março de 2026", or "1 de mar. – 30 de mar. de 2026". */
export function periodLabel(period: string, locale: string): string {
  if (/^\d{4}-\d{2}$/.test(period)) return monthLabel(period, locale, "long");
  const [from, to] = period.split("..");
  if (!to) return formatDate(from, locale);
  return `${formatDate(from, locale)} – ${formatDate(to, locale)}`;
}
