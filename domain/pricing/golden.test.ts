// Pins the worked examples of docs/pricing.md: same pousada, same numbers. If one of these
// changes, the document is wrong too.
import { describe, expect, it } from "vitest";
import { priceDailyRate, validatePricingConfig, isValid } from "./index.ts";
import { POUSADA } from "./pousada.fixture.ts";

type Row = [step: string, amount: number];

function steps(rate: ReturnType<typeof priceDailyRate>): Row[] {
  return rate.explanation.map((s) => [s.step, s.amount]);
}

describe("docs/pricing.md worked examples", () => {
  it("the pousada configuration is valid", () => {
    const problems = validatePricingConfig(POUSADA);
    expect(isValid(problems)).toBe(true);
    // The Réveillon overlaps the December weekends on purpose (example 8).
    expect(problems.map((p) => p.code)).toEqual(["pricing.season.overlap"]);
  });

  it("example 1: a Tuesday in March, Standard for two, 55 % occupancy → R$ 275", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-03-11", categoryId: "standard", guests: 2, today: "2025-02-01", occupancy: 55 });
    expect(steps(r)).toEqual([["season", 25_000], ["level", 2_500]]);
    expect(r).toMatchObject({ rate: 27_500, seasonId: "season-base", levelName: "Média", manual: false, guests: 2 });
  });

  it("example 2: a December Saturday, Deluxe for three, 30 % → R$ 530", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-12-13", categoryId: "deluxe", guests: 3, today: "2025-11-01", occupancy: 30 });
    expect(steps(r)).toEqual([["season", 40_000], ["category", 8_000], ["guests", 5_000]]);
    expect(r).toMatchObject({ rate: 53_000, seasonId: "season-december", seasonColor: "#D9480F", levelName: "Baixa" });
  });

  it("example 3: last minute, Suíte for one, 45 % → R$ 317 (rounded up from R$ 316,50)", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-06-11", categoryId: "suite", guests: 1, today: "2025-06-09", occupancy: 45 });
    expect(steps(r)).toEqual([
      ["season", 25_000],
      ["level", 2_500],
      ["leadTime", -2_750],
      ["category", 9_900],
      ["singleRate", -3_000],
      ["rounding", 50],
    ]);
    expect(r.rate).toBe(31_700);
  });

  it("example 3b: the same night at 50 % occupancy gets no last-minute discount → R$ 355", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-06-11", categoryId: "suite", guests: 1, today: "2025-06-09", occupancy: 50 });
    expect(steps(r)).toEqual([["season", 25_000], ["level", 2_500], ["category", 11_000], ["singleRate", -3_000]]);
    expect(r.rate).toBe(35_500);
  });

  it("example 4: the floor — Standard for one, tomorrow, 20 % → R$ 230", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-05-15", categoryId: "standard", guests: 1, today: "2025-05-14", occupancy: 20 });
    expect(steps(r)).toEqual([["season", 25_000], ["leadTime", -2_500], ["singleRate", -3_000], ["bounds", 3_500]]);
    expect(r.rate).toBe(23_000);
    expect(r.explanation[3]).toMatchObject({ detail: { bound: "min", source: "category", min: 23_000 } });
  });

  it("example 5: the ceiling — December Saturday, Deluxe for three, 80 % → R$ 600", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-12-13", categoryId: "deluxe", guests: 3, today: "2025-11-01", occupancy: 80 });
    expect(steps(r)).toEqual([["season", 40_000], ["level", 10_000], ["category", 8_000], ["guests", 5_000], ["bounds", -3_000]]);
    expect(r.rate).toBe(60_000);
  });

  it("example 6: a manual price on Christmas replaces the rate and is not clamped → R$ 1.000", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-12-25", categoryId: "deluxe", guests: 2, today: "2025-12-01", occupancy: 85 });
    expect(steps(r)).toEqual([["season", 25_000], ["level", 6_250], ["category", 8_000], ["manual", 60_740], ["rounding", 10]]);
    expect(r).toMatchObject({ rate: 100_000, manual: true });
  });

  it("example 7: the season's floor overrides the category's — December Friday, Standard for one, 10 % → R$ 380", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-12-12", categoryId: "standard", guests: 1, today: "2025-09-01", occupancy: 10 });
    expect(steps(r)).toEqual([["season", 40_000], ["singleRate", -3_000], ["bounds", 1_000]]);
    expect(r.rate).toBe(38_000);
    expect(r.explanation[2]).toMatchObject({ detail: { source: "season", min: 38_000 } });
  });

  it("example 8: the shorter Réveillon beats the December weekends on Saturday 27 → R$ 660", () => {
    const r = priceDailyRate(POUSADA, { date: "2025-12-27", categoryId: "standard", guests: 2, today: "2025-12-01", occupancy: 50 });
    expect(steps(r)).toEqual([["season", 60_000], ["level", 6_000]]);
    expect(r).toMatchObject({ rate: 66_000, seasonId: "season-reveillon" });
  });

  it("example 9: booking six months ahead adds 5 %, and half a real rounds up → R$ 263", () => {
    const r = priceDailyRate(POUSADA, { date: "2026-03-10", categoryId: "standard", guests: 2, today: "2025-09-01", occupancy: 0 });
    expect(steps(r)).toEqual([["season", 25_000], ["leadTime", 1_250], ["rounding", 50]]);
    expect(r.rate).toBe(26_300);
  });
});
