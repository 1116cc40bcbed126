import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#domain/pricing/dates.ts";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

const NOW = new Date("2027-03-01T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
}, 300_000);
afterAll(() => w.t.close());

const Suite = () => w.categories[2]; // 2 rooms
const SETTINGS = { gap_fill: true, gap_max_nights: 2, gap_discount_percent: 10, mode: "off", bases: {} as Record<string, unknown> };
const guest = { name: "Maria Souza", email: "maria@example.com", phone: "+55 48 99999-0000", country: "BR" };
const stayBody = (arrival: string, departure: string) => ({ arrival, departure, room_category_uuid: Suite().id, adults: 2, children: 0, guest, channel: "direct", override_stay_rules: true });
const book = (arrival: string, departure: string) => w.t.json("POST", `${w.base}/reservations`, { token: w.tokens.owner, body: stayBody(arrival, departure), status: 201 });
const nights = (q: string) => w.t.json("GET", `${w.base}/stay-rules/nights?${q}`, { token: w.tokens.owner, status: 200 });
const suiteCell = async (night: string) =>
  (await w.t.json("GET", `${w.base}/calendar?from=${night}&to=${night}&category=${Suite().id}&explain=true`, { token: w.tokens.owner, status: 200 })).days[0].rates[0];
const quotedRate = async (night: string) => {
  const body = { arrival: night, departure: addDays(night, 1), room_category_uuid: Suite().id, adults: 2, children: 0 };
  return (await w.t.json("POST", `${w.base}/reservations/quote-price`, { token: w.tokens.owner, body, status: 200 })).data.nights[0].rate;
};

