import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as setup from "#app/routes/bookings/booking-engine-setup.tsx";
import * as frame from "#app/routes/public/booking.tsx";
import * as search from "#app/routes/public/booking.index.tsx";
import * as book from "#app/routes/public/booking.book.tsx";
import * as confirmation from "#app/routes/public/booking.confirmation.tsx";
import { plans, reservations, subscriptions } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const slug = "pousada-mare-alta";
const onPage = (params: Record<string, string> = {}) => ({ layouts: [frame], params: { slug, ...params } });

/** Every field of the settings form as the browser sends it (unticked boxes are absent). */
function settingsForm(over: Record<string, string | string[] | undefined> = {}) {
  return {
    slug,
    enabled: "on",
    "headline.pt-BR": "Pé na areia",
    "headline.en-US": "On the beach",
    "description.pt-BR": "",
    "policies.pt-BR": "Sem animais",
    accent_color: "#0f766e",
    contact_email: "reservas@pousada-demo.com.br",
    contact_phone: "",
    min_nights: "2",
    max_nights: "20",
    max_advance_days: "300",
    check_in_time: "15:00",
    check_out_time: "11:00",
    ...over,
  };
}

describe("/booking-engine/setup", () => {
  it("declares its guard: user.businesses and the motor plan", () => {
    expect(setup.handle).toEqual({ permission: "user.businesses", plan: "motor" });
  });

  it("sends a signed-out visitor to sign in", async () => {
    const res = await h.browser().get("/booking-engine/setup", setup, inApp);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login?redirectTo=%2Fbooking-engine%2Fsetup");
  });

  it("refuses a collaborator without user.businesses", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.collaborator.email);
    const res = await browser.get("/booking-engine/setup", setup, inApp);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/unauthorized");
  });

  it("shows the owner the settings and the categories, and saves the form (one box ticked)", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const page = await browser.get("/booking-engine/setup", setup, inApp);
    expect(page.status).toBe(200);
    expect(page.data.settings).toMatchObject({ slug, enabled: true, saved: true });
    const first = page.data.categories[0].uuid as string;
    const sent = await browser.post("/booking-engine/setup", setup, settingsForm({ category_ids: first }), inApp);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/booking-engine/setup");
    const after = await browser.get("/booking-engine/setup", setup, inApp);
    expect(after.data.settings).toMatchObject({
      headline: { "pt-BR": "Pé na areia", "en-US": "On the beach" },
      policies: { "pt-BR": "Sem animais" },
      description: {},
      category_ids: [first],
      min_nights: 2,
      check_in_time: "15:00",
      contact_phone: null,
      auto_confirm: false,
    });
    // Put the demo back: every category, one night minimum.
    await browser.post("/booking-engine/setup", setup, settingsForm({ min_nights: "1", max_nights: "30", max_advance_days: "365" }), inApp);
  });

  it("answers mistakes beside their fields, and a slug in use from the API", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const bad = await browser.post("/booking-engine/setup", setup, settingsForm({ slug: "-x", check_in_time: "9h" }), inApp);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.data.error)).toEqual(expect.arrayContaining(["slug", "check_in_time"]));
  });

  it("sends an owner whose business lost the motor plan to the subscriptions page", async () => {
    const [motor] = await h.t.db.select().from(plans).where(eq(plans.planIdentifier, "motor"));
    const where = and(eq(subscriptions.businessId, DEMO_BUSINESS.id), inArray(subscriptions.planId, [motor.id]));
    await h.t.db.update(subscriptions).set({ status: "canceled" }).where(where);
    try {
      const browser = h.browser();
      await browser.signIn(demoUsers.owner.email);
      const res = await browser.get("/booking-engine/setup", setup, inApp);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/account-settings/subscriptions?required=motor");
      // And the public page is gone with the plan.
      expect((await h.browser().get(`/p/${slug}`, frame, onPage())).status).toBe(404);
    } finally {
      await h.t.db.update(subscriptions).set({ status: "active" }).where(where);
    }
  });
});

