import { describe, expect, it } from "vitest";
import { formatMonthTitle } from "#app/lib/format-date.ts";

describe("the month title", () => {
  it("raises only the first letter, in each locale", () => {
    expect(formatMonthTitle("2026-11", "pt-BR")).toBe("Novembro de 2026");
    expect(formatMonthTitle("2026-11", "en-US")).toBe("November 2026");
    expect(formatMonthTitle("2026-11", "es-ES")).toBe("Noviembre de 2026");
    expect(formatMonthTitle("2026-11", "fr-CA")).toBe("Novembre 2026");
    expect(formatMonthTitle("2026-11", "it-IT")).toBe("Novembre 2026");
  });

  it("is the same month whatever the reader's zone (the first day at midnight UTC)", () => {
    expect(formatMonthTitle("2027-01", "pt-BR")).toBe("Janeiro de 2027");
  });
});
