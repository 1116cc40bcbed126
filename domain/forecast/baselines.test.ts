import { describe, expect, it } from "vitest";
import { additivePickup, lastYearPickup, multiplicativePickup, onTheBooks, recentSameWeekdays, sameWeekdayLastYear } from "./baselines.ts";
import { booksAsOf } from "./books.ts";
import { keptPickup, keptPickupLastYear, smoothedLevel } from "./methods.ts";
import type { Stay } from "./types.ts";

const B = 19723; // 2024-01-01, a Monday
const stay = (bookedOn: number, arrival: number, rooms: number, cancelledOn: number | null = null, nights = 1): Stay => ({ bookedOn, arrival, departure: arrival + nights, cancelledOn, rooms });

// Night t = B + 14 forecast 3 days out (as of the end of B + 11). By hand:
// - B + 0: 2 rooms booked 10 days out, 1 room booked the day before → sold 3, on the books 3 days out 2;
// - B + 7: 4 rooms booked 12 days out and cancelled the day before, 2 booked the day before → sold 2, 3 days out 4;
// - t: 3 rooms booked on B + 5; 5 more booked on B + 12 (after the forecast day: unseen);
// - t − 364: 6 rooms booked 10 days out, 1 the day before → sold 7, 3 days out 6.
const t = B + 14;
const stays: Stay[] = [
  stay(B - 10, B, 2),
  stay(B - 1, B, 1),
  stay(B - 5, B + 7, 4, B + 6),
  stay(B + 6, B + 7, 2),
  stay(B + 5, t, 3),
  stay(B + 12, t, 5),
  stay(t - 374, t - 364, 6),
  stay(t - 365, t - 364, 1),
];
const books = booksAsOf(stays, t - 3, { first: t - 400, last: t + 10, maxLead: 30 });

describe("the books as of a day", () => {
  it("hold what was on the books at each lead, what was kept and what each past night sold", () => {
    expect(books.onBooks(B, 3)).toBe(2);
    expect(books.onBooks(B, 0)).toBe(3);
    expect(books.final(B)).toBe(3);
    expect(books.onBooks(B + 7, 3)).toBe(4);
    expect(books.onBooks(B + 7, 0)).toBe(2);
    expect(books.kept(B + 7, 3)).toBe(0);
    expect(books.final(B + 7)).toBe(2);
    expect(books.onBooks(t, 3)).toBe(3);
    // Nights not over yet have no final figure.
    expect(books.final(t)).toBe(0);
  });

  it("take the latest same weekdays whose night was over before the forecast day", () => {
    expect(recentSameWeekdays(books, t, t - 3).slice(0, 3)).toEqual([B + 7, B, B - 7]);
    // Seen from the night before, the same weekday a week earlier is over too.
    expect(recentSameWeekdays(books, t, t - 1)[0]).toBe(B + 7);
    expect(recentSameWeekdays(books, t, t - 7)[0]).toBe(B);
  });
});

describe("the classical baselines equal the hand-computed figures", () => {
  it("on the books, the same weekday last year and last year's pickup", () => {
    expect(onTheBooks(books, t, 3)).toBe(3);
    expect(sameWeekdayLastYear(books, t, 3)).toBe(7);
    expect(lastYearPickup(books, t, 3)).toBe(3 + 7 - 6);
  });

  it("additive pickup: the 8 latest same weekdays, quiet ones included", () => {
    // Pickups 3 − 2 = 1 and 2 − 4 = −2, six nights with nothing: (1 − 2) / 8.
    expect(additivePickup(books, t, 3)).toBeCloseTo(3 - 1 / 8, 10);
  });

  it("multiplicative pickup: on the books × their finals ÷ their books at that lead", () => {
    expect(multiplicativePickup(books, t, 3)).toBeCloseTo(3 * (5 / 6), 10);
  });

  it("multiplicative pickup falls back to the additive one when the references had nothing at that lead", () => {
    const quiet = booksAsOf([stay(B - 1, B, 2), stay(B + 5, t, 3)], t - 3, { first: t - 30, last: t, maxLead: 30 });
    // B sold 2 with nothing 3 days out; two references (B + 7 sold nothing) → 3 + 2 / 2.
    expect(multiplicativePickup(quiet, t, 3)).toBe(3 + 2 / 2);
  });
});

describe("net methods", () => {
  const view = { books, expected: () => 2.5 };

  it("add the late kept rooms of the references to the expected kept rooms", () => {
    // Late kept: B + 7 sold 2, none of them booked 3 days out; B sold 3, 2 of them booked then → (2 + 1) / 8.
    expect(keptPickup(view, t, 3)).toBeCloseTo(2.5 + 3 / 8, 10);
    expect(keptPickupLastYear(view, t, 3)).toBe(2.5 + (7 - 6));
  });

  it("smoothing follows a series that moves and averages noise", () => {
    expect(smoothedLevel([])).toBe(0);
    expect(smoothedLevel([4, 4, 4])).toBe(4);
    expect(smoothedLevel([0, 0, 0, 10, 10, 10, 10])).toBeGreaterThan(9);
  });
});
