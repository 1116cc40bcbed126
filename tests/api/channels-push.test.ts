import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelAriState, channexConnections, reservations } from "#api/db/schema/index.ts";
import { pullBookings } from "#api/services/channels/feed.ts";
import { startBackground } from "#api/services/jobs/background.ts";
import type { JobQueue } from "#api/services/queue/queue.ts";
import { setConfig } from "#config";
import { addDays } from "#domain/bookings/stay.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { connectEveryCategory, outboxRows as countOutbox, pushesSettled } from "./channex-fixture.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";

// Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server.
let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let property: FakeProperty;
let queue: JobQueue | undefined;

/** The stay fields of a night without any stay rule (issue 28): sent with every rate so a lifted rule is lifted on Channex too. */
const OPEN_STAY = { min_stay_arrival: 1, min_stay_through: 1, max_stay: 0, closed_to_arrival: false, closed_to_departure: false };
const outboxRows = () => countOutbox(t.db, f.business.id);
const settled = (ms?: number) => pushesSettled(t.db, f.business.id, ms);

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeChannex();
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  property = fake.addProperty();
  queue = await startBackground(t.handle, { minPushIntervalMs: 0, pollFeeds: false });
  await connectEveryCategory(t.db, f, fake, property);
});
afterAll(async () => {
  await queue?.stop();
  await fake?.close();
  await t?.close();
});

describe("prices and availability reach Channex by themselves", () => {
  it("pushes the whole horizon once after connecting, in date ranges, and stores the key encrypted", async () => {
    await settled();
    expect(fake.rejected).toEqual([]);
    const availability = fake.nights("/api/v1/availability");
    const standardNights = [...availability.keys()].filter((k) => k.startsWith(property.roomTypes[0].id));
    expect(standardNights.length).toBeGreaterThanOrEqual(499);
    expect(availability.get(`${property.roomTypes[0].id}|2027-03-10`)).toEqual([8]);
    expect(fake.nights("/api/v1/restrictions").get(`${property.ratePlans[0].id}|2027-03-10`)).toEqual(["250.00"]);
    // Ranges, not one value per night.
    expect(fake.calls.reduce((n, c) => n + c.values.length, 0)).toBeLessThan(100);
    const [row] = await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id));
    expect(row.apiKeyEncrypted).not.toContain(fake.apiKey);
    expect(row.lastSyncAt).not.toBeNull();
  });

  it("a new season sends exactly its nights' rates, per rate plan, and no availability", async () => {
    fake.calls.length = 0;
    await t.json("POST", `${f.base}/tariff-configuration/sazonalities`, {
      token: f.token,
      body: { title: "Carnaval", color: "#AA3366", rate: 30_000, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2027-03-10", ends_at: "2027-03-12" }] },
      status: 201,
    });
    await settled();
    const value = (plan: number, rate: string) => ({ property_id: property.id, rate_plan_id: property.ratePlans[plan].id, date_from: "2027-03-10", date_to: "2027-03-12", rate, stop_sell: false, ...OPEN_STAY });
    expect(fake.calls.map((c) => ({ path: c.path, values: c.values }))).toEqual([{ path: "/api/v1/restrictions", values: [value(0, "300.00"), value(1, "380.00"), value(2, "420.00")] }]);
  });

  it("a new reservation sends exactly its nights' availability", async () => {
    fake.calls.length = 0;
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-04-10", departure: "2027-04-12" }), status: 201 });
    await settled();
    expect(fake.calls.map((c) => ({ path: c.path, values: c.values }))).toEqual([
      {
        path: "/api/v1/availability",
        values: [{ property_id: property.id, room_type_id: property.roomTypes[1].id, date_from: "2027-04-10", date_to: "2027-04-11", availability: 3 }],
      },
    ]);
  });

  it("a push Channex answers with 500 is retried and then succeeds; the failure shows meanwhile", async () => {
    fake.calls.length = 0;
    fake.failNext(500);
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-05-01", departure: "2027-05-02" }), status: 201 });
    await expect
      .poll(async () => (await t.db.select().from(channelAriState).where(sql`${channelAriState.businessId} = ${f.business.id} and ${channelAriState.night} = '2027-05-01' and ${channelAriState.categoryId} = ${f.deluxe.id}`))[0]?.status, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe("failed");
    await settled();
    expect(fake.nights("/api/v1/availability").get(`${property.roomTypes[1].id}|2027-05-01`)).toEqual([3]);
    const [night] = await t.db.select().from(channelAriState).where(sql`${channelAriState.businessId} = ${f.business.id} and ${channelAriState.night} = '2027-05-01' and ${channelAriState.categoryId} = ${f.deluxe.id}`);
    expect(night).toMatchObject({ status: "sent", availability: 3, error: null });
    const [connection] = await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id));
    expect(connection.lastError).toBeNull();
  });

  it("a change committed while no worker runs (a crash before the push) is pushed after the restart", async () => {
    await queue!.stop();
    queue = undefined;
    fake.calls.length = 0;
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-06-01", departure: "2027-06-03" }), status: 201 });
    expect(await outboxRows()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.calls).toEqual([]);
    queue = await startBackground(t.handle, { minPushIntervalMs: 0, pollFeeds: false });
    await settled();
    expect(fake.nights("/api/v1/availability").get(`${property.roomTypes[1].id}|2027-06-02`)).toEqual([3]);
  });
});

