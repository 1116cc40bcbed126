import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMembers, reservationExtras } from "#api/db/schema/index.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, otherOwner, stay, type BookingsFixture } from "./bookings-fixture.ts";

let t: TestApi;
let f: BookingsFixture;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  f = await bookingsFixture(t);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, status: number, lang = "en") => t.json("POST", `${f.base}${path}`, { token: f.token, body, status, lang });

async function catalog() {
  const { item_category: food } = await post("/item-categories", { name: `Alimentação ${Math.random()}` }, 201);
  const { item: breakfast } = await post("/items", { name: `Café da manhã ${Math.random()}`, item_category_uuid: food.uuid, price: 4_500 }, 201);
  const { account: pix } = await post("/accounts", { name: `Pix ${Math.random()}`, kind: "pix" }, 201);
  return { food, breakfast, pix };
}

describe("items, categories and points of sale", () => {
  it("creates, lists, edits and deletes them", async () => {
    const { item_category: drinks } = await post("/item-categories", { name: "Bebidas" }, 201);
    expect(drinks).toMatchObject({ name: "Bebidas", item_count: 0 });
    const { item: beer } = await post("/items", { name: "Cerveja", item_category_uuid: drinks.uuid, price: 1_200 }, 201);
    expect(beer).toMatchObject({ name: "Cerveja", price: 1_200, active: true, item_category: { uuid: drinks.uuid, name: "Bebidas" }, point_of_sale_uuids: [] });

    const { point_of_sale: bar } = await post("/points-of-sale", { name: "Bar", item_uuids: [beer.uuid] }, 201);
    expect(bar).toMatchObject({ name: "Bar", active: true, item_uuids: [beer.uuid] });
    const item = (await t.json("GET", `${f.base}/items/${beer.uuid}`, { token: f.token, status: 200 })).data;
    expect(item.point_of_sale_uuids).toEqual([bar.uuid]);

    const { item: edited } = await t.json("PUT", `${f.base}/items/${beer.uuid}`, { token: f.token, body: { name: "Cerveja artesanal", item_category_uuid: drinks.uuid, price: 1_800, active: false }, status: 200 });
    expect(edited).toMatchObject({ name: "Cerveja artesanal", price: 1_800, active: false });
    const active = (await t.json("GET", `${f.base}/items?active=1`, { token: f.token, status: 200 })).data;
    expect(active.map((i: { uuid: string }) => i.uuid)).not.toContain(beer.uuid);

    // A category with items cannot go; once empty it can.
    const busy = await t.json("DELETE", `${f.base}/item-categories/${drinks.uuid}`, { token: f.token, lang: "en", status: 409 });
    expect(busy.message).toMatch(/items/i);
    await t.json("DELETE", `${f.base}/items/${beer.uuid}`, { token: f.token, status: undefined });
    expect((await t.call("DELETE", `${f.base}/item-categories/${drinks.uuid}`, { token: f.token })).status).toBe(204);
    const list = (await t.json("GET", `${f.base}/points-of-sale`, { token: f.token, status: 200 })).data;
    expect(list.find((p: { uuid: string }) => p.uuid === bar.uuid).item_uuids).toEqual([]);
  });

  it("refuses a negative price, a taken name and a foreign category with 422 beside the field", async () => {
    const { item_category: c } = await post("/item-categories", { name: "Serviços" }, 201);
    const negative = await post("/items", { name: "Transfer", item_category_uuid: c.uuid, price: -100 }, 422);
    expect(Object.keys(negative.errors)).toEqual(["price"]);
    await post("/items", { name: "Transfer", item_category_uuid: c.uuid, price: 15_000 }, 201);
    const taken = await post("/items", { name: "TRANSFER", item_category_uuid: c.uuid, price: 100 }, 422);
    expect(taken.errors.name).toEqual(["This name is already in use."]);
    const foreign = await post("/items", { name: "Lavanderia", item_category_uuid: "00000000-0000-4000-8000-000000000000", price: 100 }, 422);
    expect(Object.keys(foreign.errors)).toEqual(["item_category_uuid"]);
    const notJson = await t.call("POST", `${f.base}/items`, { token: f.token, body: "{price:", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(422);
    const badItems = await post("/points-of-sale", { name: "Recepção", item_uuids: ["00000000-0000-4000-8000-000000000000"] }, 422);
    expect(Object.keys(badItems.errors)).toEqual(["item_uuids"]);
  });
});

describe("a reservation's extras, payments and balance", () => {
  it("adds extras and payments and answers total + extras − payments, refunds raising it", async () => {
    const { breakfast, pix } = await catalog();
    const { point_of_sale: restaurant } = await post("/points-of-sale", { name: "Restaurante", item_uuids: [breakfast.uuid] }, 201);
    const { reservation } = await post("/reservations", stay(f), 201);
    const path = `/reservations/${reservation.uuid}`;

    const first = await post(`${path}/extras`, { item_uuid: breakfast.uuid, quantity: 2, point_of_sale_uuid: restaurant.uuid }, 201);
    expect(first.extra).toMatchObject({ description: breakfast.name, quantity: 2, unit_price: 4_500, total: 9_000, point_of_sale: { uuid: restaurant.uuid, name: "Restaurante" } });
    await post(`${path}/extras`, { item_uuid: breakfast.uuid, unit_price: 3_000, description: "Café no quarto" }, 201);

    const deposit = await post(`${path}/payments`, { account_uuid: pix.uuid, kind: "deposit", amount: 20_000, received_on: "2027-01-15" }, 201);
    expect(deposit.payment).toMatchObject({ kind: "deposit", amount: 20_000, received_on: "2027-01-15", account: { uuid: pix.uuid, kind: "pix" } });
    await post(`${path}/payments`, { account_uuid: pix.uuid, kind: "refund", amount: 5_000, received_on: "2027-01-16", notes: "Desconto" }, 201);

    const folio = (await t.json("GET", `${f.base}${path}/folio`, { token: f.token, status: 200 })).data;
    expect(folio.extras).toHaveLength(2);
    expect(folio.payments.map((p: { kind: string }) => p.kind)).toEqual(["deposit", "refund"]);
    expect(folio.balance).toEqual({
      stay: reservation.total,
      extras: 12_000,
      charges: reservation.total + 12_000,
      paid: 20_000,
      refunded: 5_000,
      balance: reservation.total + 12_000 - 20_000 + 5_000,
    });

    // Removing an extra lowers the balance by its total.
    const removed = await t.json("DELETE", `${f.base}${path}/extras/${first.extra.uuid}`, { token: f.token, status: 200 });
    expect(removed.balance.balance).toBe(folio.balance.balance - 9_000);
    const listed = await t.json("GET", `${f.base}${path}/payments`, { token: f.token, status: 200 });
    expect(listed.balance.balance).toBe(removed.balance.balance);

    // The account answers what came in less what went back.
    const accounts = (await t.json("GET", `${f.base}/accounts`, { token: f.token, status: 200 })).data;
    expect(accounts.find((a: { uuid: string }) => a.uuid === pix.uuid).balance).toBe(15_000);
    const inUse = await t.json("DELETE", `${f.base}/accounts/${pix.uuid}`, { token: f.token, lang: "en", status: 409 });
    expect(inUse.message).toMatch(/deactivate/i);
  });

  it("keeps a sold extra's price when the item is repriced or deleted", async () => {
    const { food, breakfast } = await catalog();
    const { reservation } = await post("/reservations", stay(f, { arrival: "2027-04-01", departure: "2027-04-02" }), 201);
    const { extra } = await post(`/reservations/${reservation.uuid}/extras`, { item_uuid: breakfast.uuid }, 201);
    await t.json("PUT", `${f.base}/items/${breakfast.uuid}`, { token: f.token, body: { name: "Outro", item_category_uuid: food.uuid, price: 9_900 }, status: 200 });
    await t.call("DELETE", `${f.base}/items/${breakfast.uuid}`, { token: f.token });
    const [row] = await t.db.select().from(reservationExtras).where(eq(reservationExtras.id, extra.uuid));
    expect(row).toMatchObject({ itemId: null, description: breakfast.name, unitPrice: 4_500, total: 4_500 });
  });

  it("refuses bad extras and payments with 422 and writes nothing", async () => {
    const { breakfast, pix, food } = await catalog();
    const { reservation } = await post("/reservations", stay(f, { arrival: "2027-05-01", departure: "2027-05-03" }), 201);
    const path = `/reservations/${reservation.uuid}`;
    const cases: [string, unknown, string[]][] = [
      ["/payments", { account_uuid: pix.uuid, kind: "deposit", amount: -500, received_on: "2027-05-01" }, ["amount"]],
      ["/payments", { account_uuid: pix.uuid, kind: "deposit", amount: 0, received_on: "2027-05-01" }, ["amount"]],
      ["/payments", { account_uuid: pix.uuid, kind: "tip", amount: 100, received_on: "2027-05-01" }, ["kind"]],
      ["/payments", { account_uuid: pix.uuid, kind: "deposit", amount: 100, received_on: "2027-02-30" }, ["received_on"]],
      ["/payments", { account_uuid: "00000000-0000-4000-8000-000000000000", kind: "deposit", amount: 100, received_on: "2027-05-01" }, ["account_uuid"]],
      ["/extras", { item_uuid: breakfast.uuid, quantity: 0 }, ["quantity"]],
      ["/extras", { item_uuid: breakfast.uuid, unit_price: -1 }, ["unit_price"]],
      ["/extras", { item_uuid: "00000000-0000-4000-8000-000000000000" }, ["item_uuid"]],
    ];
    for (const [sub, body, fields] of cases) {
      const answer = await post(`${path}${sub}`, body, 422);
      expect(Object.keys(answer.errors), JSON.stringify(body)).toEqual(fields);
    }
    // A point of sale that does not sell the item, and an item no longer sold.
    const { point_of_sale: bar } = await post("/points-of-sale", { name: `Bar ${Math.random()}` }, 201);
    expect(Object.keys((await post(`${path}/extras`, { item_uuid: breakfast.uuid, point_of_sale_uuid: bar.uuid }, 422)).errors)).toEqual(["point_of_sale_uuid"]);
    await t.json("PUT", `${f.base}/items/${breakfast.uuid}`, { token: f.token, body: { name: breakfast.name, item_category_uuid: food.uuid, price: 4_500, active: false }, status: 200 });
    expect(Object.keys((await post(`${path}/extras`, { item_uuid: breakfast.uuid }, 422)).errors)).toEqual(["item_uuid"]);

    const folio = (await t.json("GET", `${f.base}${path}/folio`, { token: f.token, status: 200 })).data;
    expect(folio.extras).toEqual([]);
    expect(folio.payments).toEqual([]);
    expect(folio.balance.balance).toBe(reservation.total);
    await t.json("GET", `${f.base}/reservations/00000000-0000-4000-8000-000000000000/folio`, { token: f.token, status: 404 });
  });

  it("owes a cancelled stay's deposit back until it is refunded", async () => {
    const { pix } = await catalog();
    const { reservation } = await post("/reservations", stay(f, { arrival: "2027-06-01", departure: "2027-06-03" }), 201);
    const path = `/reservations/${reservation.uuid}`;
    await post(`${path}/payments`, { account_uuid: pix.uuid, kind: "deposit", amount: 10_000, received_on: "2027-01-15" }, 201);
    await post(`${path}/cancel`, { reason: "Mudou de planos" }, 200);
    expect((await t.json("GET", `${f.base}${path}/folio`, { token: f.token, status: 200 })).data.balance).toMatchObject({ stay: 0, balance: -10_000 });
    const { balance } = await post(`${path}/payments`, { account_uuid: pix.uuid, kind: "refund", amount: 10_000, received_on: "2027-01-16" }, 201);
    expect(balance.balance).toBe(0);
  });
});

describe("suppliers and expenses", () => {
  it("validates the CPF or CNPJ check digits and records expenses from an account", async () => {
    const { pix } = await catalog();
    const invalidCnpj = await post("/suppliers", { name: "Lavanderia Azul", tax_id: "11.222.333/0001-82" }, 422);
    expect(invalidCnpj.errors).toEqual({ tax_id: ["This is not a valid CPF or CNPJ (check the digits)."] });
    const invalidCpf = await post("/suppliers", { name: "João Encanador", tax_id: "529.982.247-24" }, 422);
    expect(Object.keys(invalidCpf.errors)).toEqual(["tax_id"]);

    const { supplier } = await post("/suppliers", { name: "Lavanderia Azul", tax_id: "11.222.333/0001-81", contact_name: "Rita", email: "RITA@lavanderia.com.br", phone: "+55 24 3333-0000" }, 201);
    expect(supplier).toMatchObject({ tax_id: "11222333000181", tax_id_kind: "cnpj", tax_id_formatted: "11.222.333/0001-81", email: "rita@lavanderia.com.br", expenses_total: 0 });
    const twice = await post("/suppliers", { name: "Outra", tax_id: "11222333000181" }, 422);
    expect(Object.keys(twice.errors)).toEqual(["tax_id"]);
    const { supplier: person } = await post("/suppliers", { name: "João Encanador", tax_id: "529.982.247-25" }, 201);
    expect(person.tax_id_kind).toBe("cpf");

    const negative = await post(`/suppliers/${supplier.uuid}/expenses`, { account_uuid: pix.uuid, amount: -1, spent_on: "2027-01-10", description: "Lençóis" }, 422);
    expect(Object.keys(negative.errors)).toEqual(["amount"]);
    await post(`/suppliers/${supplier.uuid}/expenses`, { account_uuid: pix.uuid, amount: 35_000, spent_on: "2027-01-10", description: "Lençóis de janeiro" }, 201);
    const { expense } = await post(`/suppliers/${supplier.uuid}/expenses`, { account_uuid: pix.uuid, amount: 5_000, spent_on: "2027-01-12", description: "Toalhas" }, 201);
    expect(expense).toMatchObject({ amount: 5_000, spent_on: "2027-01-12", account: { uuid: pix.uuid } });
    const list = (await t.json("GET", `${f.base}/suppliers/${supplier.uuid}/expenses`, { token: f.token, status: 200 })).data;
    expect(list.map((e: { description: string }) => e.description)).toEqual(["Toalhas", "Lençóis de janeiro"]);
    expect((await t.json("GET", `${f.base}/suppliers/${supplier.uuid}`, { token: f.token, status: 200 })).data.expenses_total).toBe(40_000);
    const accounts = (await t.json("GET", `${f.base}/accounts`, { token: f.token, status: 200 })).data;
    expect(accounts.find((a: { uuid: string }) => a.uuid === pix.uuid).balance).toBe(-40_000);

    await t.json("DELETE", `${f.base}/suppliers/${supplier.uuid}`, { token: f.token, status: 409 });
    const { supplier: edited } = await t.json("PUT", `${f.base}/suppliers/${person.uuid}`, { token: f.token, body: { name: "João Silva", tax_id: "" }, status: 200 });
    expect(edited).toMatchObject({ name: "João Silva", tax_id: null });
    expect((await t.call("DELETE", `${f.base}/suppliers/${person.uuid}`, { token: f.token })).status).toBe(204);
  });
});

describe("who may", () => {
  it("refuses strangers everywhere and lets a reservations-only collaborator use folios but not settings", async () => {
    const { breakfast, pix } = await catalog();
    const { reservation } = await post("/reservations", stay(f, { arrival: "2027-07-01", departure: "2027-07-02" }), 201);
    const { supplier } = await post("/suppliers", { name: `Fornecedor ${Math.random()}` }, 201);
    const r = `/reservations/${reservation.uuid}`;
    const settingsCalls: [string, string, unknown?][] = [
      ["POST", "/item-categories", { name: "X" }],
      ["POST", "/items", { name: "X", item_category_uuid: breakfast.item_category_uuid, price: 1 }],
      ["PUT", `/items/${breakfast.uuid}`, { name: "X", item_category_uuid: breakfast.item_category_uuid, price: 1 }],
      ["DELETE", `/items/${breakfast.uuid}`],
      ["POST", "/points-of-sale", { name: "X" }],
      ["POST", "/accounts", { name: "X", kind: "cash" }],
      ["DELETE", `/accounts/${pix.uuid}`],
      ["GET", "/suppliers"],
      ["POST", "/suppliers", { name: "X" }],
      ["GET", `/suppliers/${supplier.uuid}/expenses`],
      ["GET", "/ical-feeds"],
      ["GET", "/ical-imports"],
      ["POST", "/ical-imports/poll"],
    ];
    const folioCalls: [string, string, unknown?][] = [
      ["GET", "/items"],
      ["GET", "/item-categories"],
      ["GET", "/points-of-sale"],
      ["GET", "/accounts"],
      ["GET", `${r}/folio`],
      ["POST", `${r}/extras`, { item_uuid: breakfast.uuid }],
      ["POST", `${r}/payments`, { account_uuid: pix.uuid, kind: "deposit", amount: 100, received_on: "2027-01-15" }],
    ];
    const other = await otherOwner(t);
    for (const [method, path, body] of [...settingsCalls, ...folioCalls]) {
      const res = await t.call(method, `${f.base}${path}`, { token: other.token, body });
      expect(`${method} ${path}: ${res.status}`).toBe(`${method} ${path}: 403`);
    }

    const collaborator = await userByEmail(t.db, demoUsers.collaborator.email);
    await t.db.insert(businessMembers).values({ businessId: f.business.id, userId: collaborator.id, permissions: ["user.reservations"] });
    const token = await t.login(demoUsers.collaborator.email);
    for (const [method, path, body] of settingsCalls) {
      const res = await t.call(method, `${f.base}${path}`, { token, body });
      expect(`${method} ${path}: ${res.status}`).toBe(`${method} ${path}: 403`);
    }
    for (const [method, path, body] of folioCalls) {
      const res = await t.call(method, `${f.base}${path}`, { token, body });
      expect(`${method} ${path}: ${res.status}`).toMatch(new RegExp(`^${method} ${path.replace(/[/.]/g, "\\$&")}: 20[01]$`));
    }
    await t.json("GET", `${f.base}/items`, { status: 401 });
  });
});

describe("the demo pousada's ledger", () => {
  it("sells items, receives money into accounts, and has settled its past stays", async () => {
    const base = "/api/v1/businesses/d3e00000-0000-4000-8000-000000000001";
    const owner = await t.login(demoUsers.owner.email);
    const items = (await t.json("GET", `${base}/items`, { token: owner, status: 200 })).data;
    expect(items.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(["Café da manhã", "Estacionamento (diária)", "Transfer Paraty–rodoviária"]));
    const accounts = (await t.json("GET", `${base}/accounts`, { token: owner, status: 200 })).data;
    expect(accounts.map((a: { name: string }) => a.name)).toEqual(["Banco", "Caixa", "Pix"]);
    expect(accounts.every((a: { balance: number }) => a.balance !== 0)).toBe(true);

    const { data: past } = await t.json("GET", `${base}/reservations?status=checked_out&sort=-arrival&per_page=10`, { token: owner, status: 200 });
    expect(past.length).toBeGreaterThan(5);
    let withExtras = 0;
    for (const r of past) {
      const folio = (await t.json("GET", `${base}/reservations/${r.uuid}/folio`, { token: owner, status: 200 })).data;
      expect(folio.balance.balance).toBe(0);
      if (folio.extras.length) withExtras++;
    }
    expect(withExtras).toBeGreaterThan(0);
    const suppliers = (await t.json("GET", `${base}/suppliers`, { token: owner, status: 200 })).data;
    expect(suppliers[0]).toMatchObject({ name: "Lavanderia Azul Ltda", tax_id_formatted: "11.222.333/0001-81" });
    expect(suppliers[0].expenses_total).toBeGreaterThan(0);
  });
});
