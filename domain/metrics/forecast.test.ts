import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { backtest, chooseMethod, firstNightKnown, forecastNight, horizonFor, referenceNights, type CategoryHistory, type HorizonAccuracy } from "./forecast.ts";
import type { BookingEvent } from "./pace.ts";

/** A category of `rooms` rooms from events (no blocks unless given). */
function history(events: BookingEvent[], rooms = 10, blocked: (night: number, asOf: number) => number = () => 0): CategoryHistory {
  const nights = new Map<number, BookingEvent[]>();
  for (const e of events) nights.set(e.night, [...(nights.get(e.night) ?? []), e]);
  return { id: "c", nights, capacity: (night, asOf) => rooms - blocked(night, asOf) };
}

/** Every night from `from` to `to`: `early` rooms booked 60 days ahead, `late` more 5 days ahead, at R$ 200 and R$ 300. */
function steadyHotel(from: number, to: number, early: number, late: number): BookingEvent[] {
  const out: BookingEvent[] = [];
  for (let n = from; n <= to; n++) {
    out.push({ night: n, booked: n - 60, off: null, rooms: early, revenue: early * 20_000 });
    if (late) out.push({ night: n, booked: n - 5, off: null, rooms: late, revenue: late * 30_000 });
  }
  return out;
}

describe("reference nights", () => {
  it("takes the 8 latest same-weekday nights over before the day, and the same weekday around last year", () => {
    const target = 1000;
    const refs = referenceNights(target, 990, 0);
    const recent = refs.filter((n) => n > 900);
    expect(recent).toEqual([937, 944, 951, 958, 965, 972, 979, 986]);
    expect(recent.every((n) => n < 990 && (target - n) % 7 === 0)).toBe(true);
    expect(refs.filter((n) => n < 900)).toEqual([622, 629, 636, 643, 650]);
  });

  it("never a night that was not over before the day, nor one before the history", () => {
    expect(referenceNights(1000, 1000, 0).every((n) => n < 1000)).toBe(true);
    expect(referenceNights(1000, 990, 960)).toEqual([965, 972, 979, 986]);
  });
});

describe("forecast of a night", () => {
  const h = history(steadyHotel(0, 1200, 4, 2));

  it("additive: on the books + the usual pickup from this lead; revenue at the pickup's rate", () => {
    // 30 days out only the early 4 are booked; the reference nights picked up 2 more at R$ 300.
    const f = forecastNight(h, 1100, 1070, "additive", 0);
    expect(f.onTheBooks).toEqual({ roomNights: 4, revenue: 80_000 });
    expect(f.forecast).toEqual({ roomNights: 6, revenue: 140_000 });
    expect(f.referenceNights).toBe(13);
    expect(f.daysBefore).toBe(30);
  });

  it("multiplicative: on the books × the usual growth from this lead", () => {
    const f = forecastNight(h, 1100, 1070, "multiplicative", 0);
    expect(f.forecast.roomNights).toBeCloseTo(6);
    // With 2 of this night already booked early, it scales: 2 × 6/4 = 3.
    const thin = history(steadyHotel(0, 1200, 4, 2).filter((e) => !(e.night === 1100 && e.booked === 1040)).concat({ night: 1100, booked: 1040, off: null, rooms: 2, revenue: 40_000 }));
    expect(forecastNight(thin, 1100, 1070, "multiplicative", 0).forecast.roomNights).toBeCloseTo(3);
    expect(forecastNight(thin, 1100, 1070, "additive", 0).forecast.roomNights).toBeCloseTo(4);
  });

  it("is capped by the rooms available as known that day (blocked rooms are never sold)", () => {
    const blocked = history(steadyHotel(0, 1200, 4, 2), 10, (night, asOf) => (night === 1100 && asOf >= 1050 ? 5 : 0));
    expect(forecastNight(blocked, 1100, 1070, "additive", 0).forecast.roomNights).toBe(5);
    expect(forecastNight(blocked, 1100, 1040, "additive", 0).forecast.roomNights).toBe(6);
  });

  it("without history it is what is on the books", () => {
    const f = forecastNight(history([{ night: 50, booked: 20, off: null, rooms: 3, revenue: 1 }]), 50, 30, "additive", 50);
    expect(f.forecast.roomNights).toBe(3);
    expect(f.referenceNights).toBe(0);
  });
});

