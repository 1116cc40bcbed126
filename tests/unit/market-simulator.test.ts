// The market simulator (bench/simulator/, docs/market-simulator.md): its calibration from the
// reference hotel (N. Antonio, A. de Almeida, L. Nunes, "Hotel booking demand datasets", Data in
// Brief 22 (2019), doi:10.1016/j.dib.2018.11.126, CC BY 4.0), the same market for both policies,
// the brain's guardrails in it, stays of several nights, and issue 28's stay rules in it.
import { describe, expect, it } from "vitest";
import { resortStays } from "#bench/lib/resort-stays.ts";
import { referenceCalibration } from "#bench/simulator/calibration.ts";
import { demoRules, easter } from "#bench/simulator/demo-rules.ts";
import { Hotel } from "#bench/simulator/hotel.ts";
import { brainAutopilot, staticRules } from "#bench/simulator/policies.ts";
import { simulate, worldFor, type Span } from "#bench/simulator/simulate.ts";
import { interval, SPAN as YEARS } from "#bench/simulator/scenarios.ts";
import { FIXED_MINIMUM, FIXED_MINIMUM_WITH_GAP_FILL, orphanNights, stayRulesOn, suggestedRules } from "#bench/simulator/stay-rules.ts";
import type { Guest } from "#bench/simulator/world.ts";
import { toDayNumber, weekdayOfDayNumber } from "#domain/pricing/dates.ts";
import { DEFAULT_BASE_RULES, DEFAULT_GAP_SETTINGS } from "#domain/stay-rules/index.ts";

const SPAN: Span = { firstNight: "2025-10-01", lastNight: "2026-02-28", measureFrom: "2026-01-01", measureTo: "2026-02-28" };
const config = demoRules([2024, 2025, 2026]);

describe("the simulator's calibration", () => {
  const cal = referenceCalibration();
  it("reads booking curves that rise to every room night by the night, and a year and a week of mean 1", () => {
    for (const cdf of cal.leadCdf) {
      expect(cdf[cdf.length - 1]).toBeCloseTo(1, 9);
      for (let d = 1; d < cdf.length; d++) expect(cdf[d]).toBeGreaterThanOrEqual(cdf[d - 1]);
    }
    expect(cal.monthFactor.reduce((a, b) => a + b, 0) / 12).toBeCloseTo(1, 9);
    expect(cal.weekdayFactor.reduce((a, b) => a + b, 0) / 7).toBeCloseTo(1, 9);
  });
  it("puts the resort's summer peak on the southern summer and cancels more of what is booked far ahead", () => {
    // Room nights arriving per night of each month: arrivals × the month's mean stay (longer in summer).
    const meanStay = (cdf: number[]) => cdf.reduce((a, c, n) => a + (n ? c - cdf[n - 1] : 0) * n, 0);
    const roomNights = cal.monthFactor.map((f, m) => (f * Array.from({ length: 7 }, (_, w) => meanStay(cal.lengthCdf[m * 7 + w])).reduce((a, b) => a + b, 0)) / 7);
    const peak = roomNights.indexOf(Math.max(...roomNights));
    expect([11, 0, 1]).toContain(peak);
    expect(cal.cancelShare[cal.cancelShare.length - 1]).toBeGreaterThan(cal.cancelShare[0]);
  });
  it("reads a length of stay per month and weekday of arrival, whose mean is the file's", () => {
    const stays = resortStays();
    const mean = stays.reduce((a, s) => a + s.departure - s.arrival, 0) / stays.length;
    expect(cal.meanLength).toBeCloseTo(mean, 9);
    expect(cal.meanLength).toBeGreaterThan(2);
    expect(cal.lengthCdf).toHaveLength(84);
    for (const cdf of cal.lengthCdf) {
      expect(cdf[0]).toBe(0);
      expect(cdf[cdf.length - 1]).toBeCloseTo(1, 9);
    }
    // The data supports the split: one-night stays are far likelier in some cells than in others.
    const oneNight = cal.lengthCdf.map((cdf) => cdf[1]);
    expect(Math.max(...oneNight) - Math.min(...oneNight)).toBeGreaterThan(0.2);
  }, 30_000);
});

