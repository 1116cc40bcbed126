import { describe, expect, it } from "vitest";
import { priceCalendar } from "#domain/pricing/engine.ts";
import type { DailyRate, PricingConfig } from "#domain/pricing/types.ts";
import { categoryRules, type CategoryRulesInput } from "./effective.ts";
import { gapDiscountsOf } from "./gap-discounts.ts";
import { DEFAULT_BASE_RULES, type GapSettings } from "./types.ts";

// The gap discount from the stay rules to the price: only the nights of an open orphan gap, never under the floor.
const TODAY = "2027-03-01";
const FROM = "2027-03-08";
const TO = "2027-03-16";
// One room, from 03-01: full 03-10, 03-11, 03-13, 03-14 → 03-12 is a one-night gap; 03-15 on is free (not a gap).
const free = Array.from({ length: 30 }, (_, i) => ([9, 10, 12, 13].includes(i) ? 0 : 1));
const ON: GapSettings = { enabled: true, maxNights: 2, discountPercent: 20 };

const pricing = (minPrice: number | null = null): PricingConfig => ({
  seasonalities: [{ uuid: "ref", title: "Base", color: "#000000", rate: 30_000, is_reference: true, dates: [], fluctuation_level_variations: [] }],
  fluctuation_levels: [],
  room_categories: [{ uuid: "c", name: "Suite", min_occupation: 1, max_occupation: 2, price_variation_value: 0, min_price: minPrice }],
  manual_prices: [],
});

function discounts(gaps: GapSettings) {
  const input: CategoryRulesInput = { categoryId: "c", from: FROM, to: TO, today: TODAY, base: DEFAULT_BASE_RULES, demandRules: [], inventory: { from: TODAY, free }, gaps };
  return gapDiscountsOf(new Map([["c", categoryRules(input)]]));
}

function rates(gaps: GapSettings, config = pricing()): Map<string, DailyRate> {
  return new Map(priceCalendar(config, { from: FROM, to: TO, today: TODAY, gapDiscounts: discounts(gaps) }).map((r) => [r.date, r]));
}

describe("the orphan-gap discount on the price", () => {
  it("takes the percent off the gap's nights only, and the explanation names the gap", () => {
    const r = rates(ON);
    expect(r.get("2027-03-12")!.rate).toBe(24_000);
    expect(r.get("2027-03-12")!.explanation).toEqual([
      expect.objectContaining({ step: "season", amount: 30_000 }),
      { step: "gapDiscount", amount: -6_000, detail: { percentage: 20, first: "2027-03-12", last: "2027-03-12", nights: 1 } },
    ]);
    for (const date of ["2027-03-08", "2027-03-09", "2027-03-11", "2027-03-13", "2027-03-15", "2027-03-16"]) {
      expect(r.get(date)!.rate).toBe(30_000);
      expect(r.get(date)!.explanation.map((s) => s.step)).toEqual(["season"]);
    }
  });

  it("gives nothing with a 0 % discount or with gap fill off", () => {
    expect(rates({ ...ON, discountPercent: 0 }).get("2027-03-12")!.rate).toBe(30_000);
    expect(rates({ ...ON, enabled: false }).get("2027-03-12")!.rate).toBe(30_000);
    expect(discounts({ ...ON, discountPercent: 0 }).size).toBe(0);
    expect(discounts({ ...ON, enabled: false }).size).toBe(0);
  });

  it("never goes below the category's floor", () => {
    const night = rates(ON, pricing(27_000)).get("2027-03-12")!;
    expect(night.rate).toBe(27_000);
    expect(night.explanation.map((s) => [s.step, s.amount])).toEqual([["season", 30_000], ["gapDiscount", -6_000], ["bounds", 3_000]]);
    // A floor under the discounted price leaves the discount whole.
    expect(rates(ON, pricing(20_000)).get("2027-03-12")!.rate).toBe(24_000);
  });

  it("leaves a manual price as the owner typed it", () => {
    const config = { ...pricing(), occupancy_pricing: { price_variation_type: "value" as const, apply_single_rate: false, single_rate_variation: 0, price_increase_per_person: 0, reference_occupation: 2, manual_prices_enabled: true }, manual_prices: [{ date: "2027-03-12", room_category_uuid: "c", price: 28_000 }] };
    const night = rates(ON, config).get("2027-03-12")!;
    expect(night.rate).toBe(28_000);
    expect(night.explanation.some((s) => s.step === "gapDiscount")).toBe(false);
  });
});
