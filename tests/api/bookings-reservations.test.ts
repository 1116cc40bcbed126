import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, orphanCount, otherOwner, stay, type BookingsFixture } from "./bookings-fixture.ts";

let t: TestApi;
let f: BookingsFixture;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  f = await bookingsFixture(t);
});
afterAll(() => t.close());

const create = (over: Record<string, unknown> = {}) => t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, over), status: 201 });

describe("POST /reservations/quote-price", () => {
  it("prices every night with the engine before anything is saved", async () => {
    const body = await t.json("POST", `${f.base}/reservations/quote-price`, {
      token: f.token,
      body: { arrival: "2027-02-01", departure: "2027-02-04", room_category_uuid: f.deluxe.id, adults: 2 },
      status: 200,
    });
    // Empty house: base R$ 250 + Deluxe R$ 80 = R$ 330 a night.
    expect(body.data.nights.map((n: { rate: number }) => n.rate)).toEqual([33_000, 33_000, 33_000]);
    expect(body.data).toMatchObject({ total: 99_000, rate_per_night: 33_000, currency: "BRL", free_rooms: 4, available: true, rate_overridden: false });
    expect(body.data.nights[0]).toMatchObject({ date: "2027-02-01", season: "Base", level: "Baixa" });
  });

  it("takes a typed rate instead", async () => {
    const body = await t.json("POST", `${f.base}/reservations/quote-price`, {
      token: f.token,
      body: { arrival: "2027-02-01", departure: "2027-02-03", room_category_uuid: f.standard.id, adults: 1, rate_per_night: 19_990 },
      status: 200,
    });
    expect(body.data).toMatchObject({ total: 39_980, rate_overridden: true });
  });

  it("refuses bad input with 422 and field errors", async () => {
    const bad = await t.json("POST", `${f.base}/reservations/quote-price`, {
      token: f.token,
      lang: "en",
      body: { arrival: "2027-02-05", departure: "2027-02-05", room_category_uuid: f.deluxe.id, adults: 2 },
      status: 422,
    });
    expect(bad.errors.departure).toEqual(["Departure must be after arrival."]);
  });
});

