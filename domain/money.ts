import { numberFormat } from "./intl-formats.ts";
/**
 * Money as hoteliers type it and read it. On the wire money is integer cents (`docs/architecture.md`
 * section 3); in forms people type "250,00", "250", "1.234,50" or "1234.5"; on screen it is
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

/**
 * Money as typed, in any of our locales, → integer cents; null when blank or not an amount.
 * The one rule every form, import and schema uses:
 * - spaces and a currency sign are ignored ("R$ 1.234,50", "€12", "US$ 9.99"); "-" or "−" negates;
 * - with both marks, the last one is the decimal mark and the other groups thousands, in groups of
 *   three ("1.234,56" and "1,234.56" are both 123456 cents);
 * - with one mark, one or two digits after its only occurrence make it the decimal mark ("250,5",
 *   "250.50"); dots before groups of exactly three digits group thousands ("1.234", "1.234.567");
 * - a lone comma before three digits ("12,345") is refused, not guessed: in pt-BR, our default, it
 *   is a decimal comma with one digit too many, in en-US a thousand — a wrong guess is a price a
 *   thousand times off, so the owner retypes it ("12345", "12.345" or "12,34");
 * - anything else is refused: three or more decimals ("1,2345"), broken groups ("1.23.4",
 *   "1.234.56"), letters, two signs, an amount past Number.MAX_SAFE_INTEGER cents.
 */
export function parseMoney(input: unknown): number | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    const cents = Math.round(input * 100);
    return Math.abs(cents - input * 100) < 1e-6 ? cents : null;
  }
  if (typeof input !== "string") return null;
  let text = input.replace(/[\s\u00a0\u202f]|R\$|US\$|\$|€/g, "");
  const negative = /^[-−]/.test(text);
  if (negative) text = text.slice(1);
  if (!text) return null;
  const lastMark = Math.max(text.lastIndexOf(","), text.lastIndexOf("."));
  let units = text;
  let fraction = "";
  if (text.includes(",") && text.includes(".")) {
    const decimal = text[lastMark];
    const group = decimal === "," ? "." : ",";
    units = text.slice(0, lastMark);
    fraction = text.slice(lastMark + 1);
    if (!/^\d{1,2}$/.test(fraction) || !new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(units)) return null;
    units = units.split(group).join("");
  } else if (lastMark >= 0) {
    const mark = text[lastMark];
    const parts = text.split(mark);
    if (parts.length === 2 && /^\d+$/.test(parts[0]) && /^\d{1,2}$/.test(parts[1])) [units, fraction] = parts;
    else if (mark === "." && /^\d{1,3}$/.test(parts[0]) && parts.slice(1).every((p) => /^\d{3}$/.test(p))) units = parts.join("");
    else return null;
  }
  if (!/^\d+$/.test(units)) return null;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents + 0 : cents;
}

/** 25000 → "250,00" for a form field (no currency symbol, no grouping, so it parses back); pt-BR unless told. */
export function centsToInput(cents: number | null | undefined, locale = "pt-BR"): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "";
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/** A decimal for a form field in the reader's locale ("15,5"). */
export function decimalToInput(value: number | null | undefined, locale = "pt-BR"): string {
  if (value === null || value === undefined) return "";
  return numberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/** 25000 → "R$ 250,00" (pt-BR) or "R$250.00" (en-US); with `whole`, "R$ 250" when there are no cents. */
export function formatMoney(cents: number, locale: string, currency = "BRL", options: { whole?: boolean } = {}): string {
  const digits = options.whole && cents % 100 === 0 ? 0 : 2;
  return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

/** A signed amount for explanations: "+R$ 25,00", "−R$ 27,50". */
export function formatSignedMoney(cents: number, locale: string, currency = "BRL"): string {
  const text = formatMoney(Math.abs(cents), locale, currency);
  return cents < 0 ? `−${text}` : `+${text}`;
}

export interface PercentOptions {
  /** Decimals shown at most (2 unless told; occupancy shows 1). */
  digits?: number;
  /** "+10%" / "−10%": a sign on every amount but zero, for variations. */
  signed?: boolean;
}

function percentFormat(locale: string, options: PercentOptions): Intl.NumberFormat {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: options.digits ?? 2, signDisplay: options.signed ? "exceptZero" : "auto" });
}

/**
 * A percentage given as 0–100 (occupancy, a variation, a commission), in the reader's locale:
 * 42.857 → "42,9%" (pt-BR, one digit), "42.9%" (en-US), "42,9 %" (fr-CA). Every percentage on a
 * page goes through here, never `${n} %`.
 */
export function formatPercent(percent: number, locale: string, options: PercentOptions = {}): string {
  return percentFormat(locale, options).format(percent / 100);
}

/** A band of percentages, 40 and 70 → "40% – 70%" (pt-BR), "40–70 %" (fr-CA). */
export function formatPercentRange(from: number, to: number, locale: string, options: PercentOptions = {}): string {
  return percentFormat(locale, options).formatRange(from / 100, to / 100);
}

/** A category's price variation in words: "+R$ 80,00" or "−10%"; "—" when there is none. */
export function formatVariation(type: "value" | "percentage", value: number, locale: string, currency = "BRL"): string {
  if (!value) return "—";
  const sign = value > 0 ? "+" : "−";
  const amount = type === "value" ? formatMoney(Math.abs(value), locale, currency) : formatPercent(Math.abs(value), locale);
  return `${sign}${amount}`;
}
