import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translatorFor } from "#api/i18n.ts";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import type { BookingRevision } from "#api/services/channels/channex-client.ts";
import { connectChannex } from "#api/services/channels/connections.ts";
import { pullBookings } from "#api/services/channels/feed.ts";
import { BookingsNeedingAttention } from "#app/components/channels/bookings-attention.tsx";
import * as notificationCentre from "#app/routes/account/notification-centre.tsx";
import * as bookings from "#app/routes/bookings/index.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { setConfig } from "#config";
import type { AttentionJson } from "#contract/channels.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";
import { renderingI18n } from "#tests/helpers/i18n.ts";

/**
 * Issue 30: the channel bookings Tarifa could not place (a room not mapped, a rate plan not
 * mapped, another currency) on /bookings — in the page's data, in its server-rendered HTML (what
 * a browser without JavaScript shows, with a plain form to mark one handled), through that form's
 * action — and in the notification centre; a later cancellation shows on the same entry.
 */
let h: RouteHarness;
let fake: FakeChannex;
let property: FakeProperty;
const call = { layouts: [appLayout] };

const i18n = await renderingI18n();

/** The section as the server renders it for /bookings (no script needed to read it or send its forms). */
function html(items: AttentionJson[]): string {
  const router = createMemoryRouter([{ path: "/bookings", element: createElement(BookingsNeedingAttention, { items }) }], { initialEntries: ["/bookings"] });
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })));
}

const revision = (guest: string, arrival: string, shape: { roomType?: string | null; ratePlan?: string | null; currency?: string } = {}): BookingRevision => ({
  id: crypto.randomUUID(),
  property_id: property.id,
  booking_id: crypto.randomUUID(),
  status: "new",
  ota_name: "Booking.com",
  ota_reservation_code: `BDC-${guest}`,
  arrival_date: arrival,
  departure_date: `${arrival.slice(0, 8)}${String(Number(arrival.slice(8)) + 2).padStart(2, "0")}`,
  amount: "640.00",
  currency: shape.currency ?? "BRL",
  customer: { name: guest, surname: "Teste", mail: null, phone: null, country: "BR" },
  rooms: [
    {
      room_type_id: shape.roomType === undefined ? property.roomTypes[0].id : shape.roomType,
      rate_plan_id: shape.ratePlan === undefined ? property.ratePlans[0].id : shape.ratePlan,
      checkin_date: arrival,
      checkout_date: `${arrival.slice(0, 8)}${String(Number(arrival.slice(8)) + 2).padStart(2, "0")}`,
      amount: "640.00",
      occupancy: { adults: 2, children: 0, infants: 0 },
    },
  ],
});

let unmapped: BookingRevision;
let unknownPlan: BookingRevision;
let dollars: BookingRevision;

beforeAll(async () => {
  h = await createRouteHarness();
  fake = await startFakeChannex();
  setConfig({ ...h.t.config, CHANNEX_API_URL: fake.url });
  property = fake.addProperty();
  const notMapped = fake.addRatePlan(property, 0, "Not mapped");
  await connectChannex(
    h.t.db,
    translatorFor("pt-BR"),
    DEMO_BUSINESS.id,
    {
      property_id: property.id,
      api_key: fake.apiKey,
      mapping: [DEMO_CATEGORY_IDS.standard, DEMO_CATEGORY_IDS.deluxe, DEMO_CATEGORY_IDS.suite].map((id, i) => ({
        room_category_uuid: id,
        room_type_id: property.roomTypes[i].id,
        rate_plan_id: property.ratePlans[i].id,
      })),
    },
    new Date(),
  );
  unmapped = revision("Ulisses", "2027-07-03", { roomType: null, ratePlan: null });
  unknownPlan = revision("Paula", "2027-07-10", { ratePlan: notMapped.id });
  dollars = revision("Diana", "2027-07-17", { currency: "USD" });
  for (const r of [unmapped, unknownPlan, dollars]) fake.deliver(r);
  expect(await pullBookings(h.t.db, DEMO_BUSINESS.id)).toMatchObject({ attention: 3, failed: 0 });
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await h?.close();
});

