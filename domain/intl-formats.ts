/**
 * Intl formatters are costly to build (tens of microseconds each, far more on a slow phone) and
 * cheap to reuse: a month calendar formats hundreds of prices, dates and percentages while it
 * renders and hydrates. These keep one formatter per locale and options (ADR 0027). Bounded:
 * a handful of locales × a handful of option sets; cleared if it ever grows past the bound.
 */
const MAX = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string | undefined, options: object, make: () => F): F {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= MAX) cache.clear();
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** How a time is shown unless a page asks otherwise: short date and time ("28/11/2026, 13:11"). */
const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "short", timeStyle: "short" };

/**
 * The one way an instant (an ISO timestamp from the API, or a Date) is shown to anyone — pages,
 * e-mails, exports, the activity log, notifications: in the business's time zone, never the
 * server's or the browser's, so the same moment reads the same wherever it is rendered.
 */
export function formatInstant(instant: string | Date, locale: string | undefined, timeZone: string, options: Intl.DateTimeFormatOptions = SHORT_DATE_TIME): string {
  return dateTimeFormat(locale, { ...options, timeZone }).format(typeof instant === "string" ? new Date(instant) : instant);
}
