import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfig } from "#config";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { bookingsFixture, type BookingsFixture } from "./bookings-fixture.ts";

// No job queue runs here: what is connected stays queued, as the answers show.
let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let property: FakeProperty;
let admin: string;
let base: string;

const mapping = () => [f.standard, f.deluxe].map((c, i) => ({ room_category_uuid: c.id, room_type_id: property.roomTypes[i].id, rate_plan_id: property.ratePlans[i].id }));

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeChannex();
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  property = fake.addProperty();
  admin = await t.login(demoUsers.admin.email);
  base = `/api/v1/admin/businesses/${f.business.id}/channex`;
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe("the Channex connection API", () => {
  it("is for administrators only", async () => {
    await t.json("GET", base, { token: f.token, status: 403 });
    await t.json("PUT", base, { token: f.token, body: { property_id: property.id, api_key: fake.apiKey, mapping: mapping() }, status: 403 });
    await t.json("GET", `/api/v1/admin/businesses/00000000-0000-4000-8000-000000000000/channex`, { token: admin, status: 404 });
  });

  it("refuses bad input with 422 beside the field, and writes nothing", async () => {
    const put = (body: unknown) => t.json("PUT", base, { token: admin, body, lang: "en", status: 422 });
    expect((await put({ property_id: "nope", api_key: fake.apiKey, mapping: mapping() })).errors).toHaveProperty("property_id");
    expect((await put({ property_id: property.id, api_key: fake.apiKey, mapping: [] })).errors).toHaveProperty("mapping");
    expect((await put({ property_id: property.id, api_key: "wrong", mapping: mapping() })).errors).toEqual({ api_key: ["Channex refused this API key."] });
    expect((await put({ property_id: crypto.randomUUID(), api_key: fake.apiKey, mapping: mapping() })).errors).toEqual({
      property_id: ["Channex has no property with this id for this key."],
    });
    const twice = mapping();
    twice[1].room_type_id = twice[0].room_type_id;
    expect((await put({ property_id: property.id, api_key: fake.apiKey, mapping: twice })).errors).toEqual({
      "mapping.1.room_type_id": ["This room type is already mapped to another category."],
    });
    const wrongPlan = mapping();
    wrongPlan[0].rate_plan_id = property.ratePlans[1].id;
    expect((await put({ property_id: property.id, api_key: fake.apiKey, mapping: wrongPlan })).errors).toHaveProperty(["mapping.0.rate_plan_id"]);
    expect((await t.json("GET", base, { token: admin, status: 200 })).data).toEqual({ connected: false });
  });

  it("connects, never shows the key, queues the full push, and shows it on the push status", async () => {
    const answer = await t.json("PUT", base, { token: admin, body: { property_id: property.id, api_key: fake.apiKey, mapping: mapping() }, status: 200 });
    expect(JSON.stringify(answer)).not.toContain(fake.apiKey);
    expect(answer.data).toMatchObject({ connected: true, property_id: property.id, last_sync_at: null, last_error: null, failed_nights: 0 });
    expect(answer.data.queued_changes).toBeGreaterThan(0);

    const status = await t.json("GET", `/api/v1/businesses/${f.business.id}/channel-push-status?from=2027-03-01&to=2027-03-02`, { token: f.token, status: 200 });
    expect(status).toMatchObject({ connected: true, from: "2027-03-01", to: "2027-03-02" });
    expect(status.nights).toHaveLength(2);
    // Only the mapped categories, each night queued.
    expect(status.nights[0].categories.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["Standard", "queued"],
      ["Deluxe", "queued"],
    ]);
    await t.json("GET", `/api/v1/businesses/${f.business.id}/channel-push-status?from=2027-13-01`, { token: f.token, status: 422 });
  });

  it("keeps the stored key when the mapping changes, re-syncs, and disconnects", async () => {
    await t.json("PUT", base, { token: admin, body: { property_id: property.id, api_key: "", mapping: mapping().slice(0, 1) }, status: 200 });
    const resync = await t.json("POST", `${base}/resync`, { token: admin, status: 202 });
    expect(resync.data.mapping).toHaveLength(1);
    await t.call("DELETE", base, { token: admin }).then((r) => expect(r.status).toBe(204));
    expect((await t.json("GET", base, { token: admin, status: 200 })).data).toEqual({ connected: false });
    await t.json("POST", `${base}/resync`, { token: admin, status: 404 });
    const status = await t.json("GET", `/api/v1/businesses/${f.business.id}/channel-push-status`, { token: f.token, status: 200 });
    expect(status).toMatchObject({ connected: false, nights: [] });
  });
});
