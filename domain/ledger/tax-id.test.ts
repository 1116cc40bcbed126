import { describe, expect, it } from "vitest";
import { formatTaxId, parseTaxId } from "./tax-id";

describe("parseTaxId", () => {
  it.each([
    ["529.982.247-25", { kind: "cpf", value: "52998224725" }],
    ["52998224725", { kind: "cpf", value: "52998224725" }],
    ["11.222.333/0001-81", { kind: "cnpj", value: "11222333000181" }],
    [" 11222333000181 ", { kind: "cnpj", value: "11222333000181" }],
    ["12.abc.345/01de-35", { kind: "cnpj", value: "12ABC34501DE35" }],
  ])("accepts %j", (input, expected) => {
    expect(parseTaxId(input)).toEqual(expected);
  });

  it.each([
    ["529.982.247-24", "a CPF with a wrong check digit"],
    ["111.111.111-11", "a CPF of repeated digits"],
    ["11.222.333/0001-82", "a CNPJ with a wrong check digit"],
    ["00.000.000/0000-00", "a CNPJ of zeros"],
    ["5299822472", "ten digits"],
    ["529982247250", "twelve digits"],
    ["CPF 529.982.247-25", "words around the number"],
    ["", "nothing"],
  ])("refuses %j (%s)", (input) => {
    expect(parseTaxId(input)).toBeNull();
  });
});

describe("formatTaxId", () => {
  it("puts the mask back", () => {
    expect(formatTaxId("52998224725")).toBe("529.982.247-25");
    expect(formatTaxId("11222333000181")).toBe("11.222.333/0001-81");
  });
});
