import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "#domain/intl-formats.ts";

describe("reused Intl formatters", () => {
  it("hands back the same formatter for the same locale and options, another for other ones", () => {
    expect(numberFormat("pt-BR", { style: "currency", currency: "BRL" })).toBe(numberFormat("pt-BR", { style: "currency", currency: "BRL" }));
    expect(numberFormat("pt-BR", { style: "currency", currency: "BRL" })).not.toBe(numberFormat("en-US", { style: "currency", currency: "BRL" }));
    expect(numberFormat("pt-BR", { style: "currency", currency: "BRL" })).not.toBe(numberFormat("pt-BR", { style: "currency", currency: "EUR" }));
    expect(dateTimeFormat("fr-CA", { dateStyle: "full", timeZone: "UTC" })).toBe(dateTimeFormat("fr-CA", { dateStyle: "full", timeZone: "UTC" }));
  });

  it("formats exactly as a fresh formatter would", () => {
    const options: Intl.NumberFormatOptions = { style: "percent", maximumFractionDigits: 1 };
    expect(numberFormat("it-IT", options).format(0.4286)).toBe(new Intl.NumberFormat("it-IT", options).format(0.4286));
    const date = new Date("2026-11-05T00:00:00Z");
    expect(dateTimeFormat("es-ES", { dateStyle: "full", timeZone: "UTC" }).format(date)).toBe(new Intl.DateTimeFormat("es-ES", { dateStyle: "full", timeZone: "UTC" }).format(date));
  });
});
