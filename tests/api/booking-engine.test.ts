import { randomBytes } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { bookingEngines, businesses, engineQuotes, plans, reservations, subscriptions, users } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { latestMail } from "#api/services/mail/index.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, orphanCount, otherOwner, type BookingsFixture } from "./bookings-fixture.ts";

let t: TestApi;
let owner: string;
let f: BookingsFixture;
const demoBase = `/api/v1/businesses/${DEMO_BUSINESS.id}`;
const pub = (slug: string) => `/api/public/booking-engines/${slug}`;

let today: string;
const ahead = (days: number) => addDays(today, days);

/** A valid settings body, `over` replacing fields. */
const settings = (over: Record<string, unknown> = {}) => ({
  slug: "pousada-mare-alta",
  enabled: true,
  headline: { "pt-BR": "Olá", "en-US": "Hello" },
  description: {},
  policies: {},
  accent_color: "#0f766e",
  contact_email: "reservas@pousada-demo.com.br",
  contact_phone: null,
  category_ids: [],
  min_nights: 1,
  max_nights: 30,
  max_advance_days: 365,
  check_in_time: "14:00",
  check_out_time: "12:00",
  auto_confirm: false,
  ...over,
});

/** Gives a business the motor add-on (active), as a subscription would. */
async function grantMotor(businessId: string) {
  const [motor] = await t.db.select().from(plans).where(eq(plans.planIdentifier, "motor"));
  const now = t.clock.now;
  await t.db.insert(subscriptions).values({
    businessId,
    planId: motor.id,
    isAddOn: true,
    status: "active",
    provider: "builtin",
    providerSubscriptionId: `sub_test_${randomBytes(6).toString("hex")}`,
    interval: "month",
    priceCents: motor.priceMonthlyCents,
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
}

const guest = { name: "Joana Hóspede", email: "joana@example.com", phone: "+55 11 98888-7777", country: "BR" };

beforeAll(async () => {
  t = await createTestApi();
  today = todayIn("America/Sao_Paulo", t.clock.now);
  owner = await t.login(demoUsers.owner.email);
  f = await bookingsFixture(t);
});
afterAll(() => t.close());

describe("GET/PUT /businesses/{id}/booking-engine", () => {
  it("needs a signed-in user (401)", async () => {
    expect((await t.call("GET", `${demoBase}/booking-engine`)).status).toBe(401);
    expect((await t.call("PUT", `${demoBase}/booking-engine`, { body: settings() })).status).toBe(401);
  });

  it("refuses another owner's business (403)", async () => {
    const other = await otherOwner(t);
    expect((await t.call("GET", `${demoBase}/booking-engine`, { token: other.token })).status).toBe(403);
    expect((await t.call("PUT", `${demoBase}/booking-engine`, { token: other.token, body: settings() })).status).toBe(403);
  });

  it("refuses a business without the motor plan (403)", async () => {
    const res = await t.json("GET", `${f.base}/booking-engine`, { token: f.token, status: 403, lang: "en" });
    expect(res.message).toBeTruthy();
    expect((await t.call("PUT", `${f.base}/booking-engine`, { token: f.token, body: settings({ slug: "teste-sem-motor" }) })).status).toBe(403);
  });

  it("answers 404 for an unknown business", async () => {
    expect((await t.call("GET", `/api/v1/businesses/${crypto.randomUUID()}/booking-engine`, { token: owner })).status).toBe(404);
  });

  it("shows the seeded settings of the demo pousada", async () => {
    const { data } = await t.json("GET", `${demoBase}/booking-engine`, { token: owner, status: 200 });
    expect(data).toMatchObject({ slug: "pousada-mare-alta", enabled: true, saved: true, min_nights: 1, check_in_time: "14:00" });
    expect(Object.keys(data.headline).sort()).toEqual(["en-US", "es-ES", "fr-CA", "it-IT", "pt-BR"]);
  });

  it("answers defaults with a slug from the business name when nothing is saved", async () => {
    await grantMotor(f.business.id);
    const { data } = await t.json("GET", `${f.base}/booking-engine`, { token: f.token, status: 200 });
    expect(data).toMatchObject({ slug: "pousada-teste", enabled: false, saved: false, min_nights: 1, max_nights: 30, max_advance_days: 365, category_ids: [] });
  });

  it("refuses bad fields with 422 and translated field errors", async () => {
    const res = await t.json("PUT", `${demoBase}/booking-engine`, {
      token: owner,
      lang: "en",
      body: settings({ slug: "-Bad slug", accent_color: "teal", check_in_time: "25:00", min_nights: 5, max_nights: 2, max_advance_days: 0 }),
      status: 422,
    });
    expect(res.errors.slug).toEqual(["Use 3 to 60 lower-case letters, digits and hyphens (no hyphen at either end)."]);
    expect(res.errors.accent_color).toEqual(["Enter a colour as #rrggbb."]);
    expect(res.errors.check_in_time).toEqual(["Enter a time as HH:MM."]);
    expect(res.errors.max_advance_days).toHaveLength(1);
  });

  it("refuses max nights below min nights", async () => {
    const res = await t.json("PUT", `${demoBase}/booking-engine`, { token: owner, lang: "en", body: settings({ min_nights: 5, max_nights: 2 }), status: 422 });
    expect(res.errors.max_nights).toEqual(["The maximum nights cannot be below the minimum."]);
  });

  it("refuses a slug already in use by another hotel (422)", async () => {
    const res = await t.json("PUT", `${f.base}/booking-engine`, { token: f.token, lang: "en", body: settings({ slug: "pousada-mare-alta" }), status: 422 });
    expect(res.errors.slug).toEqual(["This address is already in use."]);
  });

  it("refuses categories of another business (422)", async () => {
    const res = await t.json("PUT", `${demoBase}/booking-engine`, { token: owner, lang: "en", body: settings({ category_ids: [f.deluxe.id] }), status: 422 });
    expect(res.errors.category_ids).toEqual(["Choose a room category of this hotel."]);
  });

  it("saves the settings (insert, then update) and GET shows them", async () => {
    const saved = await t.json("PUT", `${f.base}/booking-engine`, {
      token: f.token,
      body: settings({ slug: "Pousada-Teste", category_ids: [f.standard.id, f.suite.id], accent_color: "#AA3300", contact_email: "", max_nights: 10 }),
      status: 200,
    });
    expect(saved.data).toMatchObject({ slug: "pousada-teste", accent_color: "#aa3300", contact_email: null, category_ids: [f.standard.id, f.suite.id], max_nights: 10, saved: true });
    await t.json("PUT", `${f.base}/booking-engine`, { token: f.token, body: settings({ slug: "pousada-teste", category_ids: [], max_nights: 14 }), status: 200 });
    const { data } = await t.json("GET", `${f.base}/booking-engine`, { token: f.token, status: 200 });
    expect(data).toMatchObject({ slug: "pousada-teste", category_ids: [], max_nights: 14 });
  });
});

describe("public booking engine", () => {
  it("shows the hotel's page in the reader's language, Portuguese as fallback", async () => {
    const en = await t.json("GET", pub("pousada-mare-alta"), { lang: "en", status: 200 });
    expect(en.data).toMatchObject({ slug: "pousada-mare-alta", business: { name: "Pousada Maré Alta" }, headline: "Steps from the beach in Paraty", currency: "BRL" });
    expect(en.data.categories.length).toBeGreaterThan(0);
    const pt = await t.json("GET", pub("pousada-mare-alta"), { status: 200 });
    expect(pt.data.headline).toBe("Pé na areia em Paraty");
  });

  it("answers 404 for an unknown slug, a disabled engine or a business without motor", async () => {
    expect((await t.call("GET", pub("nao-existe"))).status).toBe(404);
    expect((await t.call("GET", `${pub("nao-existe")}/offers?arrival=${ahead(5)}&departure=${ahead(6)}&adults=2`)).status).toBe(404);
    // The fixture's engine was saved enabled above; switch it off.
    await t.db.update(bookingEngines).set({ enabled: false }).where(eq(bookingEngines.businessId, f.business.id));
    expect((await t.call("GET", pub("pousada-teste"))).status).toBe(404);
    await t.db.update(bookingEngines).set({ enabled: true }).where(eq(bookingEngines.businessId, f.business.id));
    expect((await t.call("GET", pub("pousada-teste"))).status).toBe(200);
    await t.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.businessId, f.business.id));
    expect((await t.call("GET", pub("pousada-teste"))).status).toBe(404);
    expect((await t.call("POST", `${pub("pousada-teste")}/reservations`, { body: {} })).status).toBe(404);
    await t.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.businessId, f.business.id));
  });

  it("offers every category with its nightly rates equal to the bookings quote for the same stay", async () => {
    const arrival = ahead(20);
    const departure = ahead(23);
    const { data } = await t.json("GET", `${pub("pousada-mare-alta")}/offers?arrival=${arrival}&departure=${departure}&adults=2&children=0`, { status: 200 });
    expect(data.offers.length).toBeGreaterThan(0);
    // The demo sells rate plans: the standard plan is the engine's price (the others: tests/api/pms-rates-offers.test.ts).
    const plans = (await t.json("GET", `${demoBase}/rate-plans`, { token: owner, status: 200 })).data as { uuid: string; kind: string }[];
    const standard = plans.find((p) => p.kind === "standard")!;
    for (const offer of data.offers.filter((o: { rate_plan: { uuid: string } }) => o.rate_plan.uuid === standard.uuid)) {
      const quote = await t.json("POST", `${demoBase}/reservations/quote-price`, {
        token: owner,
        body: { arrival, departure, room_category_uuid: offer.category.uuid, adults: 2, children: 0 },
        status: 200,
      });
      expect(offer.nights).toEqual(quote.data.nights.map((n: { date: string; rate: number }) => ({ date: n.date, rate: n.rate })));
      expect(offer.total).toBe(quote.data.total);
      expect(offer.free_rooms).toBe(quote.data.free_rooms);
      expect(offer.free_rooms).toBeGreaterThan(0);
    }
  });

  it("refuses stays outside the engine's rules with field errors (422)", async () => {
    const past = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${ahead(-1)}&departure=${ahead(1)}&adults=2`, { lang: "en", status: 422 });
    expect(past.errors.arrival).toEqual(["Arrival cannot be in the past."]);
    const long = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${ahead(1)}&departure=${ahead(16)}&adults=2`, { lang: "en", status: 422 });
    expect(long.errors.departure).toEqual(["Maximum stay 14 nights online."]);
    const bad = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=x&departure=${ahead(2)}&adults=0`, { lang: "en", status: 422 });
    expect(Object.keys(bad.errors)).toEqual(expect.arrayContaining(["adults", "arrival"]));
  });

  it("leaves out sold-out categories and those that cannot take the party", async () => {
    const arrival = ahead(40);
    const departure = ahead(42);
    // Both suites taken on the second night only: the suite cannot be offered for the stay.
    for (let i = 0; i < 2; i++) {
      await t.json("POST", `${f.base}/reservations`, {
        token: f.token,
        body: { arrival: ahead(41), departure: ahead(42), room_category_uuid: f.suite.id, adults: 2, guest: { name: `Ocupante ${i}` } },
        status: 201,
      });
    }
    const { data } = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 });
    expect(data.offers.map((o: { category: { name: string } }) => o.category.name)).toEqual(["Standard", "Deluxe"]);
    // No orphan gap near (the nights around are free): the full suite is not named either.
    expect(data.refusals).toEqual([]);
    const three = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${ahead(50)}&departure=${ahead(52)}&adults=2&children=1`, { status: 200 });
    expect(three.data.offers.map((o: { category: { name: string } }) => o.category.name)).toEqual(["Deluxe", "Suíte"]);
  });

  it("offers an orphan gap's night at the gap discount, the price the bookings form quotes and the calendar explains", async () => {
    // Both suites taken the night before and the night after ahead(130): a one-night gap.
    for (const [a, d] of [[128, 130], [128, 130], [131, 133], [131, 133]]) {
      await t.json("POST", `${f.base}/reservations`, { token: f.token, body: { arrival: ahead(a), departure: ahead(d), room_category_uuid: f.suite.id, adults: 2, guest: { name: "Vizinho" } }, status: 201 });
    }
    const gapSettings = (percent: number) => ({ gap_fill: true, gap_max_nights: 2, gap_discount_percent: percent, mode: "off", bases: {} });
    const suiteOffer = async () => {
      const { data } = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${ahead(130)}&departure=${ahead(131)}&adults=2`, { status: 200 });
      return data.offers.find((o: { category: { uuid: string } }) => o.category.uuid === f.suite.id);
    };
    await t.json("PUT", `${f.base}/stay-rules/settings`, { token: f.token, body: gapSettings(20), status: 200 });
    const discounted = await suiteOffer();
    const quote = await t.json("POST", `${f.base}/reservations/quote-price`, { token: f.token, body: { arrival: ahead(130), departure: ahead(131), room_category_uuid: f.suite.id, adults: 2, children: 0 }, status: 200 });
    expect(discounted.total).toBe(quote.data.total);
    const calendar = await t.json("GET", `${f.base}/calendar?from=${ahead(130)}&to=${ahead(130)}&category=${f.suite.id}&explain=true`, { token: f.token, status: 200 });
    const cell = calendar.days[0].rates[0];
    expect(cell.rate).toBe(discounted.total);
    expect(cell.explanation).toContainEqual(expect.objectContaining({ step: "gapDiscount", detail: { percentage: 20, first: ahead(130), last: ahead(130), nights: 1 } }));
    // Dates across the full nights: the suite is named with its first full night and the gap offered instead.
    const across = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${ahead(129)}&departure=${ahead(132)}&adults=2`, { status: 200 });
    expect(across.data.offers.map((o: { category: { uuid: string } }) => o.category.uuid)).not.toContain(f.suite.id);
    expect(across.data.refusals).toEqual([{ category: { uuid: f.suite.id, name: "Suíte" }, rule: "noRoom", night: ahead(129), limit: null, suggestion: { arrival: ahead(130), departure: ahead(131) } }]);
    await t.json("PUT", `${f.base}/stay-rules/settings`, { token: f.token, body: gapSettings(0), status: 200 });
    const full = await suiteOffer();
    expect(discounted.total).toBe(Math.round((full.total * 0.8) / 100) * 100);
  });

  it("writes the hotel's notice in the owner's language, whatever language the guest booked in", async () => {
    const [{ ownerId }] = await t.db.select({ ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.id, DEMO_BUSINESS.id));
    await t.db.update(users).set({ preferredLanguage: "fr-CA" }).where(eq(users.id, ownerId));
    try {
      const arrival = ahead(70);
      const departure = ahead(71);
      const offers = await t.json("GET", `${pub("pousada-mare-alta")}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 });
      await t.json("POST", `${pub("pousada-mare-alta")}/reservations`, {
        lang: "es",
        body: { category_id: offers.data.offers[0].category.uuid, arrival, departure, adults: 2, children: 0, guest, notes: "" },
        status: 201,
      });
      const [toHotel] = await latestMail(t, { to: "reservas@pousada-demo.com.br" });
      expect(toHotel).toMatchObject({ kind: "booking_notice", locale: "fr-CA" });
      const [toGuest] = await latestMail(t, { to: guest.email });
      expect(toGuest).toMatchObject({ kind: "booking_confirmation", locale: "es-ES" });
    } finally {
      await t.db.update(users).set({ preferredLanguage: "pt-BR" }).where(eq(users.id, ownerId));
    }
  });

  it("books a stay: pending, channel booking_engine, priced like the offer, with e-mails to guest and hotel", async () => {
    const arrival = ahead(60);
    const departure = ahead(62);
    const offers = await t.json("GET", `${pub("pousada-mare-alta")}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 });
    const offer = offers.data.offers[0];
    const res = await t.json("POST", `${pub("pousada-mare-alta")}/reservations`, {
      lang: "en",
      body: { category_id: offer.category.uuid, arrival, departure, adults: 2, children: 0, guest, notes: "Late arrival" },
      status: 201,
    });
    expect(res.data).toMatchObject({ status: "pending", arrival, departure, total: offer.total, currency: "BRL", category: offer.category.name, nights: 2 });
    expect(res.data.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(res.data).not.toHaveProperty("guest");
    const [row] = await t.db.select().from(reservations).where(eq(reservations.code, res.data.code));
    expect(row).toMatchObject({ channel: "booking_engine", status: "pending", businessId: DEMO_BUSINESS.id, createdBy: null });

    const toGuest = await latestMail(t, { to: guest.email });
    expect(toGuest[0]).toMatchObject({ kind: "booking_confirmation", locale: "en-US" });
    expect(toGuest[0].subject).toContain(res.data.code);
    expect(toGuest[0].text).toContain(`/p/pousada-mare-alta/confirmation/${res.data.code}`);
    const toHotel = await latestMail(t, { to: "reservas@pousada-demo.com.br" });
    expect(toHotel[0]).toMatchObject({ kind: "booking_notice", locale: "pt-BR" });
    expect(toHotel[0].text).toContain("Joana Hóspede");

    // The owner sees it among the bookings, with its channel.
    const list = await t.json("GET", `${demoBase}/reservations?q=${res.data.code}`, { token: owner, status: 200 });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ channel: "booking_engine", guest: { name: "Joana Hóspede", email: "joana@example.com" } });

    // The confirmation page shows the stay, never the guest's details.
    const confirmation = await t.json("GET", `${pub("pousada-mare-alta")}/reservations/${res.data.code}`, { status: 200 });
    expect(confirmation.data).toEqual({ code: res.data.code, status: "pending", arrival, departure, adults: 2, children: 0, category: offer.category.name, total: offer.total, currency: "BRL" });
    expect((await t.call("GET", `${pub("pousada-teste")}/reservations/${res.data.code}`)).status).toBe(404);
  });

  it("keeps what each guest was shown, against the competitors' price of the same nights, and which stay was booked (ADR 0064)", async () => {
    const arrival = ahead(64);
    const departure = ahead(66);
    const since = new Date(t.clock.now.getTime());
    const quotesOf = (businessId: string) =>
      t.db.select().from(engineQuotes).where(and(eq(engineQuotes.businessId, businessId), eq(engineQuotes.arrival, arrival), gte(engineQuotes.quotedAt, since)));
    const shown = (await t.json("GET", `${pub("pousada-mare-alta")}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 })).data.offers as { category: { uuid: string }; total: number }[];
    const lowest = new Map<string, number>();
    for (const o of shown) lowest.set(o.category.uuid, Math.min(lowest.get(o.category.uuid) ?? Infinity, o.total));
    const quotes = await quotesOf(DEMO_BUSINESS.id);
    // One quote per category shown, at the lowest total the guest saw (the demo sells several rate plans).
    expect(new Map(quotes.map((q) => [q.categoryId, q.price]))).toEqual(lowest);
    expect(quotes.every((q) => q.nights === 2 && q.bookedAt === null)).toBe(true);
    // The demo follows competitors: the market's price of the stay, scaled to each category, is kept beside it.
    for (const q of quotes) expect(Math.abs(Math.log(q.price / q.market!))).toBeLessThan(1);
    const byPrice = [...quotes].sort((a, b) => a.price - b.price);
    expect(byPrice.map((q) => q.market)).toEqual([...byPrice.map((q) => q.market)].sort((a, b) => a! - b!));

    // The guest books one category: that quote, and only it, is marked booked.
    const chosen = shown[0].category.uuid;
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await t.json("POST", `${pub("pousada-mare-alta")}/reservations`, { body: { category_id: chosen, arrival, departure, adults: 2, guest: { ...guest, email: "cotacao@example.com" } }, status: 201 });
    const after = await quotesOf(DEMO_BUSINESS.id);
    expect(after.filter((q) => q.bookedAt).map((q) => q.categoryId)).toEqual([chosen]);
    // A second booking of the same stay without a new look marks nothing more.
    await t.json("POST", `${pub("pousada-mare-alta")}/reservations`, { body: { category_id: chosen, arrival, departure, adults: 2, guest: { ...guest, email: "cotacao2@example.com" } }, status: 201 });
    expect((await quotesOf(DEMO_BUSINESS.id)).filter((q) => q.bookedAt)).toHaveLength(1);

    // A hotel that follows no competitors keeps its quotes without a market price (they teach the brain nothing).
    await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 });
    const plain = await quotesOf(f.business.id);
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((q) => q.market === null)).toBe(true);
    // A search the engine refuses writes nothing.
    const before = (await t.db.select().from(engineQuotes)).length;
    await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${ahead(-1)}&departure=${ahead(1)}&adults=2`, { status: 422 });
    expect((await t.db.select().from(engineQuotes)).length).toBe(before);
  });

  it("confirms at once when the hotel chose auto-confirm", async () => {
    await t.db.update(bookingEngines).set({ autoConfirm: true }).where(eq(bookingEngines.businessId, f.business.id));
    const res = await t.json("POST", `${pub("pousada-teste")}/reservations`, {
      body: { category_id: f.standard.id, arrival: ahead(70), departure: ahead(71), adults: 1, guest: { ...guest, email: "auto@example.com" } },
      status: 201,
    });
    expect(res.data.status).toBe("confirmed");
    await t.db.update(bookingEngines).set({ autoConfirm: false }).where(eq(bookingEngines.businessId, f.business.id));
  });

  it("refuses bad bookings with 422 field errors, nothing written", async () => {
    const before = await orphanCount(t.db, f.business.id);
    const bad = await t.json("POST", `${pub("pousada-teste")}/reservations`, {
      lang: "en",
      body: { category_id: f.standard.id, arrival: ahead(80), departure: ahead(81), adults: 1, guest: { name: "", email: "nope" } },
      status: 422,
    });
    expect(Object.keys(bad.errors).sort()).toEqual(["guest.email", "guest.name", "guest.phone"]);
    const foreign = await t.json("POST", `${pub("pousada-teste")}/reservations`, {
      lang: "en",
      body: { category_id: crypto.randomUUID(), arrival: ahead(80), departure: ahead(81), adults: 1, guest },
      status: 422,
    });
    expect(foreign.errors.category_id).toEqual(["Choose a room category of this hotel."]);
    const crowd = await t.json("POST", `${pub("pousada-teste")}/reservations`, {
      lang: "en",
      body: { category_id: f.standard.id, arrival: ahead(80), departure: ahead(81), adults: 3, guest },
      status: 422,
    });
    expect(crowd.errors.adults).toHaveLength(1);
    expect(await orphanCount(t.db, f.business.id)).toBe(before);
  });

  it("sells the last room once: parallel bookings → exactly one 201, the others 409", async () => {
    const arrival = ahead(90);
    const departure = ahead(93);
    // One suite left on those nights.
    await t.json("POST", `${f.base}/reservations`, {
      token: f.token,
      body: { arrival, departure, room_category_uuid: f.suite.id, adults: 2, guest: { name: "Antes" } },
      status: 201,
    });
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.call("POST", `${pub("pousada-teste")}/reservations`, {
          body: { category_id: f.suite.id, arrival, departure, adults: 2, guest: { ...guest, email: `corrida${i}@example.com` } },
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect((await inventoryMatches(t.db, f.business.id)).ok).toBe(true);
    const { data } = await t.json("GET", `${pub("pousada-teste")}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 });
    expect(data.offers.map((o: { category: { name: string } }) => o.category.name)).not.toContain("Suíte");
  });
});

describe("rate limit", () => {
  it("keeps the quotes of at most a few searches an hour from one address, and still answers the rest", async () => {
    const limited = await createTestApi({ seed: true, deps: { rateLimits: { engineQuotesIp: { points: 2, durationSec: 3600 } } } });
    try {
      const kept = async () => (await limited.db.select().from(engineQuotes)).length;
      const search = (address: string) => limited.call("GET", `${pub("pousada-mare-alta")}/offers?arrival=${addDays(today, 30)}&departure=${addDays(today, 32)}&adults=2`, { headers: { "x-forwarded-for": address } });
      expect((await search("203.0.113.20")).status).toBe(200);
      const perSearch = await kept();
      expect(perSearch).toBeGreaterThan(0);
      expect((await search("203.0.113.20")).status).toBe(200);
      expect(await kept()).toBe(2 * perSearch);
      // A third search from the same address (a rate shopper, say): answered, not learnt from.
      const third = await search("203.0.113.20");
      expect(third.status).toBe(200);
      expect((await third.json()).data.offers.length).toBeGreaterThan(0);
      expect(await kept()).toBe(2 * perSearch);
      // Another address is a guest of its own.
      expect((await search("203.0.113.21")).status).toBe(200);
      expect(await kept()).toBe(3 * perSearch);
    } finally {
      await limited.close();
    }
  });

  it("answers 429 after too many online bookings from one address", async () => {
    const limited = await createTestApi({ seed: true, deps: { rateLimits: { bookingEngineIp: { points: 2, durationSec: 600 } } } });
    try {
      const headers = { "x-forwarded-for": "203.0.113.9" };
      const body = { category_id: crypto.randomUUID(), arrival: "2020-01-01", departure: "2020-01-02", adults: 1, guest };
      expect((await limited.call("POST", `${pub("pousada-mare-alta")}/reservations`, { headers, body })).status).toBe(422);
      expect((await limited.call("POST", `${pub("pousada-mare-alta")}/reservations`, { headers, body })).status).toBe(422);
      const third = await limited.call("POST", `${pub("pousada-mare-alta")}/reservations`, { headers, body });
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();
      // Another address is not held up.
      expect((await limited.call("POST", `${pub("pousada-mare-alta")}/reservations`, { headers: { "x-forwarded-for": "203.0.113.10" }, body })).status).toBe(422);
    } finally {
      await limited.close();
    }
  });
});
