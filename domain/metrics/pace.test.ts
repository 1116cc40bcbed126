import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { toDayNumber } from "#domain/pricing/dates.ts";
import { addMonths, bookingCurve, isOnTheBooks, monthNights, onTheBooks, paceChange, pickupOverDays, sameDayLastYear, type BookingEvent } from "./pace.ts";

const d = toDayNumber;
const ev = (night: string, booked: string, off: string | null, rooms = 1, revenue = 30_000): BookingEvent => ({ night: d(night), booked: d(booked), off: off === null ? null : d(off), rooms, revenue });

describe("on the books as of a day", () => {
  const events = [
    ev("2026-07-10", "2026-05-01", null), // held since May
    ev("2026-07-10", "2026-06-01", "2026-06-20", 1, 40_000), // cancelled on 20 June
    ev("2026-07-10", "2026-06-25", "2026-06-25"), // booked and cancelled the same day: never on the books
    ev("2026-07-10", "2026-07-10", "2026-07-10"), // no-show booked on the day
  ];

  it("counts a night from the end of the day it was booked until the day it left the books", () => {
    expect(isOnTheBooks(events[1], d("2026-05-31"))).toBe(false);
    expect(isOnTheBooks(events[1], d("2026-06-01"))).toBe(true);
    expect(isOnTheBooks(events[1], d("2026-06-19"))).toBe(true);
    expect(isOnTheBooks(events[1], d("2026-06-20"))).toBe(false);
    expect(isOnTheBooks(events[2], d("2026-06-25"))).toBe(false);
  });

  it("sums room nights and revenue of what holds at the end of the day", () => {
    expect(onTheBooks(events, d("2026-04-30"))).toEqual({ roomNights: 0, revenue: 0 });
    expect(onTheBooks(events, d("2026-06-10"))).toEqual({ roomNights: 2, revenue: 70_000 });
    expect(onTheBooks(events, d("2026-07-10"))).toEqual({ roomNights: 1, revenue: 30_000 });
  });
});

describe("pickup", () => {
  const asOf = d("2026-06-30");
  const events = [
    ev("2026-07-10", "2026-06-29", null, 2, 60_000), // booked in the last 7 days
    ev("2026-07-11", "2026-06-01", "2026-06-28", 1, 35_000), // older booking cancelled in the window
    ev("2026-07-12", "2026-06-24", "2026-06-26", 1, 30_000), // booked and cancelled inside the window
    ev("2026-07-13", "2026-06-23", null, 1, 30_000), // the day before a 7-day window
  ];

  it("gross is what was booked in the window and still holds, lost what older bookings gave back; the net is the change of the books", () => {
    const p = pickupOverDays(events, asOf, 7);
    expect(p.booked).toEqual({ roomNights: 2, revenue: 60_000 });
    expect(p.cancelled).toEqual({ roomNights: 1, revenue: 35_000 });
    expect(p.net).toEqual({ roomNights: 1, revenue: 25_000 });
  });

  it("a one-day window holds only that day's bookings", () => {
    expect(pickupOverDays(events, asOf, 1).net).toEqual({ roomNights: 0, revenue: 0 });
    expect(pickupOverDays(events, d("2026-06-29"), 1).net).toEqual({ roomNights: 2, revenue: 60_000 });
  });

  const eventArb = fc.record({
    night: fc.integer({ min: 100, max: 160 }),
    booked: fc.integer({ min: 0, max: 150 }),
    gone: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    rooms: fc.integer({ min: 1, max: 3 }),
    revenue: fc.integer({ min: 0, max: 100_000 }),
  }).map(({ night, booked, gone, rooms, revenue }): BookingEvent => ({ night, booked, off: gone === null ? null : booked + gone, rooms, revenue }));

  it("net pickup always equals the books at the end minus the books before the window", () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.integer({ min: 0, max: 160 }), fc.constantFrom(1, 7, 30), (events, asOf, window) => {
        const after = onTheBooks(events, asOf);
        const before = onTheBooks(events, asOf - window);
        expect(pickupOverDays(events, asOf, window).net).toEqual({ roomNights: after.roomNights - before.roomNights, revenue: after.revenue - before.revenue });
      }),
      { numRuns: 300 },
    );
  });
});

describe("booking curves", () => {
  it("sums the nights' books d days before each night and leaves unknown leads empty", () => {
    const events = [ev("2026-07-10", "2026-07-01", null), ev("2026-07-11", "2026-07-08", null), ev("2026-07-11", "2026-06-01", "2026-07-09")];
    const curve = bookingCurve(events, [d("2026-07-10"), d("2026-07-11")], d("2026-07-09"));
    // d = 0, 1 need the end of 11 July / 10 July: not known on 9 July.
    expect(curve[0]).toBeNull();
    expect(curve[1]).toBeNull();
    // d = 2: 8 July for the 10th (1), 9 July for the 11th (booked 8 July; the June one cancelled on the 9th) → 2.
    expect(curve[2]).toEqual({ roomNights: 2, revenue: 60_000 });
    // d = 3: 7 July for the 10th (1); 8 July for the 11th (both) → 3.
    expect(curve[3]?.roomNights).toBe(3);
    // d = 20: only the June booking of the 11th.
    expect(curve[20]?.roomNights).toBe(1);
    expect(curve[365]?.roomNights).toBe(0);
  });
});

describe("calendar helpers", () => {
  it("compares with the same day a year earlier (29 February → 28 February)", () => {
    expect(sameDayLastYear("2026-07-10")).toBe("2025-07-10");
    expect(sameDayLastYear("2028-02-29")).toBe("2027-02-28");
  });

  it("walks stay months", () => {
    expect(addMonths("2026-11", 3)).toBe("2027-02");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(monthNights("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
  });

  it("pace change is a share of last year, none without last year", () => {
    expect(paceChange(110, 100)).toBe(10);
    expect(paceChange(5, 0)).toBeNull();
  });
});
