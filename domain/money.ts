/**
 * Money as hoteliers type it and read it. On the wire money is integer cents (ARCHITECTURE.md
 * section 5); in forms people type "250,00", "250", "1.234,50" or "1234.5"; on screen it is
 * formatted with Intl in the reader's locale and the business currency.
 */

/**
 * A typed decimal as a number, reading "," as the decimal mark the way Brazilians write it, and
 * "." as one only when it is the sole separator and followed by one or two digits ("1234.5").
 * Returns null for anything that is not a plain number.
 */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string") return null;
  let text = input.replace(/\s|R\$|%/g, "");
  if (!text) return null;
  const negative = text.startsWith("-") || text.startsWith("−");
  if (negative) text = text.slice(1);
  if (text.includes(",")) {
    // "1.234,56": dots group thousands, the comma is the decimal mark.
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$|^\d+(,\d*)?$/.test(text)) return null;
    text = text.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    // "1234.5": a lone dot with one or two decimals is a decimal mark.
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    text = text.replace(/\./g, ""); // "1.234": thousands
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

/** 25000 → "250,00" for a form field (no currency symbol, no grouping, so it parses back); pt-BR unless told. */
export function centsToInput(cents: number | null | undefined, locale = "pt-BR"): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/** A decimal for a form field in the reader's locale ("15,5"). */
export function decimalToInput(value: number | null | undefined, locale = "pt-BR"): string {
  if (value === null || value === undefined) return "";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/** 25000 → "R$ 250,00" (pt-BR) or "R$250.00" (en-US); with `whole`, "R$ 250" when there are no cents. */
export function formatMoney(cents: number, locale: string, currency = "BRL", options: { whole?: boolean } = {}): string {
  const digits = options.whole && cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

/** A signed amount for explanations: "+R$ 25,00", "−R$ 27,50". */
export function formatSignedMoney(cents: number, locale: string, currency = "BRL"): string {
  const text = formatMoney(Math.abs(cents), locale, currency);
  return cents < 0 ? `−${text}` : `+${text}`;
}

/** 15.5 → "15,5%" in the reader's locale (Intl percent style). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

/** A category's price variation in words: "+R$ 80,00" or "−10%"; "—" when there is none. */
export function formatVariation(type: "value" | "percentage", value: number, locale: string, currency = "BRL"): string {
  if (!value) return "—";
  const sign = value > 0 ? "+" : "−";
  const amount = type === "value" ? formatMoney(Math.abs(value), locale, currency) : formatPercent(Math.abs(value), locale);
  return `${sign}${amount}`;
}
