import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { occupancyByNight } from "#api/services/occupancy.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, stay, type BookingsFixture } from "./bookings-fixture.ts";

let t: TestApi;
let f: BookingsFixture;
let roomsByNumber: Record<string, { uuid: string }>;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  f = await bookingsFixture(t);
  const list = (await t.json("GET", `${f.base}/rooms`, { token: f.token, status: 200 })).data as { uuid: string; number: string }[];
  roomsByNumber = Object.fromEntries(list.map((r) => [r.number, r]));
});
afterAll(() => t.close());

const create = (over: Record<string, unknown> = {}) => t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, over), status: 201 });
const nightOf = (availability: { data: { nights: { date: string; categories: { uuid: string }[] }[] } }, date: string, categoryId: string) =>
  availability.data.nights.find((n) => n.date === date)!.categories.find((c) => c.uuid === categoryId) as unknown as Record<string, number>;

describe("room blocks", () => {
  it("take rooms out of sale without counting them as sold", async () => {
    await create({ arrival: "2027-02-01", departure: "2027-02-02", room_category_uuid: f.standard.id, adults: 1 });
    const { room_block } = await t.json("POST", `${f.base}/room-blocks`, {
      token: f.token,
      body: { room_category_uuid: f.standard.id, count: 3, starts_at: "2027-02-01", ends_at: "2027-02-02", reason: "renovation", notes: "Pintura" },
      status: 201,
    });
    expect(room_block).toMatchObject({ count: 3, starts_at: "2027-02-01", ends_at: "2027-02-02", nights: 2, reason: "renovation", room: null, room_category: { name: "Standard" } });

    const a = await t.json("GET", `${f.base}/availability?from=2027-02-01&to=2027-02-02`, { token: f.token, status: 200 });
    expect(nightOf(a, "2027-02-01", f.standard.id)).toMatchObject({ rooms: 8, sold: 1, blocked: 3, free: 4, occupancy: 20 });
    // Business-wide: 1 sold of 14 − 3 blocked = 11.
    expect(a.data.nights[0]).toMatchObject({ rooms: 14, sold: 1, blocked: 3, free: 10, occupancy: 9.1 });
    const occupancy = await occupancyByNight(t.db, f.business.id, "2027-02-01", "2027-02-03");
    expect(occupancy.get("2027-02-01")).toEqual({ sold: 1, available: 11, percentage: 9.1 });
    expect(occupancy.get("2027-02-02")).toEqual({ sold: 0, available: 11, percentage: 0 });
    expect([...occupancy.keys()]).toEqual(["2027-02-01", "2027-02-02"]);

    const list = await t.json("GET", `${f.base}/room-blocks?from=2027-02-02&to=2027-02-10`, { token: f.token, status: 200 });
    expect(list.data.map((b: { uuid: string }) => b.uuid)).toEqual([room_block.uuid]);
  });

  it("cannot block more rooms than are free (409), nor a room with a guest in it", async () => {
    for (let i = 0; i < 2; i++) await create({ arrival: "2027-02-10", departure: "2027-02-11", room_category_uuid: f.suite.id, adults: 2 });
    const refused = await t.json("POST", `${f.base}/room-blocks`, {
      token: f.token,
      lang: "en",
      body: { room_category_uuid: f.suite.id, starts_at: "2027-02-09", ends_at: "2027-02-10" },
      status: 409,
    });
    expect(refused.message).toBe("No Suíte room is left on the night of 2027-02-10.");
    const occupied = await t.json("POST", `${f.base}/room-blocks`, {
      token: f.token,
      lang: "en",
      body: { room_uuid: roomsByNumber["301"].uuid, starts_at: "2027-02-10", ends_at: "2027-02-10" },
      status: 409,
    });
    expect(occupied.message).toMatch(/No Suíte room|Guests are in this room/);
    const free = await t.json("POST", `${f.base}/room-blocks`, {
      token: f.token,
      body: { room_uuid: roomsByNumber["301"].uuid, starts_at: "2027-02-12", ends_at: "2027-02-14", reason: "maintenance" },
      status: 201,
    });
    expect(free.room_block).toMatchObject({ room: { number: "301" }, count: 1, room_category_uuid: f.suite.id });
    // The blocked room is not given to the next guest.
    const next = await create({ arrival: "2027-02-12", departure: "2027-02-13", room_category_uuid: f.suite.id, adults: 2 });
    expect(next.reservation.room.number).toBe("302");
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-02-13", departure: "2027-02-14", room_category_uuid: f.suite.id, adults: 2, room_uuid: roomsByNumber["301"].uuid }), status: 409 });
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });

  it("moves and deletes, giving the rooms back", async () => {
    const { room_block } = await t.json("POST", `${f.base}/room-blocks`, {
      token: f.token,
      body: { room_category_uuid: f.deluxe.id, count: 4, starts_at: "2027-03-01", ends_at: "2027-03-03" },
      status: 201,
    });
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-03-02", departure: "2027-03-03" }), status: 409 });
    const moved = await t.json("PUT", `${f.base}/room-blocks/${room_block.uuid}`, {
      token: f.token,
      body: { room_category_uuid: f.deluxe.id, count: 2, starts_at: "2027-03-02", ends_at: "2027-03-05", reason: "owner_use" },
      status: 200,
    });
    expect(moved.room_block).toMatchObject({ count: 2, starts_at: "2027-03-02", ends_at: "2027-03-05", reason: "owner_use" });
    await create({ arrival: "2027-03-02", departure: "2027-03-03" });
    await t.json("DELETE", `${f.base}/room-blocks/${room_block.uuid}`, { token: f.token, status: 200 });
    await t.json("GET", `${f.base}/room-blocks/${room_block.uuid}`, { token: f.token, status: 404 });
    const a = await t.json("GET", `${f.base}/availability?from=2027-03-02&to=2027-03-02`, { token: f.token, status: 200 });
    expect(nightOf(a, "2027-03-02", f.deluxe.id)).toMatchObject({ sold: 1, blocked: 0, free: 3 });
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });

  it("validates with 422", async () => {
    const none = await t.json("POST", `${f.base}/room-blocks`, { token: f.token, lang: "en", body: { starts_at: "2027-03-01", ends_at: "2027-03-01" }, status: 422 });
    expect(none.errors.room_category_uuid).toEqual(["Choose a room or a category."]);
    const backwards = await t.json("POST", `${f.base}/room-blocks`, { token: f.token, lang: "en", body: { room_category_uuid: f.deluxe.id, starts_at: "2027-03-05", ends_at: "2027-03-01" }, status: 422 });
    expect(backwards.errors.ends_at).toEqual(["The end must be on or after the start."]);
    const tooMany = await t.json("POST", `${f.base}/room-blocks`, { token: f.token, lang: "en", body: { room_category_uuid: f.deluxe.id, count: 5, starts_at: "2027-03-05", ends_at: "2027-03-06" }, status: 422 });
    expect(tooMany.errors.count).toEqual(["The category has only 4 room(s)."]);
  });
});

