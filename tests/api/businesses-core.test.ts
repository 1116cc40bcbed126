import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, pmsSystems, roomCategories } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let owner: string;
let collaborator: string;
const B = DEMO_BUSINESS.id;

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
});
afterAll(() => t.close());

async function register(email: string) {
  const body = await t.json("POST", "/api/auth/register", {
    body: { name: "Rita", surname: "Lima", email, password: "hotel-da-rita", password_confirmation: "hotel-da-rita" },
    status: 201,
  });
  return body.token as string;
}

const category = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  room_count: 3,
  min_occupation: 1,
  max_occupation: 2,
  price_variation_type: "value",
  price_variation_value: 0,
  commission: 0,
  ...extra,
});

async function storedCategories(businessId: string) {
  return t.db.select().from(roomCategories).where(eq(roomCategories.businessId, businessId));
}

describe("the demo pousada", () => {
  it("is the owner's selected business, with every field of the spec", async () => {
    const body = await t.json("GET", "/api/v1/businesses", { token: owner, status: 200 });
    expect(body.selected_business_uuid).toBe(B);
    expect(body.businesses).toHaveLength(1);
    const b = body.businesses[0];
    expect(b).toMatchObject({
      uuid: B,
      slug: "pousada-mare-alta",
      status: "SETUP_DONE",
      company_name: "Pousada Maré Alta",
      city: "Paraty",
      state: "RJ",
      country: "BR",
      payment_frequency: "monthly",
      room_count: 14,
      total_rooms: 14,
      logo: null,
      logo_filename: null,
      business_type: { uuid: "b7e00000-0000-4000-8000-000000000002", title: "Pousada", is_bnb: false },
      owner: { name: "Otávio", email: demoUsers.owner.email },
      pms: { id: 1, name: "Tarifa PMS", pms_default: true, is_active: true, settings: { auth_url: null, fields: [] } },
      tariff_configuration: { rooms_tariff: null, fluctuation_levels: expect.any(Array), sazonalities: expect.any(Array) },
      is_owner: true,
      currency: "BRL",
      timezone: "America/Sao_Paulo",
    });
    for (const field of ["corporate_name", "address", "email", "phone_number", "primary_customer_segment", "corporate_tax_code", "zip_code", "website", "social_media", "fluctuation_level", "accommodation_purpose", "is_whitelisted", "advisory", "business_type_uuid", "created_at", "updated_at"]) {
      expect(b).toHaveProperty(field);
    }
    expect(b).not.toHaveProperty("pms_credentials");
    expect(b.permissions).toContain("user.businesses");
    expect(b.room_setup.categories.map((c: { name: string; room_count: number; min_occupation: number; max_occupation: number }) => [c.name, c.room_count, c.min_occupation, c.max_occupation])).toEqual([
      ["Standard", 8, 1, 2],
      ["Deluxe", 4, 1, 3],
      ["Suíte", 2, 2, 4],
    ]);
    const [, deluxe, suite] = b.room_setup.categories;
    expect(deluxe).toMatchObject({ uuid: DEMO_CATEGORY_IDS.deluxe, price_variation_type: "value", price_variation_value: 8000 });
    expect(suite).toMatchObject({ uuid: DEMO_CATEGORY_IDS.suite, price_variation_type: "percentage", price_variation_value: 40 });
  });

  it("is shared with the demo collaborator, who holds only what was granted", async () => {
    const body = await t.json("GET", "/api/v1/businesses", { token: collaborator, status: 200 });
    expect(body.selected_business_uuid).toBe(B);
    expect(body.businesses[0].is_owner).toBe(false);
    expect(body.businesses[0].permissions).toEqual(["user.dashboard", "user.calendar", "user.reservations", "user.availability", "user.rooms-overview"]);
    const one = await t.json("GET", `/api/v1/businesses/${B}`, { token: collaborator, status: 200 });
    expect(one.data.uuid).toBe(B);
  });

  it("GET /businesses/{id} answers { data } with titles in the caller's language", async () => {
    const body = await t.json("GET", `/api/v1/businesses/${B.toUpperCase()}`, { token: owner, lang: "fr", status: 200 });
    expect(body.data.business_type.title).toBe("Auberge");
  });
});

