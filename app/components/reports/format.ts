import type { TFunction } from "i18next";
import { formatMoney } from "#domain/money";
import { formatDate } from "#app/lib/format-date";

/** Money of the business in the reader's locale; whole units on chart axes. */
export const moneyFormatter = (locale: string, currency: string) => (cents: number | null) => (cents === null ? "—" : formatMoney(Math.round(cents), locale, currency));

/** A 0–1 ratio as a percent in the reader's locale. */
export const ratioFormatter = (locale: string) => {
  const f = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return (ratio: number | null) => (ratio === null ? "—" : f.format(ratio));
};

/** "2026-03" → "mar. de 2026" (short), "março de 2026" (long) or "mar. de 26" (axis, for chart ticks) in the reader's locale. */
export const monthLabel = (month: string, locale: string, style: "short" | "long" | "axis" = "short") =>
  formatDate(`${month}-01`, locale, style === "axis" ? { month: "short", year: "2-digit" } : { month: style, year: "numeric" });

/** A channel code as the bookings area names it; an unknown code as it is. */
export const channelLabel = (t: TFunction, code: string) => t(`bookings:channel.${code}`, { defaultValue: code });
