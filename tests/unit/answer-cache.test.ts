import { describe, expect, it } from "vitest";
import { MAX_AGE_MS, remembered } from "#api/services/metrics/answer-cache.ts";

const T0 = new Date("2026-03-10T12:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

function counter() {
  let calls = 0;
  return { compute: async () => ++calls, calls: () => calls };
}

describe("remembered answers", () => {
  it("computes once for the same key, database and data version until MAX_AGE_MS has passed", async () => {
    const db = {};
    const c = counter();
    expect(await remembered(db, "k", T0, 7, c.compute)).toBe(1);
    expect(await remembered(db, "k", later(MAX_AGE_MS - 1), 7, c.compute)).toBe(1);
    expect(await remembered(db, "k", later(MAX_AGE_MS), 7, c.compute)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it("never shares an answer between keys or between databases", async () => {
    const c = counter();
    const a = {};
    const b = {};
    await remembered(a, "one", T0, 1, c.compute);
    await remembered(a, "two", T0, 1, c.compute);
    await remembered(b, "one", T0, 1, c.compute);
    expect(c.calls()).toBe(3);
  });

  it("computes again when the data version moves, and when the clock goes back", async () => {
    const db = {};
    const c = counter();
    await remembered(db, "k", T0, 1, c.compute);
    expect(await remembered(db, "k", T0, 2, c.compute)).toBe(2);
    expect(await remembered(db, "k", T0, 2, c.compute)).toBe(2);
    expect(await remembered(db, "k", later(-1), 2, c.compute)).toBe(3);
  });

  it("shares one computation between concurrent readers at one version", async () => {
    const db = {};
    const c = counter();
    const [x, y] = await Promise.all([remembered(db, "k", T0, 1, c.compute), remembered(db, "k", T0, 1, c.compute)]);
    expect([x, y, c.calls()]).toEqual([1, 1, 1]);
  });

  it("does not remember a failed computation", async () => {
    const db = {};
    await expect(remembered(db, "k", T0, 1, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await remembered(db, "k", T0, 1, async () => "ok")).toBe("ok");
  });
});