describe("reference lists", () => {
  it("GET /business-types lists the seeded types translated, B&B marked", async () => {
    const en = await t.json("GET", "/api/v1/business-types", { token: owner, lang: "en", status: 200 });
    expect(en.data.map((d: { title: string }) => d.title)).toEqual([
      "Hotel",
      "Guesthouse (pousada)",
      "Bed & breakfast",
      "Hostel",
      "Resort",
      "Vacation rental",
      "Motel",
      "Cabins & chalets",
    ]);
    expect(en.data.filter((d: { is_bnb: boolean }) => d.is_bnb).map((d: { title: string }) => d.title)).toEqual(["Bed & breakfast"]);
    expect(en.data[0]).toEqual({ uuid: expect.any(String), slug: "hotel", title: "Hotel", description: expect.stringContaining("front desk"), icon: "hotel", is_bnb: false });
    const it_ = await t.json("GET", "/api/v1/business-types", { token: owner, lang: "it", status: 200 });
    expect(it_.data[5].title).toBe("Casa vacanze");
    const pt = await t.json("GET", "/api/v1/business-types", { token: owner, status: 200 });
    expect(pt.data[2].title).toBe("Cama e café (B&B)");
  });

  it("GET /pms lists the built-in default, Import from a file, Mews and a connector's credential fields translated", async () => {
    const label = (es: string, en: string) => ({ "pt-BR": en, "en-US": en, "es-ES": es, "fr-CA": en, "it-IT": en });
    await t.db.insert(pmsSystems).values({
      name: "Sistema Teste",
      settings: {
        auth_url: "https://sistema.test/auth",
        fields: [
          { name: "username", label: label("Usuario", "Username"), type: "text", required: true },
          { name: "password", label: label("Contraseña", "Password"), type: "password", required: true },
        ],
      },
    });
    const body = await t.json("GET", "/api/v1/pms", { token: owner, lang: "es", status: 200 });
    expect(body.data).toHaveLength(4);
    expect(body.data[0]).toMatchObject({ id: 1, name: "Tarifa PMS", pms_default: true, settings: { kind: "built_in", fields: [] } });
    expect(body.data[1]).toMatchObject({ name: "Import from a file", pms_default: false, settings: { kind: "file", auth_url: null, fields: [] } });
    expect(body.data[2]).toMatchObject({ name: "Mews", pms_default: false, settings: { kind: "credentials", fields: [{ name: "access_token", label: "Access Token de Mews", type: "password", required: true }] } });
    expect(body.data[3]).toMatchObject({ name: "Sistema Teste", pms_default: false, settings: { kind: "credentials", auth_url: "https://sistema.test/auth" } });
    expect(body.data[3].settings.fields).toEqual([
      { name: "username", label: "Usuario", type: "text", required: true },
      { name: "password", label: "Contraseña", type: "password", required: true },
    ]);
  });

  it("needs a signed-in caller", async () => {
    expect((await t.call("GET", "/api/v1/business-types")).status).toBe(401);
    expect((await t.call("GET", "/api/v1/businesses")).status).toBe(401);
  });
});

