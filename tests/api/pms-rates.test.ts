import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let owner: string;
let collaborator: string;
let stranger: string;
const B = DEMO_BUSINESS.id;
const V1 = `/api/v1/businesses/${B}`;

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  const body = await t.json("POST", "/api/auth/register", {
    body: { name: "Estela", surname: "Estranha", email: "estela@example.com", password: "senha-da-estela", password_confirmation: "senha-da-estela" },
    status: 201,
  });
  stranger = body.token;
});
afterAll(() => t.close());

describe("who may touch the distribution settings", () => {
  const paths = ["sales-channels", "rate-plans", "hotel-policies"];
  it.each(paths)("a stranger gets 403 on %s", async (path) => {
    await t.json("GET", `${V1}/${path}`, { token: stranger, status: 403 });
  });
  it.each(paths)("a collaborator without user.pms-settings gets 403 on %s", async (path) => {
    const body = await t.json("GET", `${V1}/${path}`, { token: collaborator, status: 403 });
    expect(body.message).toBeTruthy();
  });
  it("a collaborator granted user.pms-settings gets in", async () => {
    const camila = await userByEmail(t.db, demoUsers.collaborator.email);
    const before = await t.json("GET", `${V1}/collaborators`, { token: owner, status: 200 });
    const held = before.data.find((m: { user: { uuid: string } }) => m.user.uuid === camila.id).permissions;
    await t.json("PUT", `${V1}/collaborators`, {
      token: owner,
      body: { collaborators: [{ user_uuid: camila.id, permissions: [...held, "user.pms-settings"] }] },
      status: 200,
    });
    const body = await t.json("GET", `${V1}/sales-channels`, { token: collaborator, status: 200 });
    expect(body.data.length).toBeGreaterThan(0);
    await t.json("PUT", `${V1}/collaborators`, { token: owner, body: { collaborators: [{ user_uuid: camila.id, permissions: held }] }, status: 200 });
    await t.json("GET", `${V1}/sales-channels`, { token: collaborator, status: 403 });
  });
  it("the permission matrix refuses the owner's own row and unknown people, changing nothing", async () => {
    const me = await userByEmail(t.db, demoUsers.owner.email);
    const body = await t.json("PUT", `${V1}/collaborators`, {
      token: owner,
      body: { collaborators: [{ user_uuid: me.id, permissions: [] }] },
      status: 422,
    });
    expect(Object.keys(body.errors)).toEqual(["collaborators.0.user_uuid"]);
    const camila = await userByEmail(t.db, demoUsers.collaborator.email);
    const strangerId = (await userByEmail(t.db, "estela@example.com")).id;
    const before = await t.json("GET", `${V1}/collaborators`, { token: owner, status: 200 });
    const refused = await t.json("PUT", `${V1}/collaborators`, {
      token: owner,
      body: { collaborators: [{ user_uuid: camila.id, permissions: [] }, { user_uuid: strangerId, permissions: [] }] },
      status: 422,
    });
    expect(Object.keys(refused.errors)).toEqual(["collaborators.1.user_uuid"]);
    // All or nothing: Camila kept her permissions.
    expect(await t.json("GET", `${V1}/collaborators`, { token: owner, status: 200 })).toEqual(before);
  });
});

describe("sales channels", () => {
  it("the demo starts with its seven channels and their commissions", async () => {
    const body = await t.json("GET", `${V1}/sales-channels`, { token: owner, status: 200 });
    const byCode = Object.fromEntries(body.data.map((c: { code: string; commission: number }) => [c.code, c.commission]));
    expect(byCode).toEqual({ direct: 0, booking_engine: 0, booking_com: 15, expedia: 18, airbnb: 3, phone: 0, walk_in: 0 });
  });

  it("creates one with a 15 % commission, then edits and deactivates it", async () => {
    const created = await t.json("POST", `${V1}/sales-channels`, {
      token: owner,
      body: { code: "Decolar", name: "Decolar", commission: 15, markup: 5 },
      status: 201,
    });
    expect(created.sales_channel).toMatchObject({ code: "decolar", commission: 15, markup: 5, active: true, connection: "none" });
    const id = created.sales_channel.uuid;
    const edited = await t.json("PUT", `${V1}/sales-channels/${id}`, { token: owner, body: { commission: 12.5, active: false }, status: 200 });
    expect(edited.sales_channel).toMatchObject({ code: "decolar", commission: 12.5, active: false });
  });

  it.each([
    [{ code: "neg", name: "Neg", commission: -1 }, "commission"],
    [{ code: "big", name: "Big", commission: 100.5 }, "commission"],
    [{ code: "b a d", name: "Bad code", commission: 1 }, "code"],
    [{ code: "booking_com", name: "Again", commission: 10 }, "code"],
    [{ code: "nomarkup", name: "Markup", commission: 1, markup: -3 }, "markup"],
    [{ code: "conn", name: "Conn", commission: 1, connection: "fax" }, "connection"],
  ])("refuses %j with 422 beside %s", async (input, field) => {
    const body = await t.json("POST", `${V1}/sales-channels`, { token: owner, body: input, status: 422 });
    expect(Object.keys(body.errors)).toContain(field);
  });

  it("a negative commission on edit is a 422 and changes nothing", async () => {
    const list = await t.json("GET", `${V1}/sales-channels`, { token: owner, status: 200 });
    const booking = list.data.find((c: { code: string }) => c.code === "booking_com");
    const body = await t.json("PUT", `${V1}/sales-channels/${booking.uuid}`, { token: owner, body: { commission: -5 }, status: 422 });
    expect(Object.keys(body.errors)).toEqual(["commission"]);
    const again = await t.json("GET", `${V1}/sales-channels/${booking.uuid}`, { token: owner, status: 200 });
    expect(again.data.commission).toBe(15);
  });

  it("unknown or malformed ids are 404, a malformed body 422", async () => {
    await t.json("GET", `${V1}/sales-channels/not-a-uuid`, { token: owner, status: 404 });
    await t.json("PUT", `${V1}/sales-channels/00000000-0000-4000-8000-000000000000`, { token: owner, body: {}, status: 404 });
    await t.json("POST", `${V1}/sales-channels`, { token: owner, body: "{nope", status: 422 });
  });
});

