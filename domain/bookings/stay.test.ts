import { describe, expect, it } from "vitest";
import { blockNights, occupancyPercent, rangesOverlap, spreadTotal, stayNights, todayIn } from "./stay.ts";

describe("stay nights", () => {
  it("counts the arrival night and not the departure morning", () => {
    expect(stayNights("2026-03-10", "2026-03-13")).toEqual(["2026-03-10", "2026-03-11", "2026-03-12"]);
  });
  it("crosses month, year and leap days", () => {
    expect(stayNights("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29"]);
    expect(stayNights("2026-12-31", "2027-01-02")).toEqual(["2026-12-31", "2027-01-01"]);
  });
  it("is empty when departure is not after arrival, or a date is malformed", () => {
    expect(stayNights("2026-03-10", "2026-03-10")).toEqual([]);
    expect(stayNights("2026-03-10", "2026-03-09")).toEqual([]);
    expect(stayNights("2026-02-30", "2026-03-09")).toEqual([]);
  });
  it("keeps Brazil's old DST change from moving a night", () => {
    expect(stayNights("2018-11-03", "2018-11-05")).toEqual(["2018-11-03", "2018-11-04"]);
  });
  it("includes both ends of a block", () => {
    expect(blockNights("2026-05-01", "2026-05-01")).toEqual(["2026-05-01"]);
    expect(blockNights("2026-05-01", "2026-05-03")).toHaveLength(3);
  });
});

describe("ranges", () => {
  it("overlap only when they share a night", () => {
    expect(rangesOverlap("2026-01-01", "2026-01-03", "2026-01-03", "2026-01-05")).toBe(false);
    expect(rangesOverlap("2026-01-01", "2026-01-04", "2026-01-03", "2026-01-05")).toBe(true);
    expect(rangesOverlap("2026-01-02", "2026-01-03", "2026-01-01", "2026-01-05")).toBe(true);
  });
});

describe("today in the business's zone", () => {
  it("is the local calendar day, not UTC's", () => {
    const lateEvening = new Date("2026-06-01T02:30:00Z"); // 23:30 on 31 May in São Paulo
    expect(todayIn("America/Sao_Paulo", lateEvening)).toBe("2026-05-31");
    expect(todayIn("Europe/Rome", lateEvening)).toBe("2026-06-01");
  });
  it("falls back to São Paulo for an unknown zone", () => {
    expect(todayIn("Mars/Olympus", new Date("2026-06-01T02:30:00Z"))).toBe("2026-05-31");
  });
});

describe("occupancy", () => {
  it("is sold over sellable rooms with one decimal", () => {
    expect(occupancyPercent(1, 3)).toBe(33.3);
    expect(occupancyPercent(14, 14)).toBe(100);
    expect(occupancyPercent(0, 0)).toBe(0);
  });
});

describe("spreading a total over nights", () => {
  it("adds up exactly", () => {
    const parts = spreadTotal(100_001, 3);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    expect(spreadTotal(5, 0)).toEqual([]);
  });
});
