// Properties the engine must keep for any configuration, checked with generated ones.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compilePricing, priceCalendar } from "./engine.ts";
import { fromDayNumber, toDayNumber, weekdayOfDayNumber } from "./dates.ts";
import { resolveLevel, validateFluctuationLevels } from "./levels.ts";
import { resolveSeason } from "./season.ts";
import { validateSeasonalities } from "./validate.ts";
import type {
  FluctuationLevel,
  FluctuationLevelVariation,
  LeadTimeBand,
  OccupancyPricing,
  PriceVariationType,
  PricingConfig,
  RoomCategory,
  Seasonality,
} from "./types.ts";

const RUNS = { numRuns: 200 };
const DAY0 = toDayNumber("2025-01-01");
const WINDOW = 730;

const dateArb = fc.integer({ min: 0, max: WINDOW - 1 }).map((i) => fromDayNumber(DAY0 + i));
const occupancyArb = fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(0, 40, 70, 100), fc.integer({ min: 0, max: 100 }));

/** Valid bands: sorted cut points between 0 and 100. */
const levelsArb: fc.Arbitrary<FluctuationLevel[]> = fc
  .uniqueArray(fc.oneof(fc.integer({ min: 1, max: 99 }), fc.double({ min: 0.5, max: 99.5, noNaN: true })), { maxLength: 5 })
  .map((cuts) => {
    const points = [0, ...[...cuts].sort((a, b) => a - b), 100];
    return points.slice(1).map((to, i) => ({ uuid: `l${i}`, level: i + 1, name: `L${i}`, from_percentage: points[i], to_percentage: to }));
  });

const rangeArb = fc.record({
  start: fc.integer({ min: 0, max: WINDOW - 1 }),
  length: fc.integer({ min: 1, max: 120 }),
  days: fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
});

/** `count` variations for bands in order; when `monotonic`, each ≥ the previous, all of one type. */
function variationsArb(count: number, monotonic: boolean): fc.Arbitrary<FluctuationLevelVariation[]> {
  return fc.constantFrom<PriceVariationType>("value", "percentage").chain((type) => {
    const one = type === "value" ? fc.integer({ min: -5_000, max: 20_000 }) : fc.integer({ min: -50, max: 150 });
    return fc.array(fc.option(one, { nil: undefined }), { minLength: count, maxLength: count }).map((vals) => {
      let values = vals;
      if (monotonic) {
        // Every band gets an entry (a missing one means 0) and the values never go down.
        const filled = vals.map((v) => v ?? 0).sort((a, b) => a - b);
        values = filled;
      }
      return values.flatMap((v, i) =>
        v === undefined ? [] : [{ fluctuation_level: `l${i}`, price_variation: v, price_variation_type: type }],
      );
    });
  });
}

function seasonsArb(levelCount: number, monotonic: boolean): fc.Arbitrary<Seasonality[]> {
  const one = fc.record({
    rate: fc.integer({ min: 5_000, max: 100_000 }),
    ranges: fc.array(rangeArb, { maxLength: 3 }),
    variations: variationsArb(levelCount, monotonic),
    created: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    min: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
    span: fc.option(fc.integer({ min: 0, max: 80_000 }), { nil: undefined }),
  });
  return fc.array(one, { minLength: 1, maxLength: 6 }).map((list) =>
    list.map((s, i) => ({
      uuid: `s${i}`,
      title: `Season ${i}`,
      color: "#336699",
      rate: s.rate,
      is_reference: i === 0,
      dates: s.ranges.map((r) => ({ days_of_week: r.days, starts_at: fromDayNumber(DAY0 + r.start), ends_at: fromDayNumber(DAY0 + r.start + r.length - 1) })),
      fluctuation_level_variations: s.variations.map((v) => (v.price_variation_type === "value" ? { ...v, price_variation: Math.max(v.price_variation, -s.rate) } : v)),
      created_at: s.created === undefined ? null : `2025-01-0${s.created + 1}T00:00:00Z`,
      min_price: s.min ?? null,
      max_price: s.min !== undefined && s.span !== undefined ? s.min + s.span : null,
    })),
  );
}

