/**
 * The booking engine's pure rules: the public address (slug) of a hotel's page, the texts a guest
 * reads in their language, which stays the hotel accepts online, and which categories can be
 * offered for a stay. The API applies them; the web shows their messages.
 */
import { addDays, daysBetween, stayNights } from "#domain/bookings/stay.ts";
import { DEFAULT_LOCALE } from "#domain/locale.ts";

/** 3–60 characters: lower-case letters, digits and inner hyphens (the table's check constraint). */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;
export const SLUG_MAX = 60;
export const SLUG_MIN = 3;

export const NIGHTS_LIMIT = 90;
export const ADVANCE_LIMIT = 730;

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/**
 * A slug from any name: accents dropped ("Maré" → "mare"), everything else that is not a letter
 * or digit becomes one hyphen, cut to 60 characters without a hyphen at either end. Names too
 * short to make one (or with no letters at all) get `fallback` appended.
 */
export function normaliseSlug(text: string, fallback = "hotel"): string {
  const base = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = (s: string) => s.slice(0, SLUG_MAX).replace(/-+$/g, "");
  const slug = cut(base);
  if (slug.length >= SLUG_MIN) return slug;
  return cut(slug ? `${slug}-${fallback}` : fallback);
}

/** A text kept per interface locale: the reader's, else Portuguese, else any non-blank one, else "". */
export function localizedText(texts: Record<string, string> | null | undefined, locale: string): string {
  if (!texts) return "";
  const pick = (key: string) => (texts[key]?.trim() ? texts[key].trim() : "");
  return pick(locale) || pick(DEFAULT_LOCALE) || Object.values(texts).find((v) => v?.trim())?.trim() || "";
}

/** What the engine accepts online (a subset of the settings row). */
export interface StayRules {
  minNights: number;
  maxNights: number;
  maxAdvanceDays: number;
}

export interface StayIssue {
  field: "arrival" | "departure";
  /** A key of the bookingEngine namespace. */
  key: string;
  values: Record<string, number | string>;
}

/**
 * Why a stay cannot be booked online, or null when it can: arrival today or later and at most
 * `maxAdvanceDays` ahead, departure after arrival, minNights…maxNights nights.
 */
export function stayIssue(rules: StayRules, stay: { arrival: string; departure: string }, today: string): StayIssue | null {
  if (stay.arrival < today) return { field: "arrival", key: "bookingEngine:validation.arrivalPast", values: {} };
  const lastArrival = addDays(today, rules.maxAdvanceDays);
  if (stay.arrival > lastArrival) return { field: "arrival", key: "bookingEngine:validation.tooFarAhead", values: { days: rules.maxAdvanceDays } };
  const nights = daysBetween(stay.arrival, stay.departure);
  if (!(nights > 0)) return { field: "departure", key: "bookingEngine:validation.departureAfterArrival", values: {} };
  if (nights < rules.minNights) return { field: "departure", key: "bookingEngine:validation.tooFewNights", values: { min: rules.minNights } };
  if (nights > rules.maxNights) return { field: "departure", key: "bookingEngine:validation.tooManyNights", values: { max: rules.maxNights } };
  return null;
}

export interface OfferableCategory {
  id: string;
  minOccupation: number;
  maxOccupation: number;
}

/** The categories a party may be offered: among the engine's list (empty = every category), the ones whose occupancy limits take it. */
export function categoriesForParty<C extends OfferableCategory>(categories: readonly C[], offered: readonly string[], guests: number): C[] {
  const listed = offered.length ? new Set(offered) : null;
  return categories.filter((c) => (!listed || listed.has(c.id)) && guests >= c.minOccupation && guests <= c.maxOccupation);
}

/**
 * The categories a guest may be offered: those for the party (`categoriesForParty`) with a room
 * free on every night of the stay (`freeRooms` is the least free count over the nights).
 */
export function offerableCategories<C extends OfferableCategory>(
  categories: readonly C[],
  offered: readonly string[],
  guests: number,
  freeRooms: ReadonlyMap<string, number>,
): C[] {
  return categoriesForParty(categories, offered, guests).filter((c) => (freeRooms.get(c.id) ?? 0) > 0);
}

/** Whether a category is on the engine's list (empty = all). */
export function isOffered(offered: readonly string[], categoryId: string): boolean {
  return offered.length === 0 || offered.includes(categoryId);
}

export interface NightRate {
  date: string;
  rate: number;
}

/** One offer: the nights with their rates, the total and the average per night (cents). */
export function offerTotals(nights: readonly NightRate[]) {
  const total = nights.reduce((sum, n) => sum + n.rate, 0);
  return { nights: nights.map((n) => ({ date: n.date, rate: n.rate })), total, ratePerNight: nights.length ? Math.round(total / nights.length) : 0 };
}

/** The nights of a stay (re-exported so callers need one import). */
export { stayNights };

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The text colour (white or near-black) with the better contrast on the hotel's accent colour. */
export function textColourOn(accentColor: string): "#ffffff" | "#111827" {
  if (!/^#[0-9a-f]{6}$/i.test(accentColor)) return "#ffffff";
  const l = luminance(accentColor);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance("#111827") + 0.05);
  return onWhite >= onDark ? "#ffffff" : "#111827";
}

/** The hotel's HTML snippet for its own site: a link button to the public page. */
export function embedSnippet(pageUrl: string, label: string, accentColor: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const colour = /^#[0-9a-f]{6}$/i.test(accentColor) ? accentColor : "#0f766e";
  return `<a href="${escape(pageUrl)}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${colour};color:${textColourOn(colour)};font-family:sans-serif;font-weight:bold;text-decoration:none">${escape(label)}</a>`;
}