describe("GET /availability", () => {
  it("answers every night and category with rooms, sold, blocked, free, occupancy and the current rate", async () => {
    const a = await t.json("GET", `${f.base}/availability?from=2027-04-01&to=2027-04-30`, { token: f.token, status: 200 });
    expect(a.data).toMatchObject({ from: "2027-04-01", to: "2027-04-30", currency: "BRL", priced: true });
    expect(a.data.categories.map((c: { name: string }) => c.name)).toEqual(["Standard", "Deluxe", "Suíte"]);
    expect(a.data.nights).toHaveLength(30);
    expect(nightOf(a, "2027-04-10", f.deluxe.id)).toEqual({ uuid: f.deluxe.id, rooms: 4, sold: 0, blocked: 0, free: 4, occupancy: 0, rate: 33_000 });
  });

  it("moves the rate to a higher band as the house fills", async () => {
    // 10 of 14 rooms sold on 20 April: 71.4 % → the Alta band (+25 %): Deluxe (250 × 1.25) + 80 = R$ 392,50 → R$ 393.
    for (let i = 0; i < 8; i++) await create({ arrival: "2027-04-20", departure: "2027-04-21", room_category_uuid: f.standard.id, adults: 1, rate_per_night: 20_000 });
    for (let i = 0; i < 2; i++) await create({ arrival: "2027-04-20", departure: "2027-04-21", rate_per_night: 30_000 });
    const a = await t.json("GET", `${f.base}/availability?from=2027-04-20&to=2027-04-20`, { token: f.token, status: 200 });
    expect(a.data.nights[0]).toMatchObject({ sold: 10, occupancy: 71.4 });
    expect(nightOf(a, "2027-04-20", f.deluxe.id)).toMatchObject({ free: 2, occupancy: 50, rate: 39_300 });
    expect(nightOf(a, "2027-04-20", f.standard.id)).toMatchObject({ free: 0, occupancy: 100 });
  });

  it("refuses a range over 366 nights or backwards with 422", async () => {
    const long = await t.json("GET", `${f.base}/availability?from=2027-01-01&to=2028-01-02`, { token: f.token, lang: "en", status: 422 });
    expect(long.errors.to).toEqual(["Choose a period of at most one year (366 nights)."]);
    await t.json("GET", `${f.base}/availability?from=2028-01-01&to=2027-01-02`, { token: f.token, status: 422 });
    const missing = await t.json("GET", `${f.base}/availability`, { token: f.token, status: 422 });
    expect(Object.keys(missing.errors).sort()).toEqual(["from", "to"]);
    await t.json("GET", `${f.base}/availability?from=2027-01-01&to=2027-12-31`, { token: f.token, status: 200 });
  });
});

