import i18next, { type TFunction } from "i18next";
import { defaultLocale, loadResources, locales } from "#locales/resources.ts";

const instance = i18next.createInstance();
let ready: Promise<unknown> | undefined;

function init() {
  ready ??= instance.init({
    resources: loadResources(),
    supportedLngs: [...locales],
    fallbackLng: defaultLocale,
    defaultNS: "errors",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return ready;
}

/** A translator fixed to one locale, for messages the API sends back. */
export function translatorFor(locale: string): TFunction {
  void init();
  return instance.getFixedT(locale);
}
