import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activityLog from "#app/routes/pms-settings/activity-log.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * The activity log page's loader (app/lib/activity-log.server.ts, issue 23): the filters of its
 * address passed on to the API, and a bad one shown beside its field and left out of the query.
 */
const inApp = { layouts: [appLayout] };
const STAY = { arrival: "2031-02-01", departure: "2031-02-03", room_category_uuid: DEMO_CATEGORY_IDS.suite, adults: 2, guest: { name: "Rota Registro" }, channel: "direct" };
const SEASON = { title: "Rota Temporada", color: "#aa3366", rate: 45000 };

let h: RouteHarness;
let owner: Browser;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  const token = await owner.signIn(demoUsers.owner.email);
  // Something to find: a season added, and a stay booked (another area).
  await h.t.json("POST", `/api/v1/businesses/${DEMO_BUSINESS.id}/tariff-configuration/sazonalities`, { token, body: SEASON, status: 201 });
  await h.t.json("POST", `/api/v1/businesses/${DEMO_BUSINESS.id}/reservations`, { token, body: STAY, status: 201 });
});
afterAll(() => h.close());

describe("the activity log page", () => {
  it("filters by area, and shows a bad date beside its field while the rest still applies", async () => {
    const business = (await owner.get("/pms-settings/activity-log?area=seasonalities", activityLog, inApp)).data;
    expect(business.errors).toEqual({});
    expect(business.filters).toEqual({ actor: "", area: "seasonalities", from: "", to: "" });
    expect(business.log.data.length).toBeGreaterThan(0);
    expect(business.log.data.every((entry: { area: string }) => entry.area === "seasonalities")).toBe(true);

    const stays = (await owner.get("/pms-settings/activity-log?area=reservations&from=not-a-day", activityLog, inApp)).data;
    expect(Object.keys(stays.errors)).toEqual(["from"]);
    expect(stays.filters).toMatchObject({ area: "reservations", from: "" });
    expect(stays.log.data.length).toBeGreaterThan(0);
    expect(stays.log.data.every((entry: { area: string }) => entry.area === "reservations")).toBe(true);
    expect(stays.log.pagination.page).toBe(1);
  });
});