describe("occupancy into pricing", () => {
  it("appends each booking's occupancy change to the occupation log", async () => {
    await create({ arrival: "2027-05-20", departure: "2027-05-21", room_category_uuid: f.standard.id, adults: 1 });
    const { reservation } = await create({ arrival: "2027-05-20", departure: "2027-05-21", room_category_uuid: f.standard.id, adults: 1 });
    await t.json("POST", `${f.base}/reservations/${reservation.uuid}/cancel`, { token: f.token, status: 200 });
    const logs = (await t.db.execute(
      sql`select kind, reason, from_value::float as "from", to_value::float as "to" from occupation_logs
          where business_id = ${f.business.id} and date = '2027-05-20' and kind = 'occupancy' order by created_at, id`,
    )) as unknown as { rows: { kind: string; reason: string; from: number; to: number }[] };
    // 1 of 14 rooms → 2 of 14 → back to 1 of 14 (the first booking only set the baseline).
    expect(logs.rows.map((l) => [l.reason, l.from, l.to])).toEqual([
      ["booking", 7.1, 14.3],
      ["booking", 14.3, 7.1],
    ]);
  });
});

describe("GET /rooms-overview", () => {
  it("tells which room holds which stay, with blocks and stays not yet in a room", async () => {
    const { reservation } = await create({ arrival: "2027-05-03", departure: "2027-05-06", room_category_uuid: f.deluxe.id, guest: { name: "Carla Dias" } });
    await t.json("POST", `${f.base}/room-blocks`, { token: f.token, body: { room_uuid: roomsByNumber["204"].uuid, starts_at: "2027-05-01", ends_at: "2027-05-02" }, status: 201 });
    const o = await t.json("GET", `${f.base}/rooms-overview?from=2027-05-01&to=2027-05-07`, { token: f.token, status: 200 });
    expect(o.data.nights).toHaveLength(7);
    expect(o.data.rooms.map((r: { number: string }) => r.number)).toEqual(["101", "102", "103", "104", "105", "106", "107", "108", "201", "202", "203", "204", "301", "302"]);
    expect(o.data.stays).toEqual([
      expect.objectContaining({ reservation_uuid: reservation.uuid, code: reservation.code, guest_name: "Carla Dias", arrival: "2027-05-03", departure: "2027-05-06", room_uuid: reservation.room.uuid, status: "confirmed" }),
    ]);
    expect(o.data.blocks).toEqual([expect.objectContaining({ room_uuid: roomsByNumber["204"].uuid, starts_at: "2027-05-01", ends_at: "2027-05-02" })]);
  });
});

