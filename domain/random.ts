/**
 * mulberry32: a small, fast, seedable generator, uniform in [0, 1). Everything that must draw the
 * same numbers on every run uses it: the demo's seed data, the benches' hotels, the market
 * simulator and the tests' histories.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
