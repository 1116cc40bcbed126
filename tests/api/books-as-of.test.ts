import "#tests/helpers/fast-check-replay.ts";
import { asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#domain/pricing/dates.ts";
import { todayIn } from "#domain/bookings/stay.ts";
import { reservationVersions } from "#api/db/schema/index.ts";
import { booksAsOf, type BooksAsOf } from "#api/services/metrics/books-as-of.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";
import { reservationWriter } from "./tracking-fixture.ts";

/**
 * The books as of any day (issue 26, point 1): every change of a reservation is kept as a version
 * from the time it was made, and booksAsOf replays what the books held at the end of a day.
 * Days are São Paulo's; the clock is set to 12:00 there.
 */
let t: TestApi;
let f: BookingsFixture;
let signedIn = 0;
/** Sets the clock to noon of `day` (and signs in again when the session would have run out). */
async function at(day: string) {
  t.clock.now = new Date(`${day}T15:00:00Z`);
  if (t.clock.now.getTime() - signedIn > 20 * 86_400_000) {
    f.token = await t.login(demoUsers.owner.email);
    signedIn = t.clock.now.getTime();
  }
}

beforeAll(async () => {
  t = await createTestApi();
  f = await bookingsFixture(t);
});
afterAll(() => t.close());

async function versionsOf(id: string) {
  const rows = await t.db.select().from(reservationVersions).where(eq(reservationVersions.reservationId, id)).orderBy(asc(reservationVersions.validFrom), asc(reservationVersions.id));
  return rows.map((v) => [v.validFrom.toISOString(), v.status, v.categoryId, v.arrival, v.departure, v.nightRates]);
}

/** The non-empty cells of the books as [night, category, room nights, revenue]. */
const booked = (b: BooksAsOf) => b.cells.filter((c) => c.roomNights > 0).map((c) => [c.night, c.categoryId, c.roomNights, c.revenue]);

describe("reservation versions", () => {
  let a: string;
  let b: string;

  it("the bookings API writes one version per change that matters, from the time it was made", async () => {
    await at("2027-01-05");
    a = (await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-02-10", departure: "2027-02-12", rate_per_night: 30_000 }), status: 201 })).reservation.uuid;
    await at("2027-01-08");
    await t.json("PUT", `${f.base}/reservations/${a}`, { token: f.token, body: stay(f, { arrival: "2027-02-11", departure: "2027-02-13", rate_per_night: 32_000 }), status: 200 });
    // A new phone number is no change to the books: no version.
    await at("2027-01-09");
    await t.json("PUT", `${f.base}/reservations/${a}`, { token: f.token, body: stay(f, { arrival: "2027-02-11", departure: "2027-02-13", rate_per_night: 32_000, guest: { name: "Maria Souza", phone: "+55 48 98888-0000" } }), status: 200 });
    await at("2027-01-10");
    b = (await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-02-12", departure: "2027-02-14", room_category_uuid: f.standard.id, rate_per_night: 20_000 }), status: 201 })).reservation.uuid;
    await at("2027-01-12");
    await t.json("POST", `${f.base}/reservations/${a}/cancel`, { token: f.token, body: { reason: "Mudou de planos" }, status: 200 });

    expect(await versionsOf(a)).toEqual([
      ["2027-01-05T15:00:00.000Z", "confirmed", f.deluxe.id, "2027-02-10", "2027-02-12", [30_000, 30_000]],
      ["2027-01-08T15:00:00.000Z", "confirmed", f.deluxe.id, "2027-02-11", "2027-02-13", [32_000, 32_000]],
      ["2027-01-12T15:00:00.000Z", "cancelled", f.deluxe.id, "2027-02-11", "2027-02-13", [32_000, 32_000]],
    ]);
    expect(await versionsOf(b)).toEqual([["2027-01-10T15:00:00.000Z", "confirmed", f.standard.id, "2027-02-12", "2027-02-14", [20_000, 20_000]]]);
  });

  it("a refused change writes no version", async () => {
    await at("2027-01-13");
    // The Suíte sleeps at least two: 422, nothing written.
    await t.json("PUT", `${f.base}/reservations/${b}`, { token: f.token, body: stay(f, { arrival: "2027-02-12", departure: "2027-02-14", room_category_uuid: f.suite.id, adults: 1 }), status: 422 });
    await t.json("POST", `${f.base}/reservations/${a}/cancel`, { token: f.token, body: {}, status: 409 });
    expect(await versionsOf(b)).toHaveLength(1);
    expect(await versionsOf(a)).toHaveLength(3);
  });

  it("booksAsOf replays what the books held at the end of each day, per night and category", async () => {
    const nights = { from: "2027-02-10", to: "2027-02-13" };
    const asOf = (day: string) => booksAsOf(t.db, f.business.id, day, nights).then(booked);
    expect(await asOf("2027-01-04")).toEqual([]);
    const first = [
      ["2027-02-10", f.deluxe.id, 1, 30_000],
      ["2027-02-11", f.deluxe.id, 1, 30_000],
    ];
    expect(await asOf("2027-01-05")).toEqual(first);
    expect(await asOf("2027-01-07")).toEqual(first);
    const moved = [
      ["2027-02-11", f.deluxe.id, 1, 32_000],
      ["2027-02-12", f.deluxe.id, 1, 32_000],
    ];
    expect(await asOf("2027-01-08")).toEqual(moved);
    expect(await asOf("2027-01-10")).toEqual([
      ["2027-02-11", f.deluxe.id, 1, 32_000],
      ["2027-02-12", f.standard.id, 1, 20_000],
      ["2027-02-12", f.deluxe.id, 1, 32_000],
      ["2027-02-13", f.standard.id, 1, 20_000],
    ]);
    expect(await asOf("2027-01-12")).toEqual([
      ["2027-02-12", f.standard.id, 1, 20_000],
      ["2027-02-13", f.standard.id, 1, 20_000],
    ]);
    // Every night × category is there, in the categories' order, with the rooms that could be sold.
    const grid = await booksAsOf(t.db, f.business.id, "2027-01-12", nights);
    expect(grid.cells).toHaveLength(4 * 3);
    expect(grid.cells.slice(0, 3).map((c) => [c.categoryId, c.available])).toEqual([
      [f.standard.id, 8],
      [f.deluxe.id, 4],
      [f.suite.id, 2],
    ]);
  });

  it("counts a room block from the day it was recorded", async () => {
    await at("2027-01-14");
    await t.json("POST", `${f.base}/room-blocks`, { token: f.token, body: { room_category_uuid: f.suite.id, count: 1, starts_at: "2027-02-10", ends_at: "2027-02-10", reason: "maintenance" }, status: 201 });
    const suiteOn10 = async (day: string) => (await booksAsOf(t.db, f.business.id, day, { from: "2027-02-10", to: "2027-02-10" })).cells.find((c) => c.categoryId === f.suite.id)!.available;
    expect([await suiteOn10("2027-01-13"), await suiteOn10("2027-01-14")]).toEqual([2, 1]);
  });

  it("counts an edited block as it was on each day, a removed one until the day it went, and the rooms a category had then", async () => {
    await at("2027-01-20");
    const { room_block } = await t.json("POST", `${f.base}/room-blocks`, { token: f.token, body: { room_category_uuid: f.deluxe.id, count: 1, starts_at: "2027-02-20", ends_at: "2027-02-20", reason: "maintenance" }, status: 201 });
    const id = room_block.uuid;
    await at("2027-01-22");
    await t.json("PUT", `${f.base}/room-blocks/${id}`, { token: f.token, body: { room_category_uuid: f.deluxe.id, count: 2, starts_at: "2027-02-21", ends_at: "2027-02-21", reason: "maintenance" }, status: 200 });
    await at("2027-01-24");
    await t.json("DELETE", `${f.base}/room-blocks/${id}`, { token: f.token, status: 200 });
    const deluxe = async (day: string) =>
      (await booksAsOf(t.db, f.business.id, day, { from: "2027-02-20", to: "2027-02-21" })).cells.filter((c) => c.categoryId === f.deluxe.id).map((c) => c.available);
    expect(await deluxe("2027-01-19")).toEqual([4, 4]);
    expect(await deluxe("2027-01-21")).toEqual([3, 4]);
    expect(await deluxe("2027-01-23")).toEqual([4, 2]);
    expect(await deluxe("2027-01-24")).toEqual([4, 4]);
    // The room count: the category's first count stands for every day before it; a change counts from its day on.
    await t.db.execute(sql`update room_categories set room_count = 6 where id = ${f.deluxe.id}`);
    const today = todayIn(f.business.timezone); // the change counts from the business's day, not UTC's
    expect(await deluxe(addDays(today, -1))).toEqual([4, 4]);
    expect(await deluxe(today)).toEqual([6, 6]);
    expect(await deluxe("2020-01-01")).toEqual([4, 4]);
    await t.db.execute(sql`update room_categories set room_count = 4 where id = ${f.deluxe.id}`);
  });

  it("a stay that comes already cancelled (an import, the seed) is on the books from its creation to its cancellation", async () => {
    const w = reservationWriter(t.db, f.business.id);
    w.stay({ categoryId: f.suite.id, arrival: "2027-03-01", nights: 2, rate: 50_000, createdAt: "2026-12-01T15:00:00Z", cancelledAt: "2026-12-20T15:00:00Z" });
    w.stay({ categoryId: f.suite.id, arrival: "2027-03-01", nights: 1, rate: 45_000, createdAt: "2026-12-02T15:00:00Z", status: "no_show" });
    await w.flush();
    const march = { from: "2027-03-01", to: "2027-03-02" };
    const suite = async (day: string) => (await booksAsOf(t.db, f.business.id, day, march)).cells.filter((c) => c.categoryId === f.suite.id).map((c) => c.roomNights);
    expect(await suite("2026-11-30")).toEqual([0, 0]);
    expect(await suite("2026-12-01")).toEqual([1, 1]);
    expect(await suite("2026-12-19")).toEqual([2, 1]);
    expect(await suite("2026-12-20")).toEqual([1, 0]);
    // A no-show leaves the books on its arrival day.
    expect(await suite("2027-02-28")).toEqual([1, 0]);
    expect(await suite("2027-03-01")).toEqual([0, 0]);
  });

  it("refuses an unknown business with 404", async () => {
    await expect(booksAsOf(t.db, crypto.randomUUID(), "2027-01-01")).rejects.toMatchObject({ status: 404 });
  });
});

describe("the books as of D", () => {
  /** What a test run does on one day: book, move or cancel a stay (any stay made so far, by position). */
  const operation = fc.record({
    day: fc.integer({ min: 0, max: 3 }),
    kind: fc.constantFrom("book", "book", "move", "cancel"),
    pick: fc.nat(),
    category: fc.integer({ min: 0, max: 2 }),
    arrival: fc.integer({ min: 0, max: 12 }),
    nights: fc.integer({ min: 1, max: 3 }),
    rate: fc.integer({ min: 100, max: 600 }).map((r) => r * 100),
  });
  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
  /** Stay nights the runs book into (all of them: a later run may move or cancel an earlier run's stay). */
  const STAYS = { from: "2027-06-01", to: "2027-06-16" };
  const made: string[] = [];
  let changedAfter = 0;
  let movedLater = 0;

  async function apply(first: string, op: Operation): Promise<boolean> {
    await at(addDays(first, op.day));
    const category = [f.standard, f.deluxe, f.suite][op.category];
    const body = stay(f, { arrival: addDays(STAYS.from, op.arrival), departure: addDays(STAYS.from, op.arrival + op.nights), room_category_uuid: category.id, adults: 2, rate_per_night: op.rate });
    const id = made[op.pick % Math.max(1, made.length)];
    const res =
      op.kind === "book" || !id
        ? await t.call("POST", `${f.base}/reservations`, { token: f.token, body })
        : op.kind === "move"
          ? await t.call("PUT", `${f.base}/reservations/${id}`, { token: f.token, body })
          : await t.call("POST", `${f.base}/reservations/${id}/cancel`, { token: f.token, body: {} });
    // Full nights (409) or a stay already cancelled (409) change nothing; never a 500.
    expect(res.status, `${op.kind} ${JSON.stringify(op)}`).toBeLessThan(500);
    if (res.status === 201) made.push(((await res.json()) as { reservation: { uuid: string } }).reservation.uuid);
    return res.ok;
  }

  it("never change when anything after D is booked, moved or cancelled through the API", async () => {
    let first = "2027-04-01";
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 5 }), fc.array(operation, { minLength: 1, maxLength: 5 }), async (before, after) => {
        const d = addDays(first, 3);
        for (const op of [...before].sort((x, y) => x.day - y.day)) await apply(first, op);
        const known = await booksAsOf(t.db, f.business.id, d, STAYS);
        let changed = false;
        for (const op of [...after].sort((x, y) => x.day - y.day)) changed = (await apply(addDays(first, 4), op)) || changed;
        expect(await booksAsOf(t.db, f.business.id, d, STAYS)).toEqual(known);
        if (changed) changedAfter++;
        // What the changes after D did to the books as of the day after them.
        const later = await booksAsOf(t.db, f.business.id, addDays(first, 8), STAYS);
        if (JSON.stringify(booked(later)) !== JSON.stringify(booked(known))) movedLater++;
        first = addDays(first, 8);
      }),
      { numRuns: 20 },
    );
    // The property was put to the test: changes after D did happen and did move the later books
    // (the books at the very end may hold nothing: every stay made can have been cancelled since).
    expect(changedAfter).toBeGreaterThan(0);
    expect(movedLater).toBeGreaterThan(0);
  }, 120_000);
});
