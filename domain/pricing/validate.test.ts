import { describe, expect, it } from "vitest";
import {
  isValid,
  validateLeadTimeBands,
  validateManualPrices,
  validateOccupancyPricing,
  validatePricingConfig,
  validateRoomCategories,
  validateSeasonalities,
} from "./validate.ts";
import { POUSADA } from "./pousada.fixture.ts";
import type { FluctuationLevel, OccupancyPricing, PricingProblem, RoomCategory, Seasonality } from "./types.ts";

const ALL = [0, 1, 2, 3, 4, 5, 6];
const LEVELS: FluctuationLevel[] = [
  { uuid: "low", level: 1, name: "Low", from_percentage: 0, to_percentage: 50 },
  { uuid: "high", level: 2, name: "High", from_percentage: 50, to_percentage: 100 },
];

function season(uuid: string, partial: Partial<Seasonality> = {}): Seasonality {
  return { uuid, title: uuid, color: "#A1B2C3", rate: 10_000, is_reference: false, dates: [], fluctuation_level_variations: [], ...partial };
}
const ref = season("ref", { is_reference: true });
const codes = (problems: PricingProblem[]) => problems.map((p) => p.code);
const seasonCodes = (seasons: Seasonality[], levels?: FluctuationLevel[]) => codes(validateSeasonalities(seasons, levels));

