// The what-if's price response and comparison (issue 27, point 3).
import { describe, expect, it } from "vitest";
import { learnPriceResponse, responseFromQuotes, whatIf, type SalesCell, type WhatIfInput } from "./what-if.ts";
import type { NightDemand } from "./types.ts";

/** A small deterministic generator, so the learned figures are the same on every run. */
function rng(seed: number) {
  let a = seed;
  return () => ((a = (a * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

/** Nights sold in 8 groups with prices spread ±30 % and rooms = base × (price ÷ mean)^elasticity × noise. */
function sales(elasticity: number, nights: number, seed = 7): SalesCell[] {
  const r = rng(seed);
  const out: SalesCell[] = [];
  for (let i = 0; i < nights; i++) {
    const group = `g${i % 8}`;
    const mean = 20_000 + (i % 8) * 3_000;
    const price = Math.round(mean * (0.7 + 0.6 * r()));
    const rooms = Math.max(1, Math.round(6 * (price / mean) ** elasticity * (0.85 + 0.3 * r())));
    out.push({ group, rooms, price });
  }
  return out;
}

const demand = (over: Partial<NightDemand> = {}): NightDemand => ({ known: true, capacity: 10, onTheBooks: 2, usualOnTheBooks: 2, remainingDemand: 5, interval: null, ...over });

describe("learnPriceResponse", () => {
  it("finds the elasticity the hotel's sales carry, with an interval around it", () => {
    const learned = learnPriceResponse(sales(-1.8, 400));
    expect(learned.source).toBe("history");
    expect(learned.elasticity).toBeGreaterThan(-2.1);
    expect(learned.elasticity).toBeLessThan(-1.5);
    expect(learned.low).toBeLessThan(learned.elasticity);
    expect(learned.high).toBeGreaterThan(learned.elasticity);
  });

  it("tells an inelastic hotel from an elastic one", () => {
    expect(learnPriceResponse(sales(-0.5, 400)).elasticity).toBeGreaterThan(learnPriceResponse(sales(-1.8, 400)).elasticity + 0.8);
  });

  it("says it learned nothing from too few nights and uses the published middle, with a wide interval", () => {
    const few = learnPriceResponse(sales(-1.8, 20));
    expect(few).toMatchObject({ source: "prior", elasticity: -1 });
    expect(few.high - few.low).toBeGreaterThan(1);
    expect(learnPriceResponse([])).toMatchObject({ source: "prior", samples: 0 });
  });

  it("never says a dearer room sells more: sales where the dear nights were the busy ones are called unclear", () => {
    const learned = learnPriceResponse(sales(0.8, 400));
    expect(learned).toMatchObject({ source: "unclear", elasticity: -1, samples: 400 });
    expect(learned.high).toBeLessThan(-0.2);
  });

  it("ignores nights without sales or without a price", () => {
    const cells = [...sales(-1.2, 200), ...Array.from({ length: 50 }, (_, i) => ({ group: `g${i % 8}`, rooms: 0, price: 10_000 })), { group: "g1", rooms: 3, price: 0 }];
    expect(learnPriceResponse(cells)).toEqual(learnPriceResponse(sales(-1.2, 200)));
  });
});

describe("whatIf", () => {
  const response = { elasticity: -1.5, low: -2, high: -1, source: "history" as const, samples: 100 };
  const night = (over: Partial<WhatIfInput> = {}): WhatIfInput => ({ night: "2026-05-01", categoryId: "a", demand: demand(), before: 20_000, after: 20_000, ...over });

  it("changes nothing when no price changes", () => {
    const { nights, totals } = whatIf([night(), night({ night: "2026-05-02" })], response);
    expect(totals.revenueAfter).toBe(totals.revenueBefore);
    expect(totals.occupancyAfter).toBe(totals.occupancyBefore);
    expect(nights[0]).toMatchObject({ priceBefore: 20_000, priceAfter: 20_000, occupancyBefore: 70, revenueBefore: 100_000 });
  });

  it("sells fewer rooms dearer, and with an elastic response earns less", () => {
    const { nights, totals } = whatIf([night({ after: 24_000 })], response);
    expect(nights[0].occupancyAfter).toBeLessThan(nights[0].occupancyBefore);
    expect(totals.revenueAfter).toBeLessThan(totals.revenueBefore);
    expect(totals.roomsAfter).toBeLessThan(totals.roomsBefore);
    // The interval brackets the estimate: the least elastic end earns the most.
    expect(totals.revenueAfterLow).toBeLessThanOrEqual(totals.revenueAfter);
    expect(totals.revenueAfterHigh).toBeGreaterThanOrEqual(totals.revenueAfter);
  });

  it("never sells more rooms than are left, so a cheaper price on a night that will fill only loses", () => {
    const busy = demand({ onTheBooks: 8, remainingDemand: 6 });
    const { nights } = whatIf([night({ demand: busy, after: 16_000 })], response);
    expect(nights[0].occupancyBefore).toBe(100);
    expect(nights[0].occupancyAfter).toBe(100);
    expect(nights[0].revenueAfter).toBeLessThan(nights[0].revenueBefore);
  });

  it("counts the rooms on the books in the occupancy and nothing for a night without known demand", () => {
    const { totals } = whatIf([night({ demand: demand({ known: false, remainingDemand: 0, onTheBooks: 5 }), after: 30_000 })], response);
    expect(totals).toMatchObject({ occupancyBefore: 50, occupancyAfter: 50, revenueBefore: 0, revenueAfter: 0 });
  });
});

describe("responseFromQuotes", () => {
  it("turns the quotes' slope into the elasticity of the rooms still to come, beta × (1 − share booked), with its 80 % interval", () => {
    const r = responseFromQuotes({ alpha: 1, beta: -8, betaSe: 1, quotes: 1500, bookedShare: 0.75, lowX: -0.2, highX: 0.1 });
    expect(r).toMatchObject({ elasticity: -2, low: -2.32, high: -1.68, source: "quotes", samples: 1500 });
  });

  it("stays inside the bounds the sales' estimate keeps", () => {
    expect(responseFromQuotes({ alpha: 1, beta: -40, betaSe: 1, quotes: 900, bookedShare: 0.2, lowX: -0.2, highX: 0.1 }).elasticity).toBe(-3);
    expect(responseFromQuotes({ alpha: 1, beta: 2, betaSe: 1, quotes: 900, bookedShare: 0.5, lowX: -0.2, highX: 0.1 }).high).toBe(-0.2);
  });
});

describe("whatIf with the quotes' response", () => {
  const fit = { alpha: 1, beta: -12, betaSe: 0.5, quotes: 900, bookedShare: 0.8, lowX: -0.3, highX: 0.1 };
  const demand: NightDemand = { known: true, capacity: 10, onTheBooks: 2, usualOnTheBooks: 2, remainingDemand: 4, interval: null };
  const one = (before: number, after: number) => whatIf([{ night: "2026-05-01", categoryId: "c", demand, market: 40_000, before, after }], responseFromQuotes(fit)).totals;

  it("reads each night at its own price against the market, so it agrees with the brain's direction", () => {
    // At the market's price most guests still walk away at this slope: cheaper earns more…
    const atMarket = one(40_000, 36_000);
    expect(atMarket.revenueAfter).toBeGreaterThan(atMarket.revenueBefore);
    // …while well under it nearly everyone books, and dearer earns more.
    const under = one(32_000, 35_000);
    expect(under.revenueAfter).toBeGreaterThan(under.revenueBefore);
    // Without a market price for the night, the quotes' overall elasticity (−2.4 here) is used.
    const plain = whatIf([{ night: "2026-05-01", categoryId: "c", demand, before: 32_000, after: 35_000 }], responseFromQuotes(fit)).totals;
    expect(plain.revenueAfter).toBeLessThan(plain.revenueBefore);
  });
});
