import { defaultLocale } from "#locales/list";

/** Spec section 9: five fun facts per locale, in `locales/<lng>/errorPage.json` under `funFacts`. */
export const FUN_FACTS_PER_LOCALE = 5;

/**
 * Shown when no facts could be loaded at all, not even its translation (spec section 2: the
 * fallback says 404 is the most famous HTTP code). Portuguese, like every last resort here.
 */
export const FALLBACK_FUN_FACT =
  "O 404 é o código HTTP mais famoso: quase todo mundo já deu de cara com uma página que não existe.";

/** Reads the `funFacts` value of one locale's errorPage messages, whatever shape it has. */
export type FactLookup = (locale: string) => unknown;

function asFacts(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const facts = value.filter((fact): fact is string => typeof fact === "string" && fact.trim() !== "");
  return facts.length ? facts : null;
}

/** The facts of `locale`; an unknown or factless locale gets the Portuguese ones; null when none load. */
export function funFactsFor(locale: string | undefined, lookup: FactLookup): string[] | null {
  return (locale ? asFacts(lookup(locale)) : null) ?? asFacts(lookup(defaultLocale));
}

/** An index in [0, count) from a random number in [0, 1). */
export function randomFactIndex(count: number, random: () => number = Math.random): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.floor(random() * count));
}

/** The fact to show: the one at `index` (wrapped into range), or the fallback text when there are none. */
export function funFactAt(facts: string[] | null, index: number, fallback: string = FALLBACK_FUN_FACT): string {
  if (!facts?.length) return fallback;
  const i = ((Math.trunc(index) % facts.length) + facts.length) % facts.length;
  return facts[i];
}
