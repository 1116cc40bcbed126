// The demo pousada's static rules (api/seed/pricing.ts, api/seed/businesses.ts) as the engine's
// input for the years the simulator runs: 14 rooms (Standard 8, Deluxe 4, Suíte 2), a R$ 250
// reference season, the southern summer, weekends, Carnaval, July, three occupancy bands.
// The check through the real services (bench/simulator/through-services.ts) compares them with
// what the seed writes, so the two cannot drift apart unseen.
import { addDays } from "#domain/pricing/dates.ts";
import type { PricingConfig, Seasonality } from "#domain/pricing/types.ts";

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const BANDS = [
  { uuid: "level-1", level: 1, name: "Baixa", from_percentage: 0, to_percentage: 40, variation: 0 },
  { uuid: "level-2", level: 2, name: "Média", from_percentage: 40, to_percentage: 70, variation: 10 },
  { uuid: "level-3", level: 3, name: "Alta", from_percentage: 70, to_percentage: 100, variation: 25 },
];

/** Easter Sunday (Gregorian, the anonymous algorithm); Carnaval's Tuesday is 47 days before. */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The demo's rules covering the nights of `years` (the seed writes this year's and the next). */
export function demoRules(years: readonly number[]): PricingConfig {
  const season = (i: number, s: Omit<Seasonality, "uuid" | "fluctuation_level_variations" | "created_at">): Seasonality => ({
    ...s,
    uuid: `season-${i}`,
    fluctuation_level_variations: BANDS.map((b) => ({ fluctuation_level: b.uuid, price_variation: b.variation, price_variation_type: "percentage" })),
    created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
  });
  const carnival = years.map((y) => {
    const tuesday = addDays(easter(y), -47);
    return { days_of_week: ALL_DAYS, starts_at: addDays(tuesday, -4), ends_at: addDays(tuesday, -1) };
  });
  return {
    seasonalities: [
      season(0, { title: "Temporada base", color: "#4F7CAC", rate: 25_000, is_reference: true, dates: [] }),
      season(1, {
        title: "Alta temporada de verão",
        color: "#F08C00",
        rate: 35_000,
        is_reference: false,
        min_price: 30_000,
        dates: [years[0] - 1, ...years].map((y) => ({ days_of_week: ALL_DAYS, starts_at: `${y}-12-01`, ends_at: addDays(`${y + 1}-03-01`, -1) })),
      }),
      season(2, { title: "Fins de semana", color: "#2F9E44", rate: 29_000, is_reference: false, dates: [{ days_of_week: [5, 6], starts_at: `${years[0]}-01-01`, ends_at: `${years[years.length - 1]}-12-31` }] }),
      season(3, { title: "Carnaval", color: "#D6336C", rate: 45_000, is_reference: false, dates: carnival }),
      season(4, { title: "Férias de julho", color: "#1C7ED6", rate: 30_000, is_reference: false, dates: years.map((y) => ({ days_of_week: ALL_DAYS, starts_at: `${y}-07-01`, ends_at: `${y}-07-31` })) }),
    ],
    fluctuation_levels: BANDS.map(({ variation: _, ...b }) => b),
    room_categories: [
      { uuid: "standard", name: "Standard", room_count: 8, min_occupation: 1, max_occupation: 3, price_variation_type: "value", price_variation_value: 0, min_price: 23_000, max_price: null },
      { uuid: "deluxe", name: "Deluxe", room_count: 4, min_occupation: 1, max_occupation: 4, price_variation_type: "value", price_variation_value: 8_000, min_price: null, max_price: 60_000 },
      { uuid: "suite", name: "Suíte", room_count: 2, min_occupation: 1, max_occupation: 4, price_variation_type: "percentage", price_variation_value: 40, min_price: null, max_price: 75_000 },
    ],
    occupancy_pricing: { price_variation_type: "value", apply_single_rate: true, single_rate_variation: 3_000, price_increase_per_person: 5_000, reference_occupation: 2, manual_prices_enabled: true },
    lead_time_bands: [],
    manual_prices: [],
  };
}
