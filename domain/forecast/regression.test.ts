import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fitRidge } from "./regression.ts";

describe("ridge regression", () => {
  it("recovers an exact linear relation (the penalty chosen is the smallest)", () => {
    const rows = Array.from({ length: 30 }, (_, i) => [i % 7, (i * 3) % 11]);
    const fit = fitRidge(rows, rows.map(([a, b]) => 2 + 3 * a! - b!))!;
    expect(fit.predict([4, 5])).toBeCloseTo(2 + 12 - 5, 2);
  });

  it("its leave-one-out predictions are those of the model fitted without the row", () => {
    // With a vanishing penalty the fit does not depend on the columns' scaling (taken on all the
    // rows), so the refit without the row is the exact reference.
    const tiny = [1e-9];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: -20, max: 20 })), { minLength: 8, maxLength: 20 }), (data) => {
        const rows = data.map(([a, b]) => [a, b]);
        const targets = data.map(([a, b, noise]) => a + 0.5 * b + noise);
        const i = data.length - 1;
        const without = fitRidge(rows.slice(0, i), targets.slice(0, i), tiny)!;
        expect(fitRidge(rows, targets, tiny)!.leaveOneOut[i]).toBeCloseTo(without.predict(rows[i]!), 4);
      }),
      { numRuns: 50 },
    );
  });

  it("refuses to learn from fewer rows than it has features to weigh", () => {
    expect(fitRidge([[1, 2], [3, 4], [5, 6]], [1, 2, 3])).toBeNull();
    expect(fitRidge([], [])).toBeNull();
  });
});
