import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Explanation } from "#app/components/calendar/explanation.tsx";
import type { Step } from "#domain/pricing/types.ts";
import { locales } from "#locales/list.ts";
import { renderingI18n } from "#tests/helpers/i18n.ts";

const i18n = await renderingI18n();

// A night of a two-night orphan gap, 20 % off (domain/pricing step gapDiscount).
const steps: Step[] = [
  { step: "season", amount: 35_000, detail: { seasonId: "s", title: "Base", rate: 35_000, reference: true } },
  { step: "gapDiscount", amount: -7_000, detail: { percentage: 20, first: "2027-05-12", last: "2027-05-13", nights: 2 } },
];

function render(locale: string): string {
  void i18n.changeLanguage(locale);
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(Explanation, { steps, rate: 28_000, currency: "BRL" })));
}

describe("the price explanation names the orphan-gap discount", () => {
  it.each([...locales])("%s: the step, its percent, the gap's nights and its dates", (locale) => {
    const html = render(locale);
    const t = i18n.getFixedT(locale, "pricing");
    expect(html).toContain(t("step.gapDiscount"));
    const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(0.2);
    const first = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2027-05-12T00:00:00Z"));
    const last = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2027-05-13T00:00:00Z"));
    expect(html).toContain(t("step.gapDiscountDetail", { percentage: percent, count: 2, first, last }));
    expect(html).not.toContain("step.gapDiscount");
  });
});
