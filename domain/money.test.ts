import { describe, expect, it } from "vitest";
import { centsToInput, decimalToInput, formatMoney, formatPercent, formatPercentRange, formatSignedMoney, formatVariation, parseDecimal, parseMoney } from "./money";

const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

describe("parseDecimal", () => {
  it.each([
    ["80", 80],
    ["80,5", 80.5],
    ["1.234,50", 1234.5],
    ["1234.5", 1234.5],
    ["1.234", 1234],
    [" R$ 12,00 ", 12],
    ["15,5%", 15.5],
    ["-10", -10],
    ["−10,5", -10.5],
    [7, 7],
  ])("reads %j as %j", (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });

  it.each([[""], ["abc"], ["1,2,3"], ["1.23.4"], ["12.345.6"], [Number.NaN], [null]])("refuses %j", (input) => {
    expect(parseDecimal(input)).toBeNull();
  });
});

describe("parseMoney: one rule for every typed amount", () => {
  it.each([
    // The edge cases of the forms' former rule (domain/money.ts)…
    ["250,00", 25000],
    ["1.234,5", 123450],
    ["0,07", 7],
    ["250", 25000],
    ["-10", -1000],
    ["−10,5", -1050],
    ["1.234", 123400],
    // …and of the bookings' and imports' former rule (domain/schemas/bookings.ts).
    ["350", 35000],
    ["350,50", 35050],
    ["1.350,50", 135050],
    ["350.5", 35050],
    ["R$ 350", 35000],
    ["€12", 1200],
    ["$ 9.99", 999],
    ["US$ 9.99", 999],
    [" 1 350,50 ", 135050],
    ["1\u00a0350,50", 135050],
    ["1,234.56", 123456],
    ["1.234.567", 123456700],
    ["1,234,567.89", 123456789],
    [250, 25000],
    [12.5, 1250],
  ])("reads %j as %j cents", (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each([
    [""],
    ["   "],
    ["R$"],
    ["-"],
    ["abc"],
    ["12a"],
    ["1,2345"], // more than two decimals
    ["12,345"], // a pt-BR decimal comma with three decimals, or an en-US thousand: not guessed
    ["1,234,567"],
    ["1234.567"],
    ["1.23.4"], // broken groups
    ["1.234.56"],
    ["1,2,3"],
    ["12,34.56"],
    ["1.234,567"],
    ["250,"],
    [",50"],
    ["--5"],
    ["1e5"],
    ["99999999999999999999"], // past the safe integers
    [12.345],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
  ])("refuses %j", (input) => {
    expect(parseMoney(input)).toBeNull();
  });
});

describe("centsToInput and decimalToInput", () => {
  it("write what parseMoney and parseDecimal read back", () => {
    for (const cents of [0, 5, 25000, 123456789, -150]) expect(parseMoney(centsToInput(cents))).toBe(cents);
    expect(centsToInput(25000)).toBe("250,00");
    expect(centsToInput(-150)).toBe("-1,50");
    expect(centsToInput(25000, "en-US")).toBe("250.00");
    expect(decimalToInput(15.5)).toBe("15,5");
    expect(decimalToInput(15.5, "en-US")).toBe("15.5");
  });
  it("leave the field empty when there is no amount", () => {
    expect(centsToInput(null)).toBe("");
    expect(centsToInput(undefined)).toBe("");
    expect(centsToInput(Number.NaN)).toBe("");
    expect(decimalToInput(null)).toBe("");
  });
});

describe("formatting", () => {
  it("shows money in the reader's locale, whole amounts without cents when asked", () => {
    expect(nbsp(formatMoney(25000, "pt-BR"))).toBe("R$ 250,00");
    expect(nbsp(formatMoney(25000, "pt-BR", "BRL", { whole: true }))).toBe("R$ 250");
    expect(nbsp(formatMoney(25050, "pt-BR", "BRL", { whole: true }))).toBe("R$ 250,50");
    expect(formatMoney(25000, "en-US")).toBe("R$250.00");
  });
  it("signs amounts and variations", () => {
    expect(nbsp(formatSignedMoney(2500, "pt-BR"))).toBe("+R$ 25,00");
    expect(nbsp(formatSignedMoney(-2750, "pt-BR"))).toBe("−R$ 27,50");
    expect(nbsp(formatVariation("value", 8000, "pt-BR"))).toBe("+R$ 80,00");
    expect(nbsp(formatVariation("percentage", -10, "pt-BR"))).toBe("−10%");
    expect(formatVariation("value", 0, "pt-BR")).toBe("—");
  });
  it("shows percentages in the reader's locale", () => {
    expect(nbsp(formatPercent(15.5, "pt-BR"))).toBe("15,5%");
    expect(formatPercent(15.5, "en-US")).toBe("15.5%");
    expect(nbsp(formatPercent(15.5, "fr-CA"))).toBe("15,5 %");
  });
  it("shows occupancy with one decimal, variations signed, bands as ranges", () => {
    // 3 of 7 rooms: the calendar used to print "42.9 %" in pt-BR.
    expect(formatPercent((3 / 7) * 100, "pt-BR", { digits: 1 })).toBe("42,9%");
    expect(formatPercent((3 / 7) * 100, "en-US", { digits: 1 })).toBe("42.9%");
    expect(nbsp(formatPercent((3 / 7) * 100, "es-ES", { digits: 1 }))).toBe("42,9 %");
    expect(formatPercent(100, "pt-BR", { digits: 1 })).toBe("100%");
    expect(formatPercent(12, "pt-BR", { signed: true })).toBe("+12%");
    expect(formatPercent(-2, "pt-BR", { signed: true })).toBe("-2%");
    expect(formatPercent(0, "pt-BR", { signed: true })).toBe("0%");
    expect(nbsp(formatPercentRange(40, 70, "pt-BR"))).toBe("40% – 70%");
    expect(nbsp(formatPercentRange(33.5, 100, "fr-CA"))).toBe("33,5–100 %");
  });
});
