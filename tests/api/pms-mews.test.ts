import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, importedReservations, mewsConnections, notifications, pmsSystems, reservations } from "#api/db/schema/index.ts";
import { mewsClientFor, pushMewsPricesNow, syncMews } from "#api/services/pms/mews-sync.ts";
import { MEWS_PRICES_JOB } from "#api/services/outbox/nights-changed.ts";
import { startJobQueue } from "#api/services/queue/queue.ts";
import { pushMewsPrices, timeUnitStartUtc } from "#api/services/pms/mews-prices.ts";
import { openRecord } from "#api/services/secrets.ts";
import { setConfig } from "#config";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { ADULTS, CATEGORY_IDS, CHILDREN, RATE_ID, documentedReservation, documentedSpaceOrder, startFakeMews, type FakeMews } from "#tests/helpers/fake-mews.ts";
import { bookingsFixture, otherOwner, type BookingsFixture } from "./bookings-fixture.ts";

// The Mews connector (issue 25 point 3, ADR 0049) against a double of the Connector API that
// answers with the documented shapes and refuses what the documentation forbids.
let t: TestApi;
let fake: FakeMews;
let f: BookingsFixture;
let mewsId: number;
let admin: string;

const today = () => todayIn("America/Sao_Paulo");
/** Noon UTC of a day (15:00 in Budapest, 09:00 in São Paulo: the same date everywhere involved). */
const utc = (day: string, hour = 12) => `${day}T${String(hour).padStart(2, "0")}:00:00Z`;

