import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectIntent, type IntentKind } from "./intents.ts";

const LOCALES = ["pt-BR", "en-US", "es-ES", "fr-CA", "it-IT"] as const;

describe("detectIntent", () => {
  const cases: Record<IntentKind, string[]> = {
    rate: ["Qual a tarifa do dia 25/12?", "Quanto custa a diária no sábado?", "What's the price of the Deluxe tomorrow?", "¿Cuánto cuesta la habitación mañana?", "Quel est le prix samedi ?", "Quanto costa la Suíte domani?"],
    occupancy: ["Qual a ocupação amanhã?", "Tem quartos livres no sábado?", "How many rooms are available next week?", "¿Hay disponibilidad en enero?", "Taux d'occupation du 3 au 5 janvier", "Qual è l'occupazione di sabato?"],
    movements: ["Quem chega hoje?", "Quais as saídas de amanhã?", "Arrivals today", "Llegadas de mañana", "Qui arrive demain ? les arrivées", "Quanti arrivi oggi?"],
    summary: ["Qual a receita deste mês?", "ADR dos próximos 30 dias", "Revenue summary for next month", "Resumen de ingresos de este mes", "Chiffre d'affaires ce mois", "Fatturato di questo mese"],
    holidays: ["Próximos feriados", "Upcoming holidays?", "¿Qué festivos hay?", "Prochains jours fériés", "Quali festività ci sono?"],
    suggestions: ["Tem sugestões de temporada?", "Any pricing suggestions?", "Sugerencias de precios", "Des suggestions de saison ?", "Suggerimenti di prezzo"],
    daysToUpdate: ["Quais dias preciso atualizar?", "Which days to update?", "¿Qué días tengo que actualizar?", "Quels jours dois-je mettre à jour ?", "Quali giorni devo aggiornare?"],
    help: ["ajuda", "What can you do?", "¿Qué puedes hacer?", "aide", "Cosa puoi fare?"],
    unknown: ["Bom dia!", "Tell me a joke", "¿Dónde está el baño?", "Bonjour", "Ciao"],
  };
  for (const [kind, questions] of Object.entries(cases)) {
    it.each(questions)(`reads "%s" as ${kind}`, (question) => {
      expect(detectIntent(question)).toBe(kind);
    });
  }

  it("prefers the more specific reading: an average rate is a summary, a suggested price is a suggestion", () => {
    expect(detectIntent("Qual a tarifa média do mês?")).toBe("summary");
    expect(detectIntent("What is my average daily rate?")).toBe("summary");
    expect(detectIntent("Sugestões de preço para o carnaval")).toBe("suggestions");
  });

  it("does not match words inside other words", () => {
    expect(detectIntent("padrão")).toBe("unknown");
    expect(detectIntent("separate")).toBe("unknown");
  });

  it.each(LOCALES)("understands every example question the page suggests in %s", (locale) => {
    const messages = JSON.parse(readFileSync(`locales/${locale}/chat.json`, "utf8"));
    const expected: Record<string, IntentKind> = {
      rateTomorrow: "rate",
      occupancyWeekend: "occupancy",
      arrivalsToday: "movements",
      summaryMonth: "summary",
      holidays: "holidays",
      suggestions: "suggestions",
      daysToUpdate: "daysToUpdate",
    };
    for (const [key, kind] of Object.entries(expected)) expect([key, detectIntent(messages.example[key])]).toEqual([key, kind]);
  });
});
