/** The five interface locales; pt-BR is the default (spec section 1). Safe to import in the browser. */
export const locales = ["pt-BR", "en-US", "es-ES", "fr-CA", "it-IT"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "pt-BR";

export function isLocale(value: string | null | undefined): value is Locale {
  return !!value && (locales as readonly string[]).includes(value);
}
