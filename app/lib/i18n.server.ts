import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { defaultLocale, loadResources, locales } from "#locales/resources.ts";
import { isLocale, type Locale } from "#locales/list.ts";
import { readLocaleCookie } from "./locale-cookie.ts";

/**
 * The interface language: the plain `lng` cookie first, then the `lng` query parameter,
 * else pt-BR. Accept-Language is deliberately ignored so pt-BR is the real default (spec section 1).
 */
function localeOf(request: Request): Locale {
  const fromCookie = readLocaleCookie(request.headers.get("cookie"));
  if (fromCookie) return fromCookie;
  const fromQuery = new URL(request.url).searchParams.get("lng");
  return fromQuery && isLocale(fromQuery) ? fromQuery : defaultLocale;
}

/**
 * One i18next instance per locale for the life of the process (issue 29): the messages are the
 * same for every request, and nothing on the server changes an instance's language or resources,
 * so building and initialising one per request (remix-i18next's middleware did) was pure cost.
 */
const instances = new Map<Locale, Promise<i18n>>();
function instanceFor(locale: Locale): Promise<i18n> {
  let found = instances.get(locale);
  if (!found) {
    const instance = createInstance({
      resources: loadResources(),
      lng: locale,
      supportedLngs: [...locales],
      fallbackLng: defaultLocale,
      defaultNS: "common",
      interpolation: { escapeValue: false },
    }).use(initReactI18next);
    found = instance.init().then(() => instance);
    instances.set(locale, found);
  }
  return found;
}

const localeContext = createContext<Locale>(defaultLocale);
const i18nContext = createContext<i18n | null>(null);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = localeOf(request);
  context.set(localeContext, locale);
  context.set(i18nContext, await instanceFor(locale));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): Locale => context.get(localeContext);

export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(i18nContext);
  if (!instance) throw new Error("getI18n before i18nextMiddleware ran");
  return instance;
}
