import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { latestMail } from "#api/services/mail/index.ts";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { planNightRate, type RatePlanRule } from "#domain/pricing/rate-plans.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

/**
 * Rate plans where guests and staff meet them: the booking engine's offers (one per active plan
 * that sells the stay) and bookings with a plan, the calendar's per-plan rates, the hotel policies
 * on the public page and in the confirmation e-mail, and the channel a reservation carries.
 */

let t: TestApi;
let owner: string;
let collaborator: string;
let today: string;
const V1 = `/api/v1/businesses/${DEMO_BUSINESS.id}`;
const PUB = "/api/public/booking-engines/pousada-mare-alta";
const ahead = (days: number) => addDays(today, days);
const guest = { name: "Rita Hóspede", email: "rita@example.com", phone: "+55 21 97777-6666", country: "BR" };

type Plan = RatePlanRule & { uuid: string; active: boolean };
type Offer = { category: { uuid: string }; rate_plan: { uuid: string; name: string } | null; nights: { date: string; rate: number }[]; total: number };

async function plans(): Promise<Plan[]> {
  return (await t.json("GET", `${V1}/rate-plans`, { token: owner, status: 200 })).data;
}
async function offers(arrival: string, departure: string, adults = 2): Promise<Offer[]> {
  return (await t.json("GET", `${PUB}/offers?arrival=${arrival}&departure=${departure}&adults=${adults}&children=0`, { status: 200 })).data.offers;
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  today = todayIn("America/Sao_Paulo", t.clock.now);
});
afterAll(() => t.close());

describe("booking engine offers per rate plan", () => {
  it("offers each category once per active plan that sells the stay, priced by the plan's rule", async () => {
    const all = await plans();
    const short = await offers(ahead(30), ahead(33));
    const longStay = all.find((p) => p.kind === "long_stay")!;
    // Three nights: the long-stay plan (from 7 nights) is not offered.
    expect(short.some((o) => o.rate_plan?.uuid === longStay.uuid)).toBe(false);
    const categories = new Set(short.map((o) => o.category.uuid));
    expect(short).toHaveLength(categories.size * (all.filter((p) => p.active).length - 1));
    for (const category of categories) {
      const mine = short.filter((o) => o.category.uuid === category);
      const standard = mine.find((o) => all.find((p) => p.uuid === o.rate_plan?.uuid)?.kind === "standard")!;
      for (const offer of mine) {
        const plan = all.find((p) => p.uuid === offer.rate_plan!.uuid)!;
        expect(offer.nights.map((n) => n.rate)).toEqual(standard.nights.map((n) => planNightRate(n.rate, 2, plan)));
        expect(offer.total).toBe(offer.nights.reduce((s, n) => s + n.rate, 0));
      }
    }
    const long = await offers(ahead(30), ahead(37));
    expect(long.some((o) => o.rate_plan?.uuid === longStay.uuid)).toBe(true);
  });

  it("books with a plan at the plan's price; a plan that does not sell the stay is a 422", async () => {
    // Three nights: a nightly average would not always add up to the plan's total.
    const arrival = ahead(40);
    const departure = ahead(43);
    const all = await plans();
    const breakfast = all.find((p) => p.kind === "per_guest")!;
    const offer = (await offers(arrival, departure)).find((o) => o.rate_plan?.uuid === breakfast.uuid && o.category.uuid === DEMO_CATEGORY_IDS.standard)!;
    const booked = await t.json("POST", `${PUB}/reservations`, {
      body: { category_id: offer.category.uuid, rate_plan_id: breakfast.uuid, arrival, departure, adults: 2, children: 0, guest },
      status: 201,
    });
    expect(booked.data.total).toBe(offer.total);
    expect(booked.data.night_rates).toEqual(offer.nights);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.code, booked.data.code));
    expect(row.ratePlanId).toBe(breakfast.uuid);

    // The confirmation e-mail carries the hotel policies.
    const [mail] = await latestMail(t, { to: guest.email });
    expect(mail.text).toContain("Políticas do hotel");
    expect(mail.text).toContain("Check-in das 14:00 às 22:00");

    const longStay = all.find((p) => p.kind === "long_stay")!;
    const refused = await t.json("POST", `${PUB}/reservations`, {
      body: { category_id: offer.category.uuid, rate_plan_id: longStay.uuid, arrival, departure, adults: 2, children: 0, guest },
      status: 422,
    });
    // The plan's own minimum stay is one of the stay rules (domain/stay-rules/plans.ts): the stay is refused on its dates.
    expect(Object.keys(refused.errors)).toEqual(["departure"]);
  });

  it("shows the hotel policies on the public profile", async () => {
    const { data } = await t.json("GET", PUB, { status: 200 });
    expect(data.hotel_policies).toMatchObject({ check_in_from: "14:00", free_cancellation_days: 7, guarantee: "deposit" });
  });
});

