import { describe, expect, it } from "vitest";
import { resolveLevel, validateFluctuationLevels } from "./levels.ts";
import type { FluctuationLevel } from "./types.ts";

const band = (uuid: string, level: number, from: number, to: number): FluctuationLevel => ({ uuid, level, name: uuid, from_percentage: from, to_percentage: to });
const BANDS = [band("low", 1, 0, 40), band("mid", 2, 40, 70), band("high", 3, 70, 100)];
const codes = (levels: FluctuationLevel[]) => validateFluctuationLevels(levels).map((p) => p.code);

describe("resolveLevel", () => {
  it.each([
    [0, "low"],
    [39.99, "low"],
    [40, "mid"],
    [69.5, "mid"],
    [70, "high"],
    [99.999, "high"],
    [100, "high"],
  ])("occupancy %s %% is in band %s", (occupancy, expected) => {
    expect(resolveLevel(BANDS, occupancy)?.uuid).toBe(expected);
  });

  it("clamps out-of-range occupancy and treats NaN as 0", () => {
    expect(resolveLevel(BANDS, -5)?.uuid).toBe("low");
    expect(resolveLevel(BANDS, 130)?.uuid).toBe("high");
    expect(resolveLevel(BANDS, Number.NaN)?.uuid).toBe("low");
  });

  it("does not depend on the input order", () => {
    expect(resolveLevel([...BANDS].reverse(), 40)?.uuid).toBe("mid");
  });

  it("returns null when no band contains the occupancy", () => {
    expect(resolveLevel([], 50)).toBeNull();
    expect(resolveLevel([band("a", 1, 0, 40), band("b", 2, 50, 100)], 45)).toBeNull();
    expect(resolveLevel([band("a", 1, 0, 90)], 100)).toBeNull();
  });
});

describe("validateFluctuationLevels", () => {
  it("accepts a partition of 0–100 in any order", () => {
    expect(validateFluctuationLevels(BANDS)).toEqual([]);
    expect(validateFluctuationLevels([BANDS[2], BANDS[0], BANDS[1]])).toEqual([]);
    expect(validateFluctuationLevels([band("all", 1, 0, 100)])).toEqual([]);
  });

  it("needs at least one band", () => {
    expect(codes([])).toEqual(["pricing.level.empty"]);
  });

  it("reports a first band not starting at 0 and a last not ending at 100", () => {
    expect(codes([band("a", 1, 10, 50), band("b", 2, 50, 90)])).toEqual(["pricing.level.firstNotZero", "pricing.level.lastNotHundred"]);
  });

  it("reports gaps and overlaps with where they are", () => {
    const gap = validateFluctuationLevels([band("a", 1, 0, 40), band("b", 2, 45, 100)]);
    expect(gap).toEqual([{ code: "pricing.level.gap", severity: "error", path: [1, "from_percentage"], params: { from: 40, to: 45 } }]);
    const overlap = validateFluctuationLevels([band("a", 1, 0, 50), band("b", 2, 40, 100)]);
    expect(overlap).toEqual([{ code: "pricing.level.overlap", severity: "error", path: [1, "from_percentage"], params: { other: 0, from: 40, to: 50 } }]);
  });

  it("sees a band swallowed by a wider one as an overlap, not a gap", () => {
    expect(codes([band("wide", 1, 0, 100), band("a", 2, 10, 20), band("b", 3, 30, 40)])).toEqual(["pricing.level.overlap", "pricing.level.overlap"]);
  });

  it("reports empty, reversed, out-of-range and non-numeric bands", () => {
    expect(codes([band("a", 1, 0, 0), band("b", 2, 0, 100)])).toContain("pricing.level.emptyBand");
    expect(codes([band("a", 1, 50, 20), band("b", 2, 0, 100)])).toContain("pricing.level.emptyBand");
    expect(codes([band("a", 1, -10, 40), band("b", 2, 40, 120)])).toEqual(["pricing.level.outOfRange", "pricing.level.outOfRange"]);
    expect(codes([band("a", 1, Number.NaN, 100)])).toEqual(["pricing.level.notNumber"]);
  });

  it("reports duplicate ids, duplicate level numbers and missing names", () => {
    const dupes = [band("a", 1, 0, 50), { ...band("a", 1, 50, 100), name: " " }];
    expect(codes(dupes)).toEqual(["pricing.level.nameRequired", "pricing.level.duplicateId", "pricing.level.duplicateLevel"]);
  });
});
