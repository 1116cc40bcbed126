import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelAriState, channexBookingRevisions, channexConnections, ratePlans, reservations } from "#api/db/schema/index.ts";
import type { BookingRevision } from "#api/services/channels/channex-client.ts";
import { FULL_RESYNC_CRON, resyncSlotOf } from "#api/services/channels/resync-schedule.ts";
import { DAILY_COMMANDS } from "#api/services/daily/commands.ts";
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

/** A Booking.com revision of one night (2027-05-01 + n), its room mapped or not. */
const revisionFor = (n: number, mapped: boolean): BookingRevision => ({
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

describe("the booking feed cannot jam", () => {
  it("25 waiting revisions, two of them unmapped at the head, are all read and acknowledged in one cycle; the unmapped ones need attention", async () => {
    const revisions = Array.from({ length: 25 }, (_, n) => revisionFor(n, n >= 2));
    for (const r of revisions) fake.deliver(r);
    const report = await pullBookings(t.db, f.business.id, { now });
    expect(report).toMatchObject({ applied: 23, attention: 2, failed: 0 });
    expect(fake.pending()).toEqual([]);
    expect(new Set(fake.acks)).toEqual(new Set(revisions.map((r) => r.id)));
    // The documented call has no fields: an empty JSON object each time (the fake refuses any field).
    expect(fake.ackBodies).toEqual(revisions.map(() => ({})));
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
    const r = { ...revisionFor(40, true), currency: "USD" };
    fake.deliver(r);
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ applied: 0, attention: 1 });
    expect(fake.pending()).toEqual([]);
    const [row] = await t.db.select().from(channexBookingRevisions).where(eq(channexBookingRevisions.revisionId, r.id));
    expect(row).toMatchObject({ attention: "currency", currency: "USD", amount: "320.00" });
  });
});

describe("a cancellation of a booking kept as needing attention", () => {
  type Listed = { booking_id: string; revision_id: string; cancelled_at: string | null; reason: string };
  const list = async (): Promise<Listed[]> => (await t.json("GET", `${f.base}/channel-bookings-needing-attention`, { token: f.token, status: 200 })).data;
  const cancellationOf = (r: BookingRevision): BookingRevision => ({ ...r, id: crypto.randomUUID(), status: "cancelled" });
  const cancelledNotices = async (guest: string) =>
    (await t.json("GET", `/api/v1/notifications?kind=reservation.cancelled&per_page=100`, { token: f.token, lang: "en", status: 200 })).notifications.filter(
      (n: { business_uuid: string; title: string }) => n.business_uuid === f.business.id && n.title.includes(guest),
    );

  it("marks the record cancelled (no second record needing attention), puts it back on the list even once handled, and tells the team", async () => {
    const unmapped = revisionFor(60, false);
    const dollars = { ...revisionFor(61, true), currency: "USD" };
    fake.deliver(unmapped);
    fake.deliver(dollars);
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ attention: 2, failed: 0 });
    // The unmapped one is entered by hand and marked handled: it leaves the list.
    expect((await t.call("POST", `${f.base}/channel-bookings-needing-attention/${unmapped.id}/resolve`, { token: f.token })).status).toBe(204);
    expect((await list()).map((a) => a.booking_id)).not.toContain(unmapped.booking_id);
    expect((await list()).find((a) => a.booking_id === dollars.booking_id)?.cancelled_at).toBeNull();

    clock += 60_000;
    fake.deliver(cancellationOf(unmapped));
    // Its cancellation comes in dollars too: a cancellation takes no price, so it still reaches the booking.
    fake.deliver(cancellationOf(dollars));
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ applied: 2, attention: 0, failed: 0 });
    expect(fake.pending()).toEqual([]);

    const listed = (await list()).filter((a) => a.booking_id === unmapped.booking_id || a.booking_id === dollars.booking_id);
    expect(listed.map((a) => [a.revision_id, a.reason, a.cancelled_at]).sort()).toEqual(
      [
        [unmapped.id, "unmapped_room", now().toISOString()],
        [dollars.id, "currency", now().toISOString()],
      ].sort(),
    );
    // One record needing attention per booking; the cancellation is kept beside it.
    const records = await t.db.select().from(channexBookingRevisions).where(eq(channexBookingRevisions.bookingId, unmapped.booking_id));
    expect(records.map((r) => [r.status, r.attention]).sort()).toEqual([
      ["cancelled", null],
      ["new", "unmapped_room"],
    ]);
    expect(await cancelledNotices("Guest 60")).toHaveLength(1);
    expect(await cancelledNotices("Guest 61")).toHaveLength(1);
  });

  it("a booking placed, then changed to a room that is not mapped, then cancelled: its reservation is cancelled and the change's record says so", async () => {
    const placed = revisionFor(70, true);
    fake.deliver(placed);
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ applied: 1, attention: 0 });
    const [record] = await t.db.select().from(channexBookingRevisions).where(eq(channexBookingRevisions.revisionId, placed.id));
    clock += 60_000;
    const moved: BookingRevision = { ...revisionFor(72, false), booking_id: placed.booking_id, status: "modified" };
    fake.deliver(moved);
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ applied: 0, attention: 1 });
    clock += 60_000;
    fake.deliver(cancellationOf(placed));
    expect(await pullBookings(t.db, f.business.id, { now })).toMatchObject({ applied: 1, attention: 0 });
    const [reservation] = await t.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, record.reservationIds[0]));
    expect(reservation.status).toBe("cancelled");
    expect((await list()).find((a) => a.revision_id === moved.id)).toMatchObject({ reason: "unmapped_room", cancelled_at: now().toISOString() });
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

