import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { addDays } from "#domain/bookings/stay";
import * as create from "#app/routes/bookings/create.tsx";
import * as detail from "#app/routes/bookings/detail.tsx";
import * as edit from "#app/routes/bookings/edit.tsx";
import * as availability from "#app/routes/bookings/availability.tsx";
import * as home from "#app/routes/bookings/home.tsx";
import * as list from "#app/routes/bookings/index.tsx";
import * as quote from "#app/routes/bookings/quote.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * The reservation pages through their loaders and actions, JavaScript off (issue 23): a price
 * calculated, a stay booked, edited, cancelled, an offer saved and turned into a reservation, the
 * rooms overview — each going through the bookings area's typed calls to the API.
 */
const inApp = { layouts: [appLayout] };
const at = (id: string) => ({ ...inApp, params: { id } });
const base = `/api/v1/businesses/${DEMO_BUSINESS.id}`;

let h: RouteHarness;
let owner: Browser;
let token: string;
let arrival: string;
let today: string;

beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  token = await owner.signIn(demoUsers.owner.email);
  const options = await h.t.json<{ data: { today: string } }>("GET", `${base}/reservations/options`, { token });
  today = options.data.today;
  arrival = addDays(today, 200);
});
afterAll(() => h.close());

/** The reservation form's fields for a night of the suite. */
const stay = (intent: string, guest: string) => ({
  intent,
  arrival,
  departure: addDays(arrival, 2),
  room_category_uuid: DEMO_CATEGORY_IDS.suite,
  adults: "2",
  children: "0",
  "guest.name": guest,
  channel: "direct",
  status: "confirmed",
});

describe("the booking pages (loaders and actions)", () => {
  it("calculates a price without saving, then books the stay and shows it with its folio", async () => {
    const form = await owner.get(`/bookings/create?arrival=${arrival}&category=${DEMO_CATEGORY_IDS.suite}`, create, inApp);
    expect(form.data.defaults).toMatchObject({ arrival, room_category_uuid: DEMO_CATEGORY_IDS.suite });

    const priced = await owner.post("/bookings/create", create, stay("calculate", "Rota Preço"), inApp);
    expect(priced.status).toBe(200);
    expect(priced.data.quote).toMatchObject({ arrival, departure: addDays(arrival, 2), available: true });
    expect(priced.data.quote.nights).toHaveLength(2);

    const booked = await owner.post("/bookings/create", create, stay("confirm", "Rota Reserva"), inApp);
    const id = /^\/bookings\/([0-9a-f-]{36})$/.exec(booked.location ?? "")?.[1];
    expect(id).toBeTruthy();

    const page = await owner.get(`/bookings/${id}`, detail, at(id!));
    expect(page.data.reservation).toMatchObject({ uuid: id, status: "confirmed", guest: { name: "Rota Reserva" } });
    expect(page.data.ledger.folio).toMatchObject({ reservation_uuid: id, extras: [], payments: [] });
    expect(Array.isArray(page.data.ledger.accounts)).toBe(true);
  });

  it("edits a reservation, cancels it with a reason, and answers a bad folio line beside the form", async () => {
    const booked = await owner.post("/bookings/create", create, stay("confirm", "Rota Edição"), inApp);
    const id = booked.location!.split("/").pop()!;

    const loaded = await owner.get(`/bookings/${id}/edit`, edit, at(id));
    expect(loaded.status).toBe(200);
    const saved = await owner.post(`/bookings/${id}/edit`, edit, { ...stay("save", "Rota Editada"), notes: "Chega tarde" }, at(id));
    expect(saved.location).toBe(`/bookings/${id}`);

    const cancelled = await owner.post(`/bookings/${id}`, detail, { intent: "cancel", reason: "Desistiu" }, at(id));
    expect(cancelled.location).toBe(`/bookings/${id}`);
    const reservation = await h.t.json<{ data: { status: string; cancellation_reason: string; guest: { name: string }; notes: string } }>("GET", `${base}/reservations/${id}`, { token });
    expect(reservation.data).toMatchObject({ status: "cancelled", cancellation_reason: "Desistiu", notes: "Chega tarde", guest: { name: "Rota Editada" } });

    const badLine = await owner.post(`/bookings/${id}`, detail, { intent: "remove_payment", uuid: "not-a-uuid" }, at(id));
    expect(badLine.status).toBe(422);
    expect(badLine.data).toEqual({ folio: { error: "validation.uuid" } });
  });

  it("saves an offer for the guest and turns it into a reservation", async () => {
    const offered = await owner.post("/bookings/create", create, stay("quote", "Rota Oferta"), inApp);
    const quoteId = /^\/booking-quote\/([0-9a-f-]{36})$/.exec(offered.location ?? "")?.[1];
    expect(quoteId).toBeTruthy();

    const page = await owner.get(`/booking-quote/${quoteId}`, quote, at(quoteId!));
    expect(page.data.quote).toMatchObject({ uuid: quoteId, status: "open", guest_name: "Rota Oferta" });

    const converted = await owner.post(`/booking-quote/${quoteId}`, quote, { guest_name: "Rota Oferta", guest_email: "oferta@example.com", channel: "direct" }, at(quoteId!));
    const id = /^\/bookings\/([0-9a-f-]{36})$/.exec(converted.location ?? "")?.[1];
    expect(id).toBeTruthy();
    expect((await owner.get(`/booking-quote/${quoteId}`, quote, at(quoteId!))).data.quote).toMatchObject({ status: "converted", reservation_uuid: id });
  });

  it("shows the rooms overview from the night asked", async () => {
    const page = await owner.get(`/bookings/home?from=${arrival}`, home, inApp);
    expect(page.data).toMatchObject({ from: arrival, to: addDays(arrival, page.data.overview.nights.length - 1), canOpen: true });
    expect(page.data.overview.rooms.length).toBeGreaterThan(0);
    expect(page.data.overview.stays.some((s: { guest_name: string }) => s.guest_name === "Rota Reserva")).toBe(true);
  });

  it("starts the rooms overview and the availability at the business's today, read with the business, not asked of the API", async () => {
    expect((await owner.get("/bookings/home", home, inApp)).data.from).toBe(today);
    expect((await owner.get("/availability", availability, inApp)).data.from).toBe(today);
  });

  it("offers the business's categories, in their order, as the list's filter", async () => {
    const page = await owner.get("/bookings", list, inApp);
    const options = await h.t.json<{ data: { categories: { uuid: string; name: string }[] } }>("GET", `${base}/reservations/options`, { token });
    expect(page.data.categories).toEqual(options.data.categories.map((c) => ({ uuid: c.uuid, name: c.name })));
    expect(page.data.categories.map((c: { uuid: string }) => c.uuid)).toContain(DEMO_CATEGORY_IDS.suite);
  });
});
