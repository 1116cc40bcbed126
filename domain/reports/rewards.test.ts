import { describe, expect, it } from "vitest";
import { goalsMet, publishedInTime, revparBeatLastYear } from "./rewards.ts";

describe("publishedInTime", () => {
  const changed = new Date("2026-03-05T13:00:00Z");
  it("accepts a publication at the change or up to 24 hours after it", () => {
    expect(publishedInTime(changed, new Date("2026-03-05T13:00:00Z"))).toBe(true);
    expect(publishedInTime(changed, new Date("2026-03-06T13:00:00Z"))).toBe(true);
  });
  it("refuses one later than a day, one before the change (an older price) and none", () => {
    expect(publishedInTime(changed, new Date("2026-03-06T13:00:01Z"))).toBe(false);
    expect(publishedInTime(changed, new Date("2026-03-05T12:59:59Z"))).toBe(false);
    expect(publishedInTime(changed, null)).toBe(false);
  });
});

describe("goalsMet", () => {
  it("needs every goal set, and at least one", () => {
    expect(goalsMet({ revenue: 100, occupancy: 50, adr: 20 }, { revenue: 100, occupancy: 0.5, adr: 20 })).toBe(true);
    expect(goalsMet({ revenue: 100, occupancy: 50, adr: null }, { revenue: 100, occupancy: 0.499, adr: null })).toBe(false);
    expect(goalsMet({ revenue: null, occupancy: null, adr: 20 }, { revenue: 0, occupancy: null, adr: null })).toBe(false);
    expect(goalsMet({ revenue: null, occupancy: null, adr: null }, { revenue: 1_000, occupancy: 1, adr: 1 })).toBe(false);
  });
});

describe("revparBeatLastYear", () => {
  it("compares with a year that had revenue", () => {
    expect(revparBeatLastYear(12, 11)).toBe(true);
    expect(revparBeatLastYear(11, 11)).toBe(false);
    expect(revparBeatLastYear(5, 0)).toBe(false);
    expect(revparBeatLastYear(null, 3)).toBe(false);
  });
});
