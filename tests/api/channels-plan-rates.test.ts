import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pullBookings } from "#api/services/channels/feed.ts";
import { startBackground } from "#api/services/jobs/background.ts";
import type { JobQueue } from "#api/services/queue/queue.ts";
import { setConfig } from "#config";
import { addDays } from "#domain/bookings/stay.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { connectEveryCategory, pushesSettled } from "./channex-fixture.ts";
import { bookingsFixture, type BookingsFixture } from "./bookings-fixture.ts";

// Rates per rate plan through Channex (ADR 0015): each mapped (category, plan) pair of a Channex
// sales channel gets the engine's price + the plan's rule (+ the channel's markup) and the plan's
// stay restrictions, as deltas. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let property: FakeProperty;
let queue: JobQueue | undefined;
let booking: string;
let phone: string;
const plan: Record<"nr" | "cafe" | "long", string> = { nr: "", cafe: "", long: "" };
/** Channex rate plans of the pairs: Standard × non-refundable, Standard × breakfast, Deluxe × non-refundable. */
const channex: Record<"stdNr" | "stdCafe" | "dlxNr", string> = { stdNr: "", stdCafe: "", dlxNr: "" };

const settled = (ms?: number) => pushesSettled(t.db, f.business.id, ms);
/** Every restriction value sent to one Channex rate plan, one per night: date → value. */
function sentTo(ratePlanId: string) {
  const out = new Map<string, Record<string, unknown>>();
  for (const call of fake.calls.filter((c) => c.path === "/api/v1/restrictions")) {
    for (const v of call.values.filter((v) => v.rate_plan_id === ratePlanId)) {
      for (let d = new Date(`${v.date_from}T00:00:00Z`); d.toISOString().slice(0, 10) <= String(v.date_to); d.setUTCDate(d.getUTCDate() + 1)) {
        const { date_from: _from, date_to: _to, property_id: _p, rate_plan_id: _r, ...rest } = v;
        out.set(d.toISOString().slice(0, 10), rest);
      }
    }
  }
  return out;
}
const mappingPath = (channel: string) => `${f.base}/channel-mappings/${channel}`;

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeChannex();
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  property = fake.addProperty();
  channex.stdNr = fake.addRatePlan(property, 0, "Non-refundable Standard").id;
  channex.stdCafe = fake.addRatePlan(property, 0, "Breakfast Standard").id;
  channex.dlxNr = fake.addRatePlan(property, 1, "Non-refundable Deluxe").id;
  queue = await startBackground(t.handle, { minPushIntervalMs: 0, pollFeeds: false });
  await connectEveryCategory(t.db, f, fake, property);
  const create = async (body: Record<string, unknown>) => (await t.json("POST", `${f.base}/rate-plans`, { token: f.token, body, status: 201 })).rate_plan.uuid as string;
  // Non-refundable −10 %, at least 2 nights, no arrival on Sundays; breakfast +R$ 35 per guest, at most 7 nights, no departure on Mondays.
  plan.nr = await create({ name: "Não reembolsável", code: "nr", kind: "percent", adjustment_percent: -10, cancellation_source: "non_refundable", min_stay: 2, closed_to_arrival: [0] });
  plan.cafe = await create({ name: "Com café", code: "cafe", kind: "per_guest", amount_per_guest: 3_500, meal_plan: "breakfast", max_stay: 7, closed_to_departure: [1] });
  plan.long = await create({ name: "Longa estadia", code: "longa", kind: "long_stay", adjustment_percent: -15, long_stay_min_nights: 7 });
  const channel = async (body: Record<string, unknown>) => (await t.json("POST", `${f.base}/sales-channels`, { token: f.token, body, status: 201 })).sales_channel.uuid as string;
  booking = await channel({ code: "booking_com", name: "Booking.com", commission: 15, markup: 10, connection: "channex" });
  phone = await channel({ code: "phone", name: "Telefone", commission: 0 });
});
afterAll(async () => {
  await queue?.stop();
  await fake?.close();
  await t?.close();
});

