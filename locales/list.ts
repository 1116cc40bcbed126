/** The interface locales, re-exported for the web (safe to import in the browser). */
export { DEFAULT_LOCALE as defaultLocale, isLocale, LOCALES as locales, type Locale } from "#domain/locale.ts";