describe("a 429 pauses the property's pushes", () => {
  const [restrictions, availability] = ["/api/v1/restrictions", "/api/v1/availability"] as const;
  /** A change of one Standard night the channel does not have yet. */
  async function change(night: string) {
    await t.db.transaction((tx) => markNightsChanged(tx as never, f.business.id, [{ categoryId: f.standard.id, from: night, to: night }], "test"));
    await t.db.delete(channelAriState).where(and(eq(channelAriState.businessId, f.business.id), eq(channelAriState.night, night)));
  }
  const nextPushAt = async () => (await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id)))[0].nextPushAt?.getTime();
  const standardPlan = () => property.ratePlans[0].id;
  /** The push jobs firing every `step` ms from `from` to before `until`: each sends nothing. */
  async function firesSendNothing(from: number, until: number, step: number, during?: (at: number) => Promise<void>) {
    for (let at = from; at < until; at += step) {
      clock = at;
      await during?.(at);
      expect(await pushBusiness(t.db, f.business.id, { now })).toEqual({ nights: 0 });
    }
  }

  it("a Retry-After longer than the documented minute is honoured: nothing is sent until it has passed, then the waiting changes go together", async () => {
    clock += 120_000;
    fake.calls.length = 0;
    fake.limited.length = 0;
    await change("2027-09-01");
    fake.limitNext(90);
    const at = clock;
    await expect(pushBusiness(t.db, f.business.id, { now })).rejects.toMatchObject({ status: 429, retryAfterMs: 90_000 });
    expect(await nextPushAt()).toBe(at + 90_000);
    expect(await stateOf("", "2027-09-01")).toMatchObject({ status: "failed" });
    // Jobs keep firing and another change is saved meanwhile: nothing reaches Channex.
    await firesSendNothing(at + 5_000, at + 90_000, 5_000, async (t0) => {
      if (t0 === at + 30_000) await change("2027-09-02");
    });
    expect(fake.calls).toEqual([]);
    expect(fake.limited).toHaveLength(1);
    clock = at + 90_000;
    expect((await pushBusiness(t.db, f.business.id, { now })).nights).toBeGreaterThan(0);
    expect(fake.calls.filter((c) => c.path === restrictions)).toHaveLength(1);
    const sent = fake.nights(restrictions);
    expect([sent.get(`${standardPlan()}|2027-09-01`)?.length, sent.get(`${standardPlan()}|2027-09-02`)?.length]).toEqual([1, 1]);
    expect(await stateOf("", "2027-09-01")).toMatchObject({ status: "sent" });
    expect(await outboxRows(t.db, f.business.id)).toBe(0);
  });

  it("without Retry-After the property pauses the documented minute", async () => {
    clock += 120_000;
    fake.calls.length = 0;
    await change("2027-09-03");
    fake.limitNext(null);
    const at = clock;
    await expect(pushBusiness(t.db, f.business.id, { now })).rejects.toMatchObject({ status: 429, retryAfterMs: null });
    expect(await nextPushAt()).toBe(at + 60_000);
    await firesSendNothing(at + 1_000, at + 60_000, 7_000);
    expect(fake.calls).toEqual([]);
    clock = at + 60_000;
    expect((await pushBusiness(t.db, f.business.id, { now })).nights).toBeGreaterThan(0);
  });

  it("pushes forced closer than Channex allows meet its own limit once: its 429 stops them until the window is clear, and none is refused again", async () => {
    clock += 120_000;
    fake.calls.length = 0;
    fake.limited.length = 0;
    // One change a second, pushed with no spacing of our own (as a broken interval would): the 11th call is over Channex's 10 a minute.
    let refusedAt = 0;
    for (let n = 0; n < 11; n++) {
      await change(addDays("2027-10-01", n));
      const pushed = pushBusiness(t.db, f.business.id, { now, minIntervalMs: 1_000 });
      if (n < 10) await pushed;
      else {
        refusedAt = clock;
        await expect(pushed).rejects.toMatchObject({ status: 429 });
      }
      clock += 1_000;
    }
    expect(fake.limited.map((l) => l.path)).toEqual([availability]);
    // Channex's Retry-After (50 s, when the first call leaves its window) is shorter than the documented minute: the minute wins.
    expect(await nextPushAt()).toBe(refusedAt + 60_000);
    await firesSendNothing(clock, refusedAt + 60_000, 1_000);
    expect(fake.calls.filter((c) => c.at > refusedAt)).toEqual([]);
    clock = refusedAt + 60_000;
    await drain();
    expect(fake.limited).toHaveLength(1);
    expect(fake.nights(availability).get(`${property.roomTypes[0].id}|2027-10-11`)).toBeDefined();
  });
});