describe("validateSeasonalities", () => {
  it("accepts a reference season alone", () => {
    expect(validateSeasonalities([ref])).toEqual([]);
  });

  it("needs exactly one reference season", () => {
    expect(seasonCodes([])).toEqual(["pricing.season.noReference"]);
    expect(seasonCodes([season("a")])).toContain("pricing.season.noReference");
    const two = validateSeasonalities([ref, season("b", { is_reference: true })]);
    expect(two).toEqual([{ code: "pricing.season.multipleReferences", severity: "error", path: [1, "is_reference"], params: { first: 0 } }]);
  });

  it("needs a positive integer rate", () => {
    expect(seasonCodes([{ ...ref, rate: 0 }])).toEqual(["pricing.season.rateNotPositive"]);
    expect(seasonCodes([{ ...ref, rate: -100 }])).toEqual(["pricing.season.rateNotPositive"]);
    expect(seasonCodes([{ ...ref, rate: 250.5 }])).toEqual(["pricing.season.rateNotInteger"]);
  });

  it.each(["#fff", "red", "#12345G", "123456", "#1234567"])("rejects the colour %s", (color) => {
    expect(seasonCodes([{ ...ref, color }])).toEqual(["pricing.season.invalidColor"]);
  });

  it("needs a title", () => {
    expect(seasonCodes([{ ...ref, title: "  " }])).toEqual(["pricing.season.titleRequired"]);
  });

  it("checks each range's dates, order and weekdays", () => {
    const bad = season("bad", {
      dates: [
        { days_of_week: ALL, starts_at: "2025-02-30", ends_at: "2025-03-10" },
        { days_of_week: ALL, starts_at: "2025-03-10", ends_at: "2025-03-01" },
        { days_of_week: [], starts_at: "2025-03-01", ends_at: "2025-03-10" },
        { days_of_week: [1, 7], starts_at: "2025-03-01", ends_at: "2025-03-10" },
      ],
    });
    const problems = validateSeasonalities([ref, bad]);
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["pricing.season.invalidDate", [1, "dates", 0, "starts_at"]],
      ["pricing.season.rangeReversed", [1, "dates", 1, "ends_at"]],
      ["pricing.season.noDaysOfWeek", [1, "dates", 2, "days_of_week"]],
      ["pricing.season.invalidDayOfWeek", [1, "dates", 3, "days_of_week", 1]],
    ]);
  });

  it("accepts a one-day range", () => {
    expect(validateSeasonalities([ref, season("d", { dates: [{ days_of_week: [6], starts_at: "2025-12-13", ends_at: "2025-12-13" }] })])).toEqual([]);
  });

  it("warns about a season without dates and a range whose weekdays never occur", () => {
    expect(seasonCodes([ref, season("empty")])).toEqual(["pricing.season.noDates"]);
    // 2025-12-15..17 is Monday to Wednesday.
    const never = season("never", { dates: [{ days_of_week: [0, 6], starts_at: "2025-12-15", ends_at: "2025-12-17" }] });
    expect(validateSeasonalities([ref, never])).toEqual([
      { code: "pricing.season.rangeNeverApplies", severity: "warning", path: [1, "dates", 0], params: { starts_at: "2025-12-15", ends_at: "2025-12-17" } },
    ]);
  });

  it("warns (only) when ranges of two seasons claim a common date", () => {
    const dec = season("December", { dates: [{ days_of_week: [5, 6], starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    const nye = season("Réveillon", { dates: [{ days_of_week: ALL, starts_at: "2025-12-27", ends_at: "2026-01-03" }] });
    const problems = validateSeasonalities([ref, dec, nye]);
    expect(isValid(problems)).toBe(true);
    expect(problems).toEqual([
      {
        code: "pricing.season.overlap",
        severity: "warning",
        path: [2, "dates", 0],
        params: { season: "Réveillon", other: "December", otherIndex: 1, from: "2025-12-27", to: "2025-12-31" },
      },
    ]);
  });

  it("does not see an overlap when the common days hold no weekday both ranges list", () => {
    const weekends = season("we", { dates: [{ days_of_week: [0, 6], starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    const weekdays = season("wd", { dates: [{ days_of_week: [1, 2, 3, 4, 5], starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(validateSeasonalities([ref, weekends, weekdays])).toEqual([]);
    // Saturday 13 to Monday 15 vs Friday-only: the short intersection holds no Friday.
    const a = season("a", { dates: [{ days_of_week: ALL, starts_at: "2025-12-13", ends_at: "2025-12-15" }] });
    const b = season("b", { dates: [{ days_of_week: [5], starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(validateSeasonalities([ref, a, b])).toEqual([]);
    // Ranges of the same season may overlap freely.
    const same = season("s", {
      dates: [
        { days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-20" },
        { days_of_week: ALL, starts_at: "2025-12-10", ends_at: "2025-12-31" },
      ],
    });
    expect(validateSeasonalities([ref, same])).toEqual([]);
  });

  it("keeps percentage variations within −100..+500", () => {
    const v = (price_variation: number) => season("ref", {
      is_reference: true,
      fluctuation_level_variations: [{ fluctuation_level: "low", price_variation, price_variation_type: "percentage" }],
    });
    expect(seasonCodes([v(-100)], LEVELS)).toEqual([]);
    expect(seasonCodes([v(500)], LEVELS)).toEqual([]);
    expect(seasonCodes([v(12.5)], LEVELS)).toEqual([]);
    expect(seasonCodes([v(-100.01)], LEVELS)).toEqual(["pricing.season.variationPercentage"]);
    expect(seasonCodes([v(501)], LEVELS)).toEqual(["pricing.season.variationPercentage"]);
    expect(seasonCodes([v(Number.NaN)], LEVELS)).toEqual(["pricing.season.variationPercentage"]);
  });

  it("lets value variations be any integer cents down to −rate", () => {
    const v = (price_variation: number) => season("ref", {
      is_reference: true,
      rate: 10_000,
      fluctuation_level_variations: [{ fluctuation_level: "high", price_variation, price_variation_type: "value" }],
    });
    expect(seasonCodes([v(-10_000)], LEVELS)).toEqual([]);
    expect(seasonCodes([v(1_000_000)], LEVELS)).toEqual([]);
    expect(seasonCodes([v(-10_001)], LEVELS)).toEqual(["pricing.season.variationBelowRate"]);
    expect(seasonCodes([v(10.5)], LEVELS)).toEqual(["pricing.season.variationNotInteger"]);
  });

  it("checks the variation type and that each variation names one existing band", () => {
    const s = season("ref", {
      is_reference: true,
      fluctuation_level_variations: [
        { fluctuation_level: "low", price_variation: 0, price_variation_type: "fixed" as never },
        { fluctuation_level: "nope", price_variation: 0, price_variation_type: "value" },
        { fluctuation_level: 2, price_variation: 0, price_variation_type: "value" },
        { fluctuation_level: "high", price_variation: 0, price_variation_type: "value" },
      ],
    });
    expect(seasonCodes([s], LEVELS)).toEqual(["pricing.season.variationType", "pricing.season.unknownLevel", "pricing.season.duplicateVariation"]);
    // Without the bands, references are not checked.
    expect(seasonCodes([s])).toEqual(["pricing.season.variationType"]);
  });

  it("checks the season's bounds", () => {
    expect(seasonCodes([{ ...ref, min_price: 30_000, max_price: 20_000 }])).toEqual(["pricing.season.minAboveMax"]);
    expect(seasonCodes([{ ...ref, min_price: -1 }])).toEqual(["pricing.season.invalidBound"]);
    const problems = validateSeasonalities([{ ...ref, max_price: 20_050 }]);
    expect(problems).toEqual([{ code: "pricing.season.boundNotWholeUnit", severity: "warning", path: [0, "max_price"], params: { value: 20_050 } }]);
  });

  it("reports duplicate ids", () => {
    expect(seasonCodes([ref, season("ref", { dates: [{ days_of_week: ALL, starts_at: "2025-01-01", ends_at: "2025-01-02" }] })])).toEqual([
      "pricing.season.duplicateId",
    ]);
  });
});

describe("validateRoomCategories", () => {
  const cat = (partial: Partial<RoomCategory> = {}): RoomCategory => ({
    uuid: "c",
    name: "Standard",
    min_occupation: 1,
    max_occupation: 3,
    price_variation_value: 0,
    ...partial,
  });
  const catCodes = (partial: Partial<RoomCategory>) => codes(validateRoomCategories([cat(partial)]));

  it("accepts a plain category", () => {
    expect(validateRoomCategories([cat()])).toEqual([]);
  });

  it("checks occupation limits", () => {
    expect(catCodes({ min_occupation: 0 })).toEqual(["pricing.category.invalidMinOccupation"]);
    expect(catCodes({ min_occupation: 3, max_occupation: 2 })).toEqual(["pricing.category.maxBelowMin"]);
    expect(catCodes({ max_occupation: 2.5 })).toEqual(["pricing.category.maxBelowMin"]);
  });

  it("checks the variation and the bounds", () => {
    expect(catCodes({ price_variation_type: "percentage", price_variation_value: 600 })).toEqual(["pricing.category.variationPercentage", "pricing.category.noReference"]);
    expect(catCodes({ price_variation_value: 12.3 })).toEqual(["pricing.category.variationNotInteger", "pricing.category.noReference"]);
    expect(catCodes({ min_price: 50_000, max_price: 40_000 })).toEqual(["pricing.category.minAboveMax"]);
    expect(catCodes({ min_price: 1.5 })).toEqual(["pricing.category.invalidBound"]);
  });

  it("reports an empty list, duplicates, missing names and the lack of a reference category", () => {
    expect(codes(validateRoomCategories([]))).toEqual(["pricing.category.empty"]);
    expect(codes(validateRoomCategories([cat(), cat({ name: "" })]))).toEqual(["pricing.category.duplicateId", "pricing.category.nameRequired"]);
    const noRef = validateRoomCategories([cat({ price_variation_value: 1_000 })]);
    expect(noRef).toEqual([{ code: "pricing.category.noReference", severity: "warning", path: [] }]);
  });
});

describe("validateOccupancyPricing", () => {
  const op: OccupancyPricing = {
    price_variation_type: "value",
    apply_single_rate: true,
    single_rate_variation: 3_000,
    price_increase_per_person: 5_000,
    reference_occupation: 2,
    manual_prices_enabled: true,
  };

  it("accepts the pousada's rules", () => {
    expect(validateOccupancyPricing(op)).toEqual([]);
    expect(validateOccupancyPricing({ ...op, price_variation_type: "percentage", single_rate_variation: 10, price_increase_per_person: 15 })).toEqual([]);
  });

  it("rejects impossible values", () => {
    expect(codes(validateOccupancyPricing({ ...op, price_variation_type: "x" as never }))).toEqual(["pricing.occupancy.variationType"]);
    expect(codes(validateOccupancyPricing({ ...op, reference_occupation: 0 }))).toEqual(["pricing.occupancy.invalidReferenceOccupation"]);
    expect(codes(validateOccupancyPricing({ ...op, price_increase_per_person: -1 }))).toEqual(["pricing.occupancy.invalidIncreasePerPerson"]);
    expect(codes(validateOccupancyPricing({ ...op, single_rate_variation: -1 }))).toEqual(["pricing.occupancy.invalidSingleRate"]);
    expect(codes(validateOccupancyPricing({ ...op, price_variation_type: "percentage", price_increase_per_person: 15, single_rate_variation: 101 }))).toEqual([
      "pricing.occupancy.invalidSingleRate",
    ]);
  });
});

describe("validateLeadTimeBands", () => {
  it("accepts separate bands, open-ended included", () => {
    expect(validateLeadTimeBands(POUSADA.lead_time_bands!)).toEqual([]);
  });

  it("rejects bad days, percentages and thresholds", () => {
    const problems = validateLeadTimeBands([
      { from_days: -1, to_days: 3, percentage: -10 },
      { from_days: 10, to_days: 5, percentage: 0 },
      { from_days: 20, to_days: 30, percentage: -150 },
      { from_days: 40, to_days: null, percentage: 5, max_occupancy: 120 },
    ]);
    expect(codes(problems)).toEqual([
      "pricing.leadTime.invalidFromDays",
      "pricing.leadTime.invalidToDays",
      "pricing.leadTime.percentage",
      "pricing.leadTime.maxOccupancy",
    ]);
  });

  it("warns about overlapping bands", () => {
    const problems = validateLeadTimeBands([
      { from_days: 0, to_days: 7, percentage: -10 },
      { from_days: 7, to_days: 14, percentage: -5 },
      { from_days: 100, to_days: null, percentage: 5 },
      { from_days: 200, to_days: null, percentage: 10 },
    ]);
    expect(problems).toEqual([
      { code: "pricing.leadTime.overlap", severity: "warning", path: [1], params: { other: 0 } },
      { code: "pricing.leadTime.overlap", severity: "warning", path: [3], params: { other: 2 } },
    ]);
  });
});

describe("validateManualPrices", () => {
  it("checks dates, categories, prices and repeated cells", () => {
    const problems = validateManualPrices(
      [
        { date: "2025-12-25", room_category_uuid: "deluxe", price: 99_990 },
        { date: "2025-12-32", room_category_uuid: "deluxe", price: 10_000 },
        { date: "2025-12-25", room_category_uuid: "ghost", price: 10_000 },
        { date: "2025-12-26", room_category_uuid: "deluxe", price: -5 },
        { date: "2025-12-25", room_category_uuid: "deluxe", price: 80_000 },
      ],
      POUSADA.room_categories,
    );
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ["pricing.manual.invalidDate", [1, "date"]],
      ["pricing.manual.unknownCategory", [2, "room_category_uuid"]],
      ["pricing.manual.invalidPrice", [3, "price"]],
      ["pricing.manual.duplicate", [4]],
    ]);
  });
});

describe("validatePricingConfig", () => {
  it("prefixes each problem with the field it comes from", () => {
    const problems = validatePricingConfig({
      ...POUSADA,
      fluctuation_levels: [LEVELS[0]],
      room_categories: [{ ...POUSADA.room_categories[0], max_occupation: 0 }],
    });
    expect(problems.filter((p) => p.severity === "error").map((p) => [p.code, p.path])).toEqual(
      expect.arrayContaining([
        ["pricing.season.unknownLevel", ["seasonalities", 0, "fluctuation_level_variations", 1, "fluctuation_level"]],
        ["pricing.level.lastNotHundred", ["fluctuation_levels", 0, "to_percentage"]],
        ["pricing.category.maxBelowMin", ["room_categories", 0, "max_occupation"]],
        ["pricing.manual.unknownCategory", ["manual_prices", 0, "room_category_uuid"]],
      ]),
    );
    expect(isValid(problems)).toBe(false);
  });
});