describe("POST /businesses", () => {
  it("creates a business for a new account: owner, selected, built-in PMS, slug, rooms counted", async () => {
    const token = await register("rita@example.com");
    const before = await t.json("GET", "/api/v1/businesses", { token, status: 200 });
    expect(before).toEqual({ businesses: [], selected_business_uuid: null });

    const body = await t.json("POST", "/api/v1/businesses", {
      token,
      body: {
        company_name: "  Pousada <Maré> Alta  ",
        business_type_uuid: "b7e00000-0000-4000-8000-000000000003",
        accommodation_purpose: "leisure",
        country: "br",
        state: "SC",
        city: "Florianópolis",
        email: "Contato@Rita.com.br",
        website: "rita.com.br",
        room_setup: { categories: [category("Standard", { room_count: 5 }), category("Família", { room_count: 2, max_occupation: 5, price_variation_type: "percentage", price_variation_value: 25 })] },
      },
      status: 201,
    });
    const b = body.business;
    expect(b).toMatchObject({
      status: "BUSINESS_CREATED",
      company_name: "Pousada Maré Alta",
      // The demo pousada already has the plain slug.
      slug: "pousada-mare-alta-2",
      country: "BR",
      email: "contato@rita.com.br",
      website: "https://rita.com.br/",
      business_type: { is_bnb: true },
      pms: { id: 1, pms_default: true },
      room_count: 7,
      total_rooms: 7,
      is_owner: true,
      owner: { email: "rita@example.com" },
    });
    expect(b.room_setup.categories.map((c: { name: string }) => c.name)).toEqual(["Standard", "Família"]);
    const list = await t.json("GET", "/api/v1/businesses", { token, status: 200 });
    expect(list.selected_business_uuid).toBe(b.uuid);
    const me = await t.json("GET", "/api/v1/user", { token, status: 200 });
    expect(me.user.roles).toContain("owner");
  });

  it("gives a new business the time zone of its country and state unless it names one", async () => {
    const token = await register("manaus@example.com");
    const inManaus = await t.json("POST", "/api/v1/businesses", { token, body: { company_name: "Hotel Rio Negro", country: "BR", state: "AM" }, status: 201 });
    expect(inManaus.business.timezone).toBe("America/Manaus");
    const named = await t.json("POST", "/api/v1/businesses", { token, body: { company_name: "Hotel Lisboa", country: "PT", timezone: "Atlantic/Madeira" }, status: 201 });
    expect(named.business.timezone).toBe("Atlantic/Madeira");
    const inRome = await t.json("POST", "/api/v1/businesses", { token, body: { company_name: "Albergo Roma", country: "IT" }, status: 201 });
    expect(inRome.business.timezone).toBe("Europe/Rome");
    await t.json("POST", "/api/v1/businesses", { token, body: { company_name: "Hotel Marte", country: "BR", timezone: "Mars/Olympus" }, status: 422 });
  });

  it("makes a collaborator who creates a business its owner and selects it", async () => {
    const body = await t.json("POST", "/api/v1/businesses", { token: collaborator, body: { company_name: "Hostel da Camila", country: "BR" }, status: 201 });
    expect(body.business).toMatchObject({ slug: "hostel-da-camila", room_count: 0, room_setup: { categories: [] } });
    const me = await userByEmail(t.db, demoUsers.collaborator.email);
    expect(me.roles).toEqual(["collaborator", "owner"]);
    const list = await t.json("GET", "/api/v1/businesses", { token: collaborator, status: 200 });
    expect(list.businesses.map((b: { uuid: string }) => b.uuid).sort()).toEqual([B, body.business.uuid].sort());
    expect(list.selected_business_uuid).toBe(body.business.uuid);
    // And back to the pousada.
    const selected = await t.json("PUT", "/api/v1/user/selected-business", { token: collaborator, body: { business_uuid: B }, status: 200 });
    expect(selected.business.uuid).toBe(B);
    expect((await t.json("GET", "/api/v1/businesses", { token: collaborator })).selected_business_uuid).toBe(B);
  });

  it("refuses missing and malformed fields with translated errors, writing nothing", async () => {
    const token = await register("vazio@example.com");
    const body = await t.json("POST", "/api/v1/businesses", {
      token,
      lang: "en",
      body: { company_name: " <> ", country: "Brasil", email: "nope", website: "javascript:alert(1)", business_type_uuid: "123" },
      status: 422,
    });
    expect(body.errors).toMatchObject({
      company_name: ["This field is required."],
      country: ["Use the two-letter country code (e.g. BR)."],
      email: ["Enter a valid e-mail address."],
      website: ["Enter a valid URL."],
      business_type_uuid: ["Invalid identifier."],
    });
    const unknownType = await t.json("POST", "/api/v1/businesses", {
      token,
      lang: "en",
      body: { company_name: "X", country: "BR", business_type_uuid: "00000000-0000-4000-8000-000000000000" },
      status: 422,
    });
    expect(unknownType.errors.business_type_uuid).toEqual(["Choose a business type from the list."]);
    expect((await t.json("GET", "/api/v1/businesses", { token })).businesses).toEqual([]);
  });

  it("refuses inconsistent rooms (min > max, no rooms, duplicate names) and creates nothing", async () => {
    const token = await register("quartos@example.com");
    const body = await t.json("POST", "/api/v1/businesses", {
      token,
      lang: "en",
      body: {
        company_name: "Hotel Inconsistente",
        country: "BR",
        room_setup: {
          categories: [
            category("Duplo", { min_occupation: 3, max_occupation: 2 }),
            category("Zero", { room_count: 0 }),
            category("duplo"),
            category("Caro", { min_price: 50_000, max_price: 10_000 }),
            category("Muito", { price_variation_type: "percentage", price_variation_value: 900 }),
          ],
        },
      },
      status: 422,
    });
    expect(body.errors).toEqual({
      "room_setup.categories.0.max_occupation": ["Maximum occupancy must be at least the minimum."],
      "room_setup.categories.1.room_count": ["The minimum is 1."],
      "room_setup.categories.2.name": ["Another room category already has this name."],
      "room_setup.categories.3.max_price": ["The maximum price must be at least the minimum price."],
      "room_setup.categories.4.price_variation_value": ["The percentage must be between −100 and 500."],
    });
    const rows = await t.db.select().from(businesses).where(eq(businesses.companyName, "Hotel Inconsistente"));
    expect(rows).toEqual([]);
  });
});

