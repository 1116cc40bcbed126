import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfig } from "#config";
import { activityLog } from "#api/db/schema/index.ts";
import { pruneActivityLog } from "#api/services/activity/retention.ts";
import { createTestApi, demoUsers, testConfig, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex } from "#tests/helpers/fake-channex.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";

/**
 * The areas the activity log covers beyond prices, rooms, reservations, collaborators and
 * subscription: the business's details, the PMS ledger and the distribution settings (the
 * payment provider's webhook is in billing-stripe.test.ts), and how long the lines are kept.
 */

let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let ownerId: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  fake = await startFakeChannex();
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
  admin = await t.login(demoUsers.admin.email);
}, 300_000);
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

type Line = { area: string; action: string; actor: { kind: string; user_uuid: string | null; name: string | null }; entity: { uuid: string | null; label: string | null }; changes: { field: string; from: unknown; to: unknown }[] };

const latest = async (area: string): Promise<Line> => (await t.json("GET", `${f.base}/activity-log?area=${area}&per_page=1`, { token: f.token, status: 200 })).data[0];
const lineCount = async () => ((await t.db.execute(sql`select count(*)::int as n from activity_log where business_id = ${f.business.id}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
const byOwner = { kind: "user", user_uuid: expect.any(String), name: "Otávio Proprietário" };

/** Every write to the activity log fails while `request` runs: the change cannot survive its line. */
async function whileTheLogFails(request: () => Promise<Response>) {
  await t.db.execute(sql`create or replace function activity_log_refuse() returns trigger language plpgsql as $$ begin raise exception 'activity log refused'; end $$`);
  await t.db.execute(sql`create trigger activity_log_refuse before insert on activity_log for each row execute function activity_log_refuse()`);
  try {
    return await request();
  } finally {
    await t.db.execute(sql`drop trigger activity_log_refuse on activity_log`);
  }
}

describe("business details", () => {
  it("records the details that changed, before → after, by whom; nothing for a refused change; nothing survives a failed line", async () => {
    await t.json("PUT", `${f.base}/details`, { token: f.token, body: { company_name: "Pousada Nova", city: "Florianópolis", timezone: "America/Sao_Paulo" }, status: 200 });
    const line = await latest("business");
    expect(line).toMatchObject({ area: "business", action: "updated", actor: { ...byOwner, user_uuid: ownerId }, entity: { uuid: f.business.id, label: "Pousada Nova" } });
    expect(line.changes).toContainEqual({ field: "company_name", from: "Pousada Teste", to: "Pousada Nova" });
    expect(line.changes).toContainEqual({ field: "city", from: null, to: "Florianópolis" });
    // Only what changed: the fields left out are not on the line.
    expect(line.changes.map((c) => c.field)).not.toContain("email");

    const before = await lineCount();
    await t.json("PUT", `${f.base}/details`, { token: f.token, body: { business_type_uuid: "00000000-0000-4000-8000-000000000000" }, status: 422 });
    await t.json("PUT", `${f.base}/details`, { token: f.token, body: { company_name: "Pousada Nova" }, status: 200 });
    expect(await lineCount()).toBe(before);

    const failed = await whileTheLogFails(() => t.call("PUT", `${f.base}/details`, { token: f.token, body: { company_name: "Pousada Perdida" } }));
    expect(failed.status).toBe(500);
    const business = (await t.json("GET", `${f.base}`, { token: f.token, status: 200 })).data;
    expect(business.company_name).toBe("Pousada Nova");
    expect(await lineCount()).toBe(before);
  });
});

describe("the PMS ledger", () => {
  it("records a payment and a refund taken on a reservation, labelled by its code, and their removal", async () => {
    const { account: pix } = await t.json("POST", `${f.base}/accounts`, { token: f.token, body: { name: "Pix", kind: "pix" }, status: 201 });
    const account = await latest("ledger");
    expect(account).toMatchObject({ action: "created", entity: { uuid: pix.uuid, label: "Pix" } });
    expect(account.changes).toContainEqual({ field: "name", from: null, to: "Pix" });

    const { reservation } = await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f), status: 201 });
    const path = `${f.base}/reservations/${reservation.uuid}`;
    await t.json("POST", `${path}/payments`, { token: f.token, body: { account_uuid: pix.uuid, kind: "deposit", amount: 20_000, received_on: "2027-01-15" }, status: 201 });
    const paid = await latest("ledger");
    expect(paid).toMatchObject({ action: "created", actor: byOwner, entity: { label: reservation.code } });
    expect(paid.changes).toEqual(
      expect.arrayContaining([
        { field: "amount", from: null, to: 20_000 },
        { field: "kind", from: null, to: "deposit" },
        { field: "account", from: null, to: "Pix" },
      ]),
    );
    const { payment: refund } = await t.json("POST", `${path}/payments`, { token: f.token, body: { account_uuid: pix.uuid, kind: "refund", amount: 5_000, received_on: "2027-01-16" }, status: 201 });
    await t.json("DELETE", `${path}/payments/${refund.uuid}`, { token: f.token, status: 200 });
    const removed = await latest("ledger");
    expect(removed).toMatchObject({ action: "deleted", entity: { uuid: refund.uuid, label: reservation.code } });
    expect(removed.changes).toContainEqual({ field: "amount", from: 5_000, to: null });
    expect(removed.changes).toContainEqual({ field: "kind", from: "refund", to: null });
  });

  it("records an item repriced with both prices; a refused payment writes nothing; a failed line leaves no payment", async () => {
    const { item_category: food } = await t.json("POST", `${f.base}/item-categories`, { token: f.token, body: { name: "Alimentação" }, status: 201 });
    const { item } = await t.json("POST", `${f.base}/items`, { token: f.token, body: { name: "Café", item_category_uuid: food.uuid, price: 4_500 }, status: 201 });
    await t.json("PUT", `${f.base}/items/${item.uuid}`, { token: f.token, body: { name: "Café", item_category_uuid: food.uuid, price: 5_000 }, status: 200 });
    const repriced = await latest("ledger");
    expect(repriced).toMatchObject({ action: "updated", entity: { uuid: item.uuid, label: "Café" }, changes: [{ field: "price", from: 4_500, to: 5_000 }] });

    const { account } = await t.json("POST", `${f.base}/accounts`, { token: f.token, body: { name: "Dinheiro", kind: "cash" }, status: 201 });
    const { reservation } = await t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { arrival: "2027-04-01", departure: "2027-04-02" }), status: 201 });
    const path = `${f.base}/reservations/${reservation.uuid}`;
    const before = await lineCount();
    await t.json("POST", `${path}/payments`, { token: f.token, body: { account_uuid: account.uuid, kind: "deposit", amount: -1, received_on: "2027-01-15" }, status: 422 });
    expect(await lineCount()).toBe(before);
    const failed = await whileTheLogFails(() => t.call("POST", `${path}/payments`, { token: f.token, body: { account_uuid: account.uuid, kind: "deposit", amount: 1_000, received_on: "2027-01-15" } }));
    expect(failed.status).toBe(500);
    expect((await t.json("GET", `${path}/payments`, { token: f.token, status: 200 })).data).toEqual([]);
    expect(await lineCount()).toBe(before);
  });
});

describe("distribution settings", () => {
  it("records a sales channel's commission moved and a rate plan created, each with both values", async () => {
    const { sales_channel: channel } = await t.json("POST", `${f.base}/sales-channels`, { token: f.token, body: { code: "decolar", name: "Decolar", commission: 15 }, status: 201 });
    await t.json("PUT", `${f.base}/sales-channels/${channel.uuid}`, { token: f.token, body: { commission: 12.5 }, status: 200 });
    const moved = await latest("distribution");
    expect(moved).toMatchObject({ action: "updated", actor: byOwner, entity: { uuid: channel.uuid, label: "Decolar" }, changes: [{ field: "commission", from: 15, to: 12.5 }] });

    const { rate_plan: plan } = await t.json("POST", `${f.base}/rate-plans`, {
      token: f.token,
      body: { name: "Promo −20 %", code: "promo20", kind: "percent", adjustment_percent: -20, cancellation_source: "non_refundable" },
      status: 201,
    });
    const created = await latest("distribution");
    expect(created).toMatchObject({ action: "created", entity: { uuid: plan.uuid, label: "Promo −20 %" } });
    expect(created.changes).toContainEqual({ field: "adjustment_percent", from: null, to: -20 });

    const before = await lineCount();
    await t.json("PUT", `${f.base}/sales-channels/${channel.uuid}`, { token: f.token, body: { commission: 101 }, status: 422 });
    expect(await lineCount()).toBe(before);
  });

  it("records the Channex connection an administrator made and removed, never its key", async () => {
    const property = fake.addProperty();
    const mapping = [{ room_category_uuid: f.standard.id, room_type_id: property.roomTypes[0].id, rate_plan_id: property.ratePlans[0].id }];
    const base = `/api/v1/admin/businesses/${f.business.id}/channex`;
    await t.json("PUT", base, { token: admin, body: { property_id: property.id, api_key: fake.apiKey, mapping }, status: 200 });
    const connected = await latest("distribution");
    expect(connected).toMatchObject({ action: "created", actor: { kind: "user", name: "Ana Administradora" }, entity: { label: "Channex" } });
    expect(connected.changes).toContainEqual({ field: "property_id", from: null, to: property.id });
    expect(connected.changes).toContainEqual({ field: `mapping.${f.standard.id}.room_type_id`, from: null, to: property.roomTypes[0].id });
    expect(JSON.stringify(connected)).not.toContain(fake.apiKey);

    expect((await t.call("DELETE", base, { token: admin })).status).toBe(204);
    expect(await latest("distribution")).toMatchObject({ action: "deleted", entity: { label: "Channex" } });
  });
});

describe("retention", () => {
  it("prunes lines older than the retention period for every business, and keeps the rest", async () => {
    const now = new Date("2027-01-15T12:00:00Z");
    const day = 86_400_000;
    const line = (at: Date, label: string) => ({ businessId: f.business.id, actorKind: "job" as const, area: "business" as const, action: "updated" as const, entityLabel: label, at });
    await t.db.insert(activityLog).values([line(new Date(now.getTime() - 731 * day), "old"), line(new Date(now.getTime() - 729 * day), "kept")]);
    const total = await lineCount();
    expect((await pruneActivityLog(t.db, { now, retentionDays: 730 })).activity).toBe(1);
    expect(await lineCount()).toBe(total - 1);
    const labels = (await t.db.select({ label: activityLog.entityLabel }).from(activityLog)).map((r) => r.label);
    expect(labels).toContain("kept");
    expect(labels).not.toContain("old");
  });

  it("runs in the daily maintenance.prune command, with the period from ACTIVITY_LOG_RETENTION_DAYS (730 days by default, 30 at least)", async () => {
    expect(t.config.ACTIVITY_LOG_RETENTION_DAYS).toBe(730);
    expect(testConfig({ ACTIVITY_LOG_RETENTION_DAYS: "365" }).ACTIVITY_LOG_RETENTION_DAYS).toBe(365);
    expect(() => testConfig({ ACTIVITY_LOG_RETENTION_DAYS: "7" })).toThrow(/ACTIVITY_LOG_RETENTION_DAYS/);

    await t.db.insert(activityLog).values({ businessId: f.business.id, actorKind: "job", area: "business", action: "updated", entityLabel: "ancient", at: new Date("2020-01-01T00:00:00Z") });
    await t.json("POST", "/api/v1/admin/daily-commands/maintenance.prune/run", { token: admin, body: {}, status: 200 });
    const labels = (await t.db.select({ label: activityLog.entityLabel }).from(activityLog)).map((r) => r.label);
    expect(labels).not.toContain("ancient");
  });
});
