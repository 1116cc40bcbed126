import { getConfig } from "#config";
import { LOCALE_COOKIE_MAX_AGE_SECONDS } from "#domain/locale.ts";
import { isLocale, type Locale } from "#locales/list.ts";

export { isLocale };

/** The spec's locale cookie: plain `lng=<locale>`, 365 days, no URL prefix. */
export const LOCALE_COOKIE = "lng";


export function readLocaleCookie(header: string | null): Locale | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

/** Secure under https like every other cookie of ours (config.cookieSecure). */
export function localeCookieHeader(locale: Locale): string {
  const secure = getConfig().cookieSecure ? "; Secure" : "";
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