describe("rooms", () => {
  it("adds, renames, moves and deletes numbered rooms", async () => {
    const g = await bookingsFixture(t, { rooms: false });
    const { room } = await t.json("POST", `${g.base}/rooms`, { token: g.token, body: { number: "10", room_category_uuid: g.standard.id, floor: "1º" }, status: 201 });
    expect(room).toMatchObject({ number: "10", floor: "1º", active: true, room_category: { name: "Standard" } });
    const dup = await t.json("POST", `${g.base}/rooms`, { token: g.token, lang: "en", body: { number: "10", room_category_uuid: g.deluxe.id }, status: 422 });
    expect(dup.errors.number).toEqual(["A room with this number already exists."]);
    await t.json("POST", `${g.base}/rooms`, { token: g.token, body: { number: "2", room_category_uuid: g.standard.id }, status: 201 });
    const list = await t.json("GET", `${g.base}/rooms`, { token: g.token, status: 200 });
    expect(list.data.map((r: { number: string }) => r.number)).toEqual(["2", "10"]);
    const moved = await t.json("PUT", `${g.base}/rooms/${room.uuid}`, { token: g.token, body: { number: "11", room_category_uuid: g.suite.id }, status: 200 });
    expect(moved.room).toMatchObject({ number: "11", room_category: { name: "Suíte" } });
    // A stay in the room keeps it from moving category or being deleted.
    await t.json("POST", `${g.base}/reservations`, { token: g.token, body: stay(g, { room_category_uuid: g.suite.id, room_uuid: room.uuid }), status: 201 });
    await t.json("PUT", `${g.base}/rooms/${room.uuid}`, { token: g.token, body: { number: "11", room_category_uuid: g.deluxe.id }, status: 409 });
    await t.json("DELETE", `${g.base}/rooms/${room.uuid}`, { token: g.token, status: 409 });
    const lone = await t.json("POST", `${g.base}/rooms`, { token: g.token, body: { number: "99", room_category_uuid: g.deluxe.id }, status: 201 });
    await t.json("DELETE", `${g.base}/rooms/${lone.room.uuid}`, { token: g.token, status: 200 });
    await t.json("GET", `${g.base}/rooms/${lone.room.uuid}`, { token: g.token, status: 404 });
  });

  it("keeps a category's numbered rooms within what it sells", async () => {
    const answer = await t.json("POST", `${f.base}/rooms`, { token: f.token, lang: "en", body: { number: "303", room_category_uuid: f.suite.id }, status: 422 });
    expect(answer.errors.room_category_uuid).toEqual(["Suíte already has the 2 rooms it sells. Raise the category's room count first."]);
    await t.json("POST", `${f.base}/rooms`, { token: f.token, body: { number: "303", room_category_uuid: f.suite.id, active: false }, status: 201 });
  });
});

