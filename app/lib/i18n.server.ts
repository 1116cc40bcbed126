import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { defaultLocale, loadResources, locales } from "#locales/resources.ts";
import { readLocaleCookie } from "./locale-cookie.ts";

/**
 * The interface language: the plain `lng` cookie first, then the `lng` query parameter,
 * else pt-BR. Accept-Language is deliberately ignored so pt-BR is the real default (spec section 1).
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    order: ["custom"],
    async findLocale(request) {
      const fromCookie = readLocaleCookie(request.headers.get("cookie"));
      if (fromCookie) return fromCookie;
      const fromQuery = new URL(request.url).searchParams.get("lng");
      return fromQuery && (locales as readonly string[]).includes(fromQuery) ? fromQuery : null;
    },
  },
  i18next: {
    resources: loadResources(),
    supportedLngs: [...locales],
    fallbackLng: defaultLocale,
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