describe("a simulated season", () => {
  const world = worldFor({ seed: 42, calibration: referenceCalibration(), config, span: SPAN, elasticity: -1.2 });

  it("is the same market for the same seed, so both policies meet the same guests", () => {
    const again = worldFor({ seed: 42, calibration: referenceCalibration(), config, span: SPAN, elasticity: -1.2 });
    expect(again.guests).toEqual(world.guests);
    const outcome = (o: ReturnType<typeof simulate>) => ({ ...o, hotel: o.hotel.bookings.length });
    expect(outcome(simulate({ world: again, config, span: SPAN, policy: staticRules }))).toEqual(outcome(simulate({ world, config, span: SPAN, policy: staticRules })));
  });

  it("runs the brain in autopilot with its guardrails: prices move, no room night under its floor", () => {
    const brain = brainAutopilot(world, toDayNumber(SPAN.measureFrom));
    const outcome = simulate({ world, config, span: SPAN, policy: brain });
    expect(brain.moves).toBeGreaterThan(0);
    expect(outcome.sold).toBeGreaterThan(0);
    expect(outcome.underFloor).toBe(0);
    // No price collapses, Carnaval's nights (no floor of their own) included: a limit read from a
    // day-start price the simulator had not written yet once pinned a night at R$ 0.
    for (const b of outcome.hotel.bookings) if (b.night >= toDayNumber("2026-01-01") && b.day >= toDayNumber(SPAN.measureFrom)) expect(b.price).toBeGreaterThanOrEqual(25_000);
  });

  it("gives issue 28's stay rules a seam: a rule that offers no stay sells nothing", () => {
    const outcome = simulate({ world, config, span: SPAN, policy: staticRules, stayRules: { name: "none", offer: () => null } });
    expect(outcome.sold).toBe(0);
  });

  it("draws stays whose lengths follow the calibration of their month and weekday of arrival", () => {
    const cal = referenceCalibration();
    const years = worldFor({ seed: 42, calibration: cal, config, span: YEARS, elasticity: -1.2 });
    const month = (night: number) => new Date(night * 86_400_000).getUTCMonth();
    // Stays that could be cut at the world's last night are left out.
    const whole = years.guests.filter((g) => g.arrival + 70 <= years.lastNight);
    expect(whole.length).toBeGreaterThan(1500);
    for (const n of [1, 2, 4, 7]) {
      const expected = whole.reduce((a, g) => a + cal.lengthCdf[month(g.arrival) * 7 + weekdayOfDayNumber(g.arrival)][n], 0) / whole.length;
      const observed = whole.filter((g) => g.nights <= n).length / whole.length;
      expect(Math.abs(observed - expected)).toBeLessThan(0.03);
    }
    expect(whole.some((g) => g.nights > 1)).toBe(true);
  });

  it("holds every booked stay to a minimum stay rule, judged by the product's rules", () => {
    const minStay3 = stayRulesOn({ rules: { base: { ...DEFAULT_BASE_RULES, minStay: 3 }, demandRules: [], gaps: { ...DEFAULT_GAP_SETTINGS, enabled: false } } });
    const outcome = simulate({ world, config, span: SPAN, policy: staticRules, stayRules: minStay3 });
    expect(world.guests.some((g) => g.nights < 3)).toBe(true);
    expect(outcome.hotel.stays.length).toBeGreaterThan(0);
    for (const stay of outcome.hotel.stays) expect(stay.nights.length).toBeGreaterThanOrEqual(3);
  });

  it("relaxes a demand rule below the booking curves' projected occupancy, and only once they know the night", () => {
    const everyArrival = (relaxBelowOccupancyPercent: number | null) =>
      stayRulesOn({
        rules: {
          base: DEFAULT_BASE_RULES,
          demandRules: [{ id: "all", categoryId: null, weekdays: [0, 1, 2, 3, 4, 5, 6], from: null, to: null, appliesTo: "arrival", minStay: 3, relaxInsideDays: 0, relaxBelowOccupancyPercent, relaxedMinStay: 1 }],
          gaps: { ...DEFAULT_GAP_SETTINGS, enabled: false },
        },
      });
    const never = simulate({ world, config, span: SPAN, policy: staticRules, stayRules: everyArrival(null) });
    for (const stay of never.hotel.stays) expect(stay.nights.length).toBeGreaterThanOrEqual(3);
    // Below 101 %: relaxed on every night whose demand the curves know — never before a first night
    // has passed (the curves read past nights, again every CURVES_EVERY days).
    const always = simulate({ world, config, span: SPAN, policy: staticRules, stayRules: everyArrival(101) });
    const short = always.hotel.stays.filter((s) => s.nights.length < 3);
    expect(short.length).toBeGreaterThan(0);
    const first = toDayNumber(SPAN.firstNight);
    for (const stay of short) expect(stay.day).toBeGreaterThan(first);
  });
});

