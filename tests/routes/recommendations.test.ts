import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as recommendations from "#app/routes/pricing/recommendations.tsx";
import { DEMO_COLLABORATOR_PERMISSIONS } from "#api/seed/businesses.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const GUARDRAILS = {
  max_daily_change_percent: "10",
  max_weekly_change_percent: "20",
  freeze_days: "2",
  max_interval_percent: "100",
  max_move_per_booking_percent: "2",
  target_occupancy_percent: "80",
  demand_sensitivity: "0.5",
  market_weight_percent: "25",
  holiday_effect_percent: "5",
};

describe("/recommendations (loader and action)", () => {
  it("switches a category to Recommend with the plain form, and answers bad values beside their fields", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const page = await owner.get("/recommendations", recommendations, inApp);
    expect(page.status).toBe(200);
    expect(page.data.canDecide).toBe(true);
    // The demo's booking page has quoted nothing yet: the page says how far the brain is from learning the guests' answer to price.
    expect(page.data.answer.guests_answer).toEqual({ quotes: 0, needed: 200, elasticity: null });
    const [first] = page.data.answer.categories as { uuid: string }[];

    const saved = await owner.post("/recommendations", recommendations, { intent: "settings", mode: "off", [`category_modes.${first.uuid}`]: "recommend", ...GUARDRAILS }, inApp);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/recommendations");
    const after = await owner.get("/recommendations", recommendations, inApp);
    expect(after.data.answer.categories[0].mode).toBe("recommend");

    const bad = await owner.post("/recommendations", recommendations, { intent: "settings", mode: "turbo", ...GUARDRAILS, max_daily_change_percent: "-1" }, inApp);
    expect(bad.status).toBe(422);
    expect(bad.data.intent).toBe("settings");
    expect(Object.keys(bad.data.result.error)).toEqual(expect.arrayContaining(["mode", "max_daily_change_percent"]));

    const reversed = await owner.post("/recommendations", recommendations, { intent: "event", name: "Festa", starts_at: "2030-05-10", ends_at: "2030-05-01", effect_percent: "5" }, inApp);
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.data.result.error)).toContain("ends_at");

    // A decision that names nothing is refused by the API and told in a toast, back on the page.
    const vague = await owner.post("/recommendations", recommendations, { intent: "accept" }, inApp);
    expect(vague.status).toBe(302);
    expect(vague.location).toBe("/recommendations");

    await owner.post("/recommendations", recommendations, { intent: "settings", mode: "off", ...GUARDRAILS }, inApp);
  });

  it("lists the nights without their reasons, opens one night's with `why`, and decides a night from the list's one form", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const first = (await owner.get("/recommendations", recommendations, inApp)).data.answer.categories[0] as { uuid: string };
    await owner.post("/recommendations", recommendations, { intent: "settings", mode: "off", [`category_modes.${first.uuid}`]: "recommend", ...GUARDRAILS }, inApp);
    try {
      const query = `category=${first.uuid}`;
      const page = await owner.get(`/recommendations?${query}`, recommendations, inApp);
      const rows = page.data.answer.rows as { night: string; room_category_uuid: string; field: "price"; status: string }[];
      const pending = rows.filter((r) => r.status === "pending" && r.field === "price");
      expect(pending.length).toBeGreaterThan(1);
      expect(rows.every((r) => !("reasons" in r) && !("effect" in r))).toBe(true);
      expect(page.data.opened).toBeUndefined();
      expect(page.data.answer).not.toHaveProperty("data");

      // One night's reasons, asked for by its key; a key that names nothing opens nothing.
      const [night, other] = pending;
      const key = `${night.night}.${night.room_category_uuid}.price`;
      const why = await owner.get(`/recommendations?${query}&why=${key}`, recommendations, inApp);
      expect(why.data.opened).toMatchObject({ night: night.night, room_category_uuid: first.uuid, field: "price", value: expect.any(Number) });
      expect(why.data.opened.reasons.map((s: { step: string }) => s.step)).toContain("rules");
      expect(why.data.opened.effect).toEqual(expect.objectContaining({ occupancy_before: expect.any(Number) }));
      expect(why.data.answer.rows).toEqual(rows);
      for (const bad of [`${night.night}.${first.uuid}.colour`, `${night.night}.not-a-uuid.price`, "1999-01-01.x", `${key}.extra`]) {
        expect((await owner.get(`/recommendations?${query}&why=${encodeURIComponent(bad)}`, recommendations, inApp)).data.opened).toBeUndefined();
      }

      // The list's buttons: accept one night, reject another; the rest stay pending.
      // The form posts to the list it is on (its range and category; not `why`), and comes back to it.
      const accepted = await owner.post(`/recommendations?${query}&why=${key}`, recommendations, { decide: `accept.${key}` }, inApp);
      expect(accepted.status).toBe(302);
      expect(accepted.location).toBe(`/recommendations?${query}`);
      expect((await owner.session()).get("toast")).toMatchObject({ kind: "success", message: "pricing:brain.accepted", values: { count: 1 } });
      await owner.post("/recommendations", recommendations, { decide: `reject.${other.night}.${other.room_category_uuid}.price` }, inApp);
      const after = (await owner.get(`/recommendations?${query}`, recommendations, inApp)).data.answer.rows as typeof rows;
      const status = (n: string) => after.find((r) => r.night === n && r.field === "price")?.status;
      expect(status(night.night)).toBe("accepted");
      expect(status(other.night)).toBe("rejected");
      expect(after.filter((r) => r.status === "pending").length).toBe(rows.filter((r) => r.status === "pending").length - 2);

      // A value no button sends decides nothing.
      for (const forged of ["approve." + key, "accept.", "accept.2026-01-01", `accept.${key}.x`]) {
        const refused = await owner.post(`/recommendations?${query}`, recommendations, { decide: forged }, inApp);
        expect(refused.location).toBe(`/recommendations?${query}`);
        expect((await owner.session()).get("toast")).toMatchObject({ kind: "error", message: "pricing:brain.unknownAction" });
      }
      expect((await owner.get(`/recommendations?${query}`, recommendations, inApp)).data.answer.rows).toEqual(after);
    } finally {
      await owner.post("/recommendations", recommendations, { intent: "settings", mode: "off", ...GUARDRAILS }, inApp);
    }
  });

  it("lists many categories' nights in pages of whole nights, and the range form decides only the nights shown", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const categories = (await owner.get("/recommendations", recommendations, inApp)).data.answer.categories as { uuid: string }[];
    const modes = Object.fromEntries(categories.map((c) => [`category_modes.${c.uuid}`, "recommend"]));
    await owner.post("/recommendations", recommendations, { intent: "settings", mode: "off", ...modes, ...GUARDRAILS }, inApp);
    try {
      const first = await owner.get("/recommendations?from=2027-01-04&to=2027-03-04", recommendations, inApp);
      const rows = first.data.answer.rows as { night: string }[];
      expect(rows.length).toBeGreaterThan(categories.length);
      expect(rows.length).toBeLessThanOrEqual(90);
      const next = first.data.next as string;
      expect(next > rows.at(-1)!.night).toBe(true);
      expect(first.data.answer).toMatchObject({ from: "2027-01-04", asked_to: "2027-03-04" });
      expect(first.data.answer.to < next).toBe(true);
      expect(rows.at(-1)!.night <= first.data.answer.to).toBe(true);

      // The next page starts where the first stopped; no night is on both.
      const second = await owner.get(`/recommendations?from=${next}&to=2027-03-04`, recommendations, inApp);
      const more = second.data.answer.rows as { night: string }[];
      expect(more[0].night).toBe(next);
      expect(new Set(rows.map((r) => r.night)).has(next)).toBe(false);

      // "Accept these nights" sends the page's own range, so nights not shown stay pending.
      const accepted = await owner.post("/recommendations", recommendations, { intent: "accept", from: first.data.answer.from, to: first.data.answer.to }, inApp);
      expect(accepted.status).toBe(302);
      const after = await owner.get(`/recommendations?from=${next}&to=2027-03-04`, recommendations, inApp);
      expect(after.data.answer.rows).toEqual(more);
      const decided = (await owner.get("/recommendations?from=2027-01-04&to=2027-03-04", recommendations, inApp)).data.answer.rows as { field: string; status: string }[];
      expect(decided.filter((r) => r.field === "price").every((r) => r.status !== "pending")).toBe(true);
    } finally {
      await owner.post("/recommendations", recommendations, { intent: "settings", mode: "off", ...GUARDRAILS }, inApp);
    }
  });

  it("previews the settings with the Preview button: the comparison comes back with the values as typed, nothing saved", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const page = await owner.get("/recommendations", recommendations, inApp);
    const [first] = page.data.answer.categories as { uuid: string }[];
    const typed = { intent: "preview", mode: "off", [`category_modes.${first.uuid}`]: "autopilot", ...GUARDRAILS, holiday_effect_percent: "12" };
    const preview = await owner.post("/recommendations", recommendations, typed, inApp);
    expect(preview.status).toBe(200);
    expect(preview.data.intent).toBe("settings");
    expect(preview.data.result.initialValue).toMatchObject({ holiday_effect_percent: "12", category_modes: { [first.uuid]: "autopilot" } });
    expect(preview.data.preview.nights).toHaveLength(90 * page.data.answer.categories.length);
    expect(preview.data.preview.totals).toEqual(expect.objectContaining({ revenue_before: expect.any(Number), revenue_after: expect.any(Number) }));
    // Only the first category may move; the others keep their price.
    for (const n of preview.data.preview.nights) if (n.room_category_uuid !== first.uuid) expect(n.price_after).toBe(n.price_before);
    const after = await owner.get("/recommendations", recommendations, inApp);
    expect(after.data.answer.categories[0].mode).toBe(page.data.answer.categories[0].mode);
    expect(after.data.answer.settings.holiday_effect_percent).toBe(page.data.answer.settings.holiday_effect_percent);

    const bad = await owner.post("/recommendations", recommendations, { ...typed, target_occupancy_percent: "0" }, inApp);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.data.result.error)).toContain("target_occupancy_percent");
    expect(bad.data.preview).toBeUndefined();
  });

  it("lets the demo collaborator, a reader of the calendar, see the page without the forms that decide", async () => {
    expect(DEMO_COLLABORATOR_PERMISSIONS).toContain("user.calendar");
    expect(DEMO_COLLABORATOR_PERMISSIONS).not.toContain("user.price-settings");
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    const page = await collaborator.get("/recommendations", recommendations, inApp);
    expect(page.status).toBe(200);
    expect(page.data.canDecide).toBe(false);
  });
});
