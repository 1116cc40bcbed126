import { describe, expect, it } from "vitest";
import { nightRanges } from "./ical-ranges";

describe("nightRanges", () => {
  it("merges consecutive nights and ends each range the morning after", () => {
    expect(nightRanges(["2027-01-03", "2027-01-01", "2027-01-02", "2027-01-05", "2027-01-02"])).toEqual([
      { start: "2027-01-01", end: "2027-01-04" },
      { start: "2027-01-05", end: "2027-01-06" },
    ]);
  });

  it("crosses months and years", () => {
    expect(nightRanges(["2026-12-31", "2027-01-01"])).toEqual([{ start: "2026-12-31", end: "2027-01-02" }]);
  });

  it("is empty for no nights", () => {
    expect(nightRanges([])).toEqual([]);
  });
});
