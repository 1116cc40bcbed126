import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { loadResources, locales } from "#locales/resources.ts";
import type { Step } from "#domain/pricing/types.ts";
import {
  composeDaysToUpdate,
  composeHelp,
  composeHolidays,
  composeMovements,
  composeNoAccess,
  composeOccupancy,
  composeRate,
  composeSummary,
  composeUnknown,
  type ComposeContext,
} from "./compose.ts";
import { mentionedCategory, planQuestion } from "./plan.ts";
import { conversationTitle } from "./title.ts";

const i18n = i18next.createInstance();
await i18n.init({ resources: loadResources(), supportedLngs: [...locales], fallbackLng: false, interpolation: { escapeValue: false }, initAsync: false });

function context(locale: string): ComposeContext {
  const t = i18n.getFixedT(locale, "chat");
  return { t: (key, values) => t(key, values ?? {}) as string, locale, currency: "BRL" };
}

const pt = context("pt-BR");
const steps: Step[] = [
  { step: "season", amount: 30_000, detail: { seasonId: "s", title: "Alta", rate: 30_000, reference: false } },
  { step: "level", amount: 3_000, detail: { levelId: "l", levelName: "Média", occupancy: 50, type: "percentage", variation: 10 } },
];

describe("answer composition", () => {
  it.each([...locales])("has every sentence translated in %s (no raw keys, no empty placeholders)", (locale) => {
    const ctx = context(locale);
    const answers = [
      composeHelp(ctx),
      composeUnknown(ctx),
      composeNoAccess(ctx, "reservations"),
      composeRate(ctx, { date: "2026-12-25", configured: true, occupancy: 50, season: "Alta", level: "Média", holidays: ["Natal"], categories: [{ uuid: "a", name: "Standard", rate: 33_000, manual: true, explanation: steps }] }),
      composeOccupancy(ctx, { from: "2026-12-25", to: "2026-12-26", nights: [{ date: "2026-12-25", occupancy: 50, sold: 7, available: 14, free: 7 }, { date: "2026-12-26", occupancy: 100, sold: 14, available: 14, free: 0 }], categories: [] }),
      composeMovements(ctx, { date: "2026-11-22", arrivals: [{ uuid: "r", code: "ABC123", guest: "Ana", category: "Deluxe", nights: 2, status: "confirmed" }], departures: [] }),
      composeSummary(ctx, { from: "2026-11-01", to: "2026-11-30", revenue: 1_234_500, roomNights: 30, available: 60 }),
      composeHolidays(ctx, { from: "2026-11-22", to: "2027-02-19", holidays: [{ date: "2026-12-25", name: "Natal" }] }),
      composeDaysToUpdate(ctx, { count: 9, days: [{ date: "2026-11-23", categories: [{ name: "Standard", published: null, recommended: 25_000 }] }] }),
    ];
    for (const { content } of answers) {
      expect(content).not.toMatch(/\b(help|fallback|rate|occupancy|movements|summary|holidays|daysToUpdate|area|example)\.[a-zA-Z]/);
      expect(content).not.toMatch(/{{|}}/);
    }
  });

  it("states a night's rate per category with money in BRL and the explanation's facts", () => {
    const { content, data } = composeRate(pt, {
      date: "2026-12-25",
      configured: true,
      occupancy: 50,
      season: "Alta",
      level: "Média",
      holidays: ["Natal"],
      categories: [
        { uuid: "a", name: "Standard", rate: 33_000, manual: false, explanation: steps },
        { uuid: "b", name: "Suíte", rate: 46_250, manual: true, explanation: [] },
      ],
    });
    expect(content).toContain("— Alta, ocupação 50%");
    expect(content).toContain("Faixa de ocupação: Média");
    expect(content).toContain("Feriado: Natal");
    expect(content).toMatch(/Standard: R\$\s330/);
    expect(content).toMatch(/Suíte: R\$\s462,50 \(preço manual\)/);
    expect(data).toMatchObject({ kind: "rate", date: "2026-12-25", links: [{ href: "/calendar?month=2026-12&day=2026-12-25#day-panel" }] });
  });

  it("says when prices are not set up instead of inventing a rate", () => {
    const { content, data } = composeRate(pt, { date: "2026-12-25", configured: false, occupancy: 0, season: null, level: null, holidays: [], categories: [] });
    expect(content).toContain("não estão configurados");
    expect(data).toMatchObject({ links: [{ href: "/price-settings" }] });
  });

  it("sums a period's occupancy from its nights", () => {
    const { content, data } = composeOccupancy(context("en-US"), {
      from: "2026-12-25",
      to: "2026-12-26",
      nights: [
        { date: "2026-12-25", occupancy: 50, sold: 7, available: 14, free: 7 },
        { date: "2026-12-26", occupancy: 100, sold: 14, available: 14, free: 0 },
      ],
      categories: [],
    });
    expect(data).toMatchObject({ kind: "occupancy", sold: 21, available: 28, average: 75, fullNights: 1, busiest: { date: "2026-12-26" } });
    expect(content).toContain("average occupancy 75%");
    expect(content).toContain("21 of 28 room-nights");
  });

  it("works out ADR and RevPAR from revenue and room-nights", () => {
    const { content, data } = composeSummary(context("en-US"), { from: "2026-11-01", to: "2026-11-30", revenue: 900_000, roomNights: 30, available: 60 });
    expect(data).toMatchObject({ kind: "summary", adr: 30_000, revpar: 15_000, occupancy: 50 });
    expect(content).toContain("R$9,000");
    expect(content).toContain("Average daily rate (ADR): R$300");
    expect(content).toContain("RevPAR: R$150");
  });

  it("offers example questions when it does not understand", () => {
    const { content, data } = composeUnknown(context("es-ES"));
    expect(content).toContain("No entendí");
    expect(content).toContain("¿Cuál es la tarifa de mañana?");
    expect(data).toMatchObject({ kind: "unknown" });
  });

  it("says it is built in and answers from the hotel's own data", () => {
    expect(composeHelp(pt).content).toContain("embutido");
    expect(composeHelp(context("en-US")).content).toContain("your own property's data");
  });
});