describe("the daily full re-sync is spread over the night", () => {
  const command = DAILY_COMMANDS.find((c) => c.name === "channels.full-resync")!;
  /** The cron line's fires over one day (minute and hour fields only, as FULL_RESYNC_CRON uses). */
  function firesOn(day: string): Date[] {
    const [minute, hour] = FULL_RESYNC_CRON.split(" ");
    const step = Number(minute.replace("*/", ""));
    const [first, last] = hour.split("-").map(Number);
    const out: Date[] = [];
    for (let h = first; h <= last; h++) for (let m = 0; m < 60; m += step) out.push(new Date(`${day}T${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00Z`));
    return out;
  }

  it("each business is re-synced once a night, in its own ten-minute slot between 01:00 and 05:00 UTC; a run by day takes every one", async () => {
    const fires = firesOn("2026-12-02");
    expect(fires).toHaveLength(24);
    expect(fires.every((d) => d.getUTCHours() >= 1 && d.getUTCHours() < 5)).toBe(true);
    const picked: Date[] = [];
    for (const fire of fires) if ((await command.businesses!(t.db, fire)).includes(f.business.id)) picked.push(fire);
    expect(picked).toEqual([fires[resyncSlotOf(f.business.id)]]);
    expect(await command.businesses!(t.db, new Date("2026-12-02T12:00:00Z"))).toContain(f.business.id);
    // Running it at that slot asks for the full push of the horizon.
    clock += 120_000;
    await command.run(t.db, f.business.id, picked[0]);
    expect(await outboxRows(t.db, f.business.id)).toBeGreaterThan(0);
    await drain();
  });

  it("2,400 properties fill every slot, none with more than twice its share", () => {
    const counts = new Array(24).fill(0);
    for (let n = 0; n < 2_400; n++) counts[resyncSlotOf(crypto.randomUUID())]++;
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
  });
});
