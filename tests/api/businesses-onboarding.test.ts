import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, pmsSystems, reservationImports, roomCategories } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { simulatedPmsConnector } from "#api/services/pms-connector.ts";
import { applyBusinessEvent } from "#api/services/business-status.ts";
import { runImport } from "#api/services/imports/run.ts";
import { openRecord } from "#api/services/secrets.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let token: string;
let admin: string;
/** Two PMS with credentials, known only to these tests (the simulated connector answers for them). */
let sistemaA: number;
let sistemaB: number;
let fromFile: number;

const label = (text: string) => ({ "pt-BR": text, "en-US": text, "es-ES": text, "fr-CA": text, "it-IT": text });

beforeAll(async () => {
  t = await createTestApi({ deps: { pmsConnector: simulatedPmsConnector } });
  [{ id: sistemaA }, { id: sistemaB }] = await t.db
    .insert(pmsSystems)
    .values([
      {
        name: "Sistema A",
        settings: {
          auth_url: "https://sistema-a.test/auth",
          fields: [
            { name: "username", label: label("Username"), type: "text", required: true },
            { name: "password", label: label("Password"), type: "password", required: true },
            { name: "property_id", label: label("Property ID"), type: "text", required: true },
          ],
        },
      },
      { name: "Sistema B", settings: { auth_url: null, fields: [{ name: "api_key", label: label("API key"), type: "password", required: true }, { name: "property_id", label: label("Property ID"), type: "text", required: true }] } },
    ])
    .returning({ id: pmsSystems.id });
  admin = await t.login(demoUsers.admin.email);
  const registered = await t.json("POST", "/api/auth/register", {
    body: { name: "Paula", surname: "Reis", email: "paula@example.com", password: "pousada-da-paula", password_confirmation: "pousada-da-paula" },
    status: 201,
  });
  token = registered.token;
  const listed = await t.json("GET", "/api/v1/pms", { token, status: 200 });
  fromFile = listed.data.find((p: { settings: { kind: string } }) => p.settings.kind === "file").id;
});
afterAll(() => t.close());

async function newBusiness(name: string) {
  const body = await t.json("POST", "/api/v1/businesses", { token, body: { company_name: name, country: "BR" }, status: 201 });
  return body.business.uuid as string;
}

const step = (method: string, path: string, body?: unknown, status = 200) =>
  t.json(method, `/api/v1/businesses/${path}`, { token, body, status, lang: "en" });

async function storedStatus(id: string) {
  const [row] = await t.db.select({ status: businesses.status, pmsId: businesses.pmsId, credentials: businesses.pmsCredentials }).from(businesses).where(eq(businesses.id, id));
  return row;
}

