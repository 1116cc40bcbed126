import { describe, expect, it } from "vitest";
import { centsToInput, decimalToInput, formatMoney, formatPercent, formatSignedMoney, formatVariation, parseDecimal, parseMoney } from "./money";

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

describe("parseMoney", () => {
  it("turns a typed amount into cents", () => {
    expect(parseMoney("250,00")).toBe(25000);
    expect(parseMoney("1.234,5")).toBe(123450);
    expect(parseMoney("0,07")).toBe(7);
  });
  it("refuses more than two decimals", () => {
    expect(parseMoney("1,234")).toBeNull();
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
  });
});