describe("Channex's rate limit", () => {
  it("spaces one business's pushes and folds a burst of changes into the next push", async () => {
    await settled();
    // The burst arrives while no worker runs (as between two sweeps): its changes wait together.
    await queue!.stop();
    fake.calls.length = 0;
    const nights = ["2027-10-01", "2027-10-03", "2027-10-05"];
    for (const night of nights) {
      await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: night, departure: addDays(night, 1) }), status: 201 });
    }
    queue = await startBackground(t.handle, { minPushIntervalMs: 3_000, pollFeeds: false });
    await settled();
    const availability = () => fake.calls.filter((c) => c.path === "/api/v1/availability");
    expect(availability()).toHaveLength(1);
    const sent = fake.nights("/api/v1/availability");
    for (const night of nights) expect(sent.get(`${property.roomTypes[1].id}|${night}`), night).toEqual([3]);
    // A change right after that push leaves in the next allowed slot, never sooner (a lower bound:
    // a slow machine only makes the gap longer).
    const later = "2027-10-07";
    await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: later, departure: addDays(later, 1) }), status: 201 });
    await settled();
    const [first, second] = availability();
    expect(second, "the second push").toBeDefined();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2_900);
    expect(fake.nights("/api/v1/availability").get(`${property.roomTypes[1].id}|${later}`)).toEqual([3]);
    await queue!.stop();
    queue = await startBackground(t.handle, { minPushIntervalMs: 0, pollFeeds: false });
  });
});

