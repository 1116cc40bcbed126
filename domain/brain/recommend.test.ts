// The brain's promises, checked for random settings and random demand (issue 27, "Done when").
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays } from "#domain/pricing/dates.ts";
import { ROUNDING_UNIT } from "#domain/pricing/engine.ts";
import { recommend, percentPerRoom } from "./recommend.ts";
import { nightDemand } from "./demand.ts";
import { restorePlan, type PriceChange } from "./undo.ts";
import { DEFAULT_GUARDRAILS, type Guardrails, type RecommendInput } from "./types.ts";

const RUNS = { numRuns: 300 };
const TODAY = "2026-03-01";

const guardrailsArb: fc.Arbitrary<Guardrails> = fc.record({
  maxDailyChangePercent: fc.integer({ min: 1, max: 50 }),
  maxWeeklyChangePercent: fc.integer({ min: 1, max: 80 }),
  freezeDays: fc.integer({ min: 0, max: 10 }),
  maxIntervalPercent: fc.integer({ min: 10, max: 300 }),
  maxMovePerBookingPercent: fc.double({ min: 0.1, max: 10, noNaN: true }),
  targetOccupancyPercent: fc.integer({ min: 30, max: 100 }),
  demandSensitivity: fc.double({ min: 0, max: 3, noNaN: true }),
  marketWeightPercent: fc.integer({ min: 0, max: 100 }),
  holidayEffectPercent: fc.integer({ min: -30, max: 50 }),
});

const price = fc.integer({ min: 5_000, max: 200_000 });

const inputArb: fc.Arbitrary<RecommendInput> = fc
  .record({
    lead: fc.integer({ min: 0, max: 365 }),
    current: price,
    base: price,
    fixed: fc.integer({ min: 0, max: 9 }),
    dayStart: fc.option(price, { nil: null }),
    weekAgo: fc.option(price, { nil: null }),
    floor: fc.option(fc.integer({ min: 1_000, max: 100_000 }), { nil: null }),
    span: fc.option(fc.integer({ min: 0, max: 150_000 }), { nil: null }),
    lastSold: fc.option(price, { nil: null }),
    known: fc.boolean(),
    capacity: fc.integer({ min: 0, max: 60 }),
    booked: fc.double({ min: 0, max: 1, noNaN: true }),
    usual: fc.double({ min: 0, max: 60, noNaN: true }),
    remaining: fc.double({ min: 0, max: 80, noNaN: true }),
    width: fc.option(fc.double({ min: 0, max: 60, noNaN: true }), { nil: null }),
    market: fc.option(price, { nil: null }),
    holiday: fc.boolean(),
    event: fc.option(fc.integer({ min: -50, max: 100 }), { nil: null }),
    response: fc.option(
      fc.record({
        alpha: fc.double({ min: -1, max: 3, noNaN: true }),
        beta: fc.double({ min: -20, max: 1, noNaN: true }),
        betaSe: fc.double({ min: 0, max: 3, noNaN: true }),
        quotes: fc.integer({ min: 200, max: 5000 }),
        bookedShare: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        lowX: fc.double({ min: -0.5, max: 0, noNaN: true }),
        highX: fc.double({ min: 0, max: 0.5, noNaN: true }),
      }),
      { nil: null },
    ),
  })
  .map((r) => {
    const night = addDays(TODAY, r.lead);
    const onTheBooks = Math.round(r.booked * r.capacity);
    return {
      night,
      categoryId: "cat",
      today: TODAY,
      current: r.current,
      base: r.base,
      fixedByOwner: r.fixed === 0,
      priceAtDayStart: r.dayStart,
      priceWeekAgo: r.weekAgo,
      floor: r.floor,
      ceiling: r.floor != null && r.span != null ? r.floor + r.span : null,
      lastSold: r.lastSold,
      demand: {
        known: r.known,
        capacity: r.capacity,
        onTheBooks,
        usualOnTheBooks: r.usual,
        remainingDemand: r.remaining,
        interval: r.width == null ? null : { low: onTheBooks, high: onTheBooks + r.width },
      },
      marketMedian: r.market,
      holidays: r.holiday ? ["Carnaval"] : [],
      events: r.event == null ? [] : [{ name: "Festa", from: night, to: night, effectPercent: r.event }],
      response: r.response,
    };
  });

