import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { FakeChannex, FakeProperty } from "#tests/helpers/fake-channex";
import { FAKE_CHANNEX_OFFSET } from "#root/playwright.config";
import { DEMO_PASSWORD, demo, serverPort } from "./auth";

/** Where the fake Channex of the running test's server listens (its CHANNEX_API_URL). */
export function fakeChannexPort(): number {
  return serverPort() + FAKE_CHANNEX_OFFSET;
}

/** The demo pousada's id, read through the owner's API token. */
export async function demoBusinessId(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: demo.owner, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  const { businesses, selected_business_uuid } = await (await request.get("/api/v1/businesses", { headers })).json();
  return selected_business_uuid ?? businesses[0].uuid;
}

/**
 * On the administrator's Channex page (already open, signed in as an administrator): connects the
 * demo pousada's first category to the fake property's first room type and rate plan.
 */
export async function connectFirstCategory(page: Page, fake: FakeChannex, property: FakeProperty) {
  await page.getByLabel("Id da propriedade no Channex").fill(property.id);
  await page.getByLabel("Chave de API do Channex").fill(fake.apiKey);
  await page.getByLabel("Id do tipo de quarto").first().fill(property.roomTypes[0].id);
  await page.getByLabel("Id do plano tarifário").first().fill(property.ratePlans[0].id);
  await page.getByRole("button", { name: "Conectar" }).click();
  await expect(page.getByText("Channex conectado", { exact: false })).toBeVisible();
}

/** Waits until the queue has pushed the connection's first full sync to the fake Channex. */
export async function firstSyncReached(page: Page, fake: FakeChannex, property: FakeProperty) {
  await expect.poll(() => fake.calls.filter((c) => c.values[0]?.property_id === property.id).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("channex-last-sync")).not.toHaveText("nunca", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** On the administrator's Channex page: back to publishing by hand, as the other specs expect. */
export async function disconnect(page: Page) {
  await page.getByRole("button", { name: "Desconectar" }).click();
  await expect(page.getByText("Desconectado do Channex.")).toBeVisible();
  await expect(page.getByText("Não conectado")).toBeVisible();
}

/**
 * Cleanup for a spec that connected the demo pousada: disconnects it through the administrator's
 * API whatever state the page was left in (204 also when it was already disconnected), so a failed
 * spec never leaves the other specs publishing to a Channex that is gone.
 */
export async function disconnectThroughApi(request: APIRequestContext, businessId: string) {
  const res = await request.post("/api/auth/login", { data: { email: demo.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  const gone = await request.delete(`/api/v1/admin/businesses/${businessId}/channex`, { headers });
  expect(gone.status(), await gone.text()).toBe(204);
}
