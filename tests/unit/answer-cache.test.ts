import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { dataChanged, forgetAnswersOnWrite, MAX_AGE_MS, remembered } from "../../api/services/metrics/answer-cache.ts";

const T0 = new Date("2026-03-10T12:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

function counter() {
  let calls = 0;
  return { compute: async () => ++calls, calls: () => calls };
}

describe("remembered answers", () => {
  it("computes once for the same key and database until MAX_AGE_MS has passed", async () => {
    const db = {};
    const c = counter();
    expect(await remembered(db, "k", T0, c.compute)).toBe(1);
    expect(await remembered(db, "k", later(MAX_AGE_MS - 1), c.compute)).toBe(1);
    expect(await remembered(db, "k", later(MAX_AGE_MS), c.compute)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it("never shares an answer between keys or between databases", async () => {
    const c = counter();
    const a = {};
    const b = {};
    await remembered(a, "one", T0, c.compute);
    await remembered(a, "two", T0, c.compute);
    await remembered(b, "one", T0, c.compute);
    expect(c.calls()).toBe(3);
  });

  it("computes again after a write, and when the clock goes back", async () => {
    const db = {};
    const c = counter();
    await remembered(db, "k", T0, c.compute);
    dataChanged();
    expect(await remembered(db, "k", T0, c.compute)).toBe(2);
    expect(await remembered(db, "k", later(-1), c.compute)).toBe(3);
  });

  it("does not remember a failed computation", async () => {
    const db = {};
    await expect(remembered(db, "k", T0, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await remembered(db, "k", T0, async () => "ok")).toBe("ok");
  });

  it("forgets on every request that may write, whatever its status, and never on reads", async () => {
    const db = {};
    const c = counter();
    const app = new Hono().use(forgetAnswersOnWrite);
    app.get("/x", (ctx) => ctx.text("read"));
    app.post("/x", (ctx) => ctx.text("refused", 422));
    app.delete("/x", () => {
      throw new Error("failed");
    });
    await remembered(db, "k", T0, c.compute);
    await app.request("/x");
    expect(await remembered(db, "k", T0, c.compute)).toBe(1);
    await app.request("/x", { method: "POST" });
    expect(await remembered(db, "k", T0, c.compute)).toBe(2);
    await app.request("/x", { method: "DELETE" });
    expect(await remembered(db, "k", T0, c.compute)).toBe(3);
  });
});