describe("planQuestion", () => {
  const today = "2026-11-22";
  it("gives each kind its default nights", () => {
    expect(planQuestion("Qual a tarifa?", { today, locale: "pt-BR" })).toEqual({ kind: "rate", span: { from: today, to: today } });
    expect(planQuestion("Resumo de receita", { today, locale: "pt-BR" })).toEqual({ kind: "summary", span: { from: today, to: "2026-12-21" } });
    expect(planQuestion("Próximos feriados", { today, locale: "pt-BR" })).toEqual({ kind: "holidays", span: { from: today, to: "2027-02-19" } });
    expect(planQuestion("ajuda", { today, locale: "pt-BR" })).toEqual({ kind: "help", span: null });
  });

  it("takes the first night of a range for a rate", () => {
    expect(planQuestion("tarifa de 10/01 a 15/01", { today, locale: "pt-BR" }).span).toEqual({ from: "2027-01-10", to: "2027-01-10" });
  });

  it("continues the previous answer's kind when a follow-up names only a date", () => {
    expect(planQuestion("e amanhã?", { today, locale: "pt-BR", previous: "occupancy" })).toEqual({ kind: "occupancy", span: { from: "2026-11-23", to: "2026-11-23" } });
    expect(planQuestion("e amanhã?", { today, locale: "pt-BR", previous: "help" }).kind).toBe("unknown");
    expect(planQuestion("e amanhã?", { today, locale: "pt-BR" }).kind).toBe("unknown");
  });

  it("caps a period at a year", () => {
    expect(planQuestion("ocupação de 01/12/2026 a 01/12/2028", { today, locale: "pt-BR" }).span).toEqual({ from: "2026-12-01", to: "2027-12-01" });
  });
});

describe("mentionedCategory", () => {
  const categories = [
    { uuid: "s", name: "Standard" },
    { uuid: "d", name: "Deluxe" },
    { uuid: "u", name: "Suíte" },
  ];
  it("finds the category a question names, accents or not", () => {
    expect(mentionedCategory("tarifa da suite amanhã", categories)?.uuid).toBe("u");
    expect(mentionedCategory("price of the Deluxe", categories)?.uuid).toBe("d");
    expect(mentionedCategory("tarifa de amanhã", categories)).toBeNull();
  });
});

describe("conversationTitle", () => {
  it("is the question on one line, cut at a word", () => {
    expect(conversationTitle("  Qual a tarifa\nde amanhã?  ")).toBe("Qual a tarifa de amanhã?");
    const long = conversationTitle("palavra ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("palavra…")).toBe(true);
  });
});