describe("rate plans", () => {
  it("creates a non-refundable plan and prices it from the engine's rate", async () => {
    const created = await t.json("POST", `${V1}/rate-plans`, {
      token: owner,
      body: { name: "Promo −20 %", code: "promo20", kind: "percent", adjustment_percent: -20, cancellation_source: "non_refundable" },
      status: 201,
    });
    const plan = created.rate_plan;
    expect(plan).toMatchObject({ code: "promo20", kind: "percent", adjustment_percent: -20, active: true });
    const body = await t.json("GET", `${V1}/rate-plans/rates?from=2027-01-10&to=2027-01-11&room_category_uuid=${DEMO_CATEGORY_IDS.standard}`, {
      token: owner,
      status: 200,
    });
    const mine = body.data.filter((r: { rate_plan_uuid: string }) => r.rate_plan_uuid === plan.uuid);
    expect(mine).toHaveLength(2);
    for (const r of mine) {
      expect(r.rate).toBe(Math.round((r.base_rate * 0.8) / 100) * 100);
      const last = r.explanation.at(-1);
      expect(last).toMatchObject({ step: "ratePlan", amount: r.rate - r.base_rate });
      expect(r.explanation.reduce((sum: number, s: { amount: number }) => sum + s.amount, 0)).toBe(r.rate);
    }
  });

  it.each([
    [{ name: "Long", code: "long", kind: "long_stay", adjustment_percent: -10 }, "long_stay_min_nights"],
    [{ name: "Cafe", code: "cafe", kind: "per_guest", amount_per_guest: 0 }, "amount_per_guest"],
    [{ name: "Stay", code: "stay", min_stay: 5, max_stay: 2 }, "max_stay"],
    [{ name: "Text", code: "text", cancellation_source: "custom" }, "cancellation_text"],
    [{ name: "Days", code: "days", closed_to_arrival: [7] }, "closed_to_arrival.0"],
    [{ name: "Dup", code: "standard" }, "code"],
    [{ name: "Huge", code: "huge", kind: "percent", adjustment_percent: -101 }, "adjustment_percent"],
  ])("refuses %j with 422 beside %s", async (input, field) => {
    const body = await t.json("POST", `${V1}/rate-plans`, { token: owner, body: input, status: 422 });
    expect(Object.keys(body.errors)).toContain(field);
  });

  it("a range of rates longer than a quarter or backwards is a 422", async () => {
    await t.json("GET", `${V1}/rate-plans/rates?from=2027-01-10&to=2027-06-11`, { token: owner, status: 422 });
    await t.json("GET", `${V1}/rate-plans/rates?from=2027-01-10&to=2027-01-01`, { token: owner, status: 422 });
  });

  it("edits and deletes a plan", async () => {
    const { rate_plan } = await t.json("POST", `${V1}/rate-plans`, { token: owner, body: { name: "Temp", code: "temp" }, status: 201 });
    const edited = await t.json("PUT", `${V1}/rate-plans/${rate_plan.uuid}`, {
      token: owner,
      body: { name: "Temp 2", code: "temp", kind: "long_stay", adjustment_percent: -5, long_stay_min_nights: 4, min_stay: 2 },
      status: 200,
    });
    expect(edited.rate_plan).toMatchObject({ name: "Temp 2", kind: "long_stay", effective_min_stay: 4 });
    await t.json("DELETE", `${V1}/rate-plans/${rate_plan.uuid}`, { token: owner, status: 200 });
    await t.json("GET", `${V1}/rate-plans/${rate_plan.uuid}`, { token: owner, status: 404 });
  });
});