function reservation(id: string, over: { arrival: string; nights: number; state?: string; category?: string; createdDaysBefore?: number; adults?: number; children?: number; updated?: string; cancelled?: string | null; reason?: string | null; origin?: string; commander?: string | null }) {
  return documentedReservation({
    Id: id,
    Number: id.slice(0, 4),
    State: (over.state ?? "Confirmed") as never,
    Origin: over.origin ?? "Commander",
    CommanderOrigin: over.commander === undefined ? "Phone" : over.commander,
    CreatedUtc: utc(addDays(over.arrival, -(over.createdDaysBefore ?? 20))),
    UpdatedUtc: over.updated ?? utc(addDays(over.arrival, -(over.createdDaysBefore ?? 20))),
    CancelledUtc: over.cancelled ?? null,
    CancellationReason: over.reason ?? null,
    RequestedResourceCategoryId: over.category ?? CATEGORY_IDS.standard,
    ScheduledStartUtc: utc(over.arrival, 13),
    ScheduledEndUtc: utc(addDays(over.arrival, over.nights), 10),
    PersonCounts: [
      { AgeCategoryId: ADULTS, Count: over.adults ?? 2 },
      { AgeCategoryId: CHILDREN, Count: over.children ?? 0 },
    ],
  });
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeMews();
  // The hotel's Mews enterprise prices in reais, like its Tarifa business.
  fake.state.currency = "BRL";
  setConfig({ ...t.config, MEWS_API_URL: fake.url, MEWS_CLIENT_TOKEN: fake.clientToken });
  f = await bookingsFixture(t);
  admin = await t.login(demoUsers.admin.email);
  const [mews] = await t.db.select().from(pmsSystems).where(sql`${pmsSystems.settings}->>'kind' = 'mews'`);
  mewsId = mews!.id;
  const d = today();
  fake.state.reservations.push(
    // A past stay, checked out: history.
    reservation(uuid(1), { arrival: addDays(d, -200), nights: 3, state: "Processed", children: 1 }),
    // A cancellation: its dates and its cancellation day are kept.
    reservation(uuid(2), { arrival: addDays(d, -100), nights: 2, state: "Canceled", cancelled: utc(addDays(d, -110)), reason: "RequestedByGuest", updated: utc(addDays(d, -110)) }),
    // A no-show (cancelled with that reason).
    reservation(uuid(3), { arrival: addDays(d, -50), nights: 1, state: "Canceled", cancelled: utc(addDays(d, -50)), reason: "NoShow", updated: utc(addDays(d, -50)) }),
    // Future bookings: one confirmed from a channel manager, one optional in the suite.
    reservation(uuid(4), { arrival: addDays(d, 30), nights: 4, origin: "ChannelManager", commander: null, createdDaysBefore: 40 }),
    reservation(uuid(5), { arrival: addDays(d, 60), nights: 2, state: "Optional", category: CATEGORY_IDS.suite, createdDaysBefore: 61 }),
    // A dormitory bed: no Tarifa category has that name, so it is skipped, not invented.
    reservation(uuid(6), { arrival: addDays(d, 10), nights: 1, category: CATEGORY_IDS.dorm }),
    // An inquiry holds nothing and is not read.
    reservation(uuid(7), { arrival: addDays(d, 15), nights: 1, state: "Inquired" }),
  );
  fake.state.orderItems.push(
    documentedSpaceOrder(uuid(101), uuid(1), 300, "BRL"),
    documentedSpaceOrder(uuid(102), uuid(1), 150.5, "BRL"),
    documentedSpaceOrder(uuid(103), uuid(2), 400, "BRL"),
    documentedSpaceOrder(uuid(104), uuid(4), 1000, "BRL"),
    documentedSpaceOrder(uuid(105), uuid(5), 700, "BRL"),
  );
  // Mews's clock: a minute ago.
  fake.state.nowUtc = new Date(Date.now() - 60_000).toISOString();
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

const step = (path: string, body: unknown, status = 200, token = f.token) => t.json("PUT", `${f.base}/${path}`, { token, body, status, lang: "en" });
const statusOf = async () => (await t.db.select({ status: businesses.status }).from(businesses).where(eq(businesses.id, f.business.id)))[0]!.status;
const imported = async () =>
  new Map(
    (
      await t.db
        .select({ key: importedReservations.externalKey, r: reservations })
        .from(importedReservations)
        .innerJoin(reservations, eq(reservations.id, importedReservations.reservationId))
        .where(eq(importedReservations.businessId, f.business.id))
    ).map((row) => [row.key.replace(/^id:mews:/, ""), row.r]),
  );

describe("connecting Mews in the onboarding", () => {
  it("is offered with one credential, the hotel's Access Token", async () => {
    const listed = (await t.json("GET", "/api/v1/pms", { token: f.token, status: 200 })).data as { id: number; name: string; settings: { kind: string; fields: { name: string; type: string; required: boolean }[] } }[];
    const mews = listed.find((p) => p.name === "Mews")!;
    expect(mews).toMatchObject({ id: mewsId, settings: { kind: "credentials", fields: [{ name: "access_token", type: "password", required: true }] } });
  });

  it("refuses a token Mews refuses (PMS_FAILED), then connects with a good one and waits for the first sync", async () => {
    await t.json("PUT", `/api/v1/admin/businesses/${f.business.id}/status`, { token: admin, body: { status: "PMS_CREDENTIALS_REQUESTED" }, status: 200 });
    const refused = await step("pms", { pms_id: mewsId, credentials: { access_token: "not-a-token" } });
    expect(refused.business.status).toBe("PMS_FAILED");
    expect(fake.callsOf("configuration/get").at(-1)!.body).toMatchObject({ ClientToken: fake.clientToken, AccessToken: "not-a-token", Client: "Tarifa 1.0.0" });

    await t.json("POST", `${f.base}/setup/retry`, { token: f.token, status: 200 });
    const connected = await step("pms", { pms_id: mewsId, credentials: { access_token: fake.accessToken } });
    expect(connected.business).toMatchObject({ status: "DOWNLOADING_DATA", pms: { id: mewsId, name: "Mews" }, pms_credentials_saved: true });
    const [stored] = await t.db.select({ credentials: businesses.pmsCredentials }).from(businesses).where(eq(businesses.id, f.business.id));
    // Sealed like Channex keys: the token is not in the row, but opens back.
    expect(JSON.stringify(stored!.credentials)).not.toContain(fake.accessToken);
    expect(openRecord(stored!.credentials)).toEqual({ access_token: fake.accessToken });
    expect(await t.db.select().from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id))).toHaveLength(1);
  });

  it("another owner can neither choose a PMS for this hotel nor read its imports", async () => {
    const other = await otherOwner(t);
    const res = await t.call("PUT", `${f.base}/pms`, { token: other.token, body: { pms_id: mewsId, credentials: { access_token: "x" } } });
    expect([403, 404]).toContain(res.status);
    const list = await t.call("GET", `${f.base}/imports`, { token: other.token });
    expect([403, 404]).toContain(list.status);
  });
});