describe("editing the pousada", () => {
  it("PUT /details updates what is sent, sanitised, and keeps the rest", async () => {
    const body = await t.json("PUT", `/api/v1/businesses/${B}/details`, {
      token: owner,
      body: { company_name: "Pousada Maré Alta & Spa", phone_number: "+55 24 3371-1111", corporate_name: "", social_media: { instagram: "@marealta", facebook: "marealta" }, is_whitelisted: true, status: "DATA_LOADED", slug: "hack" },
      status: 200,
    });
    expect(body.business).toMatchObject({
      company_name: "Pousada Maré Alta  Spa",
      phone_number: "+55 24 3371-1111",
      corporate_name: null,
      city: "Paraty",
      social_media: { instagram: "@marealta", facebook: "marealta" },
      // Not editable here.
      is_whitelisted: false,
      status: "SETUP_DONE",
      slug: "pousada-mare-alta",
    });
  });

  it("PUT /type sets the type and purpose", async () => {
    const body = await t.json("PUT", `/api/v1/businesses/${B}/type`, {
      token: owner,
      lang: "en",
      body: { business_type_uuid: "b7e00000-0000-4000-8000-000000000001", accommodation_purpose: "business" },
      status: 200,
    });
    expect(body.business).toMatchObject({ business_type_uuid: "b7e00000-0000-4000-8000-000000000001", business_type: { title: "Hotel" }, accommodation_purpose: "business" });
    const missing = await t.json("PUT", `/api/v1/businesses/${B}/type`, { token: owner, lang: "en", body: {}, status: 422 });
    expect(missing.errors.business_type_uuid).toEqual(["This field is required."]);
  });

  it("PUT /rooms replaces the set: updates by uuid, creates new ones, deletes the missing, recounts", async () => {
    const token = await register("trocas@example.com");
    const created = await t.json("POST", "/api/v1/businesses", {
      token,
      body: { company_name: "Hotel das Trocas", country: "BR", room_setup: { categories: [category("Standard", { room_count: 8 }), category("Deluxe", { room_count: 4 }), category("Suíte", { room_count: 2 })] } },
      status: 201,
    });
    const id = created.business.uuid as string;
    const [standard, deluxe, suite] = created.business.room_setup.categories.map((c: { uuid: string }) => c.uuid);
    const body = await t.json("PUT", `/api/v1/businesses/${id}/rooms`, {
      token,
      body: {
        room_setup: {
          categories: [
            // Swapped names: the update must not trip over its own unique names.
            { ...category("Deluxe", { room_count: 9 }), uuid: standard },
            { ...category("Standard", { room_count: 4, max_occupation: 3, price_variation_value: 8000 }), uuid: deluxe },
            category("Chalé", { room_count: 1, max_occupation: 4, commission: 12.5, min_price: 30_000, max_price: 90_000 }),
          ],
        },
      },
      status: 200,
    });
    const cats = body.business.room_setup.categories;
    expect(cats.map((c: { uuid: string; name: string }) => [c.uuid, c.name])).toEqual([
      [standard, "Deluxe"],
      [deluxe, "Standard"],
      [expect.any(String), "Chalé"],
    ]);
    expect(cats[2]).toMatchObject({ commission: 12.5, min_price: 30_000, max_price: 90_000, price_variation_type: "value" });
    expect(body.business.room_count).toBe(14);
    expect(body.business.total_rooms).toBe(14);
    expect((await storedCategories(id)).some((c) => c.id === suite)).toBe(false);
  });

  it("PUT /rooms with an inconsistent set changes nothing", async () => {
    const before = await storedCategories(B);
    const body = await t.json("PUT", `/api/v1/businesses/${B}/rooms`, {
      token: owner,
      lang: "en",
      body: { room_setup: { categories: [{ ...category("Deluxe"), uuid: DEMO_CATEGORY_IDS.standard }, category("DELUXE")] } },
      status: 422,
    });
    expect(body.errors["room_setup.categories.1.name"]).toEqual(["Another room category already has this name."]);
    const foreign = await t.json("PUT", `/api/v1/businesses/${B}/rooms`, {
      token: owner,
      lang: "en",
      body: { room_setup: { categories: [{ ...category("Outra"), uuid: "00000000-0000-4000-8000-000000000099" }] } },
      status: 422,
    });
    expect(foreign.errors["room_setup.categories.0.uuid"]).toEqual(["This room category does not belong to the business."]);
    const empty = await t.json("PUT", `/api/v1/businesses/${B}/rooms`, { token: owner, lang: "en", body: { room_setup: { categories: [] } }, status: 422 });
    expect(empty.errors["room_setup.categories"]).toEqual(["Add at least 1 item(s)."]);
    expect(await storedCategories(B)).toEqual(before);
  });

  it("keeps the pousada's bookings whole: a category in use is not deleted, nor shrunk below what is sold (409)", async () => {
    const before = await storedCategories(B);
    const removed = await t.json("DELETE", `/api/v1/businesses/${B}/room-categories/${DEMO_CATEGORY_IDS.suite}`, { token: owner, lang: "en", status: 409 });
    expect(removed.message).toBe("This room category still has reservations or other records and cannot be removed.");
    const replaced = await t.json("PUT", `/api/v1/businesses/${B}/rooms`, {
      token: owner,
      lang: "en",
      body: { room_setup: { categories: before.filter((c) => c.id !== DEMO_CATEGORY_IDS.suite).map((c) => ({ ...category(c.name, { room_count: c.roomCount, max_occupation: c.maxOccupation }), uuid: c.id })) } },
      status: 409,
    });
    expect(replaced.message).toBe(removed.message);
    const shrunk = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/${DEMO_CATEGORY_IDS.standard}`, { token: owner, lang: "en", body: { room_count: 1 }, status: 409 });
    expect(shrunk.message).toMatch(/^Standard cannot have fewer than \d+ rooms: that many are sold or blocked on \d{4}-\d{2}-\d{2}\.$/);
    expect(await storedCategories(B)).toEqual(before);
  });

  it("room categories: create one, update one, update a batch, delete one", async () => {
    const created = await t.json("POST", `/api/v1/businesses/${B}/room-categories`, {
      token: owner,
      body: { room_setup: { categories: [category("Suíte Master", { room_count: 2, min_occupation: 2, max_occupation: 4, price_variation_type: "percentage", price_variation_value: 40 })] } },
      status: 201,
    });
    expect(created.category).toMatchObject({ uuid: expect.any(String), name: "Suíte Master", price_variation_value: 40 });
    expect(created.business.total_rooms).toBe(16);
    const suite = created.category.uuid as string;

    const dup = await t.json("POST", `/api/v1/businesses/${B}/room-categories`, { token: owner, lang: "en", body: { room_setup: { categories: [category("suíte master")] } }, status: 422 });
    expect(dup.errors["room_setup.categories.0.name"]).toEqual(["Another room category already has this name."]);
    const two = await t.json("POST", `/api/v1/businesses/${B}/room-categories`, { token: owner, lang: "en", body: { room_setup: { categories: [category("A"), category("B")] } }, status: 422 });
    expect(two.errors["room_setup.categories"]).toEqual(["Use at most 1 item(s)."]);

    const updated = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/${suite}`, { token: owner, body: { room_count: 3 }, status: 200 });
    const after = updated.business.room_setup.categories.find((c: { uuid: string }) => c.uuid === suite);
    expect(after).toMatchObject({ name: "Suíte Master", room_count: 3, min_occupation: 2, max_occupation: 4, price_variation_type: "percentage" });
    expect(updated.business.total_rooms).toBe(17);

    const bad = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/${suite}`, { token: owner, lang: "en", body: { max_occupation: 1 }, status: 422 });
    expect(bad.errors).toEqual({ max_occupation: ["Maximum occupancy must be at least the minimum."] });
    const clash = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/${suite}`, { token: owner, lang: "en", body: { name: "deluxe" }, status: 422 });
    expect(clash.errors).toEqual({ name: ["Another room category already has this name."] });

    const batch = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/batch`, {
      token: owner,
      body: {
        room_setup: {
          categories: [
            { uuid: suite, commission: 15 },
            { uuid: DEMO_CATEGORY_IDS.standard, room_count: 9 },
          ],
        },
      },
      status: 200,
    });
    const byId = Object.fromEntries(batch.business.room_setup.categories.map((c: { uuid: string }) => [c.uuid, c]));
    expect(byId[suite].commission).toBe(15);
    expect(byId[DEMO_CATEGORY_IDS.standard].room_count).toBe(9);
    expect(batch.business.total_rooms).toBe(18);

    const badBatch = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/batch`, {
      token: owner,
      lang: "en",
      body: { room_setup: { categories: [{ uuid: suite, room_count: 0 }, { uuid: DEMO_CATEGORY_IDS.standard, name: "Deluxe" }] } },
      status: 422,
    });
    expect(badBatch.errors["room_setup.categories.0.room_count"]).toEqual(["The minimum is 1."]);
    const clashBatch = await t.json("PUT", `/api/v1/businesses/${B}/room-categories/batch`, {
      token: owner,
      lang: "en",
      body: { room_setup: { categories: [{ uuid: DEMO_CATEGORY_IDS.standard, name: "Deluxe" }] } },
      status: 422,
    });
    expect(clashBatch.errors["room_setup.categories.0.name"]).toEqual(["Another room category already has this name."]);

    const deleted = await t.json("DELETE", `/api/v1/businesses/${B}/room-categories/${suite}`, { token: owner, status: 200 });
    expect(deleted.business.room_setup.categories.some((c: { uuid: string }) => c.uuid === suite)).toBe(false);
    expect(deleted.business.total_rooms).toBe(15);
    await t.json("DELETE", `/api/v1/businesses/${B}/room-categories/${suite}`, { token: owner, status: 404 });
    await t.json("PUT", `/api/v1/businesses/${B}/room-categories/not-a-uuid`, { token: owner, body: { room_count: 1 }, status: 404 });
  });
});

describe("PUT /user/selected-business", () => {
  it("refuses a business outside the caller's list (403) or unknown (404), and a malformed id (422)", async () => {
    const token = await register("sozinha@example.com");
    await t.json("PUT", "/api/v1/user/selected-business", { token, body: { business_uuid: B }, status: 403 });
    await t.json("PUT", "/api/v1/user/selected-business", { token, body: { business_uuid: "00000000-0000-4000-8000-000000000000" }, status: 404 });
    const bad = await t.json("PUT", "/api/v1/user/selected-business", { token, lang: "en", body: { business_uuid: "x" }, status: 422 });
    expect(bad.errors.business_uuid).toEqual(["Invalid identifier."]);
  });
});