describe("backtest", () => {
  it("measures each night's forecast from h days before against what was sold", () => {
    // Steady until night 1000, then 2 extra late rooms from night 1000 on: the forecasts made
    // before the change could not know it.
    const events = steadyHotel(0, 1200, 4, 2).concat(steadyHotel(1000, 1200, 0, 0).map((e) => ({ ...e, rooms: 2, booked: e.night - 1, revenue: 60_000 })));
    const [h7] = backtest([history(events)], { from: 990, to: 1009, today: 1150 }, "additive", [7]);
    expect(h7.nights).toBe(20);
    const before = h7.points.filter((p) => p.night < 1000);
    expect(before.every((p) => p.actual === 6 && Math.abs(p.forecast - 6) < 1e-9)).toBe(true);
    const after = h7.points.find((p) => p.night === 1000)!;
    expect(after).toMatchObject({ actual: 8, forecast: 6 });
    // 10 nights exact, 10 nights off by 2 of 8 rooms (25 %, 20 points of 10 rooms).
    expect(h7.mape).toBe(12.5);
    expect(h7.maePoints).toBe(10);
  });

  it("leaves nights that sold nothing out of the percentage error, not out of the error in points", () => {
    // Nights 990…999 sell 6 of 10 rooms; 1000…1004 sell nothing (closed), which no forecast from a week before knew.
    const events = steadyHotel(0, 1200, 4, 2).filter((e) => e.night < 1000 || e.night > 1004);
    const [h7] = backtest([history(events)], { from: 990, to: 1004, today: 1150 }, "additive", [7]);
    expect(h7.nights).toBe(15);
    expect(h7.points.filter((p) => p.actual === 0).map((p) => p.night)).toEqual([1000, 1001, 1002, 1003, 1004]);
    // 10 exact nights make the MAPE; the 5 empty nights, with nothing on the books a week before and
    // forecast at the usual pickup of 2 rooms of 10, are 20 points off each: 5 × 20 / 15 nights.
    expect(h7.mape).toBe(0);
    expect(h7.maePoints).toBe(6.7);
    // Nothing sold on any measured night: no percentage at all, the points still.
    const [empty] = backtest([history(events)], { from: 1000, to: 1004, today: 1150 }, "additive", [7]);
    expect(empty).toMatchObject({ nights: 5, mape: null, maePoints: 20 });
  });

  it("measures no night whose forecast day comes before the history's first booking", () => {
    // Bookings start on day 580 (the first ones for night 640).
    const events = steadyHotel(640, 900, 4, 2);
    const [h60, h7] = backtest([history(events)], { from: 600, to: 700, today: 900 }, "additive", [60, 7]);
    // At 60 days out, nights 600…639 were forecast before day 580: not measured.
    expect(h60.points.map((p) => p.night)).toEqual(Array.from({ length: 61 }, (_, i) => 640 + i));
    expect(h7.nights).toBe(101);
    // A cut date before the history entirely: nothing measured, no error figures.
    const [early] = backtest([history(events)], { from: 450, to: 580, today: 900 }, "additive", [7]);
    expect(early).toMatchObject({ nights: 0, mape: null, maePoints: null, points: [] });
  });

  it("does not take a night typed in later as part of the history before it was typed", () => {
    // A steady hotel from night 400, and a stay of night 236 recorded on day 1100 (a paper record typed in).
    const steady = steadyHotel(400, 1200, 4, 2);
    const typedLater: BookingEvent = { night: 236, booked: 1100, off: null, rooms: 1, revenue: 20_000 };
    const range = { from: 600, to: 660, today: 1150 };
    for (const method of ["additive", "multiplicative"] as const) {
      // Forecasts made before day 1100 are the same with and without that record…
      expect(backtest([history([...steady, typedLater])], range, method, [7, 30])).toEqual(backtest([history(steady)], range, method, [7, 30]));
    }
    // …which they were not when the first night was read from today's history: night 600's
    // reference nights a year before (236 ± 2 weeks) would have joined as nights that sold nothing.
    expect(referenceNights(600, 593, 236)).toContain(236);
    const known = firstNightKnown([history([...steady, typedLater])]);
    expect([known(339), known(340), known(1099), known(1100)]).toEqual([Number.POSITIVE_INFINITY, 400, 400, 236]);
  });

  it("chooses the method with the lower mean MAPE; additive on a tie or without measures", () => {
    const row = (mape: number | null): HorizonAccuracy => ({ horizon: 7, nights: 1, mape, maePoints: 0, points: [] });
    expect(chooseMethod({ additive: [row(10), row(20)], multiplicative: [row(8), row(19)] })).toBe("multiplicative");
    expect(chooseMethod({ additive: [row(10)], multiplicative: [row(10)] })).toBe("additive");
    expect(chooseMethod({ additive: [row(null)], multiplicative: [row(5)] })).toBe("additive");
  });
});