describe("bookings from the Channex feed", () => {
  const revision = (over: Partial<Parameters<FakeChannex["deliver"]>[0]> & { room?: number; checkin?: string; checkout?: string } = {}) => ({
    id: crypto.randomUUID(),
    property_id: property.id,
    booking_id: crypto.randomUUID(),
    status: "new" as const,
    ota_name: "Booking.com",
    ota_reservation_code: "BDC-" + Math.floor(Math.random() * 1e9),
    arrival_date: over.checkin ?? "2027-07-10",
    departure_date: over.checkout ?? "2027-07-12",
    amount: "600.00",
    currency: "BRL",
    customer: { name: "Ana", surname: "Souza", mail: "ana@example.com", phone: "+55 24 99999-0000", country: "BR" },
    rooms: [
      {
        room_type_id: property.roomTypes[over.room ?? 2].id,
        rate_plan_id: property.ratePlans[over.room ?? 2].id,
        checkin_date: over.checkin ?? "2027-07-10",
        checkout_date: over.checkout ?? "2027-07-12",
        amount: "600.00",
        occupancy: { adults: 2, children: 0, infants: 0 },
      },
    ],
    ...over,
  });
  /** The owner's notifications of one kind, read in English. */
  const noticesOf = async (kind: string): Promise<{ title: string; link: string | null; params: Record<string, string> }[]> =>
    (await t.json("GET", `/api/v1/notifications?kind=${kind}&per_page=100`, { token: f.token, lang: "en", status: 200 })).notifications.filter(
      (n: { business_uuid: string }) => n.business_uuid === f.business.id,
    );
  const reservationsOf = async (bookingCode: string) =>
    t.db.select().from(reservations).where(sql`${reservations.businessId} = ${f.business.id} and ${reservations.notes} like ${"%" + bookingCode}`);

  it("a revision delivered twice (its acknowledgement lost) creates one reservation, acknowledged both times", async () => {
    const r = revision();
    fake.deliver(r);
    fake.dropAcks(1);
    const first = await pullBookings(t.db, f.business.id);
    const second = await pullBookings(t.db, f.business.id);
    expect(first).toMatchObject({ applied: 1, duplicates: 0, failed: 0 });
    expect(second).toMatchObject({ applied: 0, duplicates: 1 });
    const made = await reservationsOf(r.ota_reservation_code!);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ channel: "booking_com", arrival: "2027-07-10", departure: "2027-07-12", total: 60_000, overbooked: false, categoryId: f.suite.id });
    expect(fake.acks.filter((id) => id === r.id)).toHaveLength(2);
  });

  it("a modification moves the stay and a cancellation frees it", async () => {
    const r = revision({ checkin: "2027-08-01", checkout: "2027-08-03" });
    fake.deliver(r);
    await pullBookings(t.db, f.business.id);
    fake.deliver({ ...r, id: crypto.randomUUID(), status: "modified", departure_date: "2027-08-04", rooms: [{ ...r.rooms[0], checkout_date: "2027-08-04" }] });
    await pullBookings(t.db, f.business.id);
    let [made] = await reservationsOf(r.ota_reservation_code!);
    expect(made).toMatchObject({ departure: "2027-08-04", status: "confirmed" });
    fake.deliver({ ...r, id: crypto.randomUUID(), status: "cancelled" });
    await pullBookings(t.db, f.business.id);
    [made] = await reservationsOf(r.ota_reservation_code!);
    expect(made.status).toBe("cancelled");
    // The channel's change and cancellation are news for the team, in their language (a channel booking has no one of the hotel behind it).
    const told = (await noticesOf("reservation.changed")).concat(await noticesOf("reservation.cancelled")).filter((n) => n.link === `/bookings/${made.id}`);
    expect(told.map((n) => n.title).sort()).toEqual([
      "Booking cancelled at Pousada Teste: Ana Souza, Aug 1, 2027 to Aug 4, 2027",
      "Booking changed at Pousada Teste: Ana Souza, Aug 1, 2027 to Aug 4, 2027",
    ]);
  });

  it("a channel booking on a full night is accepted and flagged as an overbooking, and the channel hears the night is closed", async () => {
    // The Suíte has 2 rooms: both sold on 2027-09-05.
    for (let i = 0; i < 2; i++) {
      await t.json("POST", `${f.base}/reservations`, {
        token: f.token,
        body: stay(f, { arrival: "2027-09-05", departure: "2027-09-06", room_category_uuid: f.suite.id, adults: 2, guest: { name: `Suíte ${i}` } }),
        status: 201,
      });
    }
    const r = revision({ checkin: "2027-09-05", checkout: "2027-09-06" });
    fake.deliver(r);
    expect(await pullBookings(t.db, f.business.id)).toMatchObject({ applied: 1, overbooked: 1 });
    const [made] = await reservationsOf(r.ota_reservation_code!);
    expect(made.overbooked).toBe(true);
    const answer = await t.json("GET", `${f.base}/reservations/${made.id}`, { token: f.token, status: 200 });
    expect(answer.data?.overbooked ?? answer.overbooked).toBe(true);
    expect(answer.data?.history ?? answer.history).toEqual(expect.arrayContaining([expect.objectContaining({ action: "overbooked" })]));
    await settled();
    const sent = fake.nights("/api/v1/availability").get(`${property.roomTypes[2].id}|2027-09-05`) ?? [];
    expect(sent[sent.length - 1]).toBe(0);
  });
  it("a feed Channex refuses is a sync error the team hears once per outage; a revision that cannot be placed is not", async () => {
    // The background's minute feed would take the refusal meant for this pull.
    await queue!.stop();
    queue = undefined;
    const connectionError = async () => (await t.db.select().from(channexConnections).where(eq(channexConnections.businessId, f.business.id)))[0].lastError;
    const healthy = () => t.db.update(channexConnections).set({ lastError: null, lastErrorAt: null }).where(eq(channexConnections.businessId, f.business.id));
    await healthy();
    const before = (await noticesOf("sync.error")).length;

    fake.failFeedNext(503, 503);
    await expect(pullBookings(t.db, f.business.id)).rejects.toThrow();
    expect(await connectionError()).toMatch(/^booking feed: /);
    let told = await noticesOf("sync.error");
    expect(told).toHaveLength(before + 1);
    expect(told[0].title).toMatch(/^A channel sync failed at Pousada Teste: booking feed: /);
    // Still down a minute later: the same outage, not told again.
    await expect(pullBookings(t.db, f.business.id)).rejects.toThrow();
    expect(await noticesOf("sync.error")).toHaveLength(before + 1);

    // Healthy again: a booking for a room type nobody mapped is no sync error — it needs attention, and the feed moves on.
    await healthy();
    const unmapped = revision({ rooms: [{ ...revision().rooms[0], room_type_id: "unmapped-room-type" }] });
    fake.deliver(unmapped);
    expect(await pullBookings(t.db, f.business.id)).toMatchObject({ attention: 1, failed: 0 });
    expect(fake.acks).toContain(unmapped.id);
    expect(await noticesOf("sync.error")).toHaveLength(before + 1);
    expect(await connectionError()).toBeNull();
  });
});
