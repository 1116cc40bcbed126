import { describe, expect, it } from "vitest";
import { escapeFormula } from "./formula.ts";

describe("escapeFormula", () => {
  it("prefixes cells a spreadsheet would evaluate", () => {
    for (const cell of ["=1+1", "+55 11", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(escapeFormula(cell)).toBe(`'${cell}`);
  });
  it("leaves other text alone", () => {
    for (const cell of ["São João", "a=b", "", "12.50"]) expect(escapeFormula(cell)).toBe(cell);
  });
});
