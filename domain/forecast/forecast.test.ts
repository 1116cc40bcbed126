import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { backtest } from "./backtest.ts";
import { chooseMethod, forecastNights, horizonFor, inverseErrorWeights, METHODS, quantile, SINGLE_METHODS } from "./forecast.ts";
import type { CategoryInput, Stay } from "./types.ts";

const D = 20000;
const ROOMS = 6;
const OPTIONS = { leads: [0, 1, 3, 7, 20], horizons: [1, 3, 7, 20] };
const room = (stays: readonly Stay[], capacity: CategoryInput["capacity"] = () => ROOMS): CategoryInput => ({ id: "c", stays, capacity });

const stayArb = (bookedFrom: number, bookedTo: number): fc.Arbitrary<Stay> =>
  fc
    .record({
      bookedOn: fc.integer({ min: bookedFrom, max: bookedTo }),
      lead: fc.integer({ min: 0, max: 40 }),
      nights: fc.integer({ min: 1, max: 4 }),
      cancelAfter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      rooms: fc.integer({ min: 1, max: 2 }),
      segment: fc.constantFrom("Direct", "Online", null),
      deposit: fc.constantFrom("No Deposit", "Non Refund", null),
    })
    .map((s) => {
      const arrival = s.bookedOn + s.lead;
      return { bookedOn: s.bookedOn, arrival, departure: arrival + s.nights, cancelledOn: s.cancelAfter === null ? null : Math.min(s.bookedOn + s.cancelAfter, arrival), rooms: s.rooms, segment: s.segment, deposit: s.deposit };
    });