const within = (x: number, lo: number, hi: number) => x >= lo && x <= hi;

describe("recommend: guardrails hold for random settings and random demand", () => {
  it("never leaves [floor, ceiling] when it moves a price, and the reasons add up to it", () => {
    fc.assert(
      fc.property(inputArb, guardrailsArb, (input, g) => {
        const r = recommend(input, g);
        expect(r.reasons.reduce((s, x) => s + x.amount, 0)).toBe(r.value);
        if (r.status !== "move") return;
        expect(r.value).toBeGreaterThanOrEqual(Math.min(input.floor ?? 0, input.ceiling ?? Infinity));
        if (input.ceiling != null) expect(r.value).toBeLessThanOrEqual(input.ceiling);
        if (input.floor != null && (input.ceiling == null || input.floor <= input.ceiling)) expect(r.value).toBeGreaterThanOrEqual(input.floor);
      }),
      RUNS,
    );
  });

  it("never sells below the last price sold, unless the ceiling forbids it", () => {
    fc.assert(
      fc.property(inputArb, guardrailsArb, (input, g) => {
        const r = recommend(input, g);
        if (r.status !== "move" || input.lastSold == null) return;
        if (input.ceiling != null && input.ceiling < input.lastSold) expect(r.value).toBeLessThanOrEqual(input.ceiling);
        else expect(r.value).toBeGreaterThanOrEqual(input.lastSold);
      }),
      RUNS,
    );
  });

  it("keeps the day's and the week's change limits whenever the stronger guardrails leave room", () => {
    fc.assert(
      fc.property(inputArb, guardrailsArb, (input, g) => {
        const r = recommend(input, g);
        if (r.status !== "move") return;
        const dayRef = input.priceAtDayStart ?? input.current;
        const weekRef = input.priceWeekAgo ?? dayRef;
        const day = { lo: dayRef - Math.round((dayRef * g.maxDailyChangePercent) / 100), hi: dayRef + Math.round((dayRef * g.maxDailyChangePercent) / 100) };
        const week = { lo: weekRef - Math.round((weekRef * g.maxWeeklyChangePercent) / 100), hi: weekRef + Math.round((weekRef * g.maxWeeklyChangePercent) / 100) };
        const floor = input.floor ?? 0;
        const ceiling = input.ceiling ?? Infinity;
        const strongLo = Math.max(floor, input.lastSold ?? 0);
        // Only when the day window meets the floor/ceiling and the last price sold is the day's limit binding.
        if (day.hi < strongLo || day.lo > ceiling || floor > ceiling) return;
        expect(within(r.value, day.lo, day.hi)).toBe(true);
        const both = { lo: Math.max(day.lo, week.lo), hi: Math.min(day.hi, week.hi) };
        if (both.lo <= both.hi && both.hi >= strongLo && both.lo <= ceiling) expect(within(r.value, week.lo, week.hi)).toBe(true);
      }),
      RUNS,
    );
  });

  it("does not touch a night inside the freeze window, nor one whose forecast is too unsure", () => {
    fc.assert(
      fc.property(inputArb, guardrailsArb, (input, g) => {
        const r = recommend(input, g);
        const lead = (Date.parse(input.night) - Date.parse(input.today)) / 86_400_000;
        const i = input.demand.interval;
        const unsure = i != null && input.demand.capacity > 0 && ((i.high - i.low) / input.demand.capacity) * 100 > g.maxIntervalPercent;
        if (input.fixedByOwner) {
          expect(r.status).toBe("fixed");
          return;
        }
        if (lead < g.freezeDays) expect(r.status).toBe("frozen");
        else if (unsure) expect(r.status).toBe("paused");
        if (input.fixedByOwner) expect(r.status).toBe("fixed");
        if (r.status !== "move") expect(r.value).toBe(input.current);
      }),
      RUNS,
    );
  });

  it("damping: one booking more moves the price by at most the damping percent (plus one rounding unit)", () => {
    fc.assert(
      fc.property(inputArb, guardrailsArb, (input, g) => {
        fc.pre(input.demand.onTheBooks < input.demand.capacity);
        const noPause = { ...g, maxIntervalPercent: 1e9 };
        const before = recommend(input, noPause);
        const after = recommend({ ...input, demand: { ...input.demand, onTheBooks: input.demand.onTheBooks + 1 } }, noPause);
        const bound = (input.base * g.maxMovePerBookingPercent) / 100 + ROUNDING_UNIT + 2;
        expect(Math.abs(after.value - before.value)).toBeLessThanOrEqual(bound);
      }),
      RUNS,
    );
  });
});

