import { describe, expect, it } from "vitest";
import { addDays, weekday } from "#domain/pricing/dates.ts";
import { MIN_NIGHTS_PER_WEEKDAY, SUGGESTED_RELAX_BELOW, suggestDemandRule, type PastNight, type PastStay } from "./suggest.ts";

// 2027-01-03 is a Sunday; 12 weeks of nights, two categories (2 rooms and 1 room).
const FIRST = "2027-01-03";
const WEEKS = 12;
const days = Array.from({ length: WEEKS * 7 }, (_, i) => addDays(FIRST, i));

/** Two categories a night; `full(night)` names the nights on which the 1-room category is sold out. */
const history = (full: (night: string, i: number) => boolean): PastNight[] =>
  days.flatMap((night, i) => [
    { night, rooms: 2, taken: 1 },
    { night, rooms: 1, taken: full(night, i) ? 1 : 0 },
  ]);

describe("suggestDemandRule", () => {
  it("puts the minimum on the weekdays that sold out on at least one night in ten, relaxed below the expected sell-out", () => {
    // Every Saturday full; Fridays full 2 weeks of 12 (16.7 %); one Wednesday only (8.3 %: not enough).
    let fridays = 0;
    const nights = history((night, i) => weekday(night) === 6 || (weekday(night) === 5 && fridays++ < 2) || i === 3);
    const s = suggestDemandRule(nights, []);
    expect(s.rule).toEqual({
      categoryId: null,
      weekdays: [5, 6],
      from: null,
      to: null,
      appliesTo: "arrival",
      minStay: 2,
      relaxInsideDays: 7,
      relaxBelowOccupancyPercent: SUGGESTED_RELAX_BELOW,
      relaxedMinStay: 1,
    });
    expect(s.evidence[6]).toEqual({ weekday: 6, nights: WEEKS, soldOut: WEEKS });
    expect(s.evidence[5]).toEqual({ weekday: 5, nights: WEEKS, soldOut: 2 });
    expect(s.evidence[3]).toEqual({ weekday: 3, nights: WEEKS, soldOut: 1 });
  });

  it("a night counts as sold out when any category is (blocked rooms count as taken), not when a room is left in every one", () => {
    const nights: PastNight[] = days.flatMap((night) => [
      { night, rooms: 2, taken: weekday(night) === 0 ? 2 : 1 },
      { night, rooms: 0, taken: 0 },
    ]);
    const s = suggestDemandRule(nights, []);
    expect(s.rule?.weekdays).toEqual([0]);
    // A category without rooms is never "full".
    expect(s.evidence.filter((e) => e.weekday !== 0).every((e) => e.soldOut === 0)).toBe(true);
  });

  it("names no weekday when every weekday sold out often enough (the rule holds every night)", () => {
    expect(suggestDemandRule(history((_, i) => i % 7 === 0 || i % 7 === 3 || i % 2 === 0), []).rule?.weekdays).toEqual([]);
  });

  it("relaxes inside the lead of the quarter of those nights' bookings made latest, within 1 … 28 days", () => {
    const nights = history((night) => weekday(night) === 6);
    const saturday = days.find((d) => weekday(d) === 6)!;
    const stay = (lead: number, arrival = saturday): PastStay => ({ arrival, bookedOn: addDays(arrival, -lead) });
    // Leads 2, 4, 10, 30, 60, 90, 120, 150 on Saturdays (lower quartile, nearest rank: 4); a Tuesday's 0 is not read.
    const leads = [150, 2, 60, 4, 10, 90, 30, 120];
    const tuesday = days.find((d) => weekday(d) === 2)!;
    const s = suggestDemandRule(nights, [...leads.map((l) => stay(l)), stay(0, tuesday)]);
    expect(s.rule?.relaxInsideDays).toBe(4);
    expect(s.rule ? s.stays : null).toBe(8);
    // Bookings made on the day itself: the relaxation still starts a day out. Far-ahead bookings only: at most 28 days.
    expect(suggestDemandRule(nights, [stay(0), stay(0), stay(5), stay(9)]).rule?.relaxInsideDays).toBe(1);
    expect(suggestDemandRule(nights, [stay(200), stay(300)]).rule?.relaxInsideDays).toBe(28);
  });

  it("suggests nothing when no weekday sold out often enough, or with less than 8 weeks of every weekday", () => {
    expect(suggestDemandRule(history(() => false), [])).toMatchObject({ rule: null, reason: "neverFull" });
    const short = history((night) => weekday(night) === 6).filter((n) => n.night < addDays(FIRST, (MIN_NIGHTS_PER_WEEKDAY - 1) * 7));
    expect(suggestDemandRule(short, [])).toMatchObject({ rule: null, reason: "history" });
    expect(suggestDemandRule([], [])).toMatchObject({ rule: null, reason: "history" });
  });
});
