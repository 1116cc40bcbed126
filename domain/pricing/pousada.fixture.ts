/**
 * The pousada of docs/pricing.md, in the engine's input shape. The golden tests pin the worked
 * examples against it; keep the two in step.
 */
import type { PricingConfig } from "./types.ts";

export const POUSADA: PricingConfig = {
  seasonalities: [
    {
      uuid: "season-base",
      title: "Temporada base",
      color: "#4F7CAC",
      rate: 25_000,
      is_reference: true,
      dates: [],
      fluctuation_level_variations: [
        { fluctuation_level: "level-low", price_variation: 0, price_variation_type: "percentage" },
        { fluctuation_level: "level-mid", price_variation: 10, price_variation_type: "percentage" },
        { fluctuation_level: "level-high", price_variation: 25, price_variation_type: "percentage" },
      ],
      created_at: "2025-01-10T12:00:00Z",
    },
    {
      uuid: "season-december",
      title: "Alta temporada de dezembro",
      color: "#D9480F",
      rate: 40_000,
      is_reference: false,
      dates: [{ days_of_week: [5, 6], starts_at: "2025-12-01", ends_at: "2025-12-31" }],
      fluctuation_level_variations: [
        { fluctuation_level: "level-low", price_variation: 0, price_variation_type: "percentage" },
        { fluctuation_level: "level-mid", price_variation: 10, price_variation_type: "percentage" },
        { fluctuation_level: "level-high", price_variation: 25, price_variation_type: "percentage" },
      ],
      min_price: 38_000,
      created_at: "2025-01-10T12:05:00Z",
    },
    {
      uuid: "season-reveillon",
      title: "Réveillon",
      color: "#7048E8",
      rate: 60_000,
      is_reference: false,
      dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2025-12-27", ends_at: "2026-01-03" }],
      fluctuation_level_variations: [
        { fluctuation_level: "level-low", price_variation: 0, price_variation_type: "percentage" },
        { fluctuation_level: "level-mid", price_variation: 10, price_variation_type: "percentage" },
        { fluctuation_level: "level-high", price_variation: 25, price_variation_type: "percentage" },
      ],
      created_at: "2025-01-10T12:10:00Z",
    },
  ],
  fluctuation_levels: [
    { uuid: "level-low", level: 1, name: "Baixa", from_percentage: 0, to_percentage: 40 },
    { uuid: "level-mid", level: 2, name: "Média", from_percentage: 40, to_percentage: 70 },
    { uuid: "level-high", level: 3, name: "Alta", from_percentage: 70, to_percentage: 100 },
  ],
  room_categories: [
    { uuid: "standard", name: "Standard", room_count: 6, min_occupation: 1, max_occupation: 3, price_variation_type: "value", price_variation_value: 0, min_price: 23_000 },
    { uuid: "deluxe", name: "Deluxe", room_count: 4, min_occupation: 1, max_occupation: 4, price_variation_type: "value", price_variation_value: 8_000, max_price: 60_000 },
    { uuid: "suite", name: "Suíte", room_count: 2, min_occupation: 1, max_occupation: 4, price_variation_type: "percentage", price_variation_value: 40, max_price: 75_000 },
  ],
  occupancy_pricing: {
    price_variation_type: "value",
    apply_single_rate: true,
    single_rate_variation: 3_000,
    price_increase_per_person: 5_000,
    reference_occupation: 2,
    manual_prices_enabled: true,
  },
  lead_time_bands: [
    { from_days: 0, to_days: 3, percentage: -10, max_occupancy: 50 },
    { from_days: 181, to_days: null, percentage: 5 },
  ],
  manual_prices: [{ date: "2025-12-25", room_category_uuid: "deluxe", price: 99_990 }],
};