describe("recommend: what the signals do", () => {
  const base: RecommendInput = {
    night: "2026-04-10",
    categoryId: "cat",
    today: TODAY,
    current: 40_000,
    base: 40_000,
    fixedByOwner: false,
    priceAtDayStart: null,
    priceWeekAgo: null,
    floor: 20_000,
    ceiling: 90_000,
    lastSold: null,
    demand: { known: true, capacity: 14, onTheBooks: 7, usualOnTheBooks: 7, remainingDemand: 4.2, interval: null },
    marketMedian: null,
    holidays: [],
    events: [],
  };

  it("reads a day-start or week-ago price of 0 as unknown: the limits start from the price now, never pin the night at 0", () => {
    const input = { ...base, floor: null, demand: { ...base.demand, onTheBooks: 6 } };
    const r = recommend({ ...input, priceAtDayStart: 0, priceWeekAgo: 0 }, DEFAULT_GUARDRAILS);
    expect(r.value).toBe(recommend(input, DEFAULT_GUARDRAILS).value);
    expect(r.value).toBeGreaterThan(35_000);
  });

  it("pulls toward the market also when the signals take the price to 0, so one booking more moves it no more than the damping", () => {
    // Found by the damping property (seed -2044381767): with no demand, a strong sensitivity and an
    // event of −2 % took the price to 0 and the market step was skipped; the daily limit then set 4,100, and with one booking
    // (the market step back) 4,800.
    const g = { ...DEFAULT_GUARDRAILS, maxDailyChangePercent: 18, maxWeeklyChangePercent: 18, freezeDays: 0, maxIntervalPercent: 1e9, maxMovePerBookingPercent: 10, targetOccupancyPercent: 35, demandSensitivity: 2.8, marketWeightPercent: 95, holidayEffectPercent: 0 };
    const empty = { ...base, current: 5_000, base: 5_000, priceAtDayStart: 5_000, floor: null, ceiling: null, marketMedian: 5_000, priceWeekAgo: null, lastSold: null, holidays: [], events: [{ name: "Festa", from: base.night, to: base.night, effectPercent: -2 }], demand: { known: true, capacity: 28, onTheBooks: 0, usualOnTheBooks: 0, remainingDemand: 0, interval: null } };
    const none = recommend(empty, g);
    const one = recommend({ ...empty, demand: { ...empty.demand, onTheBooks: 1 } }, g);
    expect(none.reasons.map((s) => s.step)).toContain("market");
    expect(Math.abs(one.value - none.value)).toBeLessThanOrEqual(500 + ROUNDING_UNIT);
  });

  it("holds a night that books as usual toward the target", () => {
    const r = recommend(base, DEFAULT_GUARDRAILS);
    expect(r.status).toBe("hold");
    expect(r.value).toBe(40_000);
  });

  it("raises a night ahead of its curve, within the day's limit, and names each reason", () => {
    const r = recommend({ ...base, demand: { ...base.demand, onTheBooks: 12, remainingDemand: 3 } }, DEFAULT_GUARDRAILS);
    expect(r.status).toBe("move");
    expect(r.value).toBeGreaterThan(40_000);
    expect(r.value).toBe(43_000);
    expect(r.reasons.map((s) => s.step)).toEqual(expect.arrayContaining(["rules", "pace", "demand"]));
    expect(r.effect.revenueAfter).toBeGreaterThan(0);
  });

  it("lowers an empty night but never under the floor, and follows the market, holidays and events", () => {
    const low = recommend({ ...base, demand: { ...base.demand, onTheBooks: 0, remainingDemand: 1 }, floor: 39_000 }, DEFAULT_GUARDRAILS);
    expect(low.value).toBe(39_000);
    expect(low.reasons.at(-1)?.step).toBe("bounds");
    const party = recommend({ ...base, holidays: ["Tiradentes"], events: [{ name: "Flip", from: "2026-04-09", to: "2026-04-12", effectPercent: 5 }] }, DEFAULT_GUARDRAILS);
    expect(party.reasons.map((s) => s.step)).toEqual(expect.arrayContaining(["holiday", "event"]));
    expect(party.value).toBe(44_000);
    const market = recommend({ ...base, marketMedian: 60_000 }, DEFAULT_GUARDRAILS);
    expect(market.reasons.find((s) => s.step === "market")?.amount).toBe(5_000);
  });

  it("with the guests' response known, moves the rules' price to where it earns most against the market instead of pulling toward it", () => {
    // Price-sensitive guests (beta −12 ± 0.5): a quote earns most about 11 % under the market.
    const response = { alpha: 1, beta: -12, betaSe: 0.5, quotes: 900, bookedShare: 0.8, lowX: -0.2, highX: 0.1 };
    const quiet = { ...base, marketMedian: 40_000, response, demand: { ...base.demand, onTheBooks: 2, usualOnTheBooks: 4, remainingDemand: 3 } };
    const r = recommend(quiet, DEFAULT_GUARDRAILS);
    const steps = r.reasons.map((s) => s.step);
    expect(steps).toContain("response");
    expect(steps).not.toContain("market");
    // A quiet night is not discounted twice: the response's price already counts for the empty rooms.
    expect(steps).not.toContain("demand");
    expect(steps).not.toContain("pace");
    const step = r.reasons.find((s) => s.step === "response")!;
    expect(step.detail).toMatchObject({ median: 40_000, quotes: 900 });
    const best = (beta: number) => (Math.log(-(beta + 1)) - 1) / beta;
    expect(step.amount).toBe(Math.round(40_000 * Math.exp(best(-12 - 1.6449 * 0.5))) - 40_000);
    // The day's limit (10 %) holds it there today.
    expect(steps).toContain("dailyLimit");
    expect(r.value).toBe(36_000);
    // A night that will fill still climbs from there.
    const busy = recommend({ ...quiet, demand: { ...base.demand, onTheBooks: 12, usualOnTheBooks: 8, remainingDemand: 4 } }, DEFAULT_GUARDRAILS);
    expect(busy.reasons.map((s) => s.step)).toEqual(expect.arrayContaining(["response", "pace", "demand"]));
    expect(busy.value).toBeGreaterThan(r.value);
    // Guests who barely mind the price: up to the dearest relative price the quotes have shown (+10.5 %).
    const dearer = recommend({ ...quiet, response: { ...response, beta: -0.5, betaSe: 0.2 } }, DEFAULT_GUARDRAILS);
    expect(dearer.value).toBe(44_000);
    // An interval that points both ways: the market pull, as without quotes.
    const unsure = recommend({ ...quiet, response: { ...response, beta: -3, betaSe: 2 } }, DEFAULT_GUARDRAILS);
    expect(unsure.reasons.map((s) => s.step)).toContain("market");
    expect(unsure.reasons.map((s) => s.step)).not.toContain("response");
  });

  it("the default damping keeps a 14-room pousada calm: one booking moves at most 2 %", () => {
    expect(percentPerRoom(14, DEFAULT_GUARDRAILS)).toBe(2);
    expect(percentPerRoom(60, DEFAULT_GUARDRAILS)).toBeCloseTo(50 / 60);
    expect(percentPerRoom(0, DEFAULT_GUARDRAILS)).toBe(0);
  });
});