describe("the accuracy that speaks for a night", () => {
  it("is the backtest's first horizon at or beyond the night's days out, the farthest beyond them", () => {
    expect([0, 1, 7, 8, 30, 31, 60, 61, 365].map((d) => horizonFor(d))).toEqual([7, 7, 7, 30, 30, 60, 60, 60, 60]);
  });
});

describe("properties", () => {
  const eventArb = fc
    .record({ night: fc.integer({ min: 0, max: 120 }), lead: fc.integer({ min: -2, max: 90 }), gone: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }), rooms: fc.integer({ min: 1, max: 3 }), revenue: fc.integer({ min: 0, max: 90_000 }) })
    .map(({ night, lead, gone, rooms, revenue }): BookingEvent => ({ night, booked: night - lead, off: gone === null ? null : night - lead + gone, rooms, revenue }));
  const caseArb = fc.record({
    events: fc.array(eventArb, { maxLength: 80 }),
    rooms: fc.integer({ min: 0, max: 12 }),
    target: fc.integer({ min: 60, max: 120 }),
    lead: fc.integer({ min: 0, max: 60 }),
    method: fc.constantFrom("additive" as const, "multiplicative" as const),
  });

  it("a forecast is never below what is on the books, nor above the rooms available when those are not overbooked", () => {
    fc.assert(
      fc.property(caseArb, ({ events, rooms, target, lead, method }) => {
        const f = forecastNight(history(events, rooms), target, target - lead, method, 0);
        expect(f.forecast.roomNights).toBeGreaterThanOrEqual(f.onTheBooks.roomNights);
        if (f.onTheBooks.roomNights <= rooms) expect(f.forecast.roomNights).toBeLessThanOrEqual(rooms);
        expect(f.forecast.revenue).toBeGreaterThanOrEqual(f.onTheBooks.revenue);
      }),
      { numRuns: 300 },
    );
  });

  it("a forecast as of a day is the same when everything after that day is erased (it never sees the future)", () => {
    fc.assert(
      fc.property(caseArb, ({ events, rooms, target, lead, method }) => {
        const asOf = target - lead;
        const known = events
          .filter((e) => e.booked <= asOf)
          .map((e) => ({ ...e, off: e.off !== null && e.off > asOf ? null : e.off }));
        const full = forecastNight(history(events, rooms), target, asOf, method, 0);
        const past = forecastNight(history(known, rooms), target, asOf, method, 0);
        expect(full).toEqual(past);
      }),
      { numRuns: 300 },
    );
  });
});
