import { describe, expect, it } from "vitest";
import { needsHydration, noHydration } from "#app/lib/hydration";

const root = { id: "root", handle: undefined };
const plain = (id: string) => ({ id, handle: noHydration });

describe("needsHydration (ADR 0033)", () => {
  it("leaves the scripts out only when every matched route but the root says it needs none", () => {
    expect(needsHydration([root, plain("routes/guest-layout"), plain("routes/login")])).toBe(false);
    expect(needsHydration([root, plain("routes/public-booking"), { id: "routes/public-booking.book", handle: { ...noHydration, other: 1 } }])).toBe(false);
  });

  it("keeps them when one route has no say, says otherwise, or nothing but the root matched", () => {
    expect(needsHydration([root, plain("routes/public-layout"), { id: "routes/dev-mailbox", handle: { wide: true } }])).toBe(true);
    expect(needsHydration([root, { id: "routes/app-layout", handle: undefined }, plain("routes/login")])).toBe(true);
    expect(needsHydration([root, plain("routes/a"), { id: "routes/b", handle: { hydrate: true } }])).toBe(true);
    expect(needsHydration([root])).toBe(true);
    // The root's own handle does not count either way.
    expect(needsHydration([{ id: "root", handle: noHydration }])).toBe(true);
  });
});