describe("POST /reservations", () => {
  it("creates a priced reservation with a guest, a code, a room and an audit line", async () => {
    const { reservation } = await create({ arrival: "2027-02-10", departure: "2027-02-13", notes: "Chega tarde" });
    expect(reservation).toMatchObject({
      status: "confirmed",
      arrival: "2027-02-10",
      departure: "2027-02-13",
      nights: 3,
      room_category: { uuid: f.deluxe.id, name: "Deluxe" },
      room: { number: "201" },
      guest: { name: "Maria Souza", email: "maria@example.com", country: "BR" },
      adults: 2,
      rate_per_night: 33_000,
      total: 99_000,
      currency: "BRL",
      channel: "direct",
      notes: "Chega tarde",
      created_by: { uuid: f.owner.id },
    });
    expect(reservation.code).toMatch(/^[2-9A-Z]{6}$/);
    expect(reservation.night_rates).toHaveLength(3);
    expect(reservation.history).toEqual([expect.objectContaining({ action: "created", user: expect.objectContaining({ uuid: f.owner.id }) })]);
    expect(reservation.actions).toEqual(["cancel"]);
  });

  it("gives the next free room to the next stay", async () => {
    const { reservation } = await create({ arrival: "2027-02-11", departure: "2027-02-12" });
    expect(reservation.room.number).toBe("202");
  });

  it("keeps the price the owner typed", async () => {
    const { reservation } = await create({ arrival: "2027-02-20", departure: "2027-02-22", rate_per_night: 28_000, channel: "phone" });
    expect(reservation).toMatchObject({ rate_per_night: 28_000, rate_overridden: true, total: 56_000, channel: "phone" });
  });

  it.each([
    ["departure before arrival", { arrival: "2027-03-10", departure: "2027-03-09" }, "departure", "Departure must be after arrival."],
    ["departure equal to arrival", { arrival: "2027-03-10", departure: "2027-03-10" }, "departure", "Departure must be after arrival."],
    ["a stay over a year", { arrival: "2027-03-10", departure: "2028-03-11" }, "departure", "A stay can be at most 365 nights."],
    ["more guests than the category takes", { adults: 3, children: 1 }, "adults", "Deluxe takes at most 3 guest(s)."],
    ["fewer guests than the category needs", { room_category_uuid: "SUITE", adults: 1 }, "adults", "Suíte needs at least 2 guest(s)."],
    ["an unknown category", { room_category_uuid: "00000000-0000-4000-8000-000000000000" }, "room_category_uuid", "Unknown room category."],
    ["a malformed date", { arrival: "2027-02-30" }, "arrival", "Enter a valid date."],
    ["no guest name", { guest: { name: "" } }, "guest.name", "This field is required."],
    ["an unknown channel", { channel: "carrier-pigeon" }, "channel", "Choose one of the options."],
  ])("refuses %s with 422 and a field error", async (_label, over, field, message) => {
    const body = { ...stay(f, over as Record<string, unknown>) };
    if (body.room_category_uuid === "SUITE") body.room_category_uuid = f.suite.id;
    const answer = await t.json("POST", `${f.base}/reservations`, { token: f.token, lang: "en", body, status: 422 });
    expect(answer.errors[field]).toEqual([message]);
  });

  it("refuses a room of another category", async () => {
    const rooms = (await t.json("GET", `${f.base}/rooms`, { token: f.token, status: 200 })).data;
    const suiteRoom = rooms.find((r: { number: string }) => r.number === "301");
    const answer = await t.json("POST", `${f.base}/reservations`, { token: f.token, lang: "en", body: stay(f, { room_uuid: suiteRoom.uuid }), status: 422 });
    expect(answer.errors.room_uuid).toEqual(["This room is not in the chosen category."]);
  });

  it("asks for a rate when the business has no prices yet", async () => {
    const g = await bookingsFixture(t, { pricing: false });
    const answer = await t.json("POST", `${g.base}/reservations`, { token: g.token, lang: "en", body: stay(g), status: 422 });
    expect(answer.errors.rate_per_night).toEqual(["Prices are not set up yet: type the nightly rate."]);
    await t.json("POST", `${g.base}/reservations`, { token: g.token, body: stay(g, { rate_per_night: 30_000 }), status: 201 });
  });
});