describe("nightDemand", () => {
  it("reads the usual curve at the lead, scaled by the weekday, with a Poisson interval", () => {
    const curve = { nights: 10, rooms: [100, 80, 60, 40] };
    const d = nightDemand({ curve, weekdayFactor: 1.1, lead: 2, onTheBooks: 5, capacity: 14 });
    expect(d.usualOnTheBooks).toBeCloseTo(6.6);
    expect(d.remainingDemand).toBeCloseTo(4.4);
    expect(d.interval!.high - d.interval!.low).toBeGreaterThan(0);
    const far = nightDemand({ curve, weekdayFactor: 1, lead: 400, onTheBooks: 0, capacity: 14 });
    expect(far.usualOnTheBooks).toBe(4);
    expect(nightDemand({ curve: null, weekdayFactor: 1, lead: 3, onTheBooks: 2, capacity: 4 })).toMatchObject({ known: false, remainingDemand: 0, interval: null, usualOnTheBooks: 2 });
  });
});

describe("restorePlan: undo restores exactly", () => {
  it("gives back every night's manual price at the chosen moment after random writes", () => {
    const nights = ["2026-05-01", "2026-05-02", "2026-05-03"];
    const write = fc.record({ night: fc.constantFrom(...nights), price: fc.option(fc.integer({ min: 100, max: 90_000 }), { nil: null }), at: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 30 }), fc.integer({ min: -1, max: 20 }), fc.constantFrom(...nights), fc.constantFrom(...nights), (writes, moment, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const ordered = writes.map((w, seq) => ({ ...w, seq })).sort((x, y) => x.at - y.at || x.seq - y.seq);
        const state = new Map<string, number | null>();
        const atMoment = new Map<string, number | null>();
        const history: PriceChange[] = [];
        for (const w of ordered) {
          if (w.at >= moment && !atMoment.size) for (const n of nights) atMoment.set(n, state.get(n) ?? null);
          history.push({ categoryId: "cat", night: w.night, before: state.get(w.night) ?? null, after: w.price, at: w.at, seq: w.seq });
          state.set(w.night, w.price);
        }
        if (!atMoment.size) for (const n of nights) atMoment.set(n, state.get(n) ?? null);
        const plan = restorePlan(history, { categoryId: "cat", from, to, moment });
        for (const [night, price] of plan) state.set(night, price);
        for (const n of nights) {
          if (n >= from && n <= to) expect(state.get(n) ?? null).toBe(atMoment.get(n));
        }
        expect(restorePlan(history, { categoryId: "other", from, to, moment }).size).toBe(0);
      }),
      RUNS,
    );
  });
});