describe("stays of several nights on the books", () => {
  const cal = referenceCalibration();
  const base = worldFor({ seed: 7, calibration: cal, config, span: SPAN, elasticity: -1 });
  const night = toDayNumber("2026-01-20");
  // Suíte (category 2) has 2 rooms; u = 0 books at any price.
  const guest = (g: Partial<Guest> & Pick<Guest, "arrival" | "nights" | "day">): Guest => ({ category: 2, u: 0, cancelDay: null, ...g });

  it("books a stay only when every one of its nights has a room, at the sum of its nights' prices", () => {
    const guests = [
      guest({ arrival: night, nights: 1, day: night - 30 }),
      guest({ arrival: night, nights: 1, day: night - 30 }),
      guest({ arrival: night - 1, nights: 3, day: night - 20 }),
      guest({ arrival: night + 1, nights: 2, day: night - 10 }),
    ];
    const { hotel } = simulate({ world: { ...base, guests }, config, span: SPAN, policy: staticRules });
    expect(hotel.stays.map((s) => [s.nights[0].night - night, s.nights.length])).toEqual([
      [0, 1],
      [0, 1],
      [1, 2],
    ]);
    expect(hotel.sold(night - 1, 2)).toBe(0);
    expect(hotel.sold(night, 2)).toBe(2);
    // Each night at the rules' price of the day it was booked (nothing else on the books of those nights then).
    expect(hotel.stays[2].nights.map((b) => b.price)).toEqual([0, 1].map((k) => hotel.rulesAt(night + 1 + k, 2, night - 10, 0).rate));
  });

  it("frees every night of a cancelled stay, so another guest can book them", () => {
    const guests = [
      guest({ arrival: night, nights: 3, day: night - 40, cancelDay: night - 25 }),
      guest({ arrival: night, nights: 3, day: night - 40 }),
      guest({ arrival: night + 1, nights: 2, day: night - 30 }),
      guest({ arrival: night + 1, nights: 2, day: night - 20 }),
    ];
    const { hotel } = simulate({ world: { ...base, guests }, config, span: SPAN, policy: staticRules });
    // The third guest found the nights full; the fourth came after the cancellation.
    expect(hotel.stays).toHaveLength(3);
    const [cancelled, kept, after] = hotel.stays;
    expect(cancelled.cancelledOn).toBe(night - 25);
    expect(cancelled.nights.every((b) => b.cancelledOn === night - 25)).toBe(true);
    expect(kept.cancelledOn).toBeNull();
    expect(after.day).toBe(night - 20);
    for (let k = 0; k < 3; k++) expect(hotel.sold(night + k, 2)).toBe(k === 0 ? 1 : 2);
  });
});

