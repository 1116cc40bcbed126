// Times the pure pricing engine on a year's calendar for a mid-size hotel. Needs no server.
import type { BenchSuite } from "#bench/types.ts";
import { addDays, priceCalendar, type PricingConfig, type FluctuationLevelVariation } from "#domain/pricing/index.ts";

const RUNS = 50;
const WARMUP = 20;
const FROM = "2026-01-01";
const DAYS = 365;
const CATEGORIES = 20;

function variations(mid: number, high: number): FluctuationLevelVariation[] {
  return [
    { fluctuation_level: "low", price_variation: 0, price_variation_type: "percentage" },
    { fluctuation_level: "mid", price_variation: mid, price_variation_type: "percentage" },
    { fluctuation_level: "high", price_variation: high, price_variation_type: "percentage" },
  ];
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** 20 categories, 6 seasons (one reference), 3 bands, guests, lead time and some manual prices. */
export function benchConfig(): PricingConfig {
  return {
    seasonalities: [
      { uuid: "s-ref", title: "Base", color: "#4F7CAC", rate: 25_000, is_reference: true, dates: [], fluctuation_level_variations: variations(10, 25) },
      {
        uuid: "s-summer",
        title: "Verão",
        color: "#D9480F",
        rate: 38_000,
        is_reference: false,
        dates: [
          { days_of_week: [5, 6], starts_at: "2026-01-01", ends_at: "2026-03-15" },
          { days_of_week: [5, 6], starts_at: "2026-12-01", ends_at: "2026-12-31" },
        ],
        fluctuation_level_variations: variations(12, 30),
        min_price: 30_000,
      },
      {
        uuid: "s-carnival",
        title: "Carnaval",
        color: "#E64980",
        rate: 55_000,
        is_reference: false,
        dates: [{ days_of_week: ALL_DAYS, starts_at: "2026-02-13", ends_at: "2026-02-18" }],
        fluctuation_level_variations: variations(15, 35),
      },
      {
        uuid: "s-easter",
        title: "Páscoa",
        color: "#F59F00",
        rate: 33_000,
        is_reference: false,
        dates: [{ days_of_week: ALL_DAYS, starts_at: "2026-04-02", ends_at: "2026-04-05" }],
        fluctuation_level_variations: variations(10, 20),
      },
      {
        uuid: "s-july",
        title: "Férias de julho",
        color: "#37B24D",
        rate: 30_000,
        is_reference: false,
        dates: [{ days_of_week: ALL_DAYS, starts_at: "2026-07-01", ends_at: "2026-07-31" }],
        fluctuation_level_variations: variations(10, 25),
      },
      {
        uuid: "s-nye",
        title: "Réveillon",
        color: "#7048E8",
        rate: 70_000,
        is_reference: false,
        dates: [{ days_of_week: ALL_DAYS, starts_at: "2026-12-27", ends_at: "2027-01-02" }],
        fluctuation_level_variations: variations(15, 40),
        max_price: 250_000,
      },
    ],
    fluctuation_levels: [
      { uuid: "low", level: 1, name: "Baixa", from_percentage: 0, to_percentage: 40 },
      { uuid: "mid", level: 2, name: "Média", from_percentage: 40, to_percentage: 70 },
      { uuid: "high", level: 3, name: "Alta", from_percentage: 70, to_percentage: 100 },
    ],
    room_categories: Array.from({ length: CATEGORIES }, (_, i) => ({
      uuid: `cat-${i}`,
      name: `Category ${i}`,
      room_count: 3 + (i % 5),
      min_occupation: 1,
      max_occupation: 2 + (i % 4),
      price_variation_type: i % 3 === 0 ? ("percentage" as const) : ("value" as const),
      price_variation_value: i === 0 ? 0 : i % 3 === 0 ? 5 * i : 1_500 * i,
      min_price: 20_000,
      max_price: i % 4 === 0 ? 90_000 : null,
    })),
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
    manual_prices: Array.from({ length: 60 }, (_, i) => ({
      date: addDays(FROM, (i * 37) % DAYS),
      room_category_uuid: `cat-${i % CATEGORIES}`,
      price: 30_000 + i * 1_000,
    })),
  };
}

/** Deterministic occupancy that climbs towards weekends and summer, like a real pousada's. */
export function benchOccupancy(): Record<string, number> {
  const out: Record<string, number> = {};
  let seed = 42;
  for (let i = 0; i < DAYS; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    out[addDays(FROM, i)] = Math.round((seed / 2_147_483_648) * 100 * 10) / 10;
  }
  return out;
}

export const run: BenchSuite = async () => {
  const config = benchConfig();
  const query = { from: FROM, to: addDays(FROM, DAYS - 1), today: "2025-12-20", occupancyByDate: benchOccupancy() };
  let cells = 0;
  for (let i = 0; i < WARMUP; i++) cells = priceCalendar(config, query).length;
  if (cells !== DAYS * CATEGORIES) throw new Error(`expected ${DAYS * CATEGORIES} rates, got ${cells}`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    priceCalendar(config, query);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = (times[(RUNS - 1) >> 1] + times[RUNS >> 1]) / 2;
  return [{ name: "pricing engine: 365 days x 20 categories", value: Math.round(median * 100) / 100, unit: "ms", goal: "<= 5 ms" }];
};