describe("onboarding with the built-in PMS", () => {
  it("walks BUSINESS_CREATED → plan choices → DATA_LOADED → SETUP_DONE, refusing steps out of order with 409", async () => {
    const id = await newBusiness("Pousada do Caminho");
    const early = await step("POST", `${id}/setup/complete`, undefined, 409);
    expect(early.message).toBe("This step is not possible while the business is at “Registration started”.");
    const pt = await t.json("POST", `/api/v1/businesses/${id}/setup/complete`, { token, status: 409 });
    expect(pt.message).toBe("Esta etapa não é possível enquanto o negócio está em “Cadastro iniciado”.");

    expect((await step("POST", `${id}/onboarding/plan`, { choice: "subscribe" })).business.status).toBe("SUBSCRIPTION_REQUESTED");
    expect((await step("POST", `${id}/onboarding/plan`, { choice: "easylite" })).business.status).toBe("ONBOARDING_EASY_LITE");
    const bad = await step("POST", `${id}/onboarding/plan`, { choice: "free" }, 422);
    expect(bad.errors.choice).toEqual(["Choose one of the options."]);
    const submitted = await step("POST", `${id}/onboarding/submit`);
    expect(submitted.business).toMatchObject({ status: "DATA_LOADED", allowed_events: expect.arrayContaining(["setupCompleted"]) });
    expect((await step("POST", `${id}/setup/complete`)).business.status).toBe("SETUP_DONE");

    const again = await step("POST", `${id}/onboarding/submit`, undefined, 409);
    expect(again.message).toBe("This step is not possible while the business is at “Setup complete”.");
    await step("POST", `${id}/setup/retry`, undefined, 409);
    expect((await storedStatus(id)).status).toBe("SETUP_DONE");
  });

  it("applyBusinessEvent (for the subscription code) moves a paid business on, and answers ok: false otherwise", async () => {
    const id = await newBusiness("Hotel Pago");
    await step("POST", `${id}/onboarding/plan`, { choice: "subscribe" });
    const paid = await applyBusinessEvent(t.db, id, { type: "subscribed" });
    expect(paid).toEqual({ ok: true, from: "SUBSCRIPTION_REQUESTED", status: "DATA_LOADED", changed: true });
    const twice = await applyBusinessEvent(t.db, id, { type: "subscribed" });
    expect(twice).toMatchObject({ ok: false, from: "DATA_LOADED", error: "not_allowed" });
    expect((await storedStatus(id)).status).toBe("DATA_LOADED");
    await expect(applyBusinessEvent(t.db, "00000000-0000-4000-8000-000000000000", { type: "retry" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("onboarding with an external PMS (simulated connector)", () => {
  it("records credentials before the data step, then fails, retries, fails the download, and finally loads", async () => {
    const id = await newBusiness("Hotel Externo");
    // Before onboarding ends, choosing a PMS only records it.
    const chosen = await step("PUT", `${id}/pms`, { pms_id: sistemaA, credentials: { username: "recepcao", password: "fail", property_id: "77" } });
    expect(chosen.business).toMatchObject({ status: "BUSINESS_CREATED", pms: { id: sistemaA, name: "Sistema A", pms_default: false, settings: { kind: "credentials" } }, pms_credentials_saved: true });
    expect(JSON.stringify(chosen)).not.toContain("recepcao");
    // Stored encrypted at rest (AES-GCM), read back whole.
    const stored = (await storedStatus(id)).credentials;
    expect(JSON.stringify(stored)).not.toContain("recepcao");
    expect(openRecord(stored)).toEqual({ username: "recepcao", password: "fail", property_id: "77" });

    // Submitting uses the stored credentials at once: rejected → PMS_FAILED.
    expect((await step("POST", `${id}/onboarding/submit`)).business.status).toBe("PMS_FAILED");

    const missing = await step("PUT", `${id}/pms`, { pms_id: sistemaA, credentials: { username: "recepcao", password: "x" } }, 422);
    expect(missing.errors).toEqual({ "credentials.property_id": ["This field is required."] });
    const unknown = await step("PUT", `${id}/pms`, { pms_id: 9999, credentials: {} }, 422);
    expect(unknown.errors).toEqual({ pms_id: ["Choose a PMS from the list."] });
    expect((await storedStatus(id)).status).toBe("PMS_FAILED");

    expect((await step("POST", `${id}/setup/retry`)).business.status).toBe("PMS_CREDENTIALS_REQUESTED");
    const failing = await step("PUT", `${id}/pms`, { pms_id: sistemaA, credentials: { username: "recepcao", password: "download-fail", property_id: "77" } });
    expect(failing.business).toMatchObject({ status: "DOWNLOAD_FAILED", allowed_events: expect.arrayContaining(["retry"]) });
    // Retrying downloads again with the same credentials: still failing.
    expect((await step("POST", `${id}/setup/retry`)).business.status).toBe("DOWNLOAD_FAILED");

    const fixed = await step("PUT", `${id}/pms`, { pms_id: sistemaA, credentials: { username: "recepcao", password: "s3nha-boa", property_id: "77", extra: "dropped" } });
    expect(fixed.business.status).toBe("DATA_LOADED");
    expect(openRecord((await storedStatus(id)).credentials)).toEqual({ username: "recepcao", password: "s3nha-boa", property_id: "77" });
    expect((await step("POST", `${id}/setup/complete`)).business.status).toBe("SETUP_DONE");

    // A live business that changes PMS goes back through the credentials step and re-imports.
    const switched = await step("PUT", `${id}/pms`, { pms_id: sistemaB, credentials: { api_key: "chave", property_id: "9" } });
    expect(switched.business).toMatchObject({ status: "DATA_LOADED", pms: { id: sistemaB, name: "Sistema B" } });
    expect((await step("PUT", `${id}/pms`, { pms_id: 1 })).business).toMatchObject({ status: "DATA_LOADED", pms: { id: 1 }, pms_credentials_saved: false });
  });

  it("refuses to change the PMS while a download runs (409) and keeps the old one", async () => {
    const id = await newBusiness("Hotel Baixando");
    await t.json("PUT", `/api/v1/admin/businesses/${id}/status`, { token: admin, body: { status: "DOWNLOADING_DATA" }, status: 200 });
    const refused = await step("PUT", `${id}/pms`, { pms_id: sistemaA, credentials: { username: "a", password: "b", property_id: "c" } }, 409);
    expect(refused.message).toBe("This step is not possible while the business is at “Importing data”.");
    expect(await storedStatus(id)).toEqual({ status: "DOWNLOADING_DATA", pmsId: 1, credentials: null });
  });
});

describe("a PMS without a connector: Import from a file", () => {
  const SHARED = new URL("../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);
  const csv = gunzipSync(readFileSync(SHARED)).toString("utf8").split("\n").slice(0, 41).join("\n") + "\n";

  /** A business asking for its PMS (as after a subscription with one), with a category to import into. */
  async function waitingForPms(name: string) {
    const id = await newBusiness(name);
    await t.json("PUT", `/api/v1/admin/businesses/${id}/status`, { token: admin, body: { status: "PMS_CREDENTIALS_REQUESTED" }, status: 200 });
    const [category] = await t.db.insert(roomCategories).values({ businessId: id, name: "Quartos", roomCount: 190, minOccupation: 1, maxOccupation: 6 }).returning();
    return { id, category: category!.id };
  }

  // An import's end reprices the business's whole year (and, for a new business, its first prices):
  // seconds of CPU, past 30 s of wall time on two busy cores.
  const IMPORT_TIMEOUT = 120_000;

  async function importMapped(id: string, category: string) {
    const form = new FormData();
    form.append("file", new Blob([csv]), "reservas.csv");
    const res = await t.call("POST", `/api/v1/businesses/${id}/imports`, { token, body: form, lang: "en" });
    expect(res.status, await res.clone().text()).toBe(201);
    const imp = ((await res.json()) as { import: { uuid: string } }).import;
    const presets = (await step("GET", `${id}/import-presets`)).data as { name: string; mapping: Record<string, unknown> }[];
    const types = Object.fromEntries(["A", "B", "C", "D", "E", "F", "G", "H", "L", "P"].map((type) => [type, category]));
    await step("PUT", `${id}/imports/${imp.uuid}/mapping`, { mapping: { ...presets.find((p) => p.name === "hotel-booking-demand")!.mapping, room_types: types } });
    await step("POST", `${id}/imports/${imp.uuid}/run`, undefined, 202);
    return imp.uuid;
  }

  it("is offered beside the built-in PMS, and the invented systems are gone", async () => {
    const listed = (await t.json("GET", "/api/v1/pms", { token, status: 200 })).data as { name: string; pms_default: boolean; settings: { kind: string; fields: unknown[] } }[];
    expect(listed.filter((p) => !["Sistema A", "Sistema B"].includes(p.name)).map((p) => [p.settings.kind, p.pms_default, p.settings.fields.length])).toEqual([
      ["built_in", true, 0],
      ["file", false, 0],
      // Mews (ADR 0049): its connector asks for the hotel's Access Token.
      ["credentials", false, 1],
    ]);
    expect(listed.map((p) => p.name)).not.toEqual(expect.arrayContaining(["StayLink"]));
    expect(listed.map((p) => p.name)).not.toEqual(expect.arrayContaining(["HostFlow"]));
  });

  it("waits in DOWNLOADING_DATA for the import, whose end loads the data", async () => {
    const { id, category } = await waitingForPms("Pousada do Arquivo");
    const chosen = await step("PUT", `${id}/pms`, { pms_id: fromFile, credentials: {} });
    expect(chosen.business).toMatchObject({ status: "DOWNLOADING_DATA", pms: { id: fromFile, settings: { kind: "file" } }, pms_credentials_saved: false });
    // Nothing to retry while it waits, and it waits until an import ends.
    await step("POST", `${id}/setup/retry`, undefined, 409);
    expect((await storedStatus(id)).status).toBe("DOWNLOADING_DATA");
    const importId = await importMapped(id, category);
    expect((await storedStatus(id)).status).toBe("DOWNLOADING_DATA");
    await runImport(t.db, importId);
    expect((await storedStatus(id)).status).toBe("DATA_LOADED");
    expect((await step("POST", `${id}/setup/complete`)).business.status).toBe("SETUP_DONE");
  }, IMPORT_TIMEOUT);

  it("a failed import fails the download; retrying waits for another file", async () => {
    const { id, category } = await waitingForPms("Pousada do Arquivo Ruim");
    await step("PUT", `${id}/pms`, { pms_id: fromFile, credentials: {} });
    const importId = await importMapped(id, category);
    // The job finds a mapping it cannot read (as a file changed under it would): the import fails.
    await t.db.update(reservationImports).set({ mapping: { room_types: "?" } }).where(eq(reservationImports.id, importId));
    await runImport(t.db, importId);
    expect(await step("GET", `${id}/imports/${importId}`)).toMatchObject({ import: { status: "failed" } });
    expect((await storedStatus(id)).status).toBe("DOWNLOAD_FAILED");
    expect((await step("POST", `${id}/setup/retry`)).business.status).toBe("DOWNLOADING_DATA");
    const again = await importMapped(id, category);
    await runImport(t.db, again);
    expect((await storedStatus(id)).status).toBe("DATA_LOADED");
  }, IMPORT_TIMEOUT);

  it("after onboarding with it chosen, submitting goes straight to waiting for the file", async () => {
    const id = await newBusiness("Pousada Escolheu Arquivo");
    expect((await step("PUT", `${id}/pms`, { pms_id: fromFile, credentials: {} })).business.status).toBe("BUSINESS_CREATED");
    await step("POST", `${id}/onboarding/plan`, { choice: "easylite" });
    expect((await step("POST", `${id}/onboarding/submit`)).business.status).toBe("DOWNLOADING_DATA");
  });
});

describe("the demo pousada", () => {
  it("is set up and cannot be sent back through onboarding by its owner", async () => {
    const owner = await t.login(demoUsers.owner.email);
    const body = await t.json("POST", `/api/v1/businesses/${DEMO_BUSINESS.id}/onboarding/plan`, { token: owner, body: { choice: "subscribe" }, lang: "es", status: 409 });
    expect(body.message).toBe("Este paso no es posible mientras el negocio está en «Configuración completada».");
  });
});
