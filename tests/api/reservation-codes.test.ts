import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reservations } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { newCodes } from "#api/services/bookings/codes.ts";
import { reservationCode } from "#domain/bookings/code.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";

/** The random bytes the next draws get, in order; past them, crypto's own. */
const queued: Buffer[] = [];
vi.mock(import("node:crypto"), async (original) => {
  const real = await original();
  return { ...real, randomBytes: ((size: number) => queued.shift() ?? real.randomBytes(size)) as typeof real.randomBytes };
});

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const bytes = (n: number) => Buffer.alloc(8, n);

describe("reservation codes drawn in a batch", () => {
  it("are all different and none a code the business already has, redrawing what is taken", async () => {
    // One of the business's reservations holds the code that bytes(3) draws.
    const [existing] = await t.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.businessId, DEMO_BUSINESS.id)).limit(1);
    await t.db.update(reservations).set({ code: reservationCode(bytes(3)) }).where(eq(reservations.id, existing!.id));
    // Draws: the same code twice in the batch, the business's own, then a fresh one; the rest from crypto.
    queued.push(bytes(1), bytes(1), bytes(3), bytes(2));
    const codes = await newCodes(t.db, DEMO_BUSINESS.id, 4);
    expect(queued).toEqual([]);
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
    expect(codes).toContain(reservationCode(bytes(1)));
    expect(codes).toContain(reservationCode(bytes(2)));
    expect(codes).not.toContain(reservationCode(bytes(3)));
    const all = new Set((await t.db.select({ code: reservations.code }).from(reservations)).map((r) => r.code));
    expect(codes.filter((c) => all.has(c))).toEqual([]);
  });
});