const valid = () => ({
  room_categories: [
    { room_category_uuid: f.standard.id, external_id: property.roomTypes[0].id },
    { room_category_uuid: f.deluxe.id, external_id: property.roomTypes[1].id },
    { room_category_uuid: f.suite.id, excluded: true },
  ],
  rate_plan_pairs: [
    { room_category_uuid: f.standard.id, rate_plan_uuid: plan.nr, external_id: channex.stdNr },
    { room_category_uuid: f.standard.id, rate_plan_uuid: plan.cafe, external_id: channex.stdCafe },
    { room_category_uuid: f.standard.id, rate_plan_uuid: plan.long, excluded: true },
    { room_category_uuid: f.deluxe.id, rate_plan_uuid: plan.nr, external_id: channex.dlxNr },
    { room_category_uuid: f.deluxe.id, rate_plan_uuid: plan.cafe, excluded: true },
    // Deluxe × long stay left out on purpose in the refusal test below.
    { room_category_uuid: f.deluxe.id, rate_plan_uuid: plan.long, excluded: true },
  ],
});

describe("mapping rate plans per room type on a Channex channel", () => {
  it("refuses a pair listed twice, one Channex rate plan for two pairs, an active plan of a mapped category left out, and pairs on a channel without Channex — 422, nothing saved", async () => {
    await settled();
    const before = await t.json("GET", mappingPath(booking), { token: f.token, status: 200 });
    // Every category × plan is offered on a Channex channel.
    expect(before.rate_plan_pairs).toHaveLength(9);
    const pairs = valid().rate_plan_pairs;
    const body = await t.json("PUT", mappingPath(booking), {
      token: f.token,
      body: {
        ...valid(),
        rate_plan_pairs: [
          pairs[0],
          { ...pairs[1], external_id: channex.stdNr },
          pairs[2],
          pairs[3],
          { ...pairs[4], excluded: false },
          { ...pairs[0], external_id: "other" },
        ],
      },
      status: 422,
    });
    // "other" is no rate plan of the connected Channex property either (checked against Channex when saved).
    expect(Object.keys(body.errors).sort()).toEqual([
      "rate_plan_pairs",
      "rate_plan_pairs.1.external_id",
      "rate_plan_pairs.4.external_id",
      "rate_plan_pairs.5.external_id",
      "rate_plan_pairs.5.rate_plan_uuid",
    ]);
    expect(body.errors.rate_plan_pairs.join(" ")).toContain("Longa estadia");
    expect(await t.json("GET", mappingPath(booking), { token: f.token, status: 200 })).toEqual(before);

    const elsewhere = await t.json("PUT", mappingPath(phone), { token: f.token, body: { rate_plans: [plan.nr, plan.cafe, plan.long].map((p) => ({ rate_plan_uuid: p, excluded: true })), rate_plan_pairs: [pairs[0]] }, status: 422 });
    expect(Object.keys(elsewhere.errors)).toEqual(["rate_plan_pairs"]);
    expect((await t.json("GET", mappingPath(phone), { token: f.token, status: 200 })).rate_plan_pairs).toEqual([]);
  });

  it("saves the pairs and pushes each mapped pair's rate (plan rule + 10 % markup) with the plan's restrictions; excluded and unmapped pairs get nothing", async () => {
    fake.calls.length = 0;
    const saved = await t.json("PUT", mappingPath(booking), { token: f.token, body: valid(), status: 200 });
    expect(saved.rate_plan_pairs.find((p: { room_category_uuid: string; rate_plan_uuid: string }) => p.room_category_uuid === f.standard.id && p.rate_plan_uuid === plan.nr)).toMatchObject({
      external_id: channex.stdNr,
      excluded: false,
    });
    await settled();
    expect(fake.rejected).toEqual([]);
    // Only the three mapped pairs' Channex rate plans are new; the connection's rate plans had it all.
    const plansSent = new Set(fake.calls.filter((c) => c.path === "/api/v1/restrictions").flatMap((c) => c.values.map((v) => v.rate_plan_id)));
    expect([...plansSent].sort()).toEqual([channex.stdNr, channex.stdCafe, channex.dlxNr].sort());
    expect(fake.calls.filter((c) => c.path === "/api/v1/availability")).toEqual([]);
    // 2027-03-07 is a Sunday, 2027-03-08 a Monday; Standard's engine price is R$ 250, Deluxe's R$ 330.
    const stdNr = sentTo(channex.stdNr);
    expect(stdNr.size).toBeGreaterThanOrEqual(499);
    expect(stdNr.get("2027-03-07")).toEqual({ rate: "248.00", min_stay_arrival: 2, min_stay_through: 1, max_stay: 0, closed_to_arrival: true, closed_to_departure: false, stop_sell: false });
    expect(stdNr.get("2027-03-08")).toEqual({ rate: "248.00", min_stay_arrival: 2, min_stay_through: 1, max_stay: 0, closed_to_arrival: false, closed_to_departure: false, stop_sell: false });
    // Breakfast: 250 + 2 guests × 35 = 320, +10 % = 352.
    const stdCafe = sentTo(channex.stdCafe);
    expect(stdCafe.get("2027-03-07")).toEqual({ rate: "352.00", min_stay_arrival: 1, min_stay_through: 1, max_stay: 7, closed_to_arrival: false, closed_to_departure: false, stop_sell: false });
    expect(stdCafe.get("2027-03-08")).toEqual({ rate: "352.00", min_stay_arrival: 1, min_stay_through: 1, max_stay: 7, closed_to_arrival: false, closed_to_departure: true, stop_sell: false });
    // Deluxe non-refundable: 330 − 10 % = 297, +10 % = 326.70 → 327.
    expect(sentTo(channex.dlxNr).get("2027-03-09")).toMatchObject({ rate: "327.00", min_stay_arrival: 2 });
  });

  it("a price change sends exactly its nights' rate per plan, alongside the connection's engine rate", async () => {
    fake.calls.length = 0;
    await t.json("POST", `${f.base}/tariff-configuration/sazonalities`, {
      token: f.token,
      body: { title: "Carnaval", color: "#AA3366", rate: 30_000, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2027-03-10", ends_at: "2027-03-12" }] },
      status: 201,
    });
    await settled();
    const range = { property_id: property.id, date_from: "2027-03-10", date_to: "2027-03-12" };
    const none = { closed_to_arrival: false, closed_to_departure: false, stop_sell: false };
    expect(fake.calls.map((c) => ({ path: c.path, values: c.values }))).toEqual([
      {
        path: "/api/v1/restrictions",
        values: [
          { ...range, rate_plan_id: property.ratePlans[0].id, rate: "300.00", min_stay_arrival: 1, min_stay_through: 1, max_stay: 0, ...none },
          { ...range, rate_plan_id: property.ratePlans[1].id, rate: "380.00", min_stay_arrival: 1, min_stay_through: 1, max_stay: 0, ...none },
          { ...range, rate_plan_id: property.ratePlans[2].id, rate: "420.00", min_stay_arrival: 1, min_stay_through: 1, max_stay: 0, ...none },
          // 300 − 10 % = 270, +10 % = 297; 300 + 70 = 370, +10 % = 407; 380 − 10 % = 342, +10 % = 376.20 → 376.
          { ...range, rate_plan_id: channex.stdNr, rate: "297.00", min_stay_arrival: 2, min_stay_through: 1, max_stay: 0, ...none },
          { ...range, rate_plan_id: channex.stdCafe, rate: "407.00", min_stay_arrival: 1, min_stay_through: 1, max_stay: 7, ...none },
          { ...range, rate_plan_id: channex.dlxNr, rate: "376.00", min_stay_arrival: 2, min_stay_through: 1, max_stay: 0, ...none },
        ],
      },
    ]);
  });

  it("a plan's new restriction reaches only that plan's Channex rate plans", async () => {
    fake.calls.length = 0;
    await t.json("PUT", `${f.base}/rate-plans/${plan.nr}`, {
      token: f.token,
      body: { name: "Não reembolsável", code: "nr", kind: "percent", adjustment_percent: -10, cancellation_source: "non_refundable", min_stay: 3, closed_to_arrival: [0] },
      status: 200,
    });
    await settled();
    expect(fake.rejected).toEqual([]);
    const plansSent = new Set(fake.calls.flatMap((c) => c.values.map((v) => v.rate_plan_id ?? v.room_type_id)));
    expect([...plansSent].sort()).toEqual([channex.stdNr, channex.dlxNr].sort());
    expect(sentTo(channex.stdNr).get("2027-03-11")).toEqual({ rate: "297.00", min_stay_arrival: 3, min_stay_through: 1, max_stay: 0, closed_to_arrival: false, closed_to_departure: false, stop_sell: false });
  });

  it("the channel's markup moves its plans' rates, and only theirs", async () => {
    fake.calls.length = 0;
    const updated = await t.json("PUT", `${f.base}/sales-channels/${booking}`, { token: f.token, body: { markup: 0 }, status: 200 });
    // A partial update keeps the other fields (it once reset the connection to "none").
    expect(updated.sales_channel).toMatchObject({ markup: 0, connection: "channex", active: true, commission: 15 });
    await settled();
    const plansSent = new Set(fake.calls.flatMap((c) => c.values.map((v) => v.rate_plan_id ?? v.room_type_id)));
    expect([...plansSent].sort()).toEqual([channex.stdNr, channex.stdCafe, channex.dlxNr].sort());
    expect(sentTo(channex.stdNr).get("2027-03-11")).toMatchObject({ rate: "270.00" });
    expect(sentTo(channex.stdCafe).get("2027-03-11")).toMatchObject({ rate: "370.00" });
    expect(sentTo(channex.dlxNr).get("2027-03-11")).toMatchObject({ rate: "342.00" });
  });

  it("a channel booking keeps the plan its Channex rate plan is mapped to; the connection's own rate plan is the engine's price", async () => {
    const room = (ratePlanId: string, checkin: string) => ({
      room_type_id: property.roomTypes[0].id,
      rate_plan_id: ratePlanId,
      checkin_date: checkin,
      checkout_date: addDays(checkin, 2),
      amount: "540.00",
      occupancy: { adults: 2, children: 0, infants: 0 },
    });
    const revision = (code: string, ratePlanId: string, checkin: string) => ({
      id: crypto.randomUUID(),
      property_id: property.id,
      booking_id: crypto.randomUUID(),
      status: "new" as const,
      ota_name: "Booking.com",
      ota_reservation_code: code,
      arrival_date: checkin,
      departure_date: addDays(checkin, 2),
      amount: "540.00",
      currency: "BRL",
      customer: { name: "Rita", surname: "Lima" },
      rooms: [room(ratePlanId, checkin)],
    });
    const nr = revision("BDC-PLAN-NR", channex.stdNr, "2027-10-12");
    fake.deliver(nr);
    fake.deliver(revision("BDC-PLAN-BASE", property.ratePlans[0].id, "2027-10-20"));
    expect(await pullBookings(t.db, f.business.id)).toMatchObject({ applied: 2, failed: 0 });
    const list = await t.json("GET", `${f.base}/reservations?from=2027-10-01&to=2027-10-31`, { token: f.token, status: 200 });
    const byNotes = (code: string) => list.data.find((r: { notes: string | null }) => r.notes?.endsWith(code));
    expect(byNotes("BDC-PLAN-NR")).toMatchObject({ channel: "booking_com", channel_name: "Booking.com", rate_plan: { uuid: plan.nr, name: "Não reembolsável" } });
    expect(byNotes("BDC-PLAN-BASE")).toMatchObject({ channel: "booking_com", rate_plan: null });

    // A modification sold on another plan moves the reservation to it.
    const first = byNotes("BDC-PLAN-NR");
    fake.deliver({ ...nr, id: crypto.randomUUID(), status: "modified", rooms: [room(channex.stdCafe, "2027-10-12")] });
    await pullBookings(t.db, f.business.id);
    const moved = await t.json("GET", `${f.base}/reservations/${first.uuid}`, { token: f.token, status: 200 });
    expect(moved.data.rate_plan).toEqual({ uuid: plan.cafe, name: "Com café" });
  });
});
