import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
let w: PricingWorld;
let collaboratorId: string;

beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.price-settings", "user.calendar", "user.reservations"] });
  collaboratorId = (await userByEmail(w.t.db, demoUsers.collaborator.email)).id;
}, 300_000);
afterAll(() => w.t.close());

const log = (query = "", token = w.tokens.owner) => w.t.json("GET", `${w.base}/activity-log${query}`, { token, status: 200 });
const lineCount = async () => ((await w.t.db.execute(sql`select count(*)::int as n from activity_log where business_id = ${w.businessId}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
const config = async () => (await w.t.json("GET", `${w.base}/tariff-configuration`, { token: w.tokens.owner, status: 200 })).tariff_configuration;

/**
 * Makes every write to the activity log fail, runs `request`, and removes the failure: a change
 * recorded in its own transaction cannot survive its log line failing.
 */
async function whileTheLogFails(request: () => Promise<Response>) {
  const { db } = w.t;
  await db.execute(sql`create or replace function activity_log_refuse() returns trigger language plpgsql as $$ begin raise exception 'activity log refused'; end $$`);
  await db.execute(sql`create trigger activity_log_refuse before insert on activity_log for each row execute function activity_log_refuse()`);
  try {
    return await request();
  } finally {
    await db.execute(sql`drop trigger activity_log_refuse on activity_log`);
  }
}

const occupancy = (perPerson: number) => ({
  price_variation_type: "value",
  apply_single_rate: false,
  single_rate_variation: 0,
  price_increase_per_person: perPerson,
  reference_occupation: 2,
  manual_prices_enabled: true,
});

describe("price settings, seasons and occupancy bands", () => {
  it("records a price setting with who changed it and both values; nothing for a refused one; nothing survives a failed log line", async () => {
    await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, { token: w.tokens.collaborator, body: occupancy(6_000), status: 200 });
    const { data } = await log("?area=price_settings");
    expect(data[0]).toMatchObject({ area: "price_settings", action: "updated", actor: { kind: "user", user_uuid: collaboratorId, name: "Camila Colaboradora" } });
    expect(data[0].changes).toContainEqual({ field: "price_increase_per_person", from: 5_000, to: 6_000 });

    const before = await lineCount();
    await w.t.json("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, { token: w.tokens.collaborator, body: { ...occupancy(6_000), reference_occupation: 0 }, status: 422 });
    expect(await lineCount()).toBe(before);

    const failed = await whileTheLogFails(() => w.t.call("PUT", `${w.base}/tariff-configuration/occupancy-pricing`, { token: w.tokens.owner, body: occupancy(9_900) }));
    expect(failed.status).toBe(500);
    expect((await config()).occupancy_pricing.price_increase_per_person).toBe(6_000);
    expect(await lineCount()).toBe(before);
  });

  it("records a manual price per night, set and cleared", async () => {
    const category = w.categories[0];
    await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.collaborator, body: { room_category_uuid: category.id, date: "2026-04-02", price: 31_000 }, status: 200 });
    await w.t.json("PUT", `${w.base}/manual-prices`, { token: w.tokens.collaborator, body: { room_category_uuid: category.id, date: "2026-04-02", price: null }, status: 200 });
    const { data } = await log("?area=price_settings&per_page=2");
    expect(data.map((d: any) => [d.entity.label, d.changes])).toEqual([
      [category.name, [{ field: "manual_prices.2026-04-02.price", from: 31_000, to: null }]],
      [category.name, [{ field: "manual_prices.2026-04-02.price", from: null, to: 31_000 }]],
    ]);
  });

  it("records a season created, edited and deleted under seasonalities", async () => {
    const body = {
      title: "Páscoa",
      color: "#2b8a3e",
      rate: 40_000,
      dates: [{ days_of_week: [0, 1, 2, 3, 4, 5, 6], starts_at: "2026-04-02", ends_at: "2026-04-06" }],
      fluctuation_level_variations: [],
    };
    const created = await w.t.json("POST", `${w.base}/tariff-configuration/sazonalities`, { token: w.tokens.owner, body, status: 201 });
    const id = created.created_sazonality.uuid;
    await w.t.json("PUT", `${w.base}/tariff-configuration/sazonalities/${id}`, { token: w.tokens.collaborator, body: { ...body, rate: 42_000 }, status: 200 });
    await w.t.json("DELETE", `${w.base}/tariff-configuration/sazonalities/${id}`, { token: w.tokens.owner, status: 200 });
    const { data } = await log("?area=seasonalities&per_page=3");
    expect(data.map((d: any) => [d.action, d.entity.uuid, d.actor.user_uuid === collaboratorId])).toEqual([
      ["deleted", id, false],
      ["updated", id, true],
      ["created", id, false],
    ]);
    expect(data[1].changes).toEqual([{ field: "rate", from: 40_000, to: 42_000 }]);
    expect(data[2].changes).toContainEqual({ field: "title", from: null, to: "Páscoa" });
    expect(data[0].changes).toContainEqual({ field: "rate", from: 42_000, to: null });

    const before = await lineCount();
    const failed = await whileTheLogFails(() => w.t.call("POST", `${w.base}/tariff-configuration/sazonalities`, { token: w.tokens.owner, body: { ...body, title: "Nunca" } }));
    expect(failed.status).toBe(500);
    expect((await config()).sazonalities.some((s: any) => s.title === "Nunca")).toBe(false);
    expect(await lineCount()).toBe(before);
  });

  it("records the occupancy bands that changed, and nothing when the bands are refused", async () => {
    const bands = (await config()).fluctuation_levels.map((l: any) => ({ name: l.name, from_percentage: l.from_percentage, to_percentage: l.to_percentage }));
    bands[0] = { ...bands[0], to_percentage: 45 };
    bands[1] = { ...bands[1], from_percentage: 45 };
    await w.t.json("POST", `${w.base}/tariff-configuration/fluctuation-levels`, { token: w.tokens.owner, body: { fluctuation_levels: bands }, status: 200 });
    const { data } = await log("?area=occupancy_bands");
    expect(data).toHaveLength(2);
    expect(data.flatMap((d: any) => d.changes)).toEqual(
      expect.arrayContaining([
        { field: "to_percentage", from: 40, to: 45 },
        { field: "from_percentage", from: 40, to: 45 },
      ]),
    );
    const before = await lineCount();
    await w.t.json("POST", `${w.base}/tariff-configuration/fluctuation-levels`, { token: w.tokens.owner, body: { fluctuation_levels: [{ name: "A", from_percentage: 0, to_percentage: 90 }] }, status: 422 });
    expect(await lineCount()).toBe(before);
  });
});

describe("rooms and categories", () => {
  it("records a category renamed, with the old and the new name; a failed log line leaves the name", async () => {
    const category = w.categories[1];
    await w.t.json("PUT", `${w.base}/room-categories/${category.id}`, { token: w.tokens.owner, body: { name: "Deluxe Mar" }, status: 200 });
    const { data } = await log("?area=rooms");
    expect(data[0]).toMatchObject({ action: "updated", entity: { uuid: category.id, label: "Deluxe Mar" }, changes: [{ field: "name", from: "Deluxe", to: "Deluxe Mar" }] });

    const before = await lineCount();
    const failed = await whileTheLogFails(() => w.t.call("PUT", `${w.base}/room-categories/${category.id}`, { token: w.tokens.owner, body: { name: "Nunca" } }));
    expect(failed.status).toBe(500);
    const names = (await w.t.db.execute(sql`select name from room_categories where id = ${category.id}`)) as unknown as { rows: { name: string }[] };
    expect(names.rows[0].name).toBe("Deluxe Mar");
    expect(await lineCount()).toBe(before);
  });
});

describe("reservations", () => {
  const stay = {
    arrival: "2026-04-10",
    departure: "2026-04-12",
    adults: 2,
    children: 0,
    guest: { name: "Maria Souza", email: "maria@example.com", country: "BR" },
    channel: "direct",
  };

  it("records a reservation made and cancelled by a person, labelled by its code and guest", async () => {
    const { reservation: created } = await w.t.json("POST", `${w.base}/reservations`, { token: w.tokens.collaborator, body: { ...stay, room_category_uuid: w.categories[0].id }, status: 201 });
    await w.t.json("POST", `${w.base}/reservations/${created.uuid}/cancel`, { token: w.tokens.owner, status: 200 });
    const { data } = await log("?area=reservations&per_page=2");
    expect(data.map((d: any) => [d.action, d.entity.uuid])).toEqual([
      ["updated", created.uuid],
      ["created", created.uuid],
    ]);
    expect(data[0].entity.label).toContain("Maria Souza");
    expect(data[0].changes).toContainEqual({ field: "status", from: expect.any(String), to: "cancelled" });
    expect(data[1].actor.user_uuid).toBe(collaboratorId);
  });

  it("writes nothing for a refused reservation, and no reservation when its log line fails", async () => {
    const before = await lineCount();
    await w.t.json("POST", `${w.base}/reservations`, { token: w.tokens.owner, body: { ...stay, departure: "2026-04-10", room_category_uuid: w.categories[0].id }, status: 422 });
    expect(await lineCount()).toBe(before);
    const failed = await whileTheLogFails(() => w.t.call("POST", `${w.base}/reservations`, { token: w.tokens.owner, body: { ...stay, room_category_uuid: w.categories[0].id, guest: { ...stay.guest, name: "Nunca Gravada" } } }));
    expect(failed.status).toBe(500);
    const list = await w.t.json("GET", `${w.base}/reservations?from=2026-04-01&to=2026-04-30`, { token: w.tokens.owner, status: 200 });
    expect(JSON.stringify(list)).not.toContain("Nunca Gravada");
    expect(await lineCount()).toBe(before);
  });
});

describe("collaborators and permissions", () => {
  it("records permissions given and taken, and nothing when the owner tries to edit themselves", async () => {
    await w.t.json("PUT", `${w.base}/collaborators/${collaboratorId}`, { token: w.tokens.owner, body: { permissions: ["user.price-settings", "user.calendar", "user.reservations", "user.dashboard"] }, status: 200 });
    const { data } = await log("?area=collaborators");
    expect(data[0]).toMatchObject({ action: "updated", entity: { uuid: collaboratorId }, changes: [{ field: "permissions", from: ["user.calendar", "user.price-settings", "user.reservations"], to: ["user.calendar", "user.dashboard", "user.price-settings", "user.reservations"] }] });
    expect(data[0].entity.label).toContain(demoUsers.collaborator.email);

    const before = await lineCount();
    await w.t.json("PUT", `${w.base}/collaborators/${collaboratorId}`, { token: w.tokens.owner, body: { permissions: ["user.nonsense"] }, status: 422 });
    const failed = await whileTheLogFails(() => w.t.call("PUT", `${w.base}/collaborators/${collaboratorId}`, { token: w.tokens.owner, body: { permissions: ["user.calendar"] } }));
    expect(failed.status).toBe(500);
    expect(await lineCount()).toBe(before);
    await w.setCollaboratorPermissions(["user.price-settings", "user.calendar", "user.reservations"]);
  });
});

describe("subscription and payment methods", () => {
  it("records a card added, nothing for a declined card, and no card when its log line fails", async () => {
    await w.t.json("POST", `/api/v1/payments/${w.businessId}/methods`, { token: w.tokens.owner, body: { payment_method_id: "pm_card_visa" }, status: 201 });
    const { data } = await log("?area=subscription");
    expect(data[0]).toMatchObject({ action: "created", entity: { label: "visa •••• 4242" } });
    expect(data[0].changes).toContainEqual({ field: "default", from: null, to: true });

    const before = await lineCount();
    await w.t.json("POST", `/api/v1/payments/${w.businessId}/methods`, { token: w.tokens.owner, body: { payment_method_id: "pm_card_chargeDeclined" }, status: 402 });
    expect(await lineCount()).toBe(before);
    const failed = await whileTheLogFails(() => w.t.call("POST", `/api/v1/payments/${w.businessId}/methods`, { token: w.tokens.owner, body: { payment_method_id: "pm_card_mastercard" } }));
    expect(failed.status).toBe(500);
    const cards = await w.t.json("GET", `/api/v1/payments/${w.businessId}/methods`, { token: w.tokens.owner, status: 200 });
    expect(cards.data.payment_methods.map((m: any) => m.brand)).toEqual(["visa"]);
    expect(await lineCount()).toBe(before);
  });
});

describe("GET …/activity-log: filters, pages, permissions", () => {
  const businessDay = (offsetDays = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + offsetDays * 86_400_000));

  it("filters by person, area and the business's calendar days", async () => {
    const all = await log("?per_page=100");
    expect(all.pagination.total).toBeGreaterThan(8);
    expect(all.timezone).toBe("America/Sao_Paulo");
    expect(all.people.map((p: any) => p.uuid)).toEqual(expect.arrayContaining([collaboratorId]));

    const byCollaborator = await log(`?actor=${collaboratorId}&per_page=100`);
    expect(byCollaborator.data.length).toBeGreaterThan(0);
    expect(byCollaborator.data.every((d: any) => d.actor.user_uuid === collaboratorId)).toBe(true);
    expect(byCollaborator.pagination.total).toBeLessThan(all.pagination.total);

    const rooms = await log("?area=rooms");
    expect(rooms.data.every((d: any) => d.area === "rooms")).toBe(true);

    expect((await log(`?from=${businessDay()}&to=${businessDay()}&per_page=100`)).pagination.total).toBe(all.pagination.total);
    expect((await log(`?from=${businessDay(1)}`)).data).toEqual([]);
    expect((await log(`?to=${businessDay(-1)}`)).data).toEqual([]);
    expect((await log("?actor=job")).data).toEqual([]);
    // Empty filters from a form mean "any".
    expect((await log("?actor=&area=&from=&to=")).pagination.total).toBe(all.pagination.total);
  });

  it("pages newest first without losing or repeating a line", async () => {
    const all = (await log("?per_page=100")).data.map((d: any) => d.uuid);
    const first = await log("?per_page=3&page=1");
    const second = await log("?per_page=3&page=2");
    expect(first.pagination).toMatchObject({ page: 1, per_page: 3, total: all.length, pages: Math.ceil(all.length / 3) });
    expect([...first.data, ...second.data].map((d: any) => d.uuid)).toEqual(all.slice(0, 6));
    const times = all.map((id: string) => (first.data.concat(second.data).find((d: any) => d.uuid === id)?.at ?? ""));
    expect(times.slice(0, 6)).toEqual([...times.slice(0, 6)].sort().reverse());
    expect((await log("?per_page=3&page=999")).data).toEqual([]);
  });

  it("refuses bad filters with 422 beside the field", async () => {
    for (const [query, field] of [
      ["?area=nope", "area"],
      ["?actor=someone", "actor"],
      ["?from=2026-02-30", "from"],
      ["?from=2026-03-10&to=2026-03-01", "to"],
      ["?per_page=1000", "per_page"],
      ["?page=0", "page"],
    ]) {
      const answer = await w.t.json("GET", `${w.base}/activity-log${query}`, { token: w.tokens.owner, lang: "en", status: 422 });
      expect(Object.keys(answer.errors), query).toContain(field);
    }
  });

  it("is for the owner, user.pms-settings holders and administrators only", async () => {
    await w.t.json("GET", `${w.base}/activity-log`, { token: w.tokens.collaborator, status: 403 });
    await w.t.json("GET", `${w.base}/activity-log`, { token: w.tokens.stranger, status: 403 });
    await w.t.json("GET", `${w.base}/activity-log`, { token: null, status: 401 });
    await w.t.json("GET", `/api/v1/businesses/${w.otherBusinessId}/activity-log`, { token: w.tokens.owner, status: 403 });
    expect((await log("", w.tokens.admin)).data.length).toBeGreaterThan(0);
    await w.setCollaboratorPermissions(["user.pms-settings"]);
    try {
      expect((await log("", w.tokens.collaborator)).data.length).toBeGreaterThan(0);
    } finally {
      await w.setCollaboratorPermissions(["user.price-settings", "user.calendar", "user.reservations"]);
    }
  });
});
