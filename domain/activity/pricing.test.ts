import { describe, expect, it } from "vitest";
import type { PricingConfig } from "#domain/pricing/types.ts";
import { pricingRecordChanges, pricingRecords } from "./pricing.ts";

const config = (): PricingConfig => ({
  fluctuation_levels: [
    { uuid: "l1", level: 1, name: "Baixa", from_percentage: 0, to_percentage: 50 },
    { uuid: "l2", level: 2, name: "Alta", from_percentage: 50, to_percentage: 100 },
  ],
  seasonalities: [
    {
      uuid: "s1",
      title: "Base",
      color: "#4F7CAC",
      rate: 25_000,
      is_reference: true,
      dates: [],
      fluctuation_level_variations: [
        { fluctuation_level: "l2", price_variation: 10, price_variation_type: "percentage" },
        { fluctuation_level: "l1", price_variation: 0, price_variation_type: "percentage" },
      ],
    },
  ],
  room_categories: [{ uuid: "c1", name: "Standard", room_count: 6, min_occupation: 1, max_occupation: 3, price_variation_type: "percentage", price_variation_value: 0 }],
  occupancy_pricing: null,
  lead_time_bands: [],
});

describe("pricingRecordChanges", () => {
  it("finds nothing between equal configurations, whatever the order of a season's variations", () => {
    const after = config();
    after.seasonalities[0].fluctuation_level_variations.reverse();
    expect(pricingRecordChanges(config(), after)).toEqual([]);
  });

  it("reports a moved rate as one season record with both sides", () => {
    const after = config();
    after.seasonalities[0].rate = 27_000;
    const changes = pricingRecordChanges(config(), after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ area: "seasonalities", entityId: "s1", label: "Base" });
    expect(changes[0].before!.rate).toBe(25_000);
    expect(changes[0].after!.rate).toBe(27_000);
  });

  it("reports a created and a deleted season, band changes and category price rules in their areas", () => {
    const after = config();
    after.seasonalities.push({ uuid: "s2", title: "Natal", color: "#C92A2A", rate: 50_000, is_reference: false, dates: [], fluctuation_level_variations: [] });
    after.fluctuation_levels[1] = { ...after.fluctuation_levels[1], from_percentage: 60 };
    after.room_categories[0] = { ...after.room_categories[0], price_variation_value: 15 };
    const changes = pricingRecordChanges(config(), after);
    expect(changes.map((c) => [c.area, c.label, c.before === null, c.after === null])).toEqual([
      ["seasonalities", "Natal", true, false],
      ["occupancy_bands", "Alta", false, false],
      ["price_settings", "Standard", false, false],
    ]);
    const gone = pricingRecordChanges(after, config());
    expect(gone.find((c) => c.label === "Natal")).toMatchObject({ area: "seasonalities", after: null });
  });

  it("logs a new category under rooms only, not a second time under price settings", () => {
    const after = config();
    after.room_categories.push({ uuid: "c2", name: "Suíte", room_count: 2, min_occupation: 1, max_occupation: 4, price_variation_value: 0 });
    expect(pricingRecordChanges(config(), after).map((c) => c.area)).toEqual(["rooms"]);
  });

  it("keys variations by band level, so the record reads the same before and after a band's uuid is known", () => {
    const records = pricingRecords(config());
    expect(records[0].values.fluctuation_level_variations).toEqual({
      level_1: { price_variation: 0, price_variation_type: "percentage" },
      level_2: { price_variation: 10, price_variation_type: "percentage" },
    });
  });
});