describe("the forecast as of a day sees nothing after it", () => {
  const history = fc.array(stayArb(D - 200, D + 30), { minLength: 1, maxLength: 60 });

  it("is unchanged when bookings made after the day are added, and when known ones are cancelled or edited after it", () => {
    fc.assert(
      fc.property(history, fc.array(stayArb(D + 1, D + 60), { maxLength: 15 }), fc.array(fc.integer({ min: 1, max: 30 })), (stays, later, delays) => {
        const before = forecastNights(D, room(stays), OPTIONS);
        const changed = stays.map((s, i): Stay => {
          if (s.bookedOn > D) return { ...s, arrival: s.arrival + 3, departure: s.departure + 4, rooms: s.rooms + 1 }; // edited: unseen anyway
          const delay = delays[i % Math.max(1, delays.length)] ?? 1;
          if (s.cancelledOn === null || s.cancelledOn > D) return i % 2 ? { ...s, cancelledOn: D + delay } : { ...s, replacedOn: D + delay };
          return s;
        });
        // Rooms blocked after the day do not change what was sellable then.
        const blocked = (night: number, asOf: number) => (asOf > D ? ROOMS - 2 : ROOMS);
        const after = forecastNights(D, room([...changed, ...later], blocked), OPTIONS);
        expect(after).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  it("keeps every figure within its bounds", () => {
    fc.assert(
      fc.property(history, (stays) => {
        for (const n of forecastNights(D, room(stays), OPTIONS).nights) {
          const ceiling = Math.max(ROOMS, n.onTheBooks);
          expect(n.forecast).toBeGreaterThanOrEqual(0);
          expect(n.forecast).toBeLessThanOrEqual(ceiling + 1e-9);
          expect(n.unconstrained).toBeGreaterThanOrEqual(n.forecast - 1e-9);
          expect(n.expectedCancellations).toBeGreaterThanOrEqual(-1e-9);
          expect(n.expectedCancellations).toBeLessThanOrEqual(n.onTheBooks + 1e-9);
          if (n.low !== null && n.high !== null) {
            expect(n.low).toBeLessThanOrEqual(n.forecast + 1e-9);
            expect(n.high).toBeGreaterThanOrEqual(n.forecast - 1e-9);
          }
          for (const m of METHODS) expect(Number.isFinite(n.methods[m])).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("edges", () => {
  it("a hotel with no bookings forecasts nothing, without intervals it cannot measure", () => {
    const result = forecastNights(D, room([]), OPTIONS);
    expect(result.nights.map((n) => [n.forecast, n.onTheBooks, n.low, n.high])).toEqual(OPTIONS.leads.map(() => [0, 0, null, null]));
    expect(result.horizons.every((h) => h.nights === 0 && h.errors === null)).toBe(true);
  });

  it("a history that starts after the forecast day is not seen at all", () => {
    const later = [{ bookedOn: D + 2, arrival: D + 5, departure: D + 8, cancelledOn: null, rooms: 3 }];
    expect(forecastNights(D, room(later), OPTIONS)).toEqual(forecastNights(D, room([]), OPTIONS));
  });

  it("nights that sold nothing are scored by their error in rooms, and skipped by the MAPE", () => {
    // Every Monday sells two rooms booked a week ahead; the other nights sell nothing.
    const stays: Stay[] = [];
    for (let night = D - 120; night < D + 30; night++) if ((night + 4) % 7 === 1) stays.push({ bookedOn: night - 7, arrival: night, departure: night + 1, cancelledOn: null, rooms: 2 });
    const result = forecastNights(D, room(stays), OPTIONS);
    for (const h of result.horizons) for (const m of METHODS) expect(Number.isFinite(h.errors![m])).toBe(true);
    // D is a Friday: the Monday 3 days out has its two rooms, the Friday a week out nothing.
    expect(result.nights.find((n) => n.lead === 3)!.forecast).toBeCloseTo(2, 6);
    expect(result.nights.find((n) => n.lead === 7)!.forecast).toBeCloseTo(0, 6);
    const scores = backtest(room(stays), { from: D - 30, to: D, today: D + 1 }, [1, 7]);
    expect(scores.map((s) => s.nights)).toEqual([4, 4]); // the Mondays D − 25, − 18, − 11, − 4
    expect(scores.every((s) => s.mape.chosen === 0 && s.coverage === 100)).toBe(true);
  });

  it("caps the forecast at the rooms that can be sold and keeps the demand beside it", () => {
    // Each night sells 8 rooms of which 2 are booked the day before; 6 rooms can be sold.
    const stays: Stay[] = [];
    for (let night = D - 60; night < D + 5; night++) {
      stays.push({ bookedOn: night - 10, arrival: night, departure: night + 1, cancelledOn: null, rooms: 6 });
      stays.push({ bookedOn: night - 1, arrival: night, departure: night + 1, cancelledOn: null, rooms: 2 });
    }
    const far = forecastNights(D, room(stays, () => 5), OPTIONS).nights.find((n) => n.lead === 3)!;
    expect(far.onTheBooks).toBe(6);
    expect(far.forecast).toBe(6);
    expect(far.unconstrained).toBeCloseTo(8, 6);
  });
});

describe("choosing and combining", () => {
  it("the horizon of a night is the first compared one at or beyond its lead", () => {
    expect(horizonFor(0, [1, 7, 30])).toBe(1);
    expect(horizonFor(8, [1, 7, 30])).toBe(30);
    expect(horizonFor(400, [1, 7, 30])).toBe(30);
  });

  it("weights are inversely proportional to the errors and add up to one", () => {
    const errors = Object.fromEntries(SINGLE_METHODS.map((m, i) => [m, i + 1])) as Parameters<typeof inverseErrorWeights>[0];
    const w = inverseErrorWeights(errors);
    expect(SINGLE_METHODS.reduce((s, m) => s + w[m], 0)).toBeCloseTo(1, 12);
    expect(w[SINGLE_METHODS[0]] / w[SINGLE_METHODS[1]]).toBeCloseTo(2, 12);
    const exact = inverseErrorWeights({ ...errors, [SINGLE_METHODS[2]]: 0 });
    expect(exact[SINGLE_METHODS[2]]).toBe(1);
  });

  it("keeps the combination unless a single method beats it clearly", () => {
    const combined = [0.1, 0.2, 0.1, 0.2, 0.1, 0.2];
    expect(chooseMethod([{ method: "additivePickup", errors: [0.09, 0.21, 0.09, 0.2, 0.1, 0.19] }], combined)).toBe("combination");
    expect(chooseMethod([{ method: "additivePickup", errors: combined.map((e) => e / 2) }], combined)).toBe("additivePickup");
  });

  it("quantiles interpolate between neighbours", () => {
    expect(quantile([0, 10], 0.1)).toBeCloseTo(1, 12);
    expect(quantile([3], 0.9)).toBe(3);
  });
});
