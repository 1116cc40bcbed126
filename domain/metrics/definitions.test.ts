import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adr, bookingKpis, commissionOn, commissionPercent, occupancy, revpar, stayKpis, type StayTotals } from "./definitions.ts";
import { bucketOf, LEAD_TIME_BUCKETS, LENGTH_OF_STAY_BUCKETS } from "./buckets.ts";
import { monthPeriod, nightsIn, previousPeriod, yearBefore } from "./periods.ts";
import { pickupOf } from "./pickup.ts";

/** A hotel's nights: per night, rooms, blocked rooms and the rates of the rooms sold (never more than rooms − blocked). */
const nightsArb = fc.array(
  fc
    .record({ rooms: fc.integer({ min: 0, max: 60 }), blocked: fc.integer({ min: 0, max: 60 }) })
    .chain(({ rooms, blocked }) => {
      const b = Math.min(blocked, rooms);
      return fc.record({ rooms: fc.constant(rooms), blocked: fc.constant(b), rates: fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: rooms - b }) });
    }),
  { maxLength: 60 },
);

/** Totals of those nights, as an aggregate adds them up (blocked rooms left out of the supply). */
function totalsOf(nights: { rooms: number; blocked: number; rates: number[] }[]): StayTotals {
  return {
    roomsAvailable: nights.reduce((s, n) => s + n.rooms - n.blocked, 0),
    roomNightsSold: nights.reduce((s, n) => s + n.rates.length, 0),
    roomRevenue: nights.reduce((s, n) => s + n.rates.reduce((a, r) => a + r, 0), 0),
    extrasRevenue: 0,
    commission: 0,
  };
}

describe("stay KPIs", () => {
  it("revenue = ADR × room nights sold", () => {
    fc.assert(
      fc.property(nightsArb, (nights) => {
        const k = stayKpis(totalsOf(nights));
        if (k.roomNightsSold === 0) return k.adr === null;
        expect(k.adr! * k.roomNightsSold).toBeCloseTo(k.roomRevenue, 3);
      }),
    );
  });

  it("RevPAR = revenue ÷ rooms available = ADR × occupancy", () => {
    fc.assert(
      fc.property(nightsArb, (nights) => {
        const k = stayKpis(totalsOf(nights));
        if (!k.roomsAvailable) return k.revpar === null && k.occupancy === null;
        expect(k.revpar).toBeCloseTo(k.roomRevenue / k.roomsAvailable, 6);
        expect(k.revpar).toBeCloseTo((k.adr ?? 0) * k.occupancy!, 6);
      }),
    );
  });

  // "Blocked rooms are never sold nor available" is a property of where blocks are counted — the SQL
  // aggregates and the tracking's rooms available —, so it is checked there, through the API:
  // tests/api/metrics-blocks.test.ts.

  it("is undefined (null), not zero or infinite, with no room available or nothing sold", () => {
    expect(occupancy(0, 0)).toBeNull();
    expect(occupancy(3, null)).toBeNull();
    expect(revpar(10_000, 0)).toBeNull();
    expect(adr(0, 0)).toBeNull();
    expect(occupancy(0, 10)).toBe(0);
  });

  it("net revenue is total revenue (rooms and extras) less commission", () => {
    const k = stayKpis({ roomsAvailable: 10, roomNightsSold: 4, roomRevenue: 100_000, extrasRevenue: 5_000, commission: 15_000 });
    expect(k).toMatchObject({ totalRevenue: 105_000, netRevenue: 90_000, adr: 25_000, revpar: 10_000, occupancy: 0.4 });
  });
});

describe("commission", () => {
  it("takes the sales channel's percent when present, else the category's", () => {
    expect(commissionPercent({ channelCommission: 18, categoryCommission: 12 })).toBe(18);
    expect(commissionPercent({ channelCommission: 0, categoryCommission: 12 })).toBe(0);
    expect(commissionPercent({ channelCommission: null, categoryCommission: 12 })).toBe(12);
    expect(commissionOn(33_333, 15)).toBe(5_000);
  });
});

describe("booking KPIs", () => {
  it("averages lead time and stay over reservations not cancelled; rates over all made", () => {
    const k = bookingKpis({ reservations: 10, cancellations: 2, noShows: 1, leadTimeDays: 80, stayNights: 24 });
    expect(k).toMatchObject({ cancellationRate: 0.2, noShowRate: 0.1, averageLeadTime: 10, averageLengthOfStay: 3 });
    expect(bookingKpis({ reservations: 1, cancellations: 1, noShows: 0, leadTimeDays: 0, stayNights: 0 })).toMatchObject({ cancellationRate: 1, averageLeadTime: null });
  });
});

describe("buckets and periods", () => {
  it("puts every lead time and stay length in exactly one bucket", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (v) => {
        for (const buckets of [LEAD_TIME_BUCKETS, LENGTH_OF_STAY_BUCKETS]) {
          const b = bucketOf(buckets, v);
          const containing = buckets.filter((x) => v >= x.min && (x.max === null || v <= x.max));
          if (v >= buckets[0].min) expect(containing).toEqual([b]);
        }
      }),
    );
    expect(bucketOf(LEAD_TIME_BUCKETS, 0).key).toBe("0");
    expect(bucketOf(LEAD_TIME_BUCKETS, 200).key).toBe("91+");
  });

  it("names months, previous periods and the same dates last year", () => {
    expect(monthPeriod("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthPeriod("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(nightsIn({ from: "2026-03-01", to: "2026-03-31" })).toBe(31);
    expect(yearBefore("2024-02-29")).toBe("2023-02-28");
  });
});

describe("pickup", () => {
  it("nets cancellations in the window against what was booked", () => {
    expect(pickupOf({ reservations: 3, roomNights: 7, revenue: 210_000, cancelledRoomNights: 9, cancelledRevenue: 250_000 })).toMatchObject({ netRoomNights: -2, netRevenue: -40_000 });
  });
});
