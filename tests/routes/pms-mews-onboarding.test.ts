import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as onboarding from "#app/routes/onboarding/index.tsx";
import * as pmsCredentials from "#app/routes/onboarding/pms-credentials.tsx";
import * as setup from "#app/routes/onboarding/setup-in-progress.tsx";
import { syncMews } from "#api/services/pms/mews-sync.ts";
import { setConfig } from "#config";
import { startFakeMews, type FakeMews } from "#tests/helpers/fake-mews.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

// The onboarding's PMS step choosing Mews (ADR 0049), with the real connector against the fake
// Connector API: the form the PMS row describes, a refused token, an accepted one, the first sync.
let h: RouteHarness;
let fake: FakeMews;
beforeAll(async () => {
  h = await createRouteHarness();
  fake = await startFakeMews();
  fake.state.currency = "BRL";
  setConfig({ ...h.t.config, MEWS_API_URL: fake.url, MEWS_CLIENT_TOKEN: fake.clientToken });
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await h?.close();
});

const inApp = { layouts: [appLayout] };

describe("choosing Mews at the PMS step", () => {
  it("asks for the Access Token, sends a refused one back to the form, and waits for the first sync with a good one", async () => {
    const registered = await h.t.json("POST", "/api/auth/register", {
      status: 201,
      body: { name: "Marta", surname: "Mews", email: "mews@example.com", password: "pousada-mews-2026", password_confirmation: "pousada-mews-2026" },
    });
    const browser = h.browser();
    await browser.useToken(registered.token);
    await browser.post("/onboarding?step=details", onboarding, { step: "details", company_name: "Hotel Mews", country: "BR", state: "SP", city: "Santos" }, inApp);
    const uuid = (await h.t.json("GET", "/api/v1/businesses", { token: registered.token, status: 200 })).selected_business_uuid;
    await h.t.json("PUT", `/api/v1/admin/businesses/${uuid}/status`, { token: await h.t.login("admin@tarifa.app"), body: { status: "PMS_CREDENTIALS_REQUESTED" }, status: 200 });

    const list = await browser.get("/pms-credentials", pmsCredentials, inApp);
    const mews = list.data.systems.find((s: { name: string }) => s.name === "Mews");
    const page = await browser.get(`/pms-credentials?pms=${mews.id}`, pmsCredentials, inApp);
    expect(page.data.chosen).toMatchObject({ id: mews.id, kind: "credentials" });
    expect(page.data.chosen.fields).toMatchObject([{ name: "access_token", type: "password", required: true }]);

    const empty = await browser.post(`/pms-credentials?pms=${mews.id}`, pmsCredentials, { pms_id: String(mews.id) }, inApp);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.data.result.error)).toEqual(["credentials.access_token"]);

    const refused = await browser.post(`/pms-credentials?pms=${mews.id}`, pmsCredentials, { pms_id: String(mews.id), "credentials.access_token": "wrong-token" }, inApp);
    expect(refused.location).toBe("/pms-credentials");
    expect((await browser.get("/pms-credentials", pmsCredentials, inApp)).data.business.status).toBe("PMS_FAILED");
    expect(fake.callsOf("configuration/get").at(-1)!.body.AccessToken).toBe("wrong-token");

    const accepted = await browser.post(`/pms-credentials?pms=${mews.id}`, pmsCredentials, { pms_id: String(mews.id), "credentials.access_token": fake.accessToken }, inApp);
    expect(accepted.location).toBe("/setup-in-progress");
    expect((await browser.get("/setup-in-progress", setup, inApp)).data).toMatchObject({ business: { status: "DOWNLOADING_DATA" } });

    // The queued first sync (run here: the harness has no queue) finds an empty enterprise: the data is loaded.
    expect(await syncMews(h.t.db, uuid)).toMatchObject({ ok: true, read: 0 });
    const after = await h.t.json("GET", "/api/v1/businesses", { token: registered.token, status: 200 });
    expect(after.businesses[0]).toMatchObject({ status: "DATA_LOADED", pms: { name: "Mews" } });
  });
});