describe("/p/{slug} (signed out)", () => {
  const today = () => todayIn("America/Sao_Paulo", h.t.clock.now);

  it("opens for a guest without an account, in the cookie's language", async () => {
    const guest = h.browser();
    const res = await guest.get(`/p/${slug}`, frame, { ...onPage(), headers: { Cookie: "lng=en-US" } });
    expect(res.status).toBe(200);
    // The English headline the setup test above saved; Spanish has none now, so Portuguese stands in.
    expect(res.data.profile).toMatchObject({ slug, business: { name: "Pousada Maré Alta" }, headline: "On the beach" });
    const es = await guest.get(`/p/${slug}`, frame, { ...onPage(), headers: { Cookie: "lng=es-ES" } });
    expect(es.data.profile.headline).toBe("Pé na areia");
  });

  it("answers 404 with a friendly page for an unknown slug", async () => {
    const res = await h.browser().get("/p/nao-existe", frame, { layouts: [], params: { slug: "nao-existe" } });
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ profile: null });
  });

  it("searches, books with the guest form and shows the confirmation (post → redirect → get)", async () => {
    const guest = h.browser();
    const arrival = addDays(today(), 45);
    const departure = addDays(today(), 47);
    const query = `arrival=${arrival}&departure=${departure}&adults=2&children=0`;
    const found = await guest.get(`/p/${slug}?${query}`, search, onPage());
    expect(found.status).toBe(200);
    const offer = found.data.offers.offers[0];
    expect(offer.nights).toHaveLength(2);

    const form = await guest.get(`/p/${slug}/book?${query}&category=${offer.category.uuid}`, book, onPage());
    expect(form.data.offer).toMatchObject({ total: offer.total });
    const hp = form.data.honeypot;
    const fields = {
      category_id: offer.category.uuid,
      arrival,
      departure,
      adults: "2",
      children: "0",
      "guest.name": "Rota Hóspede",
      "guest.email": "rota@example.com",
      "guest.phone": "+55 48 97777-0000",
      "guest.country": "",
      "guest.document": "",
      notes: "",
      [hp.nameFieldName]: "",
      [hp.validFromFieldName]: hp.encryptedValidFrom,
    };
    // A bot fills the hidden field: refused, nothing booked.
    const before = (await h.t.db.select().from(reservations)).length;
    const spam = await guest.post(`/p/${slug}/book?${query}`, book, { ...fields, [hp.nameFieldName]: "http://spam.example" }, onPage());
    expect(spam.status).toBe(400);
    // …as a refused form with its message, not the error page.
    expect(spam.data.error).toEqual({ "": ["validation.formRefused"] });
    expect(await h.t.db.select().from(reservations)).toHaveLength(before);
    // Missing details come back beside their fields.
    const incomplete = await guest.post(`/p/${slug}/book?${query}`, book, { ...fields, "guest.email": "" }, onPage());
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.data.error)).toEqual(["guest.email"]);

    const sent = await guest.post(`/p/${slug}/book?${query}`, book, fields, onPage());
    expect(sent.status).toBe(302);
    const code = sent.location!.split("/").pop()!;
    expect(sent.location).toBe(`/p/${slug}/confirmation/${code}`);
    const [row] = await h.t.db.select().from(reservations).where(eq(reservations.code, code));
    expect(row).toMatchObject({ channel: "booking_engine", status: "pending", total: offer.total });

    const shown = await guest.get(sent.location!, confirmation, onPage({ code }));
    expect(shown.data.reservation).toMatchObject({ code, status: "pending", arrival, departure, total: offer.total });
    expect(shown.data.reservation).not.toHaveProperty("guest");
  });

  it("refuses a post without the CSRF token", async () => {
    const res = await h.browser().post(`/p/${slug}/book`, book, { category_id: "x" }, { ...onPage(), csrf: false });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
