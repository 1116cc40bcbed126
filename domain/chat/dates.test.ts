import { describe, expect, it } from "vitest";
import { monthEnd, namedPeriod, questionDates } from "./dates.ts";

// A Sunday.
const TODAY = "2026-11-22";

describe("questionDates", () => {
  it("reads day-first numeric dates, the next such day without a year", () => {
    expect(questionDates("tarifa em 25/12", TODAY, "pt-BR")).toEqual({ from: "2026-12-25", to: "2026-12-25" });
    expect(questionDates("tarifa em 10/01", TODAY, "pt-BR")).toEqual({ from: "2027-01-10", to: "2027-01-10" });
    expect(questionDates("ocupação em 05/03/2027", TODAY, "pt-BR")).toEqual({ from: "2027-03-05", to: "2027-03-05" });
    expect(questionDates("de 10/01 a 15/01", TODAY, "pt-BR")).toEqual({ from: "2027-01-10", to: "2027-01-15" });
    expect(questionDates("rate on 12/25", TODAY, "en-US")).toEqual({ from: "2026-12-25", to: "2026-12-25" });
    expect(questionDates("tarifa em 31/02", TODAY, "pt-BR")).toBeNull();
  });

  it.each([
    ["pt-BR", "qual a tarifa de amanhã?", "2026-11-23"],
    ["en-US", "what is the rate tomorrow?", "2026-11-23"],
    ["es-ES", "¿cuál es la tarifa de mañana?", "2026-11-23"],
    ["fr-CA", "quel est le tarif de demain ?", "2026-11-23"],
    ["it-IT", "qual è la tariffa di domani?", "2026-11-23"],
    ["pt-BR", "ocupação no sábado", "2026-11-28"],
    ["en-US", "occupancy on Saturday", "2026-11-28"],
    ["es-ES", "ocupación el sábado", "2026-11-28"],
    ["fr-CA", "occupation samedi", "2026-11-28"],
    ["it-IT", "occupazione sabato", "2026-11-28"],
    ["pt-BR", "tarifa em 25 de dezembro", "2026-12-25"],
    ["en-US", "rate on December 25", "2026-12-25"],
    ["es-ES", "tarifa el 25 de diciembre", "2026-12-25"],
    ["fr-CA", "tarif le 25 décembre", "2026-12-25"],
    ["it-IT", "tariffa il 25 dicembre", "2026-12-25"],
    ["pt-BR", "chegadas hoje", "2026-11-22"],
  ])("reads a %s date: %s", (locale, question, date) => {
    expect(questionDates(question, TODAY, locale)?.from).toBe(date);
  });

  it("reads a date written in another language than the interface's", () => {
    expect(questionDates("rate tomorrow", TODAY, "pt-BR")?.from).toBe("2026-11-23");
  });

  it("reads ranges in words", () => {
    expect(questionDates("ocupação de 10 a 15 de janeiro", TODAY, "pt-BR")).toEqual({ from: "2027-01-10", to: "2027-01-15" });
  });

  it("gives null when no date is named", () => {
    expect(questionDates("quais os próximos feriados?", TODAY, "pt-BR")).toBeNull();
    expect(questionDates("ajuda", TODAY, "en-US")).toBeNull();
  });
});

describe("namedPeriod", () => {
  it.each([
    ["próximos 7 dias", { from: TODAY, to: "2026-11-28" }],
    ["next 30 days", { from: TODAY, to: "2026-12-21" }],
    ["prochains 10 jours", { from: TODAY, to: "2026-12-01" }],
    ["prossimi 3 giorni", { from: TODAY, to: "2026-11-24" }],
    ["receita deste mês", { from: "2026-11-01", to: "2026-11-30" }],
    ["this month", { from: "2026-11-01", to: "2026-11-30" }],
    ["questo mese", { from: "2026-11-01", to: "2026-11-30" }],
    ["mês que vem", { from: "2026-12-01", to: "2026-12-31" }],
    ["le mois prochain", { from: "2026-12-01", to: "2026-12-31" }],
    ["el mes que viene", { from: "2026-12-01", to: "2026-12-31" }],
    ["esta semana", { from: TODAY, to: "2026-11-28" }],
    ["e depois de amanhã?", { from: "2026-11-24", to: "2026-11-24" }],
    ["the day after tomorrow", { from: "2026-11-24", to: "2026-11-24" }],
    ["pasado mañana", { from: "2026-11-24", to: "2026-11-24" }],
    ["après-demain", { from: "2026-11-24", to: "2026-11-24" }],
    ["dopodomani", { from: "2026-11-24", to: "2026-11-24" }],
  ])("%s", (question, span) => {
    expect(namedPeriod(question, TODAY)).toEqual(span);
  });

  it("knows month ends, leap years included", () => {
    expect(monthEnd("2028-02-10")).toBe("2028-02-29");
    expect(monthEnd("2026-02-10")).toBe("2026-02-28");
  });
});
