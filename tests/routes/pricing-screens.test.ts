import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as calendar from "#app/routes/pricing/calendar.tsx";
import * as daysToUpdate from "#app/routes/pricing/days-to-update.tsx";
import * as seasonalities from "#app/routes/pricing/price-settings.seasonalities.tsx";
import * as stepParts from "#app/routes/pricing/price-settings.step-parts.tsx";
import * as wizard from "#app/routes/pricing/price-settings.new-setting.tsx";
import * as priceSettings from "#app/routes/pricing/price-settings.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };

async function signedIn(email: string): Promise<Browser> {
  const browser = h.browser();
  await browser.signIn(email);
  return browser;
}

/** The season form's variation fields: no change in any occupancy band. */
function unchangedBands(bands: { uuid: string }[]): Record<string, string> {
  return Object.fromEntries(
    bands.flatMap((b, i) => [
      [`fluctuation_level_variations[${i}].fluctuation_level`, b.uuid],
      [`fluctuation_level_variations[${i}].price_variation_type`, "percentage"],
      [`fluctuation_level_variations[${i}].price_variation`, "0"],
    ]),
  );
}

/** Two nights six weeks ahead, whatever today is: inside the year the days to update cover (a fixed December left it outside on 2026-12-01), apart from the what-if test's nights. */
function nightsAhead(): [string, string] {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return [day(45), day(46)];
}

