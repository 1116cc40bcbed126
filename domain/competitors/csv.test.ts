import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCompetitorRate, parseStayDate, rowsOfTable, validateRateRow } from "./csv.ts";

const set = [
  { id: "c0000000-0000-4000-8000-000000000001", name: "Pousada do Ancoradouro" },
  { id: "c0000000-0000-4000-8000-000000000002", name: "Hotel Coxixo" },
];

describe("parseStayDate", () => {
  it("reads ISO and Brazilian dates and refuses impossible ones", () => {
    expect(parseStayDate("2026-12-25")).toBe("2026-12-25");
    expect(parseStayDate(" 25/12/2026 ")).toBe("2026-12-25");
    expect(parseStayDate("5/1/2027")).toBe("2027-01-05");
    expect(parseStayDate("31/02/2026")).toBeNull();
    expect(parseStayDate("2026-13-01")).toBeNull();
    expect(parseStayDate("12/25/2026")).toBeNull();
    expect(parseStayDate("amanhã")).toBeNull();
  });

  it("round-trips any day written the Brazilian way", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split("-");
        expect(parseStayDate(`${day}/${m}/${y}`)).toBe(iso);
      }),
    );
  });
});

describe("parseCompetitorRate", () => {
  it("reads reais as people type them", () => {
    expect(parseCompetitorRate("1.234,56")).toBe(123_456);
    expect(parseCompetitorRate("1234.56")).toBe(123_456);
    expect(parseCompetitorRate("R$ 350")).toBe(35_000);
    expect(parseCompetitorRate("350,5")).toBe(35_050);
  });

  it("reads blanks and sold-out words as sold out", () => {
    for (const text of ["", "  ", "esgotado", "Esgotado", "SOLD OUT", "sold out", null, undefined]) expect(parseCompetitorRate(text)).toBeNull();
  });

  it("refuses what is not a positive amount", () => {
    for (const text of ["abc", "0", "0,00", "-10", "12 reais", "10000000,01"]) expect(parseCompetitorRate(text)).toBeUndefined();
  });

  it("reads back any amount written with a decimal comma", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        expect(parseCompetitorRate(`${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`)).toBe(cents);
      }),
    );
  });
});

describe("validateRateRow", () => {
  it("matches the competitor by id or by name regardless of case and accents", () => {
    expect(validateRateRow({ competitor: "hotel coxixo", date: "24/12/2026", rate: "480,00" }, set)).toEqual({
      ok: true,
      row: { competitorId: set[1].id, date: "2026-12-24", rate: 48_000 },
    });
    expect(validateRateRow({ competitor: set[0].id.toUpperCase(), date: "2026-12-24", rate: "esgotado" }, set)).toEqual({
      ok: true,
      row: { competitorId: set[0].id, date: "2026-12-24", rate: null },
    });
    expect(validateRateRow({ competitor: "Hotel Cóxixo", date: "2026-12-24", rate: "1" }, set).ok).toBe(true);
  });

  it("names every bad field of the row", () => {
    expect(validateRateRow({ competitor: "Pousada Fantasma", date: "32/12/2026", rate: "muito" }, set)).toEqual({
      ok: false,
      errors: [
        { field: "competitor", message: "competitors:validation.unknownCompetitor" },
        { field: "date", message: "competitors:validation.date" },
        { field: "rate", message: "competitors:validation.rate" },
      ],
    });
    expect(validateRateRow({ competitor: "", date: "", rate: "" }, set)).toMatchObject({
      ok: false,
      errors: [
        { field: "competitor", message: "validation.required" },
        { field: "date", message: "validation.required" },
      ],
    });
  });
});

describe("rowsOfTable", () => {
  it("reads a header in any order and keeps the file's line numbers", () => {
    const rows = rowsOfTable([
      ["Data", "Tarifa", "Concorrente"],
      ["2026-12-24", "480,00", "Hotel Coxixo"],
      ["", "", ""],
      ["2026-12-25", "esgotado", "Hotel Coxixo"],
    ]);
    expect(rows).toEqual([
      { line: 2, competitor: "Hotel Coxixo", date: "2026-12-24", rate: "480,00" },
      { line: 4, competitor: "Hotel Coxixo", date: "2026-12-25", rate: "esgotado" },
    ]);
  });

  it("reads competitor, date, rate in order without a header", () => {
    expect(rowsOfTable([["Hotel Coxixo", "24/12/2026", "480"]])).toEqual([{ line: 1, competitor: "Hotel Coxixo", date: "24/12/2026", rate: "480" }]);
  });
});
