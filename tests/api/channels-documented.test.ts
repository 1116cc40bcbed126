import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelAriState, channexBookingRevisions, channexConnections, ratePlans } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import { connectChannex } from "#api/services/channels/connections.ts";
import { pullBookings } from "#api/services/channels/feed.ts";
import { markNightsChanged } from "#api/services/outbox/nights-changed.ts";
import { MIN_PUSH_INTERVAL_MS, pushBusiness } from "#api/services/channels/push.ts";
import { setConfig } from "#config";
import { addDays } from "#domain/bookings/stay.ts";
import { HttpError } from "#api/errors.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { connectEveryCategory, outboxRows } from "./channex-fixture.ts";
import { bookingsFixture, type BookingsFixture } from "./bookings-fixture.ts";

// Channex as its documentation says (issue 30), against the fake built from the documented
// examples (tests/helpers/channex-docs). No job queue runs here: each test drives the push and
// the feed itself, on the fake's and the push's shared clock, so minutes pass without waiting.
let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let property: FakeProperty;
let clock = Date.parse("2026-12-01T12:00:00Z");
const now = () => new Date(clock);
const t_en = translatorFor("en-US");

/** Pushes until the outbox is empty, the clock moving a second at a time (as the queue's jobs would fire). */
async function drain(limit = 600) {
  for (let i = 0; i < limit && (await outboxRows(t.db, f.business.id)) > 0; i++) {
    await pushBusiness(t.db, f.business.id, { now });
    clock += 1_000;
  }
  expect(await outboxRows(t.db, f.business.id)).toBe(0);
}
/** Standard's row of one Channex rate plan key ('' = its own) and night. */
const stateOf = async (ratePlanKey: string, night: string) =>
  (
    await t.db
      .select()
      .from(channelAriState)
      .where(and(eq(channelAriState.categoryId, f.standard.id), eq(channelAriState.ratePlanKey, ratePlanKey), eq(channelAriState.night, night)))
  )[0];

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeChannex({ now: () => clock });
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  property = fake.addProperty();
  await connectEveryCategory(t.db, f, fake, property);
  await drain();
  // A fresh database and the first full push of 500 nights: slow on a busy machine.
}, 240_000);
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe("connecting reads every page and checks the currency", () => {
  it("a property with 15 room types and 30 rate plans connects, with ids from its last pages", async () => {
    const big = fake.addProperty({ roomTypes: 15, ratePlansPerRoomType: 2 });
    await connectChannex(
      t.db,
      t_en,
      f.business.id,
      {
        property_id: big.id,
        api_key: fake.apiKey,
        mapping: [f.standard, f.deluxe, f.suite].map((c, i) => ({ room_category_uuid: c.id, room_type_id: big.roomTypes[12 + i].id, rate_plan_id: big.ratePlans[25 + 2 * i].id })),
      },
      now(),
    );
    const [row] = await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id));
    expect(row.propertyId).toBe(big.id);
    expect(Object.keys(row.ratePlanInfo)).toHaveLength(30);
    // Back to the usual property for the other tests.
    await connectEveryCategory(t.db, f, fake, property);
    await drain();
  });

  it("a property or a mapped rate plan in another currency is refused with the reason beside the field, and nothing changes", async () => {
    const euros = fake.addProperty({ currency: "EUR" });
    const attempt = (p: FakeProperty) =>
      connectChannex(
        t.db,
        t_en,
        f.business.id,
        { property_id: p.id, api_key: fake.apiKey, mapping: [{ room_category_uuid: f.standard.id, room_type_id: p.roomTypes[0].id, rate_plan_id: p.ratePlans[p.ratePlans.length - 1].id }] },
        now(),
      ).then(
        () => null,
        (e: unknown) => e,
      );
    const refused = await attempt(euros);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(422);
    expect(JSON.stringify((refused as HttpError).errors)).toContain("The Channex property is in EUR and this business in BRL");
    const mixed = fake.addProperty();
    fake.addRatePlan(mixed, 0, "Dollars", { currency: "USD" });
    const plan = (await attempt(mixed)) as HttpError;
    expect(plan.status).toBe(422);
    expect(Object.keys(plan.errors as object)).toEqual(["mapping.0.rate_plan_id"]);
    const [row] = await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id));
    expect(row.propertyId).toBe(property.id);
  });
});

