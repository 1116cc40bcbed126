import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as calendar from "#app/routes/pricing/calendar.tsx";
import * as daysToUpdate from "#app/routes/pricing/days-to-update.tsx";
import * as seasonalities from "#app/routes/pricing/price-settings.seasonalities.tsx";
import * as stepParts from "#app/routes/pricing/price-settings.step-parts.tsx";
import * as wizard from "#app/routes/pricing/price-settings.new-setting.tsx";
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

function nextDecember(): number {
  const now = new Date();
  return now.getUTCMonth() === 11 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
}

describe("pricing screens (loaders and actions)", () => {
  it("a season typed as a hotelier types it is saved, and the calendar and days to update follow", async () => {
    const owner = await signedIn(demoUsers.owner.email);
    const page = await owner.get("/price-settings/seasonalities", seasonalities, inApp);
    expect(page.status).toBe(200);
    const bands: { uuid: string }[] = page.data.tariff.fluctuation_levels;
    const year = nextDecember();
    const fields: Record<string, string | string[]> = {
      intent: "create",
      title: "Natal (rota)",
      color: "#aa3300",
      rate: "1.234,00",
      "dates[0].starts_at": `${year}-12-22`,
      "dates[0].ends_at": `${year}-12-23`,
      "dates[0].days_of_week": ["0", "1", "2", "3", "4", "5", "6"],
      "dates[1].starts_at": "",
      "dates[1].ends_at": "",
    };
    bands.forEach((b, i) => {
      fields[`fluctuation_level_variations[${i}].fluctuation_level`] = b.uuid;
      fields[`fluctuation_level_variations[${i}].price_variation_type`] = "percentage";
      fields[`fluctuation_level_variations[${i}].price_variation`] = "0";
    });
    const sent = await owner.post("/price-settings/seasonalities", seasonalities, fields, inApp);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/price-settings/seasonalities");

    const cal = await owner.get(`/calendar?month=${year}-12&day=${year}-12-22`, calendar, inApp);
    const day = cal.data.calendar.days.find((d: { date: string }) => d.date === `${year}-12-22`);
    expect(day.season.title).toBe("Natal (rota)");
    expect(day.rates[0].rate).toBe(123_400);

    const list = await owner.get("/days-to-update", daysToUpdate, inApp);
    expect(list.data.days.map((d: { date: string }) => d.date)).toEqual(expect.arrayContaining([`${year}-12-22`, `${year}-12-23`]));
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
