import { describe, expect, it } from "vitest";
import { actionFor, changedFields, valueKind } from "./index.ts";

describe("changedFields", () => {
  it("lists only the fields whose value changed, with both values", () => {
    expect(changedFields({ rate: 25_000, title: "Base", color: "#000" }, { rate: 27_000, title: "Base", color: "#000" })).toEqual([{ field: "rate", from: 25_000, to: 27_000 }]);
  });

  it("answers nothing for an unchanged record", () => {
    expect(changedFields({ a: 1, b: [1, 2], c: { d: "x" } }, { c: { d: "x" }, b: [1, 2], a: 1 })).toEqual([]);
  });

  it("treats a created record as every field from null, a deleted one as every field to null", () => {
    expect(changedFields(null, { name: "Standard", room_count: 6 })).toEqual([
      { field: "name", from: null, to: "Standard" },
      { field: "room_count", from: null, to: 6 },
    ]);
    expect(changedFields({ name: "Standard" }, null)).toEqual([{ field: "name", from: "Standard", to: null }]);
  });

  it("walks nested objects and arrays of objects leaf by leaf", () => {
    const before = { dates: [{ starts_at: "2026-12-20", ends_at: "2026-12-26" }], variations: { level_2: { price_variation: 20 } } };
    const after = { dates: [{ starts_at: "2026-12-20", ends_at: "2026-12-27" }, { starts_at: "2027-01-01", ends_at: "2027-01-02" }], variations: { level_2: { price_variation: 25 } } };
    expect(changedFields(before, after)).toEqual([
      { field: "dates.0.ends_at", from: "2026-12-26", to: "2026-12-27" },
      { field: "dates.1.ends_at", from: null, to: "2027-01-02" },
      { field: "dates.1.starts_at", from: null, to: "2027-01-01" },
      { field: "variations.level_2.price_variation", from: 20, to: 25 },
    ]);
  });

  it("keeps a list of plain values as one value, whatever became of its items", () => {
    expect(changedFields({ permissions: ["user.calendar"] }, { permissions: ["user.calendar", "user.price-settings"] })).toEqual([
      { field: "permissions", from: ["user.calendar"], to: ["user.calendar", "user.price-settings"] },
    ]);
  });

  it("counts undefined as null and dates as their ISO instant", () => {
    expect(changedFields({ min_price: undefined }, { min_price: null })).toEqual([]);
    expect(changedFields({ at: new Date("2026-01-01T00:00:00Z") }, { at: new Date("2026-01-02T00:00:00Z") })).toEqual([
      { field: "at", from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" },
    ]);
  });

  it("leaves out the ignored top-level fields", () => {
    expect(changedFields({ rate: 1, updated_at: "a" }, { rate: 1, updated_at: "b" }, ["updated_at"])).toEqual([]);
  });
});

describe("actionFor", () => {
  it("names the change by which side exists", () => {
    expect(actionFor(null, { a: 1 })).toBe("created");
    expect(actionFor({ a: 1 }, null)).toBe("deleted");
    expect(actionFor({ a: 1 }, { a: 2 })).toBe("updated");
  });
});

describe("valueKind", () => {
  it("marks money fields, lists, booleans and empty values for the reader", () => {
    expect(valueKind("rate", 25_000)).toBe("money");
    expect(valueKind("dates.0.min_price", 100)).toBe("money");
    expect(valueKind("2026-12-25.price", 100)).toBe("money");
    expect(valueKind("price_variation", 10)).toBe("text");
    expect(valueKind("permissions", ["a"])).toBe("list");
    expect(valueKind("is_reference", true)).toBe("boolean");
    expect(valueKind("notes", null)).toBe("empty");
    expect(valueKind("rate", "abc")).toBe("text");
  });
});