describe("the stay rules API", () => {
  it("starts with gap fill on, no base, no demand rule and no gap", async () => {
    const answer = await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.collaborator, status: 200 });
    expect(answer).toMatchObject({ today: "2027-03-01", settings: { gap_fill: true, gap_max_nights: 2, gap_discount_percent: 0, mode: "off", bases: {} }, demand_rules: [], gaps: [] });
    expect(answer.categories).toHaveLength(3);
  });

  it("saves a base and a demand rule; each night explains itself; the activity log has the change", async () => {
    await w.t.json("PUT", `${w.base}/stay-rules/settings`, {
      token: w.tokens.owner,
      body: { ...SETTINGS, bases: { [Suite().id]: { min_stay: 2, closed_to_arrival: [0] } } },
      status: 200,
    });
    const created = await w.t.json("POST", `${w.base}/stay-rules/demand-rules`, {
      token: w.tokens.owner,
      body: { category: Suite().id, weekdays: [5, 6], min_stay: 3, relax_inside_days: 7 },
      status: 201,
    });
    expect(created.rule).toMatchObject({ category: Suite().id, weekdays: [5, 6], min_stay: 3, relaxed_min_stay: 1, source: "owner" });
    const answer = await nights(`category=${Suite().id}&from=2027-03-05&to=2027-03-12`);
    const byNight = Object.fromEntries(answer.data.map((n: any) => [n.night, n]));
    // Friday 5th is inside 7 days: relaxed to 1; Friday 12th holds 3; Sunday 7th closed to arrival.
    expect(byNight["2027-03-05"]).toMatchObject({ min_stay_arrival: 1 });
    expect(byNight["2027-03-05"].steps.map((s: any) => s.step)).toEqual(["base", "demandRelaxed"]);
    expect(byNight["2027-03-12"]).toMatchObject({ min_stay_arrival: 3 });
    expect(byNight["2027-03-07"]).toMatchObject({ min_stay_arrival: 2, closed_to_arrival: true });
    const log = await w.t.json("GET", `${w.base}/activity-log?area=price_settings&per_page=2`, { token: w.tokens.owner, status: 200 });
    expect(log.data.map((l: any) => l.entity.label)).toEqual(["Stay rules", "Stay rules"]);
  });

  it("the bookings form warns about a stay that breaks a rule; booked anyway, the activity log keeps which", async () => {
    // Saturday 03-20 asks 3 nights (the demand rule): a 2-night stay is a warning, with the stay that works.
    const res = await w.t.call("POST", `${w.base}/reservations`, { token: w.tokens.owner, body: { ...stayBody("2027-03-20", "2027-03-22"), override_stay_rules: undefined } });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.departure[0]).toContain("3");
    expect(body.errors.departure[0]).toContain("2027-03-23");
    expect(body.errors.override_stay_rules).toHaveLength(1);
    const { reservation } = await book("2027-03-20", "2027-03-22");
    const log = await w.t.json("GET", `${w.base}/activity-log?area=reservations&per_page=1`, { token: w.tokens.owner, status: 200 });
    expect(log.data[0].entity.uuid).toBe(reservation.uuid);
    expect(JSON.stringify(log.data[0].changes)).toContain("minStayArrival");
    await w.t.json("POST", `${w.base}/reservations/${reservation.uuid}/cancel`, { token: w.tokens.owner, status: 200 });
  });

  it("lists an orphan gap a cancellation opens, with its minimum lowered to fit and the discount", async () => {
    // Two rooms full on 03-20..03-21 and 03-23..03-24, and on 03-22 too until one booking is cancelled.
    await book("2027-03-20", "2027-03-22");
    await book("2027-03-20", "2027-03-22");
    await book("2027-03-23", "2027-03-25");
    await book("2027-03-23", "2027-03-25");
    await book("2027-03-22", "2027-03-23");
    const { reservation: last } = await book("2027-03-22", "2027-03-23");
    expect((await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 })).gaps).toEqual([]);
    await w.t.json("POST", `${w.base}/reservations/${last.uuid}/cancel`, { token: w.tokens.owner, status: 200 });
    const answer = await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 });
    expect(answer.gaps).toEqual([{ room_category_uuid: Suite().id, first: "2027-03-22", last: "2027-03-22", nights: 1, action: "filled", min_stay_arrival: 1, discount_percent: 10 }]);
    const night = (await nights(`category=${Suite().id}&from=2027-03-22&to=2027-03-22`)).data[0];
    expect(night).toMatchObject({ min_stay_arrival: 1, in_gap: true });
    expect(night.steps.map((s: any) => s.step)).toEqual(["base", "orphanGap"]);
    // The gap's night is priced 10 % less in the calendar, named in its explanation, and the bookings form quotes that price.
    const discounted = await suiteCell("2027-03-22");
    const gapStep = discounted.explanation.find((s: any) => s.step === "gapDiscount");
    expect(gapStep).toMatchObject({ detail: { percentage: 10, first: "2027-03-22", last: "2027-03-22", nights: 1 } });
    const full = discounted.explanation.filter((s: any) => s.step !== "gapDiscount" && s.step !== "rounding").reduce((sum: number, s: any) => sum + s.amount, 0);
    expect(gapStep.amount).toBe(-Math.round(full / 10));
    expect(discounted.rate).toBe(Math.round((full + gapStep.amount) / 100) * 100);
    expect(await quotedRate("2027-03-22")).toBe(discounted.rate);
    expect((await suiteCell("2027-03-21")).explanation.map((s: any) => s.step)).not.toContain("gapDiscount");
    // Gap fill off: the gap is listed as left, and its night is no longer discounted.
    await w.t.json("PUT", `${w.base}/stay-rules/settings`, { token: w.tokens.owner, body: { ...SETTINGS, gap_fill: false }, status: 200 });
    expect((await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 })).gaps[0]).toMatchObject({ action: "left", min_stay_arrival: 2 });
    const undiscounted = await suiteCell("2027-03-22");
    expect(undiscounted.explanation.map((s: any) => s.step)).not.toContain("gapDiscount");
    expect(undiscounted.rate).toBeGreaterThan(discounted.rate);
    expect(await quotedRate("2027-03-22")).toBe(undiscounted.rate);
    // The what-if says turning it back on makes the gap sellable and opens stays.
    const whatIf = await w.t.json("POST", `${w.base}/stay-rules/what-if`, { token: w.tokens.owner, body: { ...SETTINGS, category: Suite().id }, status: 200 });
    expect(whatIf.gaps).toEqual([{ first: "2027-03-22", last: "2027-03-22", nights: 1, sellable_before: false, sellable_after: true }]);
    expect(whatIf.opened).toBeGreaterThanOrEqual(1);
    expect(whatIf.opened_sample).toContainEqual({ arrival: "2027-03-22", departure: "2027-03-23" });
    await w.t.json("PUT", `${w.base}/stay-rules/settings`, { token: w.tokens.owner, body: SETTINGS, status: 200 });
  });

  it("a booking that leaves an orphan gap beside it reprices the gap's night: the occupation log says so, reason booking", async () => {
    // Two rooms full 04-19..04-21; then 04-23..04-24 too: 04-22, beside the second booking's nights, becomes a gap.
    await book("2027-04-19", "2027-04-22");
    await book("2027-04-19", "2027-04-22");
    const before = await suiteCell("2027-04-22");
    expect(before.explanation.map((s: any) => s.step)).not.toContain("gapDiscount");
    await book("2027-04-23", "2027-04-25");
    await book("2027-04-23", "2027-04-25");
    const after = await suiteCell("2027-04-22");
    expect(after.explanation.map((s: any) => s.step)).toContain("gapDiscount");
    const logs = await w.t.json("GET", `${w.base}/occupation-logs?from=2027-04-22&to=2027-04-22`, { token: w.tokens.owner, status: 200 });
    expect(logs.data.filter((l: any) => l.kind === "rate" && l.room_category_uuid === Suite().id)).toEqual([
      expect.objectContaining({ reason: "booking", from: before.rate, to: after.rate }),
    ]);
  });

  it("an override has the last word on its nights and is cleared again", async () => {
    await w.t.json("PUT", `${w.base}/stay-rules/overrides`, { token: w.tokens.owner, body: { category: Suite().id, from: "2027-04-05", to: "2027-04-06", min_stay_arrival: 4, closed_to_departure: true }, status: 200 });
    let data = (await nights(`category=${Suite().id}&from=2027-04-05&to=2027-04-07`)).data;
    expect(data.map((n: any) => [n.min_stay_arrival, n.closed_to_departure])).toEqual([[4, true], [4, true], [2, false]]);
    expect(data[0].steps.at(-1)).toMatchObject({ step: "override", set: { minStayArrival: 4, closedToDeparture: true } });
    await w.t.json("PUT", `${w.base}/stay-rules/overrides`, { token: w.tokens.owner, body: { category: Suite().id, from: "2027-04-05", to: "2027-04-06", clear: true }, status: 200 });
    data = (await nights(`category=${Suite().id}&from=2027-04-05&to=2027-04-05`)).data;
    expect(data[0]).toMatchObject({ min_stay_arrival: 2, closed_to_departure: false });
  });

  it("refuses bad input with field errors, never a 500", async () => {
    const put = (body: unknown) => w.t.call("PUT", `${w.base}/stay-rules/settings`, { token: w.tokens.owner, body });
    let res = await put({ ...SETTINGS, gap_max_nights: 9 });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.gap_max_nights).toBeTruthy();
    res = await put({ ...SETTINGS, bases: { [Suite().id]: { min_stay: 3, max_stay: 2 } } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("max_stay");
    res = await put({ ...SETTINGS, bases: { "00000000-0000-4000-8000-000000000000": { min_stay: 1 } } });
    expect(res.status).toBe(422);
    res = await w.t.call("POST", `${w.base}/stay-rules/demand-rules`, { token: w.tokens.owner, body: { min_stay: 2, relaxed_min_stay: 3 } });
    expect(res.status).toBe(422);
    res = await w.t.call("POST", `${w.base}/stay-rules/demand-rules`, { token: w.tokens.owner, body: { min_stay: 2, from: "2027-05-02", to: "2027-05-01" } });
    expect(res.status).toBe(422);
    res = await w.t.call("PUT", `${w.base}/stay-rules/overrides`, { token: w.tokens.owner, body: { category: Suite().id, from: "2027-01-01", to: "2028-12-31", min_stay_arrival: 2 } });
    expect(res.status).toBe(422);
    res = await w.t.call("GET", `${w.base}/stay-rules/nights?from=2027-01-01&to=2028-06-01`, { token: w.tokens.owner });
    expect(res.status).toBe(422);
    expect((await w.t.call("DELETE", `${w.base}/stay-rules/demand-rules/not-a-uuid`, { token: w.tokens.owner })).status).toBe(404);
    expect((await w.t.call("DELETE", `${w.base}/stay-rules/demand-rules/00000000-0000-4000-8000-000000000000`, { token: w.tokens.owner })).status).toBe(404);
  });

  it("checks who may read and write", async () => {
    // The collaborator reads the calendar but may not change price settings.
    expect((await w.t.call("GET", `${w.base}/stay-rules/nights`, { token: w.tokens.collaborator })).status).toBe(200);
    expect((await w.t.call("PUT", `${w.base}/stay-rules/settings`, { token: w.tokens.collaborator, body: SETTINGS })).status).toBe(403);
    expect((await w.t.call("POST", `${w.base}/stay-rules/demand-rules`, { token: w.tokens.collaborator, body: { min_stay: 2 } })).status).toBe(403);
    // Another hotel's owner sees nothing of this one.
    expect((await w.t.call("GET", `${w.base}/stay-rules`, { token: w.tokens.stranger })).status).toBe(403);
    expect((await w.t.call("PUT", `${w.base}/stay-rules/overrides`, { token: w.tokens.stranger, body: { category: Suite().id, from: "2027-04-05", to: "2027-04-05", clear: true } })).status).toBe(403);
    // A rule of mine is not removable through another business.
    const mine = await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 });
    const ruleId = mine.demand_rules[0].uuid;
    expect((await w.t.call("DELETE", `/api/v1/businesses/${w.otherBusinessId}/stay-rules/demand-rules/${ruleId}`, { token: w.tokens.stranger })).status).toBe(404);
    await w.setCollaboratorPermissions([]);
    expect((await w.t.call("GET", `${w.base}/stay-rules`, { token: w.tokens.collaborator })).status).toBe(403);
    await w.setCollaboratorPermissions(["user.calendar"]);
    expect((await w.t.call("DELETE", `${w.base}/stay-rules/demand-rules/${ruleId}`, { token: w.tokens.owner })).status).toBe(204);
  });
});
