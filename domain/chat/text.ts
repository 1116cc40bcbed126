/** Lower case without accents, so "Ocupação", "ocupacao" and "OCUPAÇÃO" read the same. */
export function normalise(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
