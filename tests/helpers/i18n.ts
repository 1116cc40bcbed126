import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { locales } from "#locales/list.ts";
import { loadResources } from "#locales/resources.ts";

/** Every locale's messages, as the app loads them. */
export const resources = loadResources();

/** An i18next instance with every locale's messages, in pt-BR (the default), for rendering components in tests. */
export async function renderingI18n(): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources,
    lng: "pt-BR",
    supportedLngs: [...locales],
    fallbackLng: "pt-BR",
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}
