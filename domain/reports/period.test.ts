import { describe, expect, it } from "vitest";
import { defaultPeriod, monthEnd, monthsBetween, resolvePeriod, shiftMonth } from "./period.ts";

describe("report periods", () => {
  it("defaults to the twelve months ending with today's", () => {
    expect(defaultPeriod("2026-03-15")).toEqual({ from: "2025-04-01", to: "2026-03-31" });
    expect(resolvePeriod({}, "2026-01-31", 1098)).toEqual({ from: "2025-02-01", to: "2026-01-31" });
  });
  it("fills the missing end with the month of the given one", () => {
    expect(resolvePeriod({ from: "2024-02-10" }, "2026-03-15", 1098)).toEqual({ from: "2024-02-10", to: "2024-02-29" });
    expect(resolvePeriod({ to: "2026-12-05" }, "2026-03-15", 1098)).toEqual({ from: "2026-12-01", to: "2026-12-05" });
  });
  it("refuses reversed and too long periods", () => {
    expect(resolvePeriod({ from: "2026-03-02", to: "2026-03-01" }, "2026-03-15", 1098)).toEqual({ problem: "reversed" });
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-01-31" }, "2026-03-15", 30)).toEqual({ problem: "tooLong" });
    expect(resolvePeriod({ from: "2026-01-01", to: "2026-01-30" }, "2026-03-15", 30)).toEqual({ from: "2026-01-01", to: "2026-01-30" });
  });
  it("walks months across years", () => {
    expect(shiftMonth("2026-01-15", -1)).toBe("2025-12-01");
    expect(shiftMonth("2025-12-31", 1)).toBe("2026-01-01");
    expect(monthEnd("2028-02-03")).toBe("2028-02-29");
    expect(monthsBetween("2025-11-20", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    // Counted, not compared as text (which would never stop past the year 9999).
    expect(monthsBetween("9999-12-01", "9999-12-31")).toEqual(["9999-12"]);
    expect(monthsBetween("2026-03-01", "2026-02-28")).toEqual([]);
  });
});