describe("booking quotes", () => {
  it("prices an offer, shows it, and converts it once into a reservation at the quoted rates", async () => {
    const { booking_quote } = await t.json("POST", `${f.base}/booking-quotes`, {
      token: f.token,
      body: { arrival: "2027-06-10", departure: "2027-06-12", room_category_uuid: f.suite.id, adults: 2, guest_name: "Paula Reis", guest_email: "paula@example.com", valid_days: 5 },
      status: 201,
    });
    expect(booking_quote).toMatchObject({ status: "open", total: 70_000, currency: "BRL", valid_until: "2027-01-20", free_rooms: 2, business_name: "Pousada Teste", room_category: { name: "Suíte" } });
    expect(booking_quote.nights).toHaveLength(2);
    const read = await t.json("GET", `${f.base}/booking-quotes/${booking_quote.uuid}`, { token: f.token, status: 200 });
    expect(read.data.uuid).toBe(booking_quote.uuid);
    const list = await t.json("GET", `${f.base}/booking-quotes`, { token: f.token, status: 200 });
    expect(list.data[0].uuid).toBe(booking_quote.uuid);

    const converted = await t.json("POST", `${f.base}/booking-quotes/${booking_quote.uuid}/convert`, { token: f.token, body: { channel: "phone" }, status: 201 });
    expect(converted.reservation).toMatchObject({ total: 70_000, guest: { name: "Paula Reis", email: "paula@example.com" }, channel: "phone", quote_uuid: booking_quote.uuid });
    expect(converted.booking_quote).toMatchObject({ status: "converted", reservation_uuid: converted.reservation.uuid, reservation_code: converted.reservation.code });
    const twice = await t.json("POST", `${f.base}/booking-quotes/${booking_quote.uuid}/convert`, { token: f.token, lang: "en", status: 409 });
    expect(twice.message).toBe("This quote has already been turned into a reservation.");
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });

  it("refuses an expired quote, one with no guest name, and a full house", async () => {
    const make = async (over: Record<string, unknown> = {}) =>
      (await t.json("POST", `${f.base}/booking-quotes`, { token: f.token, body: { arrival: "2027-06-20", departure: "2027-06-21", room_category_uuid: f.suite.id, adults: 2, valid_days: 1, ...over }, status: 201 })).booking_quote;
    const nameless = await make();
    const noName = await t.json("POST", `${f.base}/booking-quotes/${nameless.uuid}/convert`, { token: f.token, lang: "en", status: 422 });
    expect(noName.errors["guest.name"]).toEqual(["This field is required."]);

    const full = await make({ guest_name: "Rui" });
    for (let i = 0; i < 2; i++) await create({ arrival: "2027-06-20", departure: "2027-06-21", room_category_uuid: f.suite.id, adults: 2 });
    const noRoom = await t.json("POST", `${f.base}/booking-quotes/${full.uuid}/convert`, { token: f.token, lang: "en", status: 409 });
    expect(noRoom.message).toBe("No Suíte room is left on the night of 2027-06-20.");
    expect((await t.json("GET", `${f.base}/booking-quotes/${full.uuid}`, { token: f.token, status: 200 })).data).toMatchObject({ status: "open", free_rooms: 0 });

    t.clock.now = new Date("2027-01-18T12:00:00Z");
    try {
      const expired = await t.json("POST", `${f.base}/booking-quotes/${full.uuid}/convert`, { token: f.token, lang: "en", status: 409 });
      expect(expired.message).toBe("This quote has expired. Make a new one at today's prices.");
      expect((await t.json("GET", `${f.base}/booking-quotes/${full.uuid}`, { token: f.token, status: 200 })).data.status).toBe("expired");
    } finally {
      t.clock.now = new Date("2027-01-15T12:00:00Z");
    }
    await t.json("GET", `${f.base}/booking-quotes/not-a-uuid`, { token: f.token, status: 404 });
  });
});

describe("GET /reservations/options", () => {
  it("gives the forms their categories, rooms, channels, currency and today", async () => {
    const o = await t.json("GET", `${f.base}/reservations/options`, { token: f.token, status: 200 });
    expect(o.data.categories.map((c: { name: string; max_occupation: number }) => [c.name, c.max_occupation])).toEqual([
      ["Standard", 2],
      ["Deluxe", 3],
      ["Suíte", 4],
    ]);
    expect(o.data).toMatchObject({ currency: "BRL", today: "2027-01-15" });
    expect(o.data.channels).toContain("booking_com");
    expect(o.data.rooms.length).toBeGreaterThanOrEqual(14);
  });
});