describe("orphan nights left unsold", () => {
  it("counts the nights of holes of 1–2 nights between full nights, as the product finds gaps", () => {
    const from = toDayNumber("2026-03-01");
    const hotel = new Hotel(config, from - 1, from + 20, from - 30);
    const full = (first: number, nights: number) => {
      hotel.bookStay(first, 2, from - 30, Array(nights).fill(30_000));
      hotel.bookStay(first, 2, from - 30, Array(nights).fill(30_000));
    };
    // Suíte (2 rooms): full 0–1, hole 2 (1 night), full 3, hole 4–5 (2 nights), full 6, hole 7–9 (3: too long), full 10.
    full(from, 2);
    full(from + 3, 1);
    full(from + 6, 1);
    full(from + 10, 1);
    // One room of a hole sold still leaves it a gap (a room free, both ends full).
    hotel.bookStay(from + 4, 2, from - 30, [30_000]);
    expect(orphanNights(hotel, from, from + 20)).toBe(3);
    // A hole that reaches the end is not a gap; Standard and Deluxe, empty, have none.
    expect(orphanNights(hotel, from, from + 9)).toBe(3);
    expect(orphanNights(hotel, from, from + 20, 3)).toBe(6);
  });
});

describe("the gap fill under a fixed minimum stay", () => {
  it("quotes a one-night orphan gap that the two-night minimum alone refuses", () => {
    const from = toDayNumber("2026-01-20");
    const hotel = new Hotel(config, from - 10, from + 20, from - 60);
    // Suíte (2 rooms) full on the nights before and after `from`: a one-night hole.
    for (let k = 0; k < 2; k++) {
      hotel.bookStay(from - 3, 2, from - 30, Array(3).fill(30_000));
      hotel.bookStay(from + 1, 2, from - 30, Array(2).fill(30_000));
    }
    const guest: Guest = { category: 2, u: 0, cancelDay: null, arrival: from, nights: 1, day: from - 5 };
    expect(stayRulesOn({ rules: FIXED_MINIMUM, takesSuggestion: false }).offer(hotel, guest, guest.day)).toBeNull();
    expect(stayRulesOn({ rules: FIXED_MINIMUM_WITH_GAP_FILL, takesSuggestion: false }).offer(hotel, guest, guest.day)).toEqual(guest);
  });
});

describe("the owner who adopts Tarifa's suggested rule", () => {
  it("has none while the history is short, then the product's suggestion from the hotel's own year, read again each week", () => {
    const first = toDayNumber("2025-01-01");
    const hotel = new Hotel(config, first, first + 500, first - 60);
    // The Suíte (2 rooms) full on every Saturday of the year, booked 20 days ahead.
    for (let night = first; night < first + 364; night++) if (weekdayOfDayNumber(night) === 6) for (let k = 0; k < 2; k++) hotel.bookStay(night, 2, night - 20, [30_000]);
    expect(suggestedRules(hotel, first + 30).demandRules).toEqual([]);
    const later = suggestedRules(hotel, first + 364);
    expect(later.demandRules).toEqual([expect.objectContaining({ weekdays: [6], minStay: 2, relaxInsideDays: 20, relaxBelowOccupancyPercent: 90, relaxedMinStay: 1 })]);
    expect(later.gaps).toEqual(DEFAULT_GAP_SETTINGS);
  });
});

describe("the simulator's helpers", () => {
  it("finds Carnaval from Easter (Tuesday 47 days before)", () => {
    expect(easter(2026)).toBe("2026-04-05");
    expect(easter(2027)).toBe("2027-03-28");
  });
  it("gives a 95 % interval with Student's t", () => {
    const i = interval([1, 2, 3, 4, 5]);
    expect(i.mean).toBe(3);
    expect(i.half).toBeCloseTo((2.78 * Math.sqrt(2.5)) / Math.sqrt(5), 6);
  });
});
