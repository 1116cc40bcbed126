import { describe, expect, it } from "vitest";
import { ownValue } from "./lookup.ts";

describe("ownValue", () => {
  const record: Record<string, number> = { a: 1, zero: 0 };
  it("answers the record's own entries, falsy ones included", () => {
    expect(ownValue(record, "a")).toBe(1);
    expect(ownValue(record, "zero")).toBe(0);
  });
  it("answers undefined for names every object inherits", () => {
    for (const inherited of ["valueOf", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(inherited in record).toBe(true);
      expect(ownValue(record, inherited)).toBeUndefined();
    }
  });
});
