import { describe, expect, it } from "vitest";
import { addDays, daysBetween, fromDayNumber, isIsoDate, toDayNumber, weekday } from "./dates.ts";

describe("ISO date helper", () => {
  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-1-01")).toBe(false);
    expect(isIsoDate("2025-01-01T00:00:00Z")).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
  });

  it("knows the weekday (0 = Sunday)", () => {
    expect(weekday("1970-01-01")).toBe(4);
    expect(weekday("2025-12-13")).toBe(6);
    expect(weekday("2025-12-14")).toBe(0);
    expect(weekday("1969-12-31")).toBe(3);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    // Brazil's old DST switch days: a day is a day.
    expect(addDays("2018-11-03", 1)).toBe("2018-11-04");
    expect(addDays("2019-02-16", 1)).toBe("2019-02-17");
  });

  it("counts days between dates and round-trips day numbers", () => {
    expect(daysBetween("2025-02-01", "2025-03-11")).toBe(38);
    expect(daysBetween("2025-03-11", "2025-02-01")).toBe(-38);
    expect(fromDayNumber(toDayNumber("2031-07-15"))).toBe("2031-07-15");
  });
});