describe("the booking feed cannot jam", () => {
  const revision = (n: number, mapped: boolean) => ({
    id: crypto.randomUUID(),
    property_id: property.id,
    booking_id: crypto.randomUUID(),
    status: "new" as const,
    ota_name: "Booking.com",
    ota_reservation_code: `BDC-${n}`,
    arrival_date: addDays("2027-05-01", n),
    departure_date: addDays("2027-05-02", n),
    amount: "320.00",
    currency: "BRL",
    customer: { name: "Guest", surname: String(n), mail: null, phone: null, country: "PT" },
    rooms: [
      {
        room_type_id: mapped ? property.roomTypes[0].id : null,
        rate_plan_id: mapped ? property.ratePlans[0].id : null,
        checkin_date: addDays("2027-05-01", n),
        checkout_date: addDays("2027-05-02", n),
        amount: "320.00",
        occupancy: { adults: 1, children: 0, infants: 0 },
      },
    ],
  });

  it("25 waiting revisions, two of them unmapped at the head, are all read and acknowledged in one cycle; the unmapped ones need attention", async () => {
    const revisions = Array.from({ length: 25 }, (_, n) => revision(n, n >= 2));
    for (const r of revisions) fake.deliver(r);
    const report = await pullBookings(t.db, f.business.id, { now });
    expect(report).toMatchObject({ applied: 23, attention: 2, failed: 0 });
    expect(fake.pending()).toEqual([]);
    expect(new Set(fake.acks)).toEqual(new Set(revisions.map((r) => r.id)));
    // The documented call, with a JSON body.
    expect(fake.ackBodies.every((b) => typeof b === "object" && b !== null)).toBe(true);
    const attention = await t.db
      .select()
      .from(channexBookingRevisions)
      .where(and(eq(channexBookingRevisions.businessId, f.business.id), sql`${channexBookingRevisions.attention} is not null`));
    expect(attention.map((a) => ({ reason: a.attention, guest: a.guestName, amount: a.amount, arrival: a.arrival })).sort((a, b) => a.arrival!.localeCompare(b.arrival!))).toEqual([
      { reason: "unmapped_room", guest: "Guest 0", amount: "320.00", arrival: "2027-05-01" },
      { reason: "unmapped_room", guest: "Guest 1", amount: "320.00", arrival: "2027-05-02" },
    ]);
    const listed = await t.json("GET", `${f.base}/channel-bookings-needing-attention`, { token: f.token, status: 200 });
    expect(listed.data.map((r: { guest_name: string }) => r.guest_name).sort()).toEqual(["Guest 0", "Guest 1"]);
    const told = (await t.json("GET", `/api/v1/notifications?kind=reservation.needs_attention&per_page=100`, { token: f.token, lang: "en", status: 200 })).notifications;
    expect(told.filter((n: { business_uuid: string }) => n.business_uuid === f.business.id)).toHaveLength(2);
  });

  it("a revision in another currency is recorded as needing attention and acknowledged", async () => {
    const r = { ...revision(40, true), currency: "USD" };
    fake.deliver(r);
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ applied: 0, attention: 1 });
    expect(fake.pending()).toEqual([]);
    const [row] = await t.db.select().from(channexBookingRevisions).where(eq(channexBookingRevisions.revisionId, r.id));
    expect(row).toMatchObject({ attention: "currency", currency: "USD", amount: "320.00" });
  });
});