describe("GET /reservations", () => {
  let searchCode: string;
  beforeAll(async () => {
    const { reservation } = await create({ arrival: "2027-06-01", departure: "2027-06-05", room_category_uuid: f.standard.id, adults: 1, guest: { name: "João Pereira", email: "joao@example.com" }, channel: "booking_com" });
    searchCode = reservation.code;
    await create({ arrival: "2027-06-03", departure: "2027-06-04", room_category_uuid: f.suite.id, adults: 2, guest: { name: "Ana Lima" }, status: "pending" });
  });

  it("filters by the nights touched, status, category and text, with pagination meta", async () => {
    const june = await t.json("GET", `${f.base}/reservations?from=2027-06-01&to=2027-06-30`, { token: f.token, status: 200 });
    expect(june.data.map((r: { guest: { name: string } }) => r.guest.name)).toEqual(["João Pereira", "Ana Lima"]);
    expect(june.meta).toEqual({ page: 1, per_page: 25, total: 2, last_page: 1 });

    const pending = await t.json("GET", `${f.base}/reservations?status=pending`, { token: f.token, status: 200 });
    expect(pending.data.map((r: { guest: { name: string } }) => r.guest.name)).toEqual(["Ana Lima"]);

    const suites = await t.json("GET", `${f.base}/reservations?category=${f.suite.id}`, { token: f.token, status: 200 });
    expect(suites.meta.total).toBe(1);

    for (const q of ["joão", "JOAO@EXAMPLE", searchCode.toLowerCase()]) {
      const found = await t.json("GET", `${f.base}/reservations?q=${encodeURIComponent(q)}`, { token: f.token, status: 200 });
      expect(found.data.map((r: { code: string }) => r.code)).toEqual([searchCode]);
    }
    const nothing = await t.json("GET", `${f.base}/reservations?q=${encodeURIComponent("100%_")}`, { token: f.token, status: 200 });
    expect(nothing.data).toEqual([]);
  });

  it("pages through the list", async () => {
    const page1 = await t.json("GET", `${f.base}/reservations?per_page=2&page=1`, { token: f.token, status: 200 });
    const page2 = await t.json("GET", `${f.base}/reservations?per_page=2&page=2`, { token: f.token, status: 200 });
    expect(page1.data).toHaveLength(2);
    expect(page1.meta.last_page).toBe(Math.ceil(page1.meta.total / 2));
    expect(page2.data[0].uuid).not.toBe(page1.data[0].uuid);
  });

  it("refuses a range over a year and a bad status with 422", async () => {
    const long = await t.json("GET", `${f.base}/reservations?from=2027-01-01&to=2028-01-03`, { token: f.token, lang: "en", status: 422 });
    expect(long.errors.to).toEqual(["Choose a period of at most one year (366 nights)."]);
    const bad = await t.json("GET", `${f.base}/reservations?status=lost`, { token: f.token, status: 422 });
    expect(bad.errors.status).toHaveLength(1);
  });

  it("exports the same list as CSV with translated headers", async () => {
    const res = await t.call("GET", `${f.base}/reservations/export.csv?from=2027-06-01&to=2027-06-30`, { token: f.token, lang: "en" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="reservations-2027-01-15\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe("Code,Status,Arrival,Departure,Nights,Category,Room,Guest,E-mail,Phone,Country,Adults,Children,Channel,Average nightly rate,Total,Currency,Created at");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${searchCode},confirmed,2027-06-01,2027-06-05,4,Standard,101,João Pereira,joao@example.com`);
    expect(lines[1]).toContain("Booking.com,250.00,1000.00,BRL");
  });
});

describe("GET, PUT /reservations/{id}", () => {
  it("reads one reservation; an unknown or malformed id is 404", async () => {
    const { reservation } = await create({ arrival: "2027-07-01", departure: "2027-07-02" });
    const read = await t.json("GET", `${f.base}/reservations/${reservation.uuid}`, { token: f.token, status: 200 });
    expect(read.data.code).toBe(reservation.code);
    await t.json("GET", `${f.base}/reservations/00000000-0000-4000-8000-000000000000`, { token: f.token, status: 404 });
    const bad = await t.json("GET", `${f.base}/reservations/nope`, { token: f.token, lang: "en", status: 404 });
    expect(bad.message).toBe("Reservation not found.");
  });

  it("moves dates and category, re-checks the inventory and keeps the nights' prices when only the dates grow", async () => {
    const { reservation } = await create({ arrival: "2027-08-01", departure: "2027-08-03", rate_per_night: 30_000 });
    const longer = await t.json("PUT", `${f.base}/reservations/${reservation.uuid}`, {
      token: f.token,
      body: stay(f, { arrival: "2027-08-01", departure: "2027-08-04", guest: { name: "Maria Souza Lima", email: "maria@example.com" } }),
      status: 200,
    });
    expect(longer.reservation).toMatchObject({ departure: "2027-08-04", nights: 3, total: 90_000, guest: { name: "Maria Souza Lima" } });
    const moved = await t.json("PUT", `${f.base}/reservations/${reservation.uuid}`, {
      token: f.token,
      body: stay(f, { arrival: "2027-08-01", departure: "2027-08-04", room_category_uuid: f.suite.id, adults: 2 }),
      status: 200,
    });
    // Suíte: R$ 250 + 40 % = R$ 350, re-priced by the engine.
    expect(moved.reservation).toMatchObject({ room_category: { name: "Suíte" }, room: { number: "301" }, rate_per_night: 35_000, total: 105_000, rate_overridden: false });
    const history = (await t.json("GET", `${f.base}/reservations/${reservation.uuid}`, { token: f.token, status: 200 })).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["created", "updated", "updated"]);
    expect(history[1].changes).toMatchObject({ departure: { from: "2027-08-03", to: "2027-08-04" }, "guest.name": { from: "Maria Souza", to: "Maria Souza Lima" } });
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });

  it("refuses a change into full nights with 409 and changes nothing", async () => {
    const full = ["2027-09-10", "2027-09-11"];
    for (let i = 0; i < 2; i++) await create({ arrival: full[0], departure: "2027-09-12", room_category_uuid: f.suite.id, adults: 2 });
    const { reservation } = await create({ arrival: "2027-09-01", departure: "2027-09-03", room_category_uuid: f.suite.id, adults: 2 });
    const refused = await t.json("PUT", `${f.base}/reservations/${reservation.uuid}`, {
      token: f.token,
      lang: "en",
      body: stay(f, { arrival: "2027-09-09", departure: "2027-09-11", room_category_uuid: f.suite.id, adults: 2 }),
      status: 409,
    });
    expect(refused.message).toBe("No Suíte room is left on the night of 2027-09-10.");
    const after = (await t.json("GET", `${f.base}/reservations/${reservation.uuid}`, { token: f.token, status: 200 })).data;
    expect(after).toMatchObject({ arrival: "2027-09-01", departure: "2027-09-03" });
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
    expect(await orphanCount(t.db, f.business.id)).toBe(0);
  });
});

describe("cancel, check-in, check-out, no-show", () => {
  it("cancels and gives the nights back", async () => {
    const { reservation } = await create({ arrival: "2027-10-01", departure: "2027-10-03", room_category_uuid: f.suite.id, adults: 2 });
    await create({ arrival: "2027-10-01", departure: "2027-10-03", room_category_uuid: f.suite.id, adults: 2 });
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-10-02", departure: "2027-10-03", room_category_uuid: f.suite.id, adults: 2 }), status: 409 });
    const cancelled = await t.json("POST", `${f.base}/reservations/${reservation.uuid}/cancel`, { token: f.token, body: { reason: "Mudou de planos" }, status: 200 });
    expect(cancelled.reservation).toMatchObject({ status: "cancelled", cancellation_reason: "Mudou de planos", actions: [] });
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-10-02", departure: "2027-10-03", room_category_uuid: f.suite.id, adults: 2 }), status: 201 });
    const again = await t.json("POST", `${f.base}/reservations/${reservation.uuid}/cancel`, { token: f.token, lang: "en", status: 409 });
    expect(again.message).toBe("That cannot be done to a reservation that is cancelled.");
    await t.json("PUT", `${f.base}/reservations/${reservation.uuid}`, { token: f.token, body: stay(f), status: 409 });
  });

  it("checks in on the arrival day, not before, and checks out early giving the rest back", async () => {
    const { reservation } = await create({ arrival: "2027-01-16", departure: "2027-01-20", room_category_uuid: f.standard.id, adults: 1 });
    const early = await t.json("POST", `${f.base}/reservations/${reservation.uuid}/check-in`, { token: f.token, lang: "en", status: 409 });
    expect(early.message).toBe("The arrival day has not come yet.");
    t.clock.now = new Date("2027-01-16T15:00:00Z");
    try {
      const inHouse = await t.json("POST", `${f.base}/reservations/${reservation.uuid}/check-in`, { token: f.token, status: 200 });
      expect(inHouse.reservation).toMatchObject({ status: "checked_in", actions: ["check_out"], editable: "departure" });
      const fixed = await t.json("PUT", `${f.base}/reservations/${reservation.uuid}`, {
        token: f.token,
        lang: "en",
        body: stay(f, { arrival: "2027-01-17", departure: "2027-01-20", room_category_uuid: f.standard.id, adults: 1 }),
        status: 422,
      });
      expect(fixed.errors.arrival).toEqual(["Once the guest has checked in, only the departure can change."]);
      t.clock.now = new Date("2027-01-18T13:00:00Z");
      const out = await t.json("POST", `${f.base}/reservations/${reservation.uuid}/check-out`, { token: f.token, status: 200 });
      expect(out.reservation).toMatchObject({ status: "checked_out", departure: "2027-01-18", nights: 2, total: 50_000 });
      expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
    } finally {
      t.clock.now = new Date("2027-01-15T12:00:00Z");
    }
  });

  it("marks a no-show from the arrival day and frees the room", async () => {
    const { reservation } = await create({ arrival: "2027-01-15", departure: "2027-01-16", room_category_uuid: f.standard.id, adults: 1 });
    const gone = await t.json("POST", `${f.base}/reservations/${reservation.uuid}/no-show`, { token: f.token, status: 200 });
    expect(gone.reservation.status).toBe("no_show");
    const pending = await create({ arrival: "2027-03-01", departure: "2027-03-02", status: "pending" });
    const confirmed = await t.json("POST", `${f.base}/reservations/${pending.reservation.uuid}/confirm`, { token: f.token, status: 200 });
    expect(confirmed.reservation.status).toBe("confirmed");
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });
});

describe("who may", () => {
  it("refuses another owner with 403 on every bookings route, and a collaborator without access", async () => {
    const other = await otherOwner(t);
    const collaborator = await t.login(demoUsers.collaborator.email);
    const { reservation } = await create({ arrival: "2027-11-01", departure: "2027-11-02" });
    const calls: [string, string, unknown?][] = [
      ["GET", "/reservations"],
      ["GET", "/reservations/export.csv"],
      ["GET", "/reservations/options"],
      ["POST", "/reservations/quote-price", { arrival: "2027-11-01", departure: "2027-11-02", room_category_uuid: f.deluxe.id, adults: 1 }],
      ["POST", "/reservations", stay(f)],
      ["GET", `/reservations/${reservation.uuid}`],
      ["PUT", `/reservations/${reservation.uuid}`, stay(f)],
      ["POST", `/reservations/${reservation.uuid}/cancel`],
      ["POST", `/reservations/${reservation.uuid}/check-in`],
      ["POST", `/reservations/${reservation.uuid}/check-out`],
      ["POST", `/reservations/${reservation.uuid}/no-show`],
      ["GET", "/availability?from=2027-11-01&to=2027-11-02"],
      ["GET", "/rooms-overview?from=2027-11-01&to=2027-11-02"],
      ["GET", "/rooms"],
      ["POST", "/rooms", { number: "999", room_category_uuid: f.deluxe.id }],
      ["GET", "/room-blocks"],
      ["POST", "/room-blocks", { room_category_uuid: f.deluxe.id, starts_at: "2027-11-01", ends_at: "2027-11-01" }],
      ["GET", "/booking-quotes"],
      ["POST", "/booking-quotes", { arrival: "2027-11-01", departure: "2027-11-02", room_category_uuid: f.deluxe.id, adults: 1 }],
    ];
    for (const token of [other.token, collaborator]) {
      for (const [method, path, body] of calls) {
        const res = await t.call(method, `${f.base}${path}`, { token, body });
        expect(`${method} ${path}: ${res.status}`).toBe(`${method} ${path}: 403`);
      }
    }
    expect((await t.json("GET", `${f.base}/reservations/${reservation.uuid}`, { token: f.token, status: 200 })).data.status).toBe("confirmed");
    await t.json("GET", `${f.base}/reservations`, { status: 401 });
  });

  it("lets an administrator manage the hotel", async () => {
    const admin = await t.login(demoUsers.admin.email);
    await t.json("GET", `${f.base}/reservations`, { token: admin, status: 200 });
  });
});
