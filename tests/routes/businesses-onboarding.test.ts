import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGuard } from "#app/lib/guard.server.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as businessList from "#app/routes/business/index.tsx";
import * as businessesLayout from "#app/routes/business/layout.tsx";
import * as completed from "#app/routes/onboarding/completed.tsx";
import * as easylite from "#app/routes/onboarding/easylite.tsx";
import * as onboarding from "#app/routes/onboarding/index.tsx";
import * as pmsCredentials from "#app/routes/onboarding/pms-credentials.tsx";
import * as setup from "#app/routes/onboarding/setup-in-progress.tsx";
import { pmsSystems } from "#api/db/schema/index.ts";
import { simulatedPmsConnector } from "#api/services/pms-connector.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
/** A PMS with credentials known only to this file; the simulated connector answers for it. */
let sistema: string;
beforeAll(async () => {
  h = await createRouteHarness({ deps: { pmsConnector: simulatedPmsConnector } });
  const label = (text: string) => ({ "pt-BR": text, "en-US": text, "es-ES": text, "fr-CA": text, "it-IT": text });
  const [row] = await h.t.db
    .insert(pmsSystems)
    .values({
      name: "Sistema A",
      settings: {
        auth_url: null,
        fields: [
          { name: "username", label: label("Usuário"), type: "text", required: true },
          { name: "password", label: label("Senha"), type: "password", required: true },
          { name: "property_id", label: label("ID da propriedade"), type: "text", required: true },
        ],
      },
    })
    .returning({ id: pmsSystems.id });
  sistema = String(row!.id);
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const POUSADA_TYPE = "b7e00000-0000-4000-8000-000000000002";

/** A brand-new account (the owner role registration gives), signed in, with no business yet. */
async function newOwner(email: string): Promise<{ browser: Browser; token: string }> {
  const answer = await h.t.json("POST", "/api/auth/register", {
    status: 201,
    body: { name: "Nina", surname: "Nova", email, password: "pousada-azul-2026", password_confirmation: "pousada-azul-2026" },
  });
  const browser = h.browser();
  await browser.useToken(answer.token);
  return { browser, token: answer.token };
}

async function businessesOf(token: string) {
  return h.t.json("GET", "/api/v1/businesses", { token, status: 200 });
}

const details = { company_name: "Pousada Sol", country: "BR", state: "SP", city: "Ubatuba" };

describe("onboarding", () => {
  it("every page declares its handle and the guard", () => {
    expect(onboarding.handle).toEqual({ permission: "user.businesses", skipOnboarding: true, skipSubscribedMiddleware: true });
    expect(easylite.handle).toEqual({ permission: "user.businesses" });
    expect(completed.handle).toMatchObject({ skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true });
    expect(setup.handle).toEqual({ skipSubscribedMiddleware: true });
    expect(pmsCredentials.handle).toEqual({ skipSubscribedMiddleware: true });
    for (const route of [onboarding, easylite, completed, setup, pmsCredentials]) expect(route.middleware.some(isGuard)).toBe(true);
  });

  it("welcomes a user without a business on /setup-in-progress and starts the wizard at the details step", async () => {
    const { browser } = await newOwner("welcome@example.com");
    const page = await browser.get("/setup-in-progress", setup, inApp);
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ business: null });
    const wizard = await browser.get("/onboarding", onboarding, inApp);
    expect(wizard.data).toMatchObject({ step: "details", reached: "details", business: null });
    // Later steps cannot be skipped to.
    expect((await browser.get("/onboarding?step=plan", onboarding, inApp)).data.step).toBe("details");
  });

  it("walks create → type → rooms → plan → Easy Lite → setup → completed, saving each step", async () => {
    const { browser, token } = await newOwner("walk@example.com");

    const created = await browser.post("/onboarding?step=details", onboarding, { step: "details", ...details }, inApp);
    expect(created.status).toBe(302);
    expect(created.location).toBe("/onboarding?step=type");
    let list = await businessesOf(token);
    expect(list.businesses).toHaveLength(1);
    const [business] = list.businesses;
    expect(business).toMatchObject({ company_name: "Pousada Sol", status: "BUSINESS_CREATED", city: "Ubatuba", country: "BR" });
    expect(list.selected_business_uuid).toBe(business.uuid);

    // Coming back resumes at the first step not done, with the business's data.
    let page = await browser.get("/onboarding", onboarding, inApp);
    expect(page.data).toMatchObject({ step: "type", reached: "type", business: { uuid: business.uuid, company_name: "Pousada Sol" } });
    expect(page.data.types.length).toBeGreaterThan(0);

    // Sending the details step again edits the same business instead of creating a second one.
    const again = await browser.post("/onboarding?step=details", onboarding, { step: "details", ...details, company_name: "Pousada Sol Nascente" }, inApp);
    expect(again.location).toBe("/onboarding?step=type");
    list = await businessesOf(token);
    expect(list.businesses).toHaveLength(1);
    expect(list.businesses[0].company_name).toBe("Pousada Sol Nascente");

    const missingPurpose = await browser.post("/onboarding?step=type", onboarding, { step: "type", business_type_uuid: POUSADA_TYPE }, inApp);
    expect(missingPurpose.status).toBe(422);
    expect(missingPurpose.data.result.error).toHaveProperty("accommodation_purpose");

    const typed = await browser.post("/onboarding?step=type", onboarding, { step: "type", business_type_uuid: POUSADA_TYPE, accommodation_purpose: "leisure" }, inApp);
    expect(typed.location).toBe("/onboarding?step=rooms");
    page = await browser.get("/onboarding", onboarding, inApp);
    expect(page.data.step).toBe("rooms");

    // "Add another" without JavaScript: the server answers the list intent with one more row.
    const grown = await browser.post(
      "/onboarding?step=rooms",
      onboarding,
      {
        step: "rooms",
        "categories[0].name": "Standard",
        "categories[0].room_count": "6",
        __intent__: JSON.stringify({ type: "insert", payload: { name: "categories" } }),
      },
      inApp,
    );
    expect(grown.status).toBe(200);
    expect(grown.data.result.initialValue.categories).toHaveLength(2);

    // Blank rows are ignored; a half-filled one is refused beside its field.
    const halfFilled = await browser.post(
      "/onboarding?step=rooms",
      onboarding,
      { step: "rooms", "categories[0].name": "Standard", "categories[0].room_count": "6", "categories[1].name": "Suíte", "categories[1].room_count": "", "categories[2].name": "" },
      inApp,
    );
    expect(halfFilled.status).toBe(422);
    expect(Object.keys(halfFilled.data.result.error)).toEqual(["categories[1].room_count"]);

    const rooms = await browser.post(
      "/onboarding?step=rooms",
      onboarding,
      { step: "rooms", "categories[0].name": "Standard", "categories[0].room_count": "6", "categories[1].name": "Suíte", "categories[1].room_count": "2", "categories[2].name": "", "categories[2].room_count": "" },
      inApp,
    );
    expect(rooms.location).toBe("/onboarding?step=plan");
    const saved = (await h.t.json("GET", `/api/v1/businesses/${business.uuid}`, { token, status: 200 })).data;
    expect(saved.room_setup.categories.map((c: { name: string; room_count: number }) => [c.name, c.room_count])).toEqual([
      ["Standard", 6],
      ["Suíte", 2],
    ]);
    expect(saved.total_rooms).toBe(8);
    expect((await browser.get("/onboarding", onboarding, inApp)).data.step).toBe("plan");

    const plan = await browser.post("/onboarding?step=plan", onboarding, { step: "plan", choice: "easylite" }, inApp);
    expect(plan.status).toBe(302);
    expect(plan.location).toBe("/onboarding");
    expect((await businessesOf(token)).businesses[0].status).toBe("ONBOARDING_EASY_LITE");
    page = await browser.get("/onboarding", onboarding, inApp);
    expect(page.data).toMatchObject({ step: "plan", business: { status: "ONBOARDING_EASY_LITE" } });
    // The redirect rules keep an Easy Lite business on /onboarding.
    expect((await browser.get("/onboarding/easylite", easylite, inApp)).location).toBe("/onboarding");

    const started = await browser.post("/onboarding", onboarding, { intent: "easylite-start" }, inApp);
    expect(started.location).toBe("/setup-in-progress");
    const waiting = await browser.get("/setup-in-progress", setup, inApp);
    expect(waiting.data.business).toMatchObject({ status: "DATA_LOADED", name: "Pousada Sol Nascente" });

    const done = await browser.post("/setup-in-progress", setup, { intent: "complete" }, inApp);
    expect(done.location).toBe("/onboarding/completed");
    expect((await businessesOf(token)).businesses[0].status).toBe("SETUP_DONE");
    const congratulations = await browser.get("/onboarding/completed", completed, inApp);
    expect(congratulations.status).toBe(200);
    expect(congratulations.data).toEqual({ name: "Pousada Sol Nascente" });
  });

  it("sends a business waiting for its checkout to /onboarding/easylite, which offers Easy Lite instead", async () => {
    const { browser, token } = await newOwner("checkout@example.com");
    await browser.post("/onboarding?step=details", onboarding, { step: "details", ...details }, inApp);
    const subscribe = await browser.post("/onboarding?step=plan", onboarding, { step: "plan", choice: "subscribe" }, inApp);
    expect(subscribe.location).toBe("/subscribe");
    expect((await businessesOf(token)).businesses[0].status).toBe("SUBSCRIPTION_REQUESTED");

    // Rule 3: any other page sends it to /onboarding/easylite, which stays.
    expect((await browser.get("/businesses", businessList, { layouts: [appLayout, businessesLayout] })).location).toBe("/onboarding/easylite");
    const offer = await browser.get("/onboarding/easylite", easylite, inApp);
    expect(offer.status).toBe(200);
    expect(offer.data.business).toMatchObject({ status: "SUBSCRIPTION_REQUESTED", open: true });

    const started = await browser.post("/onboarding/easylite", easylite, { intent: "easylite-start" }, inApp);
    expect(started.location).toBe("/setup-in-progress");
    expect((await businessesOf(token)).businesses[0].status).toBe("DATA_LOADED");
  });

  it("connects an external PMS, shows a rejection on /pms-credentials and lets the owner retry", async () => {
    const { browser, token } = await newOwner("pms@example.com");
    await browser.post("/onboarding?step=details", onboarding, { step: "details", ...details }, inApp);
    const uuid = (await businessesOf(token)).selected_business_uuid;
    await h.t.json("PUT", `/api/v1/admin/businesses/${uuid}/status`, {
      token: await h.t.login("admin@tarifa.app"),
      body: { status: "PMS_CREDENTIALS_REQUESTED" },
      status: 200,
    });

    const page = await browser.get(`/pms-credentials?pms=${sistema}`, pmsCredentials, inApp);
    expect(page.status).toBe(200);
    expect(page.data.chosen).toMatchObject({ id: Number(sistema), name: "Sistema A", kind: "credentials" });
    expect(page.data.chosen.fields.map((f: { name: string }) => f.name)).toEqual(["username", "password", "property_id"]);
    expect(page.data.chosen.fields[0].label).not.toBe("username");

    const missing = await browser.post(`/pms-credentials?pms=${sistema}`, pmsCredentials, { pms_id: sistema, "credentials.username": "ana" }, inApp);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.data.result.error).sort()).toEqual(["credentials.password", "credentials.property_id"]);

    // The simulated connector rejects the value "fail" (docs/api/businesses.md).
    const rejected = await browser.post(
      `/pms-credentials?pms=${sistema}`,
      pmsCredentials,
      { pms_id: sistema, "credentials.username": "ana", "credentials.password": "fail", "credentials.property_id": "77" },
      inApp,
    );
    expect(rejected.location).toBe("/pms-credentials");
    expect((await browser.get("/pms-credentials", pmsCredentials, inApp)).data.business.status).toBe("PMS_FAILED");

    const accepted = await browser.post(
      `/pms-credentials?pms=${sistema}`,
      pmsCredentials,
      { pms_id: sistema, "credentials.username": "ana", "credentials.password": "s3cret", "credentials.property_id": "77" },
      inApp,
    );
    expect(accepted.location).toBe("/setup-in-progress");
    expect((await businessesOf(token)).businesses[0]).toMatchObject({ status: "DATA_LOADED", pms: { name: "Sistema A" } });
  });

  it("offers Import from a file and leads to the import page, the business waiting for the file", async () => {
    const { browser, token } = await newOwner("arquivo@example.com");
    await browser.post("/onboarding?step=details", onboarding, { step: "details", ...details }, inApp);
    const uuid = (await businessesOf(token)).selected_business_uuid;
    await h.t.json("PUT", `/api/v1/admin/businesses/${uuid}/status`, { token: await h.t.login("admin@tarifa.app"), body: { status: "PMS_CREDENTIALS_REQUESTED" }, status: 200 });
    const page = await browser.get("/pms-credentials", pmsCredentials, inApp);
    const file = page.data.systems.find((s: { kind: string }) => s.kind === "file");
    // Tarifa PMS, Import from a file, Mews (a connector with credentials), this file's Sistema A.
    expect(page.data.systems.map((s: { kind: string }) => s.kind)).toEqual(["built_in", "file", "credentials", "credentials"]);
    const chosen = await browser.get(`/pms-credentials?pms=${file.id}`, pmsCredentials, inApp);
    expect(chosen.data.chosen).toMatchObject({ id: file.id, kind: "file", fields: [] });
    const sent = await browser.post(`/pms-credentials?pms=${file.id}`, pmsCredentials, { pms_id: String(file.id) }, inApp);
    expect(sent.location).toBe("/pms-settings/imports");
    expect((await businessesOf(token)).businesses[0]).toMatchObject({ status: "DOWNLOADING_DATA", pms: { settings: { kind: "file" } } });
  });
});