const categoriesArb: fc.Arbitrary<RoomCategory[]> = fc
  .array(
    fc.record({
      minOcc: fc.integer({ min: 1, max: 3 }),
      extraOcc: fc.integer({ min: 0, max: 3 }),
      type: fc.constantFrom<PriceVariationType>("value", "percentage"),
      value: fc.integer({ min: -10_000, max: 30_000 }),
      percent: fc.integer({ min: -50, max: 200 }),
      min: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
      span: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((list) =>
    list.map((c, i) => ({
      uuid: `c${i}`,
      name: `Category ${i}`,
      min_occupation: c.minOcc,
      max_occupation: c.minOcc + c.extraOcc,
      price_variation_type: c.type,
      price_variation_value: c.type === "value" ? c.value : c.percent,
      min_price: c.min ?? null,
      max_price: c.span === undefined ? null : (c.min ?? 0) + c.span,
    })),
  );

const occupancyPricingArb: fc.Arbitrary<OccupancyPricing | null> = fc.option(
  fc.constantFrom<PriceVariationType>("value", "percentage").chain((type) =>
    fc.record({
      price_variation_type: fc.constant(type),
      apply_single_rate: fc.boolean(),
      single_rate_variation: type === "value" ? fc.integer({ min: 0, max: 10_000 }) : fc.integer({ min: 0, max: 100 }),
      price_increase_per_person: type === "value" ? fc.integer({ min: 0, max: 10_000 }) : fc.integer({ min: 0, max: 50 }),
      reference_occupation: fc.integer({ min: 1, max: 4 }),
      manual_prices_enabled: fc.boolean(),
    }),
  ),
  { nil: null },
);

/** Lead-time bands; with `monotonic`, a band conditioned on occupancy only discounts (so lifting it never lowers the rate). */
function leadTimeArb(monotonic: boolean): fc.Arbitrary<LeadTimeBand[]> {
  return fc.array(
    fc.record({
      from: fc.integer({ min: 0, max: 400 }),
      length: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
      percentage: fc.integer({ min: -100, max: 100 }),
      max: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    }),
    { maxLength: 3 },
  ).map((bands) =>
    bands.map((b) => ({
      from_days: b.from,
      to_days: b.length === null ? null : b.from + b.length,
      percentage: monotonic && b.max !== null ? Math.min(0, b.percentage) : b.percentage,
      max_occupancy: b.max,
    })),
  );
}

function configArb(monotonic: boolean): fc.Arbitrary<PricingConfig> {
  return levelsArb.chain((levels) =>
    fc.record({
      seasonalities: seasonsArb(levels.length, monotonic),
      fluctuation_levels: fc.constant(levels),
      room_categories: categoriesArb,
      occupancy_pricing: occupancyPricingArb,
      lead_time_bands: leadTimeArb(monotonic),
      manual_prices: fc.array(
        fc.record({ date: dateArb, room_category_uuid: fc.constantFrom("c0", "c1"), price: fc.integer({ min: 0, max: 200_000 }) }),
        { maxLength: 5 },
      ),
    }),
  );
}

const queryArb = fc.record({
  date: dateArb,
  today: dateArb,
  occupancy: occupancyArb,
  guests: fc.option(fc.integer({ min: -1, max: 8 }), { nil: undefined }),
  category: fc.nat(),
});

describe("season resolution", () => {
  it("gives every date exactly one season: the most specific claimant, else the reference", () => {
    fc.assert(
      fc.property(seasonsArb(1, false), dateArb, (seasons, date) => {
        expect(isValidSeasons(seasons)).toBe(true);
        const got = resolveSeason(seasons, date);
        expect(got).not.toBeNull();
        const day = toDayNumber(date);
        // Independent oracle: every (season, matching range) pair, sorted by the tie-break rules.
        const claims = seasons.flatMap((s, order) =>
          s.dates
            .filter((r) => toDayNumber(r.starts_at) <= day && day <= toDayNumber(r.ends_at) && r.days_of_week.includes(weekdayOfDayNumber(day)))
            .map((r) => ({ s, order, length: toDayNumber(r.ends_at) - toDayNumber(r.starts_at) + 1, created: s.created_at ?? "" })),
        );
        claims.sort((a, b) => a.length - b.length || (a.created < b.created ? 1 : a.created > b.created ? -1 : 0) || b.order - a.order);
        expect(got!.uuid).toBe(claims.length ? claims[0].s.uuid : seasons[0].uuid);
      }),
      RUNS,
    );
  });

  it("prices each date of a calendar once per category", () => {
    fc.assert(
      fc.property(configArb(false), dateArb, fc.integer({ min: 0, max: 40 }), (config, from, span) => {
        const to = fromDayNumber(toDayNumber(from) + span);
        const rows = priceCalendar(config, { from, to, today: from });
        expect(rows).toHaveLength((span + 1) * config.room_categories.length);
        const keys = new Set(rows.map((r) => `${r.date}|${r.categoryId}`));
        expect(keys.size).toBe(rows.length);
        for (const r of rows) expect(r.seasonId).toBe(resolveSeason(config.seasonalities, r.date)!.uuid);
      }),
      { numRuns: 50 },
    );
  });
});

function isValidSeasons(seasons: Seasonality[]): boolean {
  return !validateSeasonalities(seasons).some((p) => p.severity === "error");
}

/** The band rule straight from the definition. */
function contains(band: FluctuationLevel, occ: number): boolean {
  return (band.from_percentage <= occ && occ < band.to_percentage) || (occ === 100 && band.to_percentage === 100);
}

describe("occupancy bands", () => {
  it("valid bands map every occupancy in [0, 100] to exactly one band", () => {
    fc.assert(
      fc.property(levelsArb, fc.array(occupancyArb, { minLength: 1, maxLength: 20 }), (levels, occupancies) => {
        expect(validateFluctuationLevels(levels)).toEqual([]);
        const shuffled = [...levels].reverse();
        for (const occ of occupancies) {
          const hits = levels.filter((b) => contains(b, occ));
          expect(hits).toHaveLength(1);
          expect(resolveLevel(shuffled, occ)).toBe(hits[0]);
        }
        // Every boundary too.
        for (const b of levels) expect(levels.filter((x) => contains(x, b.from_percentage))).toHaveLength(1);
      }),
      RUNS,
    );
  });

  it("any band set the validator accepts is such a partition", () => {
    const band = fc.record({ from: fc.integer({ min: -5, max: 105 }), to: fc.integer({ min: -5, max: 105 }) });
    fc.assert(
      fc.property(fc.array(band, { maxLength: 4 }), fc.array(occupancyArb, { maxLength: 20 }), (raw, occupancies) => {
        const levels = raw.map((b, i) => ({ uuid: `l${i}`, level: i, name: `L${i}`, from_percentage: b.from, to_percentage: b.to }));
        if (validateFluctuationLevels(levels).length > 0) return;
        for (const occ of [...occupancies, 0, 100]) expect(levels.filter((b) => contains(b, occ))).toHaveLength(1);
      }),
      { numRuns: 2_000 },
    );
  });
});

function pick<T>(list: T[], n: number): T {
  return list[n % list.length];
}

describe("rates", () => {
  it("never go down as occupancy rises when band variations never go down", () => {
    fc.assert(
      fc.property(configArb(true), queryArb, occupancyArb, (config, q, otherOcc) => {
        const engine = compilePricing(config);
        const categoryId = pick(config.room_categories, q.category).uuid;
        const [lo, hi] = q.occupancy <= otherOcc ? [q.occupancy, otherOcc] : [otherOcc, q.occupancy];
        const low = engine.rate({ date: q.date, today: q.today, categoryId, guests: q.guests, occupancy: lo });
        const high = engine.rate({ date: q.date, today: q.today, categoryId, guests: q.guests, occupancy: hi });
        expect(high.rate).toBeGreaterThanOrEqual(low.rate);
      }),
      { numRuns: 500 },
    );
  });

  it("respect the bounds unless the price is manual", () => {
    fc.assert(
      fc.property(configArb(false), queryArb, (config, q) => {
        const category = pick(config.room_categories, q.category);
        const r = compilePricing(config).rate({ date: q.date, today: q.today, categoryId: category.uuid, guests: q.guests, occupancy: q.occupancy });
        if (r.manual) return;
        const season = config.seasonalities.find((s) => s.uuid === r.seasonId)!;
        const min = season.min_price ?? category.min_price ?? 0;
        const max = season.max_price ?? category.max_price ?? Number.POSITIVE_INFINITY;
        fc.pre(min <= max); // a season floor over a category ceiling is invalid (the ceiling wins)
        expect(r.rate).toBeGreaterThanOrEqual(Math.max(0, min));
        expect(r.rate).toBeLessThanOrEqual(max);
        // Whole units whenever the bounds leave room for one.
        if (Math.ceil(Math.max(0, min) / 100) * 100 <= max) expect(r.rate % 100).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it("are explained: the step amounts add up to the rate, season first", () => {
    fc.assert(
      fc.property(configArb(false), queryArb, (config, q) => {
        const categoryId = pick(config.room_categories, q.category).uuid;
        const r = compilePricing(config).rate({ date: q.date, today: q.today, categoryId, guests: q.guests, occupancy: q.occupancy });
        expect(r.explanation.reduce((sum, s) => sum + s.amount, 0)).toBe(r.rate);
        expect(r.explanation[0].step).toBe("season");
        for (const s of r.explanation) expect(Number.isInteger(s.amount)).toBe(true);
        const order = ["season", "level", "leadTime", "category", "guests", "singleRate", "gapDiscount", "manual", "bounds", "rounding"];
        const positions = r.explanation.map((s) => order.indexOf(s.step));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(positions).size).toBe(positions.length);
        expect(r.manual).toBe(r.explanation.some((s) => s.step === "manual"));
        if (r.manual) expect(r.explanation.some((s) => s.step === "bounds")).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("price a guest count clamped to the category's occupation limits", () => {
    fc.assert(
      fc.property(configArb(false), queryArb, (config, q) => {
        const category = pick(config.room_categories, q.category);
        const r = compilePricing(config).rate({ date: q.date, today: q.today, categoryId: category.uuid, guests: q.guests, occupancy: q.occupancy });
        expect(r.guests).toBeGreaterThanOrEqual(category.min_occupation);
        expect(r.guests).toBeLessThanOrEqual(category.max_occupation);
        const requested = q.guests ?? config.occupancy_pricing?.reference_occupation ?? 2;
        expect(r.guests).toBe(Math.min(Math.max(requested, category.min_occupation), category.max_occupation));
      }),
      RUNS,
    );
  });
});
