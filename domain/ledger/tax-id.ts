import { cnpj, cpf } from "cpf-cnpj-validator";

/**
 * Brazilian tax ids of suppliers: a CPF (person, 11 digits) or a CNPJ (company, 14 characters,
 * digits or — from July 2026 — letters in the first 12). Check digits are verified by
 * cpf-cnpj-validator (ADR 0017); this module only decides which of the two was typed and keeps
 * anything that is not the usual mask ("529.982.247-25", "11.222.333/0001-81") from counting.
 */
export type TaxIdKind = "cpf" | "cnpj";

const TYPED = /^[0-9A-Za-z.\-/ ]+$/;

/** The tax id without its mask, and its kind; null when it is neither a valid CPF nor a valid CNPJ. */
export function parseTaxId(input: string): { kind: TaxIdKind; value: string } | null {
  const text = input.trim();
  if (!TYPED.test(text)) return null;
  const bare = text.replace(/[.\-/ ]/g, "").toUpperCase();
  if (/^\d{11}$/.test(bare)) return cpf.isValid(bare) ? { kind: "cpf", value: bare } : null;
  if (/^[0-9A-Z]{12}\d{2}$/.test(bare)) return cnpj.isValid(bare) ? { kind: "cnpj", value: bare } : null;
  return null;
}

/** "52998224725" → "529.982.247-25"; "11222333000181" → "11.222.333/0001-81". */
export function formatTaxId(value: string): string {
  if (value.length === 11) return cpf.format(value);
  if (value.length === 14) return cnpj.format(value);
  return value;
}
