import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPricingWorld, type PricingWorld } from "./pricing-fixture.ts";

// Stay-rule changes through the revenue brain (issue 28 point 3, ADR 0050).
const NOW = new Date("2027-03-01T15:00:00Z");
let w: PricingWorld;
beforeAll(async () => {
  w = await createPricingWorld({ now: NOW, collaboratorPermissions: ["user.calendar"] });
}, 300_000);
afterAll(() => w.t.close());

const Suite = () => w.categories[2]; // 2 rooms
const GAP = "2027-03-22";
const settings = (mode: string) => ({ gap_fill: true, gap_max_nights: 2, gap_discount_percent: 0, mode, bases: { [Suite().id]: { min_stay: 2 } } });
const guest = { name: "Maria Souza", email: "maria@example.com", phone: "+55 48 99999-0000", country: "BR" };
const book = (arrival: string, departure: string) =>
  w.t.json("POST", `${w.base}/reservations`, {
    token: w.tokens.owner,
    body: { arrival, departure, room_category_uuid: Suite().id, adults: 2, children: 0, guest, channel: "direct", override_stay_rules: true },
    status: 201,
  });
const setMode = (mode: string) => w.t.json("PUT", `${w.base}/stay-rules/settings`, { token: w.tokens.owner, body: settings(mode), status: 200 });
const night = async (day: string) => (await w.t.json("GET", `${w.base}/stay-rules/nights?category=${Suite().id}&from=${day}&to=${day}`, { token: w.tokens.owner, status: 200 })).data[0];
/** What /stay-rules says was done about the gap at GAP. */
const gapAction = async () =>
  (await w.t.json("GET", `${w.base}/stay-rules`, { token: w.tokens.owner, status: 200 })).gaps.find((g: any) => g.first === GAP && g.room_category_uuid === Suite().id)?.action;
const ruleRecs = async (from = "2027-03-01", to = "2027-03-31") =>
  (await w.t.json("GET", `${w.base}/recommendations?from=${from}&to=${to}`, { token: w.tokens.owner, status: 200 })).data.filter((r: any) => r.field !== "price");

