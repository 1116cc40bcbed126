import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, orphanCount, reservationCount, stay, type BookingsFixture } from "./bookings-fixture.ts";

// Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server, where the requests truly
// run at the same time on separate connections and only the row locks keep the last room single.
let t: TestApi;
let f: BookingsFixture;
const N = 8;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  f = await bookingsFixture(t);
});
afterAll(() => t.close());

describe("the last room, asked for at the same moment", () => {
  it("goes to exactly one request; the others get 409 with a translated message and leave nothing behind", async () => {
    // Three of the four Deluxe rooms are sold on the night of 10 March.
    for (let i = 0; i < 3; i++) {
      await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { guest: { name: `Hóspede ${i}` } }), status: 201 });
    }
    const before = await reservationCount(t.db, f.business.id);
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call("POST", `${f.base}/reservations`, {
          token: f.token,
          lang: "en",
          // Overlapping stays, all needing the night of 10 March.
          body: stay(f, { arrival: i % 2 ? "2027-03-09" : "2027-03-10", departure: i % 3 ? "2027-03-11" : "2027-03-13", guest: { name: `Corrida ${i}` } }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
    const refused = await answers.find((a) => a.status === 409)!.json();
    expect(refused.message).toMatch(/No Deluxe room is left on the night of 2027-03-(09|10|11|12)/);

    expect(await reservationCount(t.db, f.business.id)).toBe(before + 1);
    expect(await orphanCount(t.db, f.business.id)).toBe(0);
    const check = await inventoryMatches(t.db, f.business.id);
    expect(check.detail).toBe("");

    const availability = await t.json("GET", `${f.base}/availability?from=2027-03-10&to=2027-03-10`, { token: f.token, status: 200 });
    const deluxe = availability.data.nights[0].categories.find((c: { uuid: string }) => c.uuid === f.deluxe.id);
    expect(deluxe).toMatchObject({ rooms: 4, sold: 4, free: 0 });
  });

  it("never gives one room to two stays, even when every request names the same room", async () => {
    const room = (await t.json("GET", `${f.base}/rooms`, { token: f.token, status: 200 })).data.find((r: { number: string }) => r.number === "301");
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call("POST", `${f.base}/reservations`, {
          token: f.token,
          body: stay(f, { arrival: "2027-04-01", departure: "2027-04-03", room_category_uuid: f.suite.id, room_uuid: room.uuid, guest: { name: `Suíte ${i}` } }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
    expect(await orphanCount(t.db, f.business.id)).toBe(0);
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });

  it("keeps the counters right when creates, blocks and cancellations race on the same nights", async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call("POST", `${f.base}/reservations`, {
          token: f.token,
          body: stay(f, { arrival: "2027-05-01", departure: `2027-05-0${2 + (i % 3)}`, room_category_uuid: f.standard.id, adults: 1, guest: { name: `Lote ${i}` } }),
        }),
      ),
    );
    const ids = await Promise.all(created.filter((r) => r.status === 201).map(async (r) => (await r.json()).reservation.uuid as string));
    await Promise.all([
      ...ids.slice(0, 3).map((id) => t.call("POST", `${f.base}/reservations/${id}/cancel`, { token: f.token })),
      t.call("POST", `${f.base}/room-blocks`, { token: f.token, body: { room_category_uuid: f.standard.id, count: 2, starts_at: "2027-05-01", ends_at: "2027-05-03" } }),
      ...Array.from({ length: 4 }, (_, i) =>
        t.call("POST", `${f.base}/reservations`, {
          token: f.token,
          body: stay(f, { arrival: "2027-05-02", departure: "2027-05-04", room_category_uuid: f.standard.id, adults: 1, guest: { name: `Segundo lote ${i}` } }),
        }),
      ),
    ]);
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
    expect(await orphanCount(t.db, f.business.id)).toBe(0);
    const availability = await t.json("GET", `${f.base}/availability?from=2027-05-01&to=2027-05-03`, { token: f.token, status: 200 });
    for (const night of availability.data.nights) {
      const standard = night.categories.find((c: { uuid: string }) => c.uuid === f.standard.id);
      expect(standard.sold + standard.blocked).toBeLessThanOrEqual(8);
    }
  });
});
