import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  fromRequestLanguage,
  isLocale,
  toRequestLanguage,
  type Locale,
} from "./locale.ts";

describe("locales", () => {
  it("supports the five interface languages with pt-BR as default", () => {
    expect(LOCALES).toEqual(["pt-BR", "en-US", "es-ES", "fr-CA", "it-IT"]);
    expect(DEFAULT_LOCALE).toBe("pt-BR");
  });

  it("keeps the locale cookie for 365 days", () => {
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
  });

  it("isLocale accepts exactly the supported tags", () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
    for (const value of ["pt", "en", "pt-br", "EN-US", "de-DE", "", null, undefined, 1]) expect(isLocale(value)).toBe(false);
  });
});

describe("toRequestLanguage", () => {
  it("sends pt-BR as pt-BR, en-US as en and es-ES as es (as the spec shows)", () => {
    expect(toRequestLanguage("pt-BR")).toBe("pt-BR");
    expect(toRequestLanguage("en-US")).toBe("en");
    expect(toRequestLanguage("es-ES")).toBe("es");
  });

  it("extends the same pattern to fr-CA and it-IT", () => {
    expect(toRequestLanguage("fr-CA")).toBe("fr");
    expect(toRequestLanguage("it-IT")).toBe("it");
  });

  it("sends the default for anything unknown", () => {
    expect(toRequestLanguage("de-DE" as Locale)).toBe("pt-BR");
  });
});

describe("fromRequestLanguage", () => {
  it("is the inverse of toRequestLanguage", () => {
    for (const locale of LOCALES) expect(fromRequestLanguage(toRequestLanguage(locale))).toBe(locale);
  });

  it("accepts full tags in any case and with underscores", () => {
    expect(fromRequestLanguage("en-US")).toBe("en-US");
    expect(fromRequestLanguage("FR-ca")).toBe("fr-CA");
    expect(fromRequestLanguage("it_IT")).toBe("it-IT");
    expect(fromRequestLanguage("  es  ")).toBe("es-ES");
  });

  it("maps other regions of a supported language to its one locale", () => {
    expect(fromRequestLanguage("en-GB")).toBe("en-US");
    expect(fromRequestLanguage("pt-PT")).toBe("pt-BR");
    expect(fromRequestLanguage("pt")).toBe("pt-BR");
    expect(fromRequestLanguage("fr-FR")).toBe("fr-CA");
    expect(fromRequestLanguage("es-419")).toBe("es-ES");
    expect(fromRequestLanguage("it-CH")).toBe("it-IT");
  });

  it("reads Accept-Language lists by weight, ties in order", () => {
    expect(fromRequestLanguage("de-DE,de;q=0.9,en;q=0.8,pt;q=0.7")).toBe("en-US");
    expect(fromRequestLanguage("es;q=0.5, it;q=0.9")).toBe("it-IT");
    expect(fromRequestLanguage("fr-CA, en-US")).toBe("fr-CA");
    expect(fromRequestLanguage("en;q=0.8, es;q=0.8")).toBe("en-US");
    expect(fromRequestLanguage("en;Q=0.1, it")).toBe("it-IT");
  });

  it("skips ranges refused with q=0, malformed weights and the wildcard", () => {
    expect(fromRequestLanguage("en;q=0, es;q=0.3")).toBe("es-ES");
    expect(fromRequestLanguage("en;q=abc, it;q=0.2")).toBe("it-IT");
    expect(fromRequestLanguage("*, en;q=0.1")).toBe("en-US");
  });

  it("falls back to pt-BR for unknown, empty or missing values", () => {
    for (const header of ["de-DE", "zh-Hans-CN, ja;q=0.9", "", "   ", ",,,", "*", "en;q=0", "x", null, undefined]) {
      expect(fromRequestLanguage(header)).toBe("pt-BR");
    }
  });
});
