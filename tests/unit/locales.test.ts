import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "#locales/list.ts";

const root = join(process.cwd(), "locales");

function keys(value: unknown, prefix = ""): string[] {
  // Arrays (e.g. the five fun facts) count by position, so every locale has as many.
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function interpolations(text: unknown): string[] {
  return typeof text === "string" ? [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort() : [];
}

function read(lng: string, ns: string) {
  return JSON.parse(readFileSync(join(root, lng, `${ns}.json`), "utf8"));
}

const namespaces = readdirSync(join(root, "pt-BR")).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));

describe("locale files", () => {
  it("every locale has the same namespaces", () => {
    for (const lng of locales) {
      const own = readdirSync(join(root, lng)).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));
      expect(own.sort(), lng).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    it(`${ns}: every locale has exactly the keys of pt-BR, with the same placeholders and no empty text`, () => {
      const base = read("pt-BR", ns);
      const baseKeys = keys(base).sort();
      for (const lng of locales) {
        const messages = read(lng, ns);
        expect(keys(messages).sort(), `${lng}/${ns}.json`).toEqual(baseKeys);
        for (const key of baseKeys) {
          const get = (o: any) => key.split(".").reduce((v, k) => v?.[k], o);
          const text = get(messages);
          expect(typeof text === "string" && text.trim().length > 0, `${lng}/${ns}.json ${key} is empty`).toBe(true);
          expect(interpolations(text), `${lng}/${ns}.json ${key} placeholders`).toEqual(interpolations(get(base)));
        }
      }
    });
  }
});
