// The guests' answer to price learnt from the booking engine's quotes (ADR 0064).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mulberry32 } from "#domain/random.ts";
import { fitResponse, MIN_QUOTES, responseTarget, type Quote, type ResponseFit } from "./response.ts";

/** Quotes whose outcome follows logit P = alpha + beta x exactly, x spread as a small hotel's prices around the market. */
function quotesFrom(alpha: number, beta: number, n: number, seed: number): Quote[] {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => {
    const x = (r() - 0.5) * 0.4;
    return { x, booked: r() < 1 / (1 + Math.exp(-(alpha + beta * x))) };
  });
}

describe("fitResponse", () => {
  it("recovers the slope and level the quotes were drawn with, within its own standard error", () => {
    for (const [alpha, beta, seed] of [
      [0.8, -2, 1],
      [1.2, -6, 2],
      [1.5, -12, 3],
    ]) {
      const fit = fitResponse(quotesFrom(alpha, beta, 4000, seed))!;
      expect(Math.abs(fit.beta - beta)).toBeLessThan(3 * fit.betaSe);
      expect(Math.abs(fit.alpha - alpha)).toBeLessThan(0.25);
      expect(fit.quotes).toBe(4000);
      expect(fit.lowX).toBeCloseTo(-0.16, 1);
      expect(fit.highX).toBeCloseTo(0.16, 1);
    }
  });

  it("is more sure with more quotes", () => {
    const few = fitResponse(quotesFrom(1, -4, 400, 7))!;
    const many = fitResponse(quotesFrom(1, -4, 4000, 7))!;
    expect(many.betaSe).toBeLessThan(few.betaSe / 2);
  });

  it("learns nothing from too few quotes, or when every guest (or none) booked", () => {
    expect(fitResponse(quotesFrom(1, -4, MIN_QUOTES - 1, 4))).toBeNull();
    expect(fitResponse(Array.from({ length: 500 }, (_, i) => ({ x: i / 1000, booked: true })))).toBeNull();
    expect(fitResponse(Array.from({ length: 500 }, (_, i) => ({ x: i / 1000, booked: false })))).toBeNull();
    // All at one price: the slope cannot be told.
    expect(fitResponse(Array.from({ length: 500 }, (_, i) => ({ x: 0, booked: i % 3 === 0 })))).toBeNull();
  });
});

describe("responseTarget", () => {
  const fit = (beta: number, betaSe: number): ResponseFit => ({ alpha: 1, beta, betaSe, quotes: 1000, bookedShare: 0.7, lowX: -0.2, highX: 0.1 });

  it("lowers a price when guests are clearly price-sensitive: to where a quote earns most, P = 1 + 1/beta", () => {
    const f = fit(-12, 0.5);
    const target = responseTarget(f, 0.05)!;
    expect(target).toBeLessThan(0.05);
    // The nearer end of the interval: beta + 1.645 se, whose best x is (ln(−(β+1)) − α) / β.
    const b = -12 + 1.6449 * 0.5;
    expect(target).toBeCloseTo(Math.max((Math.log(-(b + 1)) - 1) / b, (Math.log(-(-12 - 1.6449 * 0.5 + 1)) - 1) / (-12 - 1.6449 * 0.5)), 6);
  });

  it("raises a price when dearer pays for every slope the quotes allow, up to the dearest relative price seen", () => {
    expect(responseTarget(fit(-0.5, 0.2), -0.1)).toBeCloseTo(0.1, 9);
    expect(responseTarget(fit(-0.5, 0.2), 0.1)).toBeNull();
  });

  it("says nothing when the interval of the slope points both ways", () => {
    // beta −3 ± 1.645 × 2 spans −6.3 … 0.3: one end says cheaper, the other dearer.
    expect(responseTarget(fit(-3, 2), -0.05)).toBeNull();
  });

  it("never leaves the relative prices the quotes have shown", () => {
    fc.assert(
      fc.property(fc.double({ min: -30, max: 2, noNaN: true }), fc.double({ min: 0.01, max: 5, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -2, max: 3, noNaN: true }), (beta, se, x, alpha) => {
        const f = { ...fit(beta, se), alpha };
        const t = responseTarget(f, x);
        if (t == null) return;
        expect(t).toBeGreaterThanOrEqual(f.lowX);
        expect(t).toBeLessThanOrEqual(f.highX);
        expect(t).not.toBe(x);
      }),
      { numRuns: 500 },
    );
  });
});