describe("what the push sends", () => {
  it("a value Channex refuses marks only that value failed with Channex's reason, and it is not sent again until something changes it", async () => {
    const standardPlan = property.ratePlans[0].id;
    const night = [{ categoryId: null, from: "2027-06-15", to: "2027-06-15" }];
    const forget = () => t.db.delete(channelAriState).where(and(eq(channelAriState.businessId, f.business.id), eq(channelAriState.night, "2027-06-15")));
    // One call carries 2027-06-15 for the three categories' rate plans; Channex refuses Standard's.
    fake.refuse(standardPlan, "2027-06-15");
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, night, "test"));
    await forget();
    fake.calls.length = 0;
    clock += MIN_PUSH_INTERVAL_MS;
    await drain();
    const restrictionCalls = fake.calls.filter((c) => c.path === "/api/v1/restrictions");
    expect(restrictionCalls).toHaveLength(1);
    expect(restrictionCalls[0].values.map((v) => v.rate_plan_id).sort()).toEqual([property.ratePlans[1].id, property.ratePlans[2].id].sort());
    expect(fake.warnings.map((w) => [w.warning.rate_plan_id, w.warning.date_from, w.warning.date_to])).toEqual([[standardPlan, "2027-06-15", "2027-06-15"]]);
    expect(await stateOf("", "2027-06-15")).toMatchObject({ categoryId: f.standard.id, status: "failed", rejected: true, error: "rate: must be greater than 0" });
    const others = await t.db
      .select()
      .from(channelAriState)
      .where(and(eq(channelAriState.businessId, f.business.id), eq(channelAriState.night, "2027-06-15"), sql`${channelAriState.categoryId} <> ${f.standard.id}`));
    expect(others.map((o) => [o.status, o.error])).toEqual([
      ["sent", null],
      ["sent", null],
    ]);
    const status = await t.json("GET", `${f.base}/channel-push-status?from=2027-06-15&to=2027-06-15`, { token: f.token, status: 200 });
    expect(status.nights[0].categories.find((c: { room_category_uuid: string }) => c.room_category_uuid === f.standard.id)).toMatchObject({
      status: "failed",
      rejected: true,
      retrying: false,
      error: "rate: must be greater than 0",
    });
    // The same night again, nothing changed: the refused value is not resent (nor the accepted ones).
    fake.calls.length = 0;
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, night, "test"));
    clock += MIN_PUSH_INTERVAL_MS;
    await drain();
    expect(fake.calls).toEqual([]);
    // Something changes it (here a full re-sync forgets what was sent): sent again, and accepted this time.
    fake.accept(standardPlan, "2027-06-15");
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, night, "test"));
    await forget();
    clock += MIN_PUSH_INTERVAL_MS;
    await drain();
    expect(fake.nights("/api/v1/restrictions").get(`${standardPlan}|2027-06-15`)).toEqual(["250.00"]);
    expect(await stateOf("", "2027-06-15")).toMatchObject({ status: "sent", rejected: false, error: null });
    fake.warnings.length = 0;
    fake.rejected.length = 0;
  });

  it("a deactivated plan's Channex rate plan gets stop_sell; a per-person plan gets a rate per occupancy", async () => {
    const stopped = fake.addRatePlan(property, 1, "Non-refundable Deluxe");
    const perPerson = fake.addRatePlan(property, 0, "Per person Standard", { sell_mode: "per_person", occupancies: [1, 2] });
    const plan = (await t.json("POST", `${f.base}/rate-plans`, { token: f.token, body: { name: "Não reembolsável", code: "nr", kind: "percent", adjustment_percent: -10 }, status: 201 })).rate_plan
      .uuid as string;
    const channel = (await t.json("POST", `${f.base}/sales-channels`, { token: f.token, body: { code: "booking_com", name: "Booking.com", commission: 15, connection: "channex" }, status: 201 }))
      .sales_channel.uuid as string;
    const mapping = (perPersonId: string) => ({
      room_categories: [
        { room_category_uuid: f.standard.id, external_id: property.roomTypes[0].id },
        { room_category_uuid: f.deluxe.id, external_id: property.roomTypes[1].id },
        { room_category_uuid: f.suite.id, excluded: true },
      ],
      rate_plan_pairs: [
        { room_category_uuid: f.standard.id, rate_plan_uuid: plan, external_id: perPersonId },
        { room_category_uuid: f.deluxe.id, rate_plan_uuid: plan, external_id: stopped.id },
      ],
    });
    // A Channex rate plan id typed wrong (here one of another room type) is refused when saved, checked against Channex.
    const wrong = await t.json("PUT", `${f.base}/channel-mappings/${channel}`, { token: f.token, lang: "en", status: 422, body: mapping(stopped.id) });
    expect(JSON.stringify(wrong)).toContain("Channex has no such rate plan for this room type");
    await t.json("PUT", `${f.base}/channel-mappings/${channel}`, {
      token: f.token,
      status: 200,
      body: {
        room_categories: [
          { room_category_uuid: f.standard.id, external_id: property.roomTypes[0].id },
          { room_category_uuid: f.deluxe.id, external_id: property.roomTypes[1].id },
          { room_category_uuid: f.suite.id, excluded: true },
        ],
        rate_plan_pairs: [
          { room_category_uuid: f.standard.id, rate_plan_uuid: plan, external_id: perPerson.id },
          { room_category_uuid: f.deluxe.id, rate_plan_uuid: plan, external_id: stopped.id },
        ],
      },
    });
    clock += MIN_PUSH_INTERVAL_MS;
    await drain();
    const perPersonSent = fake.calls.flatMap((c) => c.values).find((v) => v.rate_plan_id === perPerson.id && String(v.date_from) <= "2027-03-10" && "2027-03-10" <= String(v.date_to));
    // Standard R$ 250 for 2 guests, less for 1 (the fixture's occupancy pricing), −10 %.
    expect(perPersonSent?.rates).toEqual([
      { occupancy: 1, rate: expect.stringMatching(/^\d+\.\d{2}$/) },
      { occupancy: 2, rate: "225.00" },
    ]);
    expect(perPersonSent?.rate).toBeUndefined();

    fake.calls.length = 0;
    await t.db.update(ratePlans).set({ active: false }).where(eq(ratePlans.id, plan));
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, [{ categoryId: null, from: "2027-03-01", to: "2027-03-31" }], "test"));
    clock += MIN_PUSH_INTERVAL_MS;
    await drain();
    const sent = fake.nights("/api/v1/restrictions");
    expect(sent.get(`${stopped.id}|2027-03-10`)).toEqual(["stop_sell"]);
    expect(sent.get(`${perPerson.id}|2027-03-10`)).toEqual(["stop_sell"]);
    expect(fake.rejected).toEqual([]);
  });

  it("a backlog of 5,000 nights never exceeds Channex's documented rate, and a change right after a push leaves in the next slot", async () => {
    fake.calls.length = 0;
    fake.limited.length = 0;
    const start = clock;
    // 5,000 (category, night) changes saved over 50 s, as a burst of manual prices would; the
    // channel is told nothing it had, so every push carries real values (forget what it was sent).
    const categories = [f.standard.id, f.deluxe.id, f.suite.id];
    for (let second = 0; second < 50; second++) {
      await t.db.transaction(async (tx) => {
        const ranges = Array.from({ length: 100 }, (_, i) => {
          const n = second * 100 + i;
          const night = addDays("2027-01-01", Math.floor(n / 3) % 480);
          return { categoryId: categories[n % 3], from: night, to: night };
        });
        await markNightsChanged(tx as never, f.business.id, ranges, "backlog");
      });
      await t.db.delete(channelAriState).where(eq(channelAriState.businessId, f.business.id));
      // Jobs fire every half second while the backlog grows.
      await pushBusiness(t.db, f.business.id, { now });
      clock += 500;
      await pushBusiness(t.db, f.business.id, { now });
      clock += 500;
    }
    await drain();
    expect(fake.limited).toEqual([]);
    for (const path of ["/api/v1/availability", "/api/v1/restrictions"] as const) {
      const times = fake.calls.filter((c) => c.path === path && c.at >= start).map((c) => c.at);
      expect(times.length).toBeGreaterThan(3);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(MIN_PUSH_INTERVAL_MS);
      for (const at of times) expect(times.filter((x) => x > at - 60_000 && x <= at).length).toBeLessThanOrEqual(8);
    }

    // A change saved 1 s after a push waits for the slot (7.5 s after that push), not the minute sweep.
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, [{ categoryId: f.standard.id, from: "2027-08-01", to: "2027-08-01" }], "test"));
    await t.db.delete(channelAriState).where(eq(channelAriState.businessId, f.business.id));
    clock += MIN_PUSH_INTERVAL_MS;
    await pushBusiness(t.db, f.business.id, { now });
    const pushedAt = clock;
    clock += 1_000;
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, [{ categoryId: f.standard.id, from: "2027-08-02", to: "2027-08-02" }], "test"));
    await t.db.delete(channelAriState).where(eq(channelAriState.businessId, f.business.id));
    expect(await pushBusiness(t.db, f.business.id, { now })).toEqual({ nights: 0 });
    const [row] = await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id));
    expect(row.pushScheduledAt?.getTime()).toBe(pushedAt + MIN_PUSH_INTERVAL_MS);
    clock = pushedAt + MIN_PUSH_INTERVAL_MS;
    expect((await pushBusiness(t.db, f.business.id, { now })).nights).toBeGreaterThan(0);
  });
});
