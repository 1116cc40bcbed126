import { describe, expect, it } from "vitest";
import { resolveSeason } from "./season.ts";
import type { Seasonality } from "./types.ts";

const ALL = [0, 1, 2, 3, 4, 5, 6];

function season(uuid: string, partial: Partial<Seasonality> = {}): Seasonality {
  return { uuid, title: uuid, color: "#123456", rate: 10_000, is_reference: false, dates: [], fluctuation_level_variations: [], ...partial };
}

const reference = season("ref", { is_reference: true });

describe("resolveSeason", () => {
  it("falls back to the reference season when no range claims the date", () => {
    const december = season("dec", { dates: [{ days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(resolveSeason([reference, december], "2025-11-30")?.uuid).toBe("ref");
    expect(resolveSeason([reference, december], "2026-01-01")?.uuid).toBe("ref");
  });

  it("includes both ends of a range", () => {
    const december = season("dec", { dates: [{ days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(resolveSeason([reference, december], "2025-12-01")?.uuid).toBe("dec");
    expect(resolveSeason([reference, december], "2025-12-31")?.uuid).toBe("dec");
  });

  it("claims only the listed weekdays", () => {
    const weekends = season("we", { dates: [{ days_of_week: [5, 6], starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(resolveSeason([reference, weekends], "2025-12-12")?.uuid).toBe("we"); // Friday
    expect(resolveSeason([reference, weekends], "2025-12-13")?.uuid).toBe("we"); // Saturday
    expect(resolveSeason([reference, weekends], "2025-12-14")?.uuid).toBe("ref"); // Sunday
  });

  it("lets any of a season's ranges claim the date", () => {
    const holidays = season("h", {
      dates: [
        { days_of_week: ALL, starts_at: "2025-04-18", ends_at: "2025-04-21" },
        { days_of_week: ALL, starts_at: "2025-11-15", ends_at: "2025-11-15" },
      ],
    });
    expect(resolveSeason([reference, holidays], "2025-11-15")?.uuid).toBe("h");
    expect(resolveSeason([reference, holidays], "2025-04-20")?.uuid).toBe("h");
  });

  it("prefers the shortest matching range, whatever the order or creation date", () => {
    const long = season("long", { created_at: "2025-06-01T00:00:00Z", dates: [{ days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    const short = season("short", { created_at: "2025-01-01T00:00:00Z", dates: [{ days_of_week: ALL, starts_at: "2025-12-24", ends_at: "2025-12-26" }] });
    expect(resolveSeason([reference, short, long], "2025-12-25")?.uuid).toBe("short");
    expect(resolveSeason([reference, long, short], "2025-12-25")?.uuid).toBe("short");
    expect(resolveSeason([reference, long, short], "2025-12-27")?.uuid).toBe("long");
  });

  it("measures specificity by the matching range, not the season's other ranges", () => {
    const a = season("a", {
      dates: [
        { days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-31" },
        { days_of_week: ALL, starts_at: "2025-03-01", ends_at: "2025-03-01" },
      ],
    });
    const b = season("b", { dates: [{ days_of_week: ALL, starts_at: "2025-12-20", ends_at: "2025-12-30" }] });
    expect(resolveSeason([reference, b, a], "2025-12-25")?.uuid).toBe("b");
  });

  it("breaks a length tie by the latest created_at, then by the later position", () => {
    const range = [{ days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-10" }];
    const older = season("older", { created_at: "2025-01-01T00:00:00Z", dates: range });
    const newer = season("newer", { created_at: "2025-02-01T00:00:00Z", dates: range });
    expect(resolveSeason([reference, newer, older], "2025-12-05")?.uuid).toBe("newer");
    const first = season("first", { dates: range });
    const second = season("second", { dates: range });
    expect(resolveSeason([reference, first, second], "2025-12-05")?.uuid).toBe("second");
    // A season with a creation date counts as newer than one without.
    expect(resolveSeason([reference, older, second], "2025-12-05")?.uuid).toBe("older");
  });

  it("ignores reversed, malformed and weekday-less ranges", () => {
    const broken = season("broken", {
      dates: [
        { days_of_week: ALL, starts_at: "2025-12-31", ends_at: "2025-12-01" },
        { days_of_week: ALL, starts_at: "2025-12-xx", ends_at: "2025-12-31" },
        { days_of_week: [], starts_at: "2025-12-01", ends_at: "2025-12-31" },
        { days_of_week: [7, -1], starts_at: "2025-12-01", ends_at: "2025-12-31" },
      ],
    });
    expect(resolveSeason([reference, broken], "2025-12-15")?.uuid).toBe("ref");
  });

  it("lets the reference season compete with its own ranges", () => {
    const ref = season("ref", { is_reference: true, dates: [{ days_of_week: ALL, starts_at: "2025-12-24", ends_at: "2025-12-25" }] });
    const dec = season("dec", { dates: [{ days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(resolveSeason([ref, dec], "2025-12-24")?.uuid).toBe("ref");
    expect(resolveSeason([ref, dec], "2025-12-23")?.uuid).toBe("dec");
  });

  it("returns null without a reference for an unclaimed date, or for an invalid date", () => {
    const dec = season("dec", { dates: [{ days_of_week: ALL, starts_at: "2025-12-01", ends_at: "2025-12-31" }] });
    expect(resolveSeason([dec], "2025-11-01")).toBeNull();
    expect(resolveSeason([dec], "2025-12-02")?.uuid).toBe("dec");
    expect(resolveSeason([reference], "not-a-date")).toBeNull();
    expect(resolveSeason([], "2025-01-01")).toBeNull();
  });
});
