import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { applyBusinessEvent } from "#api/services/business-status.ts";
import { openRecord } from "#api/services/secrets.ts";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let token: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApi();
  admin = await t.login(demoUsers.admin.email);
  const registered = await t.json("POST", "/api/auth/register", {
    body: { name: "Paula", surname: "Reis", email: "paula@example.com", password: "pousada-da-paula", password_confirmation: "pousada-da-paula" },
    status: 201,
  });
  token = registered.token;
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
    const chosen = await step("PUT", `${id}/pms`, { pms_id: 2, credentials: { username: "recepcao", password: "fail", property_id: "77" } });
    expect(chosen.business).toMatchObject({ status: "BUSINESS_CREATED", pms: { id: 2, name: "StayLink", pms_default: false }, pms_credentials_saved: true });
    expect(JSON.stringify(chosen)).not.toContain("recepcao");
    // Stored encrypted at rest (AES-GCM), read back whole.
    const stored = (await storedStatus(id)).credentials;
    expect(JSON.stringify(stored)).not.toContain("recepcao");
    expect(openRecord(stored)).toEqual({ username: "recepcao", password: "fail", property_id: "77" });

    // Submitting uses the stored credentials at once: rejected → PMS_FAILED.
    expect((await step("POST", `${id}/onboarding/submit`)).business.status).toBe("PMS_FAILED");

    const missing = await step("PUT", `${id}/pms`, { pms_id: 2, credentials: { username: "recepcao", password: "x" } }, 422);
    expect(missing.errors).toEqual({ "credentials.property_id": ["This field is required."] });
    const unknown = await step("PUT", `${id}/pms`, { pms_id: 99, credentials: {} }, 422);
    expect(unknown.errors).toEqual({ pms_id: ["Choose a PMS from the list."] });
    expect((await storedStatus(id)).status).toBe("PMS_FAILED");

    expect((await step("POST", `${id}/setup/retry`)).business.status).toBe("PMS_CREDENTIALS_REQUESTED");
    const failing = await step("PUT", `${id}/pms`, { pms_id: 2, credentials: { username: "recepcao", password: "download-fail", property_id: "77" } });
    expect(failing.business).toMatchObject({ status: "DOWNLOAD_FAILED", allowed_events: expect.arrayContaining(["retry"]) });
    // Retrying downloads again with the same credentials: still failing.
    expect((await step("POST", `${id}/setup/retry`)).business.status).toBe("DOWNLOAD_FAILED");

    const fixed = await step("PUT", `${id}/pms`, { pms_id: 2, credentials: { username: "recepcao", password: "s3nha-boa", property_id: "77", extra: "dropped" } });
    expect(fixed.business.status).toBe("DATA_LOADED");
    expect(openRecord((await storedStatus(id)).credentials)).toEqual({ username: "recepcao", password: "s3nha-boa", property_id: "77" });
    expect((await step("POST", `${id}/setup/complete`)).business.status).toBe("SETUP_DONE");

    // A live business that changes PMS goes back through the credentials step and re-imports.
    const switched = await step("PUT", `${id}/pms`, { pms_id: 3, credentials: { api_key: "chave", property_id: "9" } });
    expect(switched.business).toMatchObject({ status: "DATA_LOADED", pms: { id: 3, name: "HostFlow" } });
    expect((await step("PUT", `${id}/pms`, { pms_id: 1 })).business).toMatchObject({ status: "DATA_LOADED", pms: { id: 1 }, pms_credentials_saved: false });
  });

  it("refuses to change the PMS while a download runs (409) and keeps the old one", async () => {
    const id = await newBusiness("Hotel Baixando");
    await t.json("PUT", `/api/v1/admin/businesses/${id}/status`, { token: admin, body: { status: "DOWNLOADING_DATA" }, status: 200 });
    const refused = await step("PUT", `${id}/pms`, { pms_id: 2, credentials: { username: "a", password: "b", property_id: "c" } }, 409);
    expect(refused.message).toBe("This step is not possible while the business is at “Importing data”.");
    expect(await storedStatus(id)).toEqual({ status: "DOWNLOADING_DATA", pmsId: 1, credentials: null });
  });
});

describe("the demo pousada", () => {
  it("is set up and cannot be sent back through onboarding by its owner", async () => {
    const owner = await t.login(demoUsers.owner.email);
    const body = await t.json("POST", `/api/v1/businesses/${DEMO_BUSINESS.id}/onboarding/plan`, { token: owner, body: { choice: "subscribe" }, lang: "es", status: 409 });
    expect(body.message).toBe("Este paso no es posible mientras el negocio está en «Configuración completada».");
  });
});