describe("the first sync", () => {
  it("reads every reservation in windows of at most three months, imports them and loads the data", async () => {
    fake.state.calls.length = 0;
    const result = await syncMews(t.db, f.business.id);
    expect(result).toMatchObject({ ok: true, read: 6 });
    expect(await statusOf()).toBe("DATA_LOADED");

    const calls = fake.callsOf("reservations/getAll/2023-06-06");
    // Three years back and two ahead, by scheduled start, each window under the documented limit (the fake refuses longer ones).
    expect(calls.length).toBeGreaterThanOrEqual(20);
    for (const c of calls) {
      expect(c.body.ScheduledStartUtc).toBeDefined();
      expect(c.body.UpdatedUtc).toBeUndefined();
      expect(c.body.Limitation).toEqual({ Count: 1000, Cursor: null });
      expect(c.body.States).toEqual(["Confirmed", "Started", "Processed", "Canceled", "Optional"]);
    }
    expect(fake.callsOf("orderItems/getAll")[0]!.body).toMatchObject({ Types: ["SpaceOrder"], Currency: "BRL" });

    const d = today();
    const rows = await imported();
    expect([...rows.keys()].sort()).toEqual([uuid(1), uuid(2), uuid(3), uuid(4), uuid(5)]);
    expect(rows.get(uuid(1))).toMatchObject({ status: "checked_out", arrival: addDays(d, -200), departure: addDays(d, -197), adults: 2, children: 1, total: 45_050, categoryId: f.standard.id, channel: "phone" });
    expect(rows.get(uuid(1))!.createdAt.toISOString().slice(0, 10)).toBe(addDays(d, -220));
    // The cancellation keeps its stay and the day it was cancelled.
    expect(rows.get(uuid(2))).toMatchObject({ status: "cancelled", arrival: addDays(d, -100), departure: addDays(d, -98), total: 40_000 });
    expect(rows.get(uuid(2))!.cancelledAt!.toISOString().slice(0, 10)).toBe(addDays(d, -110));
    expect(rows.get(uuid(3))).toMatchObject({ status: "no_show" });
    expect(rows.get(uuid(4))).toMatchObject({ status: "confirmed", arrival: addDays(d, 30), departure: addDays(d, 34), total: 100_000, channel: "other" });
    expect(rows.get(uuid(5))).toMatchObject({ status: "confirmed", categoryId: f.suite.id });

    const [connection] = await t.db.select().from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id));
    expect(connection).toMatchObject({ timeZone: "Europe/Budapest", pricing: "Gross", rateId: RATE_ID, lastError: null, categoryMap: { [CATEGORY_IDS.standard]: f.standard.id, [CATEGORY_IDS.suite]: f.suite.id } });
    expect(connection!.syncedThrough!.toISOString()).toBe(fake.state.nowUtc);
    // The pull is listed with the business's imports, the dormitory bed as a skipped row.
    const list = (await t.json("GET", `${f.base}/imports`, { token: f.token, status: 200 })).data as { format: string; added: number; skipped: number; status: string }[];
    expect(list[0]).toMatchObject({ format: "mews", status: "done", added: 5, skipped: 1 });
  });

  it("pushes Tarifa's prices to the root rate per matched category, then nothing while they stay the same", async () => {
    const updates = fake.state.priceUpdates.flatMap((u) => u.PriceUpdates.map((p) => ({ rate: u.RateId, ...p })));
    expect(updates.length).toBeGreaterThan(0);
    expect(new Set(updates.map((u) => u.rate))).toEqual(new Set([RATE_ID]));
    expect(new Set(updates.map((u) => u.CategoryId))).toEqual(new Set([CATEGORY_IDS.standard, CATEGORY_IDS.suite]));
    const d = today();
    // Tomorrow's Standard price (R$ 250 at the lowest band), as the time unit starting at Budapest's midnight.
    const tomorrow = timeUnitStartUtc(addDays(d, 1), "Europe/Budapest");
    const covering = updates.find((u) => u.CategoryId === CATEGORY_IDS.standard && String(u.FirstTimeUnitStartUtc) <= tomorrow && String(u.LastTimeUnitStartUtc) >= tomorrow);
    expect(covering?.Value).toBe(250);

    fake.state.priceUpdates.length = 0;
    const client = mewsClientFor({ access_token: fake.accessToken });
    expect(await pushMewsPrices(t.db, f.business.id, { now: new Date(), client })).toEqual({ nights: 0 });
    expect(fake.state.priceUpdates).toEqual([]);

    // A season of three nights: exactly those nights go, one update per category.
    const from = addDays(d, 5);
    const to = addDays(d, 7);
    await t.json("POST", `${f.base}/tariff-configuration/sazonalities`, {
      token: f.token,
      body: { title: "Carnaval", color: "#AA3366", rate: 30_000, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: from, ends_at: to }] },
      status: 201,
    });
    expect(await pushMewsPrices(t.db, f.business.id, { now: new Date(), client })).toEqual({ nights: 6 });
    const span = { FirstTimeUnitStartUtc: timeUnitStartUtc(from, "Europe/Budapest"), LastTimeUnitStartUtc: timeUnitStartUtc(to, "Europe/Budapest") };
    expect(fake.state.priceUpdates).toEqual([
      {
        RateId: RATE_ID,
        PriceUpdates: expect.arrayContaining([
          { CategoryId: CATEGORY_IDS.standard, ...span, Value: 300 },
          { CategoryId: CATEGORY_IDS.suite, ...span, Value: 420 },
        ]),
      },
    ]);
    expect(fake.state.priceUpdates[0]!.PriceUpdates).toHaveLength(2);
  });
});

