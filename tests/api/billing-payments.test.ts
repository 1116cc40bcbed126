import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { billingWorld, cardRows, newBusiness, type BillingWorld } from "./billing-fixtures.ts";

let w: BillingWorld;
beforeAll(async () => {
  w = await billingWorld();
});
afterAll(() => w.t.close());

const methods = (id: string, token = w.owner.token) => w.t.json("GET", `/api/v1/payments/${id}/methods`, { token, lang: "en", status: 200 });
const add = (id: string, body: unknown, status?: number, token = w.owner.token) => w.t.json("POST", `/api/v1/payments/${id}/methods`, { token, body, lang: "en", status });
const remove = (id: string, body: unknown, status?: number, token = w.owner.token) => w.t.json("DELETE", `/api/v1/payments/${id}/methods`, { token, body, lang: "en", status });
const setDefault = (id: string, body: unknown, status?: number, token = w.owner.token) =>
  w.t.json("PUT", `/api/v1/payments/${id}/methods/default`, { token, body, lang: "en", status });

describe("payment methods, kept per business", () => {
  it("lists, adds (default by default), sets the default and removes", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    expect(await methods(id)).toEqual({ success: true, data: { payment_methods: [], default_payment_method: null } });

    const first = await add(id, { payment_method_id: "pm_card_visa" }, 201);
    expect(first).toMatchObject({ success: true, message: "Card added." });
    const visa = first.data.payment_methods[0];
    expect(visa).toMatchObject({ brand: "visa", last4: "4242", is_default: true });
    expect(first.data.default_payment_method).toBe(visa.id);

    const second = await add(id, { payment_method_id: "  pm_card_mastercard ", set_as_default: false }, 201);
    const master = second.data.payment_methods.find((m: { brand: string }) => m.brand === "mastercard");
    expect(master.is_default).toBe(false);
    expect(second.data.default_payment_method).toBe(visa.id);

    const switched = await setDefault(id, { payment_method_id: master.id }, 200);
    expect(switched.message).toBe("The card ending in 4444 is now the default.");
    expect(switched.data.payment_methods.map((m: { last4: string; is_default: boolean }) => [m.last4, m.is_default])).toEqual([
      ["4242", false],
      ["4444", true],
    ]);

    const removed = await remove(id, { payment_method_id: visa.id }, 200);
    expect(removed.message).toBe("Card ending in 4242 removed.");
    expect((await methods(id)).data).toEqual({ payment_methods: [{ ...master, is_default: true }], default_payment_method: master.id });
  });

  it("a refused card is not saved; an unknown one is refused beside the field", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    expect(await add(id, { payment_method_id: "pm_card_chargeDeclined" }, 402)).toEqual({ success: false, message: "Your card was declined." });
    const unknown = await add(id, { payment_method_id: "4242424242424242x" }, 422);
    expect(unknown.errors.payment_method_id).toEqual(["Unknown card. Use a test card such as pm_card_visa."]);
    // Names every object inherits are no card either (the fuzzer's `valueOf` once got past as a card).
    for (const inherited of ["valueOf", "toString", "__proto__", "constructor"]) {
      expect((await add(id, { payment_method_id: inherited }, 422)).errors.payment_method_id).toEqual(["Unknown card. Use a test card such as pm_card_visa."]);
    }
    expect((await add(id, { payment_method_id: "" }, 422)).errors.payment_method_id).toBeDefined();
    expect(await cardRows(w.t.db, id)).toEqual([]);
  });

  it("removing the default card promotes another one", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await add(id, { payment_method_id: "pm_card_mastercard" }, 201);
    const { data } = await add(id, { payment_method_id: "pm_card_visa" }, 201);
    const [master, visa] = data.payment_methods;
    expect(data.default_payment_method).toBe(visa.id);
    const answer = await remove(id, { payment_method_id: visa.id }, 200);
    expect(answer.data).toEqual({ payment_methods: [{ ...master, is_default: true }], default_payment_method: master.id });
  });

  it("the only card cannot go while a subscription still bills it; once the plan is set to end, it can", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, { token: w.owner.token, body: { plan_identifier: "essential", payment_method_id: "pm_card_visa" }, status: 200 });
    const [card] = (await methods(id)).data.payment_methods;
    const refused = await remove(id, { payment_method_id: card.id }, 409);
    expect(refused).toEqual({
      success: false,
      message: "This is the only card of a subscription that is still billed. Add another card first, or cancel the subscription.",
    });
    expect(await cardRows(w.t.db, id)).toHaveLength(1);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/unsubscribe`, { token: w.owner.token, body: { plan_identifier: "essential", immediately: false }, status: 200 });
    // The id may also come in the query (for clients that send no DELETE body).
    const res = await w.t.call("DELETE", `/api/v1/payments/${id}/methods?payment_method_id=${card.id}`, { token: w.owner.token });
    expect(res.status).toBe(200);
    expect((await methods(id)).data).toEqual({ payment_methods: [], default_payment_method: null });
  });

  it("a card of another business is not found here", async () => {
    const mine = await newBusiness(w.t.db, w.owner.id);
    const theirs = await newBusiness(w.t.db, w.otherOwner.id);
    const { data } = await w.t.json("POST", `/api/v1/payments/${theirs}/methods`, { token: w.otherOwner.token, body: { payment_method_id: "pm_card_visa" }, status: 201 });
    const foreign = data.payment_methods[0].id;
    expect((await remove(mine, { payment_method_id: foreign }, 422)).errors.payment_method_id).toEqual(["This payment method does not belong to this business."]);
    await setDefault(mine, { payment_method_id: foreign }, 422);
    expect(await cardRows(w.t.db, theirs)).toHaveLength(1);
  });

  it("only the owner or an administrator sees and changes the cards", async () => {
    const id = await newBusiness(w.t.db, w.owner.id, { collaboratorId: w.collaborator.id });
    const { data } = await add(id, { payment_method_id: "pm_card_visa" }, 201);
    const cardId = data.payment_methods[0].id;
    for (const token of [w.collaborator.token, w.otherOwner.token]) {
      await w.t.json("GET", `/api/v1/payments/${id}/methods`, { token, status: 403 });
      await add(id, { payment_method_id: "pm_card_visa" }, 403, token);
      await remove(id, { payment_method_id: cardId }, 403, token);
      await setDefault(id, { payment_method_id: cardId }, 403, token);
      await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token, status: 403 });
    }
    expect((await methods(id, w.admin.token)).data.payment_methods).toHaveLength(1);
  });
});

describe("the demo pousada (seed)", () => {
  it("pays for Pro and the booking-engine and market-analysis add-ons with a test Visa as its default card", async () => {
    const id = DEMO_BUSINESS.id;
    const { data } = await w.t.json("GET", `/api/v1/subscriptions/${id}`, { token: w.owner.token, status: 200 });
    expect(data.plans).toEqual([
      expect.objectContaining({ plan_identifier: "pro", stripe_status: "active", includes_channel: 1, is_add_on: false }),
      expect.objectContaining({ plan_identifier: "motor", stripe_status: "active", is_add_on: true }),
      expect.objectContaining({ plan_identifier: "competitorAnalysis", stripe_status: "active", is_add_on: true }),
    ]);
    // R$ 299 + R$ 99 + R$ 129 on one invoice.
    expect(data.invoices).toEqual([expect.objectContaining({ number: "TRF-000001", total_cents: 52700, status: "paid" })]);
    expect((await methods(id)).data.payment_methods).toEqual([expect.objectContaining({ brand: "visa", last4: "4242", is_default: true })]);
  });
});

describe("invoices", () => {
  it("say they come from the built-in provider, in the caller's language", async () => {
    const id = await newBusiness(w.t.db, w.owner.id);
    await w.t.json("POST", `/api/v1/subscriptions/${id}/subscribe`, { token: w.owner.token, body: { plan_identifier: "essential", payment_method_id: "pm_card_visa" }, status: 200 });
    await w.t.json("POST", `/api/v1/subscriptions/${id}/unsubscribe`, { token: w.owner.token, body: { plan_identifier: "essential", immediately: true }, status: 200 });
    await w.t.json("POST", `/api/v1/subscriptions/${id}/resume`, { token: w.owner.token, body: { plan_identifier: "essential" }, status: 200 });
    const pt = await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token: w.owner.token, status: 200 });
    expect(pt.data).toEqual([
      expect.objectContaining({ number: "TRF-000001", provider: "builtin", notice: "Fatura de teste — provedor de cobrança interno", total_cents: 14900, status: "paid" }),
    ]);
    const fr = await w.t.json("GET", `/api/v1/payments/${id}/invoices`, { token: w.owner.token, lang: "fr", status: 200 });
    expect(fr.data[0].notice).toBe("Facture de test — fournisseur de facturation interne");
  });
});
