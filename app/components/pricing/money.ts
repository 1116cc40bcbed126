/**
 * Money as hoteliers type it and read it. On the wire money is integer cents (ARCHITECTURE.md
 * section 5); in forms people type "250,00", "250", "1.234,50" or "1234.5"; on screen it is
 * formatted with Intl in the reader's locale and the business currency.
 */

/** A typed decimal, "," read as the decimal mark ("1.234,56"), "." only when it is the sole separator with 1–2 decimals. */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string") return null;
  let text = input.replace(/\s|R\$|%|\u00a0/g, "");
  if (!text) return null;
  const negative = text.startsWith("-") || text.startsWith("−");
  if (negative) text = text.slice(1);
  if (text.includes(",")) {
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$|^\d+(,\d*)?$/.test(text)) return null;
    text = text.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    // "1234.5": a lone dot with one or two decimals is a decimal mark.
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    text = text.replace(/\./g, "");
  } else if (!/^\d+$/.test(text)) {
    return null;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** "250,00" → 25000; null when it is not an amount or has more than two decimals. */
export function parseMoney(input: unknown): number | null {
  const value = parseDecimal(input);
  if (value === null) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/** 25000 → "250,00" for a form field (pt-BR style decimal comma, no grouping, so it parses back). */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "";
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  return `${negative ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** 25000 → "R$ 250,00" (pt-BR) or "R$250.00" (en-US). */
export function formatMoney(cents: number, locale: string, currency = "BRL", options: { whole?: boolean } = {}): string {
  const digits = options.whole && cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

/** A signed amount for explanations: "+R$ 25,00", "−R$ 27,50". */
export function formatSignedMoney(cents: number, locale: string, currency = "BRL"): string {
  const text = formatMoney(Math.abs(cents), locale, currency);
  return cents < 0 ? `−${text}` : `+${text}`;
}

export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value) + " %";
}

/** "2026-12-25" → "25/12/2026" (pt-BR) with Intl, never shifted by a time zone. */
export function formatDate(date: string, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