describe("later syncs", () => {
  it("ask only for what was updated since the last pull, and update or add just those", async () => {
    const d = today();
    const before = await imported();
    const previousPull = fake.state.nowUtc;
    const changedAt = new Date(Date.parse(previousPull) + 30_000).toISOString();
    // The future booking is cancelled in Mews; a new one arrives.
    const r4 = fake.state.reservations.find((r) => r.Id === uuid(4))!;
    Object.assign(r4, { State: "Canceled", CancelledUtc: changedAt, CancellationReason: "RequestedByGuest", UpdatedUtc: changedAt });
    fake.state.reservations.push(reservation(uuid(8), { arrival: addDays(d, 40), nights: 2, origin: "Distributor", commander: null, createdDaysBefore: 0, updated: changedAt }));
    fake.state.reservations.at(-1)!.CreatedUtc = changedAt;
    fake.state.nowUtc = new Date(Date.parse(previousPull) + 120_000).toISOString();
    fake.state.calls.length = 0;

    const result = await syncMews(t.db, f.business.id);
    expect(result, result.error).toMatchObject({ ok: true, read: 2 });
    const calls = fake.callsOf("reservations/getAll/2023-06-06");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.ScheduledStartUtc).toBeUndefined();
    expect(calls[0]!.body.UpdatedUtc).toEqual({ StartUtc: new Date(Date.parse(previousPull) - 5 * 60_000).toISOString(), EndUtc: fake.state.nowUtc });

    const after = await imported();
    expect(after.get(uuid(4))).toMatchObject({ id: before.get(uuid(4))!.id, status: "cancelled", arrival: addDays(d, 30), departure: addDays(d, 34) });
    // The cancellation day is the hotel's (Budapest): after 23:00 UTC it is already tomorrow there.
    expect(after.get(uuid(4))!.cancelledAt!.toISOString().slice(0, 10)).toBe(todayIn("Europe/Budapest", new Date(changedAt)));
    expect(after.get(uuid(8))).toMatchObject({ status: "confirmed", channel: "direct", arrival: addDays(d, 40) });
    // The others were not touched.
    for (const id of [uuid(1), uuid(2), uuid(3), uuid(5)]) expect(after.get(id)!.updatedAt).toEqual(before.get(id)!.updatedAt);
  });
});

describe("a failed sync", () => {
  it("tells the owner once per outage, keeps the last pull's mark, and a good sync ends the outage", async () => {
    const [{ syncedThrough }] = await t.db.select({ syncedThrough: mewsConnections.syncedThrough }).from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id));
    const told = () => t.db.select().from(notifications).where(and(eq(notifications.businessId, f.business.id), eq(notifications.kind, "sync.error")));
    fake.failNext(500, "reservations/getAll/2023-06-06", 2);
    const first = await syncMews(t.db, f.business.id);
    expect(first).toMatchObject({ ok: false, error: expect.stringContaining("500") });
    const second = await syncMews(t.db, f.business.id);
    expect(second.ok).toBe(false);
    const notes = await told();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ params: { source: "pms", pms: "Mews", error: expect.stringContaining("Mews reservations/getAll/2023-06-06 answered 500") }, link: "/pms-settings/imports" });
    const [connection] = await t.db.select().from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id));
    expect(connection!.syncedThrough).toEqual(syncedThrough);
    expect(connection!.lastError).toContain("500");
    // The notification reads in the owner's language.
    const centre = await t.json("GET", "/api/v1/notifications", { token: f.token, status: 200, lang: "en" });
    expect(centre.notifications.find((n: { kind: string }) => n.kind === "sync.error").title).toMatch(/^The sync with the PMS Mews failed at Pousada Teste: Mews reservations\/getAll\/2023-06-06 answered 500/);

    // A 429 is waited out (Retry-After) and the sync goes through: the outage ends.
    fake.failNext(429, "configuration/get");
    expect((await syncMews(t.db, f.business.id)).ok).toBe(true);
    const [cleared] = await t.db.select().from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id));
    expect(cleared!.lastError).toBeNull();
    fake.failNext(401, "configuration/get");
    await syncMews(t.db, f.business.id);
    expect(await told()).toHaveLength(2);
  });

  it("a first sync that fails moves a waiting business to DOWNLOAD_FAILED", async () => {
    await t.db.update(mewsConnections).set({ syncedThrough: null, lastError: null }).where(eq(mewsConnections.businessId, f.business.id));
    await t.json("PUT", `/api/v1/admin/businesses/${f.business.id}/status`, { token: admin, body: { status: "DOWNLOADING_DATA" }, status: 200 });
    fake.failNext(401, "configuration/get");
    expect((await syncMews(t.db, f.business.id)).ok).toBe(false);
    expect(await statusOf()).toBe("DOWNLOAD_FAILED");
  });
});

