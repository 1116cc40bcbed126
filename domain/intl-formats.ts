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