describe("stay-rule changes through the revenue brain", () => {
  it("manual: a gap after a cancellation lowers its minimum by itself, as before, and nothing is recommended or logged as the brain", async () => {
    await setMode("off");
    await book("2027-03-20", GAP);
    await book("2027-03-20", GAP);
    await book("2027-03-23", "2027-03-25");
    await book("2027-03-23", "2027-03-25");
    await book(GAP, "2027-03-23");
    const { reservation } = await book(GAP, "2027-03-23");
    await w.t.json("POST", `${w.base}/reservations/${reservation.uuid}/cancel`, { token: w.tokens.owner, status: 200 });
    expect(await night(GAP)).toMatchObject({ min_stay_arrival: 1, in_gap: true });
    expect(await gapAction()).toBe("filled");
    expect(await ruleRecs()).toEqual([]);
    const answer = await w.t.json("GET", `${w.base}/recommendations`, { token: w.tokens.owner, status: 200 });
    expect(answer.changes.filter((c: any) => c.kind === "stay_rules")).toEqual([]);
  });

  it("recommend: the gap keeps its minimum until the owner accepts; accepting applies it with the reasons in the activity log", async () => {
    await setMode("recommend");
    expect(await night(GAP)).toMatchObject({ min_stay_arrival: 2, in_gap: true });
    const [rec] = await ruleRecs();
    expect(rec).toMatchObject({ room_category_uuid: Suite().id, night: GAP, field: "min_stay_arrival", current: 2, value: 1, status: "pending", effect: null });
    expect(rec.reasons.map((s: any) => s.step)).toEqual(["orphanGap"]);
    // The gaps list says the gap waits for the owner, not that nothing fills it.
    expect(await gapAction()).toBe("awaiting");
    // The what-if of the settings as they are shows what accepting would do: the gap becomes sellable.
    const whatIf = await w.t.json("POST", `${w.base}/stay-rules/what-if`, { token: w.tokens.owner, body: { ...settings("recommend"), category: Suite().id }, status: 200 });
    expect(whatIf.gaps).toEqual([{ first: GAP, last: GAP, nights: 1, sellable_before: false, sellable_after: true }]);
    expect(whatIf.opened_sample).toContainEqual({ arrival: GAP, departure: "2027-03-23" });
    const decided = await w.t.json("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: { night: GAP, category: Suite().id, field: "min_stay_arrival" }, status: 200 });
    expect(decided).toEqual({ decided: 1, nights: [GAP] });
    const after = await night(GAP);
    expect(after.min_stay_arrival).toBe(1);
    expect(await gapAction()).toBe("filled");
    expect(after.steps.at(-1)).toMatchObject({ step: "brain", set: { minStayArrival: 1 }, detail: { source: "recommendation" } });
    expect((await ruleRecs())[0]).toMatchObject({ night: GAP, status: "accepted" });
    const log = await w.t.json("GET", `${w.base}/activity-log?area=price_settings&per_page=1`, { token: w.tokens.owner, status: 200 });
    expect(log.data[0].entity.label).toBe(Suite().name);
    expect(JSON.stringify(log.data[0].changes)).toContain("orphanGap");
  });

  it("undo puts back the minimum of the chosen moment and the recommendation is not offered again at once", async () => {
    const answer = await w.t.json("GET", `${w.base}/recommendations`, { token: w.tokens.owner, status: 200 });
    const moment = answer.changes.find((c: any) => c.kind === "stay_rules");
    expect(moment).toMatchObject({ source: "recommendation", room_category_uuid: Suite().id, from: GAP, to: GAP, nights: 1 });
    const undone = await w.t.json("POST", `${w.base}/recommendations/undo`, { token: w.tokens.owner, body: { kind: "stay_rules", category: Suite().id, from: GAP, to: GAP, moment: moment.at }, status: 200 });
    expect(undone).toEqual({ restored: [GAP] });
    expect(await night(GAP)).toMatchObject({ min_stay_arrival: 2 });
    await setMode("recommend");
    expect((await ruleRecs())[0]).toMatchObject({ night: GAP, value: 1, status: "rejected" });
  });

  it("a rejected demand-rule change stays rejected; the autopilot applies the rest nearest first, at most 60 a run, and logs them as Tarifa autopilot", async () => {
    await w.t.json("POST", `${w.base}/stay-rules/demand-rules`, { token: w.tokens.owner, body: { category: Suite().id, weekdays: [5, 6], min_stay: 3, relax_inside_days: 7 }, status: 201 });
    const pending = (await ruleRecs("2027-03-01", "2028-02-28")).filter((r: any) => r.status === "pending");
    // Fridays and Saturdays outside 7 days: 3 instead of 2; 03-05/06 are relaxed to 1 (below the base 2).
    expect(pending.find((r: any) => r.night === "2027-03-12")).toMatchObject({ current: 2, value: 3 });
    expect(pending.find((r: any) => r.night === "2027-03-05")).toMatchObject({ current: 2, value: 1 });
    expect(pending.length).toBeGreaterThan(60);
    await w.t.json("POST", `${w.base}/recommendations/reject`, { token: w.tokens.owner, body: { night: "2027-03-12", field: "min_stay_arrival" }, status: 200 });
    await setMode("autopilot");
    const all = await ruleRecs("2027-03-01", "2028-02-28");
    const applied = all.filter((r: any) => r.status === "applied");
    expect(applied).toHaveLength(60);
    expect(applied[0].night).toBe("2027-03-05");
    expect(all.find((r: any) => r.night === "2027-03-12")).toMatchObject({ status: "rejected" });
    expect(all.filter((r: any) => r.status === "pending").length).toBe(pending.length - 1 - 60);
    expect(await night("2027-03-13")).toMatchObject({ min_stay_arrival: 3 });
    expect(await night("2027-03-12")).toMatchObject({ min_stay_arrival: 2 });
    const log = await w.t.json("GET", `${w.base}/activity-log?area=price_settings&per_page=1`, { token: w.tokens.owner, status: 200 });
    expect(log.data[0].actor).toMatchObject({ kind: "job", name: "Tarifa autopilot" });
  });

  it("back to manual: the pending stay-rule recommendations go and the rules apply as written", async () => {
    await setMode("off");
    expect((await ruleRecs("2027-03-01", "2028-02-28")).filter((r: any) => r.status === "pending")).toEqual([]);
    expect(await night(GAP)).toMatchObject({ min_stay_arrival: 1 });
  });

  it("refuses strangers, readers and bad input", async () => {
    const body = { night: GAP, field: "min_stay_arrival" };
    expect((await w.t.call("POST", `${w.base}/recommendations/accept`, { token: w.tokens.stranger, body })).status).toBe(403);
    expect((await w.t.call("POST", `${w.base}/recommendations/accept`, { token: w.tokens.collaborator, body })).status).toBe(403);
    const undo = { kind: "stay_rules", category: Suite().id, from: GAP, to: GAP, moment: NOW.toISOString() };
    expect((await w.t.call("POST", `${w.base}/recommendations/undo`, { token: w.tokens.stranger, body: undo })).status).toBe(403);
    let res = await w.t.call("POST", `${w.base}/recommendations/accept`, { token: w.tokens.owner, body: { night: GAP, field: "max_stay" } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.field).toBeTruthy();
    res = await w.t.call("POST", `${w.base}/recommendations/undo`, { token: w.tokens.owner, body: { ...undo, kind: "rules" } });
    expect(res.status).toBe(422);
    res = await w.t.call("POST", `${w.base}/recommendations/undo`, { token: w.tokens.owner, body: { ...undo, to: "2027-03-01" } });
    expect(res.status).toBe(422);
  });
});
