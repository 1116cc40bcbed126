/**
 * The interface languages and the language value sent on every API call (spec sections 1 and 9).
 *
 * The spec shows the request language only for pt-BR ("pt-BR"), en-US ("en") and es-ES ("es");
 * fr-CA and it-IT follow the same pattern (primary subtag) so the API can answer in all five.
 */

export const LOCALES = ["pt-BR", "en-US", "es-ES", "fr-CA", "it-IT"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "pt-BR";

/** Spec section 9: the locale cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type RequestLanguage = "pt-BR" | "en" | "es" | "fr" | "it";

const REQUEST_LANGUAGE: Record<Locale, RequestLanguage> = {
  // pt-BR keeps its region: it is the default the API assumes, and "pt" alone would be ambiguous.
  "pt-BR": "pt-BR",
  "en-US": "en",
  "es-ES": "es",
  "fr-CA": "fr",
  "it-IT": "it",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The header value for a locale; anything unknown is sent as the default's. */
export function toRequestLanguage(locale: Locale): RequestLanguage {
  return isLocale(locale) ? REQUEST_LANGUAGE[locale] : REQUEST_LANGUAGE[DEFAULT_LOCALE];
}

/** One supported locale for a single language tag, by exact tag first, then by language alone. */
function matchTag(tag: string): Locale | undefined {
  const normalized = tag.trim().replace(/_/g, "-").toLowerCase();
  if (!normalized) return undefined;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === normalized);
  if (exact) return exact;
  // "en", "en-GB", "pt-PT", "fr-FR"… each of our languages has exactly one locale to fall back on.
  const language = normalized.split("-")[0];
  return LOCALES.find((locale) => locale.slice(0, 2).toLowerCase() === language);
}

/**
 * The locale for a request-language or Accept-Language header. Tolerant: accepts our short values
 * ("en"), full tags in any case or with underscores, and q-weighted lists (highest q first, ties in
 * header order, q=0 meaning "not this one"). Anything unknown, empty or absent gives pt-BR.
 */
export function fromRequestLanguage(header: string | null | undefined): Locale {
  if (typeof header !== "string") return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.split(";");
      let q = 1;
      for (const param of params) {
        const [key, value] = param.split("=").map((s) => s.trim());
        if (key.toLowerCase() === "q") {
          const parsed = Number(value);
          q = value !== "" && Number.isFinite(parsed) ? parsed : 0;
        }
      }
      return { tag: tag.trim(), q, index };
    })
    .filter((range) => range.tag !== "" && range.tag !== "*" && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const locale = matchTag(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