describe("recommend without history", () => {
  it("leaves pace and demand out: an empty night is not cut for want of a curve", () => {
    const input: RecommendInput = {
      night: "2026-04-10",
      categoryId: "cat",
      today: TODAY,
      current: 40_000,
      base: 40_000,
      fixedByOwner: false,
      priceAtDayStart: null,
      priceWeekAgo: null,
      floor: null,
      ceiling: null,
      lastSold: null,
      demand: nightDemand({ curve: null, weekdayFactor: 1, lead: 40, onTheBooks: 0, capacity: 6 }),
      marketMedian: null,
      holidays: [],
      events: [],
    };
    expect(recommend(input, DEFAULT_GUARDRAILS)).toMatchObject({ status: "hold", value: 40_000 });
  });
});

describe("recommend starts from the rules, not from its own earlier price", () => {
  it("gives the same value again once its price is in force (no compounding)", () => {
    const input: RecommendInput = {
      night: "2026-04-10",
      categoryId: "cat",
      today: TODAY,
      current: 40_000,
      base: 40_000,
      fixedByOwner: false,
      priceAtDayStart: null,
      priceWeekAgo: null,
      floor: null,
      ceiling: null,
      lastSold: null,
      demand: nightDemand({ curve: null, weekdayFactor: 1, lead: 40, onTheBooks: 0, capacity: 6 }),
      marketMedian: null,
      holidays: [],
      events: [{ name: "Flip", from: "2026-04-10", to: "2026-04-10", effectPercent: 6 }],
    };
    const first = recommend(input, DEFAULT_GUARDRAILS);
    expect(first).toMatchObject({ status: "move", value: 42_400 });
    expect(recommend({ ...input, current: first.value, priceAtDayStart: 40_000 }, DEFAULT_GUARDRAILS)).toMatchObject({ status: "hold", value: 42_400 });
    expect(recommend({ ...input, fixedByOwner: true }, DEFAULT_GUARDRAILS)).toMatchObject({ status: "fixed", value: 40_000 });
  });
});
