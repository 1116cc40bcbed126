import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekday } from "#domain/pricing/dates.ts";
import { guests, inventoryNights, reservations } from "#api/db/schema/index.ts";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

// Tarifa's suggested demand rule (issue 28 point 1) from the business's last year.
const NOW = new Date("2027-03-01T15:00:00Z"); // 12:00 in São Paulo, the business's zone
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
}, 300_000);
afterAll(() => w.t.close());

const Suite = () => w.categories[2]; // 2 rooms
const suggestion = async (token = w.tokens.owner) => (await w.t.json("GET", `${w.base}/stay-rules`, { token, status: 200 })).suggestion;
const adopt = (token: string, status: number) => w.t.json("POST", `${w.base}/stay-rules/demand-rules/suggested`, { token, body: {}, status });

/** The last 364 nights: the Suíte full every Saturday, one room of two taken on the other nights. */
async function aYearOfSaturdaysFull() {
  const rows = Array.from({ length: 364 }, (_, i) => addDays("2027-03-01", -364 + i)).map((night) => ({
    categoryId: Suite().id,
    businessId: w.businessId,
    night,
    sold: weekday(night) === 6 ? 2 : 1,
    blocked: 0,
  }));
  await w.t.db.insert(inventoryNights).values(rows);
}

/** Kept stays arriving on Saturdays, booked `lead` days before at noon in São Paulo; one cancelled, one on a Tuesday (neither read). */
async function staysWithLeads(leads: number[]) {
  const [guest] = await w.t.db.insert(guests).values({ businessId: w.businessId, name: "Maria Souza" }).returning();
  const saturday = "2027-02-13";
  const row = (arrival: string, lead: number, i: number, status: "confirmed" | "cancelled" = "confirmed") => ({
    businessId: w.businessId,
    code: `H${i}`,
    status,
    arrival,
    departure: addDays(arrival, 1),
    categoryId: Suite().id,
    guestId: guest.id,
    ratePerNight: 30_000,
    total: 30_000,
    createdAt: new Date(`${addDays(arrival, -lead)}T15:00:00Z`),
  });
  await w.t.db.insert(reservations).values([...leads.map((lead, i) => row(saturday, lead, i)), row(saturday, 0, 90, "cancelled"), row("2027-02-16", 0, 91)]);
}

describe("Tarifa's suggested demand rule", () => {
  it("suggests nothing before there is a history, and says why", async () => {
    expect(await suggestion()).toMatchObject({ rule: null, reason: "history", stays: 0, adopted: false });
    const refused = await w.t.call("POST", `${w.base}/stay-rules/demand-rules/suggested`, { token: w.tokens.owner, body: {} });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("Não há regra a sugerir a partir dos últimos 12 meses.");
  });

  it("from a year of full Saturdays: two nights on Saturday arrivals, relaxed below 90 % and inside the lead of the latest quarter of their bookings", async () => {
    await aYearOfSaturdaysFull();
    await staysWithLeads([120, 3, 40, 5, 90, 10, 60, 20]);
    const s = await suggestion(w.tokens.collaborator);
    expect(s).toMatchObject({
      rule: { weekdays: [6], applies_to: "arrival", min_stay: 2, relax_inside_days: 5, relax_below_occupancy_percent: 90, relaxed_min_stay: 1 },
      reason: null,
      stays: 8,
      adopted: false,
    });
    expect(s.evidence[6]).toEqual({ weekday: 6, nights: 52, sold_out: 52 });
    expect(s.evidence[5]).toEqual({ weekday: 5, nights: 52, sold_out: 0 });
  });

  it("is added as it stands by the owner only, marked as Tarifa's, logged, and then in force and shown as in use", async () => {
    await adopt(w.tokens.collaborator, 403);
    await adopt(w.tokens.stranger, 403);
    const { rule } = await adopt(w.tokens.owner, 201);
    expect(rule).toMatchObject({ category: null, weekdays: [6], min_stay: 2, relax_inside_days: 5, relax_below_occupancy_percent: 90, relaxed_min_stay: 1, source: "recommendation" });
    expect((await suggestion()).adopted).toBe(true);
    const log = await w.t.json("GET", `${w.base}/activity-log?area=price_settings&per_page=1`, { token: w.tokens.owner, status: 200 });
    expect(log.data[0]).toMatchObject({ entity: { uuid: rule.uuid, label: "Stay rules" } });
    expect(log.data[0].changes).toContainEqual({ field: "demand_rule.source", from: null, to: "recommendation" });
    // A Saturday far out (no forecast read: no relaxation by occupancy) asks two nights; the Friday before does not.
    const nights = await w.t.json("GET", `${w.base}/stay-rules/nights?category=${Suite().id}&from=2027-04-09&to=2027-04-10`, { token: w.tokens.owner, status: 200 });
    expect(nights.data.map((n: { night: string; min_stay_arrival: number }) => [n.night, n.min_stay_arrival])).toEqual([
      ["2027-04-09", 1],
      ["2027-04-10", 2],
    ]);
    // Twice is refused, and nothing is added (below: also two at once).
    const again = await w.t.call("POST", `${w.base}/stay-rules/demand-rules/suggested`, { token: w.tokens.owner, body: {} });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("A regra sugerida já está em uso.");
    const answer = await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 });
    expect(answer.demand_rules).toHaveLength(1);
  });

  it("adopted twice at once (a double click), adds it once: one 201, one 409", async () => {
    await w.t.call("DELETE", `${w.base}/stay-rules/demand-rules/${(await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 })).demand_rules[0].uuid}`, { token: w.tokens.owner });
    const both = await Promise.all([0, 1].map(() => w.t.call("POST", `${w.base}/stay-rules/demand-rules/suggested`, { token: w.tokens.owner, body: {} })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 })).demand_rules).toHaveLength(1);
  });
});
