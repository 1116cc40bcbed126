import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#domain/pricing/dates.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";

/**
 * "Blocked rooms are never sold and never available" (docs/metrics.md), as a property of the
 * production path: reservations and room blocks written through the API (which keeps the
 * inventory counters and each night's `holds`), read back through the metrics aggregate every
 * page uses (`stayTotalsBy`, behind GET /metrics/explore) and the tracking's rooms available
 * (`roomsAvailable`, behind GET /tracking/on-the-books). The model is counted here from what the
 * run wrote, not from the code under test.
 */

let t: TestApi;
let f: BookingsFixture;
/** Each run books its own nights, so runs never see each other's reservations or blocks. */
let run = 0;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  f = await bookingsFixture(t);
}, 120_000);
afterAll(() => t.close());

/** Per night and category: reservations that hold a room, reservations cancelled, rooms blocked. */
const cellArb = (rooms: number) =>
  fc
    .record({ sold: fc.integer({ min: 0, max: Math.min(2, rooms) }), cancelled: fc.integer({ min: 0, max: 1 }), blocked: fc.integer({ min: 0, max: 2 }) })
    .map((c) => ({ ...c, blocked: Math.min(c.blocked, rooms - c.sold) }));
const NIGHTS = 2;
const nightsArb = fc.array(fc.record({ standard: cellArb(8), suite: cellArb(2) }), { minLength: NIGHTS, maxLength: NIGHTS });

describe("blocked rooms in the metrics", () => {
  it("are never counted as sold and never as available, whatever is booked and blocked", async () => {
    await fc.assert(
      fc.asyncProperty(nightsArb, async (cells) => {
        const first = addDays("2027-06-01", 7 * run++);
        const nights = cells.map((_, i) => addDays(first, i));
        const categories = [
          { key: "standard" as const, id: f.standard.id, adults: 1 },
          { key: "suite" as const, id: f.suite.id, adults: 2 },
        ];
        const blocks: string[] = [];
        for (const [i, night] of nights.entries()) {
          for (const c of categories) {
            const cell = cells[i][c.key];
            const book = () => t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: night, departure: addDays(night, 1), room_category_uuid: c.id, adults: c.adults }), status: 201 });
            for (let n = 0; n < cell.sold; n++) await book();
            // Booked and then cancelled (before the block, so the room was free): it holds nothing.
            for (let n = 0; n < cell.cancelled && cell.sold < (c.key === "suite" ? 2 : 8); n++) {
              const { reservation } = await book();
              await t.json("POST", `${f.base}/reservations/${reservation.uuid}/cancel`, { token: f.token, body: {}, status: 200 });
            }
            if (cell.blocked > 0) {
              const { room_block } = await t.json("POST", `${f.base}/room-blocks`, { token: f.token, body: { room_category_uuid: c.id, count: cell.blocked, starts_at: night, ends_at: night }, status: 201 });
              blocks.push(room_block.uuid);
            }
          }
        }
        // All 14 rooms of the hotel (Standard 8, Deluxe 4, Suíte 2) less those blocked; sold: only what holds a room.
        const model = cells.map((c) => ({ available: 14 - c.standard.blocked - c.suite.blocked, sold: c.standard.sold + c.suite.sold }));
        const blocked = cells.map((c) => c.standard.blocked + c.suite.blocked);

        const read = async () => {
          const range = `from=${nights[0]}&to=${nights[NIGHTS - 1]}`;
          const e = await t.json("GET", `${f.base}/metrics/explore?metrics=rooms_available,room_nights_sold,occupancy&dimension=night&compare=none&${range}`, { token: f.token, status: 200 });
          const books = await t.json("GET", `${f.base}/tracking/on-the-books?${range}`, { token: f.token, status: 200 });
          expect(e.rows.map((r: { key: string }) => r.key)).toEqual(nights);
          return nights.map((night, i) => {
            const v = e.rows[i].values;
            const b = books.nights[i];
            // The page's occupancy is sold ÷ available, never above 100 %, undefined only without rooms.
            expect(v.occupancy).toBeCloseTo(v.room_nights_sold / v.rooms_available, 4);
            expect(v.occupancy).toBeLessThanOrEqual(1);
            // The tracking's rooms available and books agree with the metrics aggregate.
            expect([b.date, b.capacity, b.room_nights]).toEqual([night, v.rooms_available, v.room_nights_sold]);
            return { available: v.rooms_available, sold: v.room_nights_sold };
          });
        };
        expect(await read()).toEqual(model);

        // Lifting the blocks gives their rooms back to the supply and takes nothing from the rooms sold.
        for (const id of blocks) await t.json("DELETE", `${f.base}/room-blocks/${id}`, { token: f.token, status: 200 });
        expect(await read()).toEqual(model.map((m, i) => ({ available: m.available + blocked[i], sold: m.sold })));
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