describe("an enterprise that prices in another currency", () => {
  it("gets no price (reais would be read as euros): the sync imports, the owner is told once, and prices go when the currencies match", async () => {
    const told = () => t.db.select().from(notifications).where(and(eq(notifications.businessId, f.business.id), eq(notifications.kind, "sync.error")));
    // No outage under way (the test before left one recorded).
    await t.db.update(mewsConnections).set({ lastError: null, lastErrorAt: null }).where(eq(mewsConnections.businessId, f.business.id));
    const toldBefore = (await told()).length;
    // A new season gives the push something to send.
    const from = addDays(today(), 90);
    await t.json("POST", `${f.base}/tariff-configuration/sazonalities`, {
      token: f.token,
      body: { title: "Réveillon", color: "#3366AA", rate: 50_000, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: from, ends_at: addDays(from, 2) }] },
      status: 201,
    });
    fake.state.currency = "EUR";
    fake.state.priceUpdates.length = 0;
    try {
      const first = await syncMews(t.db, f.business.id);
      expect(first).toMatchObject({ ok: false, error: expect.stringContaining("EUR") });
      expect(fake.state.priceUpdates).toEqual([]);
      const [connection] = await t.db.select().from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id));
      expect(connection!.lastError).toMatch(/EUR.*BRL/);
      expect(await syncMews(t.db, f.business.id)).toMatchObject({ ok: false });
      const notes = await told();
      expect(notes).toHaveLength(toldBefore + 1);
      expect(notes.at(-1)!.params).toMatchObject({ pms: "Mews", error: expect.stringContaining("EUR") });
    } finally {
      fake.state.currency = "BRL";
    }
    const again = await syncMews(t.db, f.business.id);
    expect(again, again.error).toMatchObject({ ok: true });
    expect(fake.state.priceUpdates.flatMap((u) => u.PriceUpdates).some((p) => p.Value === 500)).toBe(true);
    const [connection] = await t.db.select().from(mewsConnections).where(eq(mewsConnections.businessId, f.business.id));
    expect(connection!.lastError).toBeNull();
  });
});

describe("a price change in Tarifa", () => {
  it("reaches Mews by itself: the change enqueues the business's price push", async () => {
    const pushed: string[] = [];
    const queue = await startJobQueue(t.handle, [
      { name: MEWS_PRICES_JOB, pollSeconds: 0.5, run: async ({ businessId }: { businessId: string }) => void (pushed.push(businessId), await pushMewsPricesNow(t.db, businessId, new Date())) },
    ]);
    try {
      fake.state.priceUpdates.length = 0;
      const day = addDays(today(), 20);
      await t.json("POST", `${f.base}/tariff-configuration/sazonalities`, {
        token: f.token,
        body: { title: "Festa", color: "#33AA66", rate: 35_000, dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: day, ends_at: day }] },
        status: 201,
      });
      for (let i = 0; i < 120 && fake.state.priceUpdates.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
      expect(pushed).toContain(f.business.id);
      const at = timeUnitStartUtc(day, "Europe/Budapest");
      expect(fake.state.priceUpdates.flatMap((u) => u.PriceUpdates)).toContainEqual({ CategoryId: CATEGORY_IDS.standard, FirstTimeUnitStartUtc: at, LastTimeUnitStartUtc: at, Value: 350 });
    } finally {
      await queue.stop();
    }
  }, 120_000);
});
