import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyseNight, bandOf, nightStats, periodKpis, positionOf, weekdayProfile, weeklySummary } from "./market.ts";

const rate = fc.integer({ min: 1, max: 10_000_000 });
const observation = fc.oneof(rate, fc.constant(null), fc.constant(undefined));

describe("nightStats", () => {
  it("summarises the priced competitors and counts the sold-out ones", () => {
    expect(nightStats([30_000, null, 20_000, 40_000, undefined])).toEqual({ count: 3, soldOut: 1, min: 20_000, median: 30_000, mean: 30_000, max: 40_000 });
    expect(nightStats([10_000, 20_001])).toMatchObject({ median: 15_001, mean: 15_001 });
    expect(nightStats([null, null])).toEqual({ count: 0, soldOut: 2, min: null, median: null, mean: null, max: null });
  });

  it("keeps min ≤ median ≤ max and min ≤ mean ≤ max for any set", () => {
    fc.assert(
      fc.property(fc.array(observation), (rates) => {
        const s = nightStats(rates);
        expect(s.count + s.soldOut).toBe(rates.filter((r) => r !== undefined).length);
        if (s.count === 0) {
          expect(s.median).toBeNull();
          return;
        }
        expect(s.min!).toBeLessThanOrEqual(s.median!);
        expect(s.median!).toBeLessThanOrEqual(s.max!);
        expect(s.min!).toBeLessThanOrEqual(s.mean!);
        expect(s.mean!).toBeLessThanOrEqual(s.max!);
      }),
    );
  });

  it("does not depend on the order of the competitors", () => {
    fc.assert(
      fc.property(fc.array(observation), (rates) => {
        expect(nightStats([...rates].reverse())).toEqual(nightStats(rates));
      }),
    );
  });
});

describe("positionOf", () => {
  it("ranks us among the priced competitors and indexes our rate on the median", () => {
    expect(positionOf(25_000, [20_000, 30_000, null])).toEqual({ rank: 2, of: 3, index: 100, band: "at" });
    expect(positionOf(15_000, [20_000, 30_000])).toEqual({ rank: 1, of: 3, index: 60, band: "below" });
    expect(positionOf(33_000, [20_000, 30_000, 30_000])).toEqual({ rank: 4, of: 4, index: 110, band: "above" });
  });

  it("has no position without our rate or a market rate", () => {
    expect(positionOf(null, [20_000])).toBeNull();
    expect(positionOf(20_000, [null, undefined])).toBeNull();
  });

  it("reads the tolerance on both sides of the median", () => {
    expect(bandOf(105)).toBe("at");
    expect(bandOf(95)).toBe("at");
    expect(bandOf(105.1)).toBe("above");
    expect(bandOf(94.9)).toBe("below");
    expect(bandOf(108, 10)).toBe("at");
  });

  it("rank stays within 1..of, and a higher rate never ranks better", () => {
    fc.assert(
      fc.property(rate, rate, fc.array(rate, { minLength: 1 }), (a, b, market) => {
        const pa = positionOf(Math.min(a, b), market)!;
        const pb = positionOf(Math.max(a, b), market)!;
        expect(pa.rank).toBeGreaterThanOrEqual(1);
        expect(pb.rank).toBeLessThanOrEqual(pb.of);
        expect(pa.rank).toBeLessThanOrEqual(pb.rank);
        expect(pa.index).toBeLessThanOrEqual(pb.index);
      }),
    );
  });
});

const night = (date: string, our: number | null, competitors: (number | null | undefined)[], occupancy?: number) => analyseNight({ date, our, competitors, occupancy });

describe("period KPIs, day-of-week profile and weeks", () => {
  // 2026-03-02 is a Monday.
  const nights = [
    night("2026-03-02", 20_000, [20_000, 20_000], 50), // index 100, at
    night("2026-03-03", 30_000, [20_000, null], 70), // index 150, above
    night("2026-03-04", 10_000, [20_000], 30), // index 50, below
    night("2026-03-05", 20_000, [undefined, null]), // no market rate
    night("2026-03-09", null, [25_000]), // no rate of ours, next week
  ];

  it("counts nights above, at and below the market, coverage and averages", () => {
    expect(periodKpis(nights)).toEqual({
      nights: 5,
      covered: 4,
      coverage: 80,
      averageIndex: 100,
      nightsAbove: 1,
      nightsAt: 1,
      nightsBelow: 1,
      averageRate: 20_000,
      averageMarketMedian: 21_250,
      averageOccupancy: 50,
    });
    expect(periodKpis([])).toMatchObject({ nights: 0, coverage: 0, averageIndex: null, averageRate: null });
  });

  it("profiles the days of the week from Sunday", () => {
    const profile = weekdayProfile(nights);
    expect(profile.map((p) => p.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(profile[1]).toMatchObject({ nights: 2, averageIndex: 100, averageRate: 20_000, averageMarketMedian: 22_500 });
    expect(profile[2]).toMatchObject({ nights: 1, averageIndex: 150 });
    expect(profile[0]).toMatchObject({ nights: 0, averageIndex: null });
  });

  it("groups by week starting on Monday", () => {
    const weeks = weeklySummary([...nights].reverse());
    expect(weeks.map((w) => [w.week, w.from, w.to, w.nights])).toEqual([
      ["2026-03-02", "2026-03-02", "2026-03-05", 4],
      ["2026-03-09", "2026-03-09", "2026-03-09", 1],
    ]);
  });

  it("the above/at/below nights never exceed the covered nights", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(rate), fc.array(observation, { maxLength: 5 })), { maxLength: 30 }), (raw) => {
        const list = raw.map(([our, comp], i) => night(`2026-01-${String((i % 28) + 1).padStart(2, "0")}`, our, comp));
        const k = periodKpis(list);
        expect(k.nightsAbove + k.nightsAt + k.nightsBelow).toBeLessThanOrEqual(k.covered);
        expect(k.coverage).toBeGreaterThanOrEqual(0);
        expect(k.coverage).toBeLessThanOrEqual(100);
        expect(weekdayProfile(list).reduce((s, d) => s + d.nights, 0)).toBe(list.length);
      }),
    );
  });
});