describe("channel mappings", () => {
  async function booking() {
    const list = await t.json("GET", `${V1}/sales-channels`, { token: owner, status: 200 });
    return list.data.find((c: { code: string }) => c.code === "booking_com").uuid as string;
  }
  async function activePlans() {
    const list = await t.json("GET", `${V1}/rate-plans`, { token: owner, status: 200 });
    return list.data.filter((p: { active: boolean }) => p.active) as { uuid: string; code: string }[];
  }

  it("maps categories and every active plan, and reads them back", async () => {
    const channel = await booking();
    const plans = await activePlans();
    const body = await t.json("PUT", `${V1}/channel-mappings/${channel}`, {
      token: owner,
      body: {
        room_categories: [{ room_category_uuid: DEMO_CATEGORY_IDS.standard, external_id: "RT-STD" }],
        rate_plans: plans.map((p, i) => (i === 0 ? { rate_plan_uuid: p.uuid, excluded: true } : { rate_plan_uuid: p.uuid, external_id: `RP-${p.code}` })),
      },
      status: 200,
    });
    expect(body.room_categories.find((c: { room_category_uuid: string }) => c.room_category_uuid === DEMO_CATEGORY_IDS.standard)).toMatchObject({
      external_id: "RT-STD",
      excluded: false,
    });
    expect(body.rate_plans[0]).toMatchObject({ excluded: true, external_id: null });
    const again = await t.json("GET", `${V1}/channel-mappings/${channel}`, { token: owner, status: 200 });
    expect(again.rate_plans).toEqual(body.rate_plans);
  });

  it("refuses a category mapped twice, one room type for two categories, and an active plan left unmapped — 422, nothing saved", async () => {
    const channel = await booking();
    const plans = await activePlans();
    const before = await t.json("GET", `${V1}/channel-mappings/${channel}`, { token: owner, status: 200 });
    const categories = Object.values(DEMO_CATEGORY_IDS);
    const body = await t.json("PUT", `${V1}/channel-mappings/${channel}`, {
      token: owner,
      body: {
        room_categories: [
          { room_category_uuid: categories[0], external_id: "A" },
          { room_category_uuid: categories[0], external_id: "B" },
          { room_category_uuid: categories[1], external_id: "a" },
        ],
        rate_plans: [{ rate_plan_uuid: plans[0].uuid }, ...plans.slice(2).map((p) => ({ rate_plan_uuid: p.uuid, external_id: p.code }))],
      },
      status: 422,
    });
    expect(body.errors).toHaveProperty(["room_categories.1.room_category_uuid"]);
    expect(body.errors).toHaveProperty(["room_categories.2.external_id"]);
    expect(body.errors).toHaveProperty(["rate_plans.0.external_id"]);
    expect(body.errors).toHaveProperty(["rate_plans"]);
    expect(await t.json("GET", `${V1}/channel-mappings/${channel}`, { token: owner, status: 200 })).toEqual(before);
  });

  it("refuses ids of another business's categories and plans", async () => {
    const channel = await booking();
    const body = await t.json("PUT", `${V1}/channel-mappings/${channel}`, {
      token: owner,
      body: { room_categories: [{ room_category_uuid: "00000000-0000-4000-8000-000000000001", external_id: "X" }], rate_plans: [] },
      status: 422,
    });
    expect(body.errors).toHaveProperty(["room_categories.0.room_category_uuid"]);
  });

  it("a stranger cannot read another hotel's mapping", async () => {
    await t.json("GET", `${V1}/channel-mappings/${await booking()}`, { token: stranger, status: 403 });
  });
});

describe("hotel policies", () => {
  it("reads the demo's rules and saves new ones", async () => {
    const body = await t.json("GET", `${V1}/hotel-policies`, { token: owner, status: 200 });
    expect(body.data).toMatchObject({ check_in_from: "14:00", check_out_until: "12:00", guarantee: "deposit", deposit_percent: 30, pets_allowed: false });
    const saved = await t.json("PUT", `${V1}/hotel-policies`, {
      token: owner,
      body: { ...body.data, check_in_from: "15:00", pets_allowed: true, pets_policy: "Cães pequenos, R$ 50 por noite." },
      status: 200,
    });
    expect(saved.data).toMatchObject({ check_in_from: "15:00", pets_allowed: true, pets_policy: "Cães pequenos, R$ 50 por noite." });
  });

  it.each([
    [{ check_in_from: "25:00", check_out_until: "12:00" }, "check_in_from"],
    [{ check_in_from: "14:00", check_in_until: "13:00", check_out_until: "12:00" }, "check_in_until"],
    [{ check_in_from: "14:00", check_out_until: "12:00", guarantee: "deposit", deposit_percent: 0 }, "deposit_percent"],
    [{ check_in_from: "14:00", check_out_until: "12:00", deposit_percent: 120 }, "deposit_percent"],
  ])("refuses %j with 422 beside %s", async (input, field) => {
    const body = await t.json("PUT", `${V1}/hotel-policies`, { token: owner, body: input, status: 422 });
    expect(Object.keys(body.errors)).toContain(field);
  });
});