describe("per-plan rates for the calendar", () => {
  it("whoever sees the calendar reads them; a stranger does not", async () => {
    const body = await t.json("GET", `${V1}/rate-plans/rates?from=${ahead(5)}&to=${ahead(5)}`, { token: collaborator, status: 200 });
    expect(body.data.length).toBe(Object.keys(DEMO_CATEGORY_IDS).length * body.rate_plans.length);
    const other = await t.json("POST", "/api/auth/register", {
      body: { name: "Zé", surname: "Estranho", email: "ze@example.com", password: "senha-do-ze-123", password_confirmation: "senha-do-ze-123" },
      status: 201,
    });
    await t.json("GET", `${V1}/rate-plans/rates?from=${ahead(5)}&to=${ahead(5)}`, { token: other.token, status: 403 });
  });
});

describe("the channel a reservation carries", () => {
  // Beyond the demo's year of future bookings: how full a night is depends on the hour the demo was
  // seeded (a stay booked later today does not exist yet), so a night inside it may have no room.
  const stay = (over: Record<string, unknown>) => ({
    arrival: ahead(400),
    departure: ahead(401),
    room_category_uuid: DEMO_CATEGORY_IDS.suite,
    adults: 2,
    guest: { name: "Canal Teste" },
    ...over,
  });

  it("the forms offer the active sales channels by name; an unknown code is a 422 until it becomes a sales channel", async () => {
    const options = (await t.json("GET", `${V1}/reservations/options`, { token: owner, status: 200 })).data;
    expect(options.channels).toEqual(expect.arrayContaining(["direct", "booking_com", "walk_in"]));
    expect(options.channel_names.booking_com).toBe("Booking.com");

    const refused = await t.json("POST", `${V1}/reservations`, { token: owner, body: stay({ channel: "agencia_sol" }), status: 422 });
    expect(Object.keys(refused.errors)).toEqual(["channel"]);

    const { sales_channel } = await t.json("POST", `${V1}/sales-channels`, { token: owner, body: { code: "agencia_sol", name: "Agência Sol", commission: 10 }, status: 201 });
    const created = await t.json("POST", `${V1}/reservations`, { token: owner, body: stay({ channel: "agencia_sol" }), status: 201 });
    expect(created.reservation).toMatchObject({ channel: "agencia_sol" });

    // Deactivated: no longer offered, but a reservation on it keeps it in its edit form.
    await t.json("PUT", `${V1}/sales-channels/${sales_channel.uuid}`, { token: owner, body: { active: false }, status: 200 });
    const after = (await t.json("GET", `${V1}/reservations/options`, { token: owner, status: 200 })).data;
    expect(after.channels).not.toContain("agencia_sol");
    const kept = (await t.json("GET", `${V1}/reservations/options?channel=agencia_sol`, { token: owner, status: 200 })).data;
    expect(kept.channels).toContain("agencia_sol");
  });
});