describe("/bookings: channel bookings needing attention", () => {
  it("lists each with the guest, the dates, the amount and the reason, in the page's data and its HTML, each with a form that needs no script", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const page = await browser.get("/bookings", bookings, call);
    expect(page.status).toBe(200);
    const items = page.data.attention as AttentionJson[];
    expect(items.map((a) => [a.guest_name, a.reason, a.arrival, a.amount, a.currency]).sort()).toEqual([
      ["Diana Teste", "currency", "2027-07-17", "640.00", "USD"],
      ["Paula Teste", "unknown_rate_plan", "2027-07-10", "640.00", "BRL"],
      ["Ulisses Teste", "unmapped_room", "2027-07-03", "640.00", "BRL"],
    ]);
    const shown = html(items);
    expect(shown).toContain("3 reservas de canal precisam de atenção");
    for (const text of ["Ulisses Teste", "Paula Teste", "Diana Teste", "3 de jul. de 2027", "640.00 USD"]) expect(shown).toContain(text);
    for (const reason of ["unmapped_room", "unknown_rate_plan", "currency"]) expect(shown).toContain(i18n.getFixedT("pt-BR", "channels")(`attention.reason.${reason}`));
    const forms = shown.match(/<form [^>]*method="post"[^>]*>[\s\S]*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(3);
    for (const r of [unmapped, unknownPlan, dollars]) {
      expect(forms.some((f) => f.includes('name="intent" value="resolve-attention"') && f.includes(`name="revision_id" value="${r.id}"`))).toBe(true);
    }
  });

  it("the notification centre tells each one, leading to /bookings", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const page = await browser.get("/notifications/list?kind=reservation.needs_attention", notificationCentre, call);
    expect(page.status).toBe(200);
    const mine = (page.data.notifications as { title: string; link: string | null }[]).filter((n) => /Ulisses|Paula|Diana/.test(n.title));
    expect(mine).toHaveLength(3);
    expect(mine.every((n) => n.link === "/bookings")).toBe(true);
  });

  it("the form marks one handled (post, then redirected back to /bookings with a toast); an unknown, already handled or malformed id is a toast, never a 500", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const sent = await browser.post("/bookings", bookings, { intent: "resolve-attention", revision_id: unmapped.id }, call);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/bookings");
    expect((await browser.session()).get("toast")).toMatchObject({ kind: "success", message: "channels:attention.resolved" });
    const after = await browser.get("/bookings", bookings, call);
    expect((after.data.attention as AttentionJson[]).map((a) => a.revision_id)).not.toContain(unmapped.id);

    for (const id of [unmapped.id, crypto.randomUUID(), "x".repeat(101), ""]) {
      const again = await browser.post("/bookings", bookings, { intent: "resolve-attention", revision_id: id }, call);
      expect([again.status, again.location]).toEqual([302, "/bookings"]);
      expect((await browser.session()).get("toast")).toMatchObject({ kind: "error", message: "channels:api.attentionNotFound" });
    }
  });

  it("the channel's cancellation of one already handled puts it back, saying it was cancelled", async () => {
    fake.deliver({ ...unmapped, id: crypto.randomUUID(), status: "cancelled" });
    expect(await pullBookings(h.t.db, DEMO_BUSINESS.id)).toMatchObject({ applied: 1, attention: 0, failed: 0 });
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const page = await browser.get("/bookings", bookings, call);
    const back = (page.data.attention as AttentionJson[]).find((a) => a.revision_id === unmapped.id);
    expect(back?.cancelled_at).toEqual(expect.any(String));
    const shown = html([back!]);
    expect(shown).toContain("Cancelada pelo canal");
    expect(html((page.data.attention as AttentionJson[]).filter((a) => a.revision_id !== unmapped.id))).not.toContain("Cancelada pelo canal");
  });
});