describe("pricing screens (loaders and actions)", () => {
  it("a season typed as a hotelier types it is saved, and the calendar and days to update follow", async () => {
    const owner = await signedIn(demoUsers.owner.email);
    const page = await owner.get("/price-settings/seasonalities", seasonalities, inApp);
    expect(page.status).toBe(200);
    const bands: { uuid: string }[] = page.data.tariff.fluctuation_levels;
    const [first, second] = nightsAhead();
    const fields: Record<string, string | string[]> = {
      intent: "create",
      title: "Natal (rota)",
      color: "#aa3300",
      rate: "1.234,00",
      "dates[0].starts_at": first,
      "dates[0].ends_at": second,
      "dates[0].days_of_week": ["0", "1", "2", "3", "4", "5", "6"],
      "dates[1].starts_at": "",
      "dates[1].ends_at": "",
      ...unchangedBands(bands),
    };
    const sent = await owner.post("/price-settings/seasonalities", seasonalities, fields, inApp);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/price-settings/seasonalities");

    const cal = await owner.get(`/calendar?month=${first.slice(0, 7)}&day=${first}`, calendar, inApp);
    // The page ships its days packed (app/components/calendar/month.ts): the season by UUID, the shown category's cell as [rate, guests, manual] (the API's format=compact).
    const day = cal.data.calendar.days.find((d: { date: string }) => d.date === first);
    expect(cal.data.calendar.sazonalities.find((s: { uuid: string }) => s.uuid === day.season).title).toBe("Natal (rota)");
    expect(day.rates[0][0]).toBe(123_400);

    const list = await owner.get("/days-to-update", daysToUpdate, inApp);
    expect(list.data.days.map((d: { date: string }) => d.date)).toEqual(expect.arrayContaining([first, second]));
  });

  it("answers a mistyped amount and reversed dates beside their fields", async () => {
    const owner = await signedIn(demoUsers.owner.email);
    const sent = await owner.post(
      "/price-settings/seasonalities",
      seasonalities,
      { intent: "create", title: "X", color: "#aa3300", rate: "12,345", "dates[0].starts_at": "2030-12-10", "dates[0].ends_at": "2030-12-01", "dates[0].days_of_week": "1" },
      inApp,
    );
    expect(sent.status).toBe(422);
    expect(Object.keys(sent.data.error)).toContain("rate");
    const reversed = await owner.post(
      "/price-settings/seasonalities",
      seasonalities,
      { intent: "create", title: "X", color: "#aa3300", rate: "300", "dates[0].starts_at": "2030-12-10", "dates[0].ends_at": "2030-12-01", "dates[0].days_of_week": "1" },
      inApp,
    );
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.data.error)).toContain("dates[0].ends_at");
  });

  it("shows the next 90 nights of a season as typed without saving it, and the form comes back as typed", async () => {
    const owner = await signedIn(demoUsers.owner.email);
    const page = await owner.get("/price-settings/seasonalities", seasonalities, inApp);
    const bands: { uuid: string }[] = page.data.tariff.fluctuation_levels;
    // Three nights a month from now: inside the what-if's 90 nights whatever today is.
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
    const fields: Record<string, string | string[]> = {
      intent: "create",
      what_if: "1",
      title: "Festival (prévia)",
      color: "#aa3300",
      rate: "2.000,00",
      "dates[0].starts_at": start,
      "dates[0].ends_at": end,
      "dates[0].days_of_week": ["0", "1", "2", "3", "4", "5", "6"],
      ...unchangedBands(bands),
    };
    const sent = await owner.post("/price-settings/seasonalities", seasonalities, fields, inApp);
    expect(sent.status).toBe(200);
    expect(sent.data.draft).toMatchObject({ title: "Festival (prévia)", rate: 200_000 });
    const nights = sent.data.whatIf.nights as { night: string; price_before: number; price_after: number }[];
    expect(nights.length).toBe(90 * page.data.tariff.rooms_tariff.categories.length);
    const moved = [...new Set(nights.filter((n) => n.price_after !== n.price_before).map((n) => n.night))].sort();
    expect(moved[0]).toBe(start);
    expect(moved.at(-1)).toBe(end);
    // Dearer nights: fewer rooms expected to sell (at the prior's elasticity of −1 the revenue may stay the same).
    expect(sent.data.whatIf.totals.rooms_after).toBeLessThan(sent.data.whatIf.totals.rooms_before);
    const after = await owner.get("/price-settings/seasonalities", seasonalities, inApp);
    expect(after.data.tariff.sazonalities.map((s: { title: string }) => s.title)).not.toContain("Festival (prévia)");

    // A mistyped amount is answered beside its field, as Save answers it.
    const bad = await owner.post("/price-settings/seasonalities", seasonalities, { ...fields, rate: "12,345" }, inApp);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.data.error)).toContain("rate");
  });

  it("shows the next 90 nights of a wizard step as typed without saving it", async () => {
    const owner = await signedIn(demoUsers.owner.email);
    const step = await owner.get("/price-settings/new-setting?step=1", wizard, inApp);
    const rt = step.data.tariff.rooms_tariff;
    const fields: Record<string, string> = { step: "1", what_if: "1", rate: String((rt.rate * 1.3) / 100).replace(".", ",") };
    rt.categories.forEach((c: { uuid: string; price_variation_type: string; price_variation_value: number; min_price: number | null; max_price: number | null }, i: number) => {
      fields[`categories[${i}].uuid`] = c.uuid;
      fields[`categories[${i}].price_variation_type`] = c.price_variation_type;
      // The categories' variations raised too: the next 90 nights may all lie in a season whose own
      // rate replaces the base rate (from 1 December, the demo's summer), a variation moves every night.
      fields[`categories[${i}].price_variation_value`] = c.price_variation_type === "value" ? String(c.price_variation_value / 100 + 50).replace(".", ",") : String(c.price_variation_value + 20).replace(".", ",");
      fields[`categories[${i}].min_price`] = c.min_price === null ? "" : String(c.min_price / 100).replace(".", ",");
      fields[`categories[${i}].max_price`] = c.max_price === null ? "" : String(c.max_price / 100).replace(".", ",");
    });
    const sent = await owner.post("/price-settings/new-setting?step=1", wizard, fields, inApp);
    expect(sent.status).toBe(200);
    // The step shows the rate as typed; the saved one is unchanged.
    expect(sent.data.tariff.rooms_tariff.rate).toBe(Math.round(rt.rate * 1.3));
    expect(sent.data.whatIf.nights.some((n: { price_after: number; price_before: number }) => n.price_after > n.price_before)).toBe(true);
    const again = await owner.get("/price-settings/new-setting?step=1", wizard, inApp);
    expect(again.data.tariff.rooms_tariff.rate).toBe(rt.rate);
  });

  it("shows the next 90 nights of lead-time bands as typed without saving them", async () => {
    const owner = await signedIn(demoUsers.owner.email);
    const page = await owner.get("/price-settings", priceSettings, inApp);
    const saved = page.data.tariff.lead_time_bands;
    // Ten per cent off every night booked 0 to 400 days ahead: every night the engine prices moves.
    const fields = { what_if: "1", "lead_time_bands[0].from_days": "0", "lead_time_bands[0].to_days": "400", "lead_time_bands[0].percentage": "-10" };
    const sent = await owner.post("/price-settings", priceSettings, fields, inApp);
    expect(sent.status).toBe(200);
    expect(sent.data.draft).toEqual([{ from_days: 0, to_days: 400, percentage: -10, max_occupancy: null }]);
    expect(sent.data.whatIf.nights.some((n: { price_after: number; price_before: number }) => n.price_after < n.price_before)).toBe(true);
    expect((await owner.get("/price-settings", priceSettings, inApp)).data.tariff.lead_time_bands).toEqual(saved);
    const bad = await owner.post("/price-settings", priceSettings, { ...fields, "lead_time_bands[0].percentage": "-500" }, inApp);
    expect(bad.status).toBe(422);
  });

  it("turns away a collaborator without the permission, and the step parts open the wizard", async () => {
    const collaborator = await signedIn(demoUsers.collaborator.email);
    const refused = await collaborator.get("/price-settings/seasonalities", seasonalities, inApp);
    expect(refused.location).toBe("/unauthorized");
    const owner = await signedIn(demoUsers.owner.email);
    const part = await owner.get("/price-settings/step-content?step=2", stepParts, inApp);
    expect(part.location).toBe("/price-settings/new-setting?step=2");
    const step = await owner.get("/price-settings/new-setting?step=4", wizard, inApp);
    expect(step.data.suggestions.length).toBeGreaterThan(3);
  });
});
