import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex";
import { DEMO_PASSWORD, demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";
import { connectFirstCategory, demoBusinessId, disconnect, firstSyncReached, fakeChannexPort } from "./support/channex";

/**
 * Issue 27, "done when", with JavaScript on and off: the owner adds an event, switches the first
 * category (the one connected to the fake Channex) to Recommend, accepts a range, sees the new
 * prices in the calendar and at Channex, undoes them and sees the old ones pushed back; the
 * activity log holds both writes. Each project uses its own nights; the spec switches the brain
 * off and disconnects Channex again whatever happens.
 */
let fake: FakeChannex;
test.beforeAll(async () => {
  fake = await startFakeChannex({ port: fakeChannexPort() });
});
test.afterAll(async () => {
  await fake?.close();
});

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ownerHeaders(request: APIRequestContext) {
  const res = await request.post("/api/auth/login", { data: { email: demo.owner, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The fake Channex's last rate for the property's first rate plan on `night` (a string like "270.00"). */
function lastPushed(property: FakeProperty, night: string): unknown {
  return fake.nights("/api/v1/restrictions").get(`${property.ratePlans[0].id}|${night}`)?.at(-1);
}

async function calendarRate(page: Page, night: string, category: string): Promise<number> {
  await page.goto(`/calendar?month=${night.slice(0, 7)}&category=${category}`);
  return Number(await page.locator(`a[data-date="${night}"] [data-rate]`).first().getAttribute("data-rate"));
}

test("the owner accepts a range of recommendations, sees them at Channex, and undoes them", async ({ page, request, browser }, info) => {
  test.setTimeout(240_000);
  const js = info.project.name === "js";
  const businessId = await demoBusinessId(request);
  const headers = await ownerHeaders(request);
  const base = `/api/v1/businesses/${businessId}`;
  const offset = js ? 60 : 70;
  const nights = [isoIn(offset), isoIn(offset + 1), isoIn(offset + 2)];
  const property = fake.addProperty();

  const admin = await browser.newContext({ javaScriptEnabled: js, locale: "pt-BR" });
  const adminPage = await admin.newPage();
  try {
    await signIn(adminPage, demo.admin);
    await adminPage.goto(`/manage/businesses/${businessId}/channex`);
    await connectFirstCategory(adminPage, fake, property);
    await firstSyncReached(adminPage, fake, property);

    const calendar = await (await request.get(`${base}/calendar?from=${nights[0]}&to=${nights[2]}`, { headers })).json();
    const standard = calendar.categories[0];
    const before = calendar.days.map((d: { rates: { rate: number }[] }) => d.rates[0].rate);

    await signIn(page, demo.owner);
    await page.goto("/recommendations");
    await expect(page.getByRole("heading", { name: "Recomendações", level: 1 })).toBeVisible();
    expect(await scriptsRan(page)).toBe(js);

    // Bad input: the translated error beside its field.
    const events = page.getByRole("region", { name: "Seus eventos" });
    await events.getByLabel("Evento").fill("Festival de Inverno");
    await events.getByLabel("De").fill(nights[2]);
    await events.getByLabel("Até").fill(nights[0]);
    await events.getByLabel("Efeito esperado (%)").fill("30");
    await events.getByRole("button", { name: "Adicionar evento" }).click();
    await expect(page.getByText("A data final deve ser igual ou posterior à inicial.").first()).toBeVisible();
    await events.getByLabel("De").fill(nights[0]);
    await events.getByLabel("Até").fill(nights[2]);
    await events.getByRole("button", { name: "Adicionar evento" }).click();
    await expect(page.getByText("Evento adicionado.")).toBeVisible();

    // The first category to Recommend.
    const settings = page.getByRole("region", { name: "Modos e limites" });
    await settings.getByLabel(standard.name, { exact: true }).selectOption("recommend");
    await settings.getByRole("button", { name: "Salvar modos e limites" }).click();
    await expect(page.getByText("Modos e limites salvos.")).toBeVisible();

    // The range, then "accept these nights".
    await page.getByLabel("De", { exact: true }).first().fill(nights[0]);
    await page.getByLabel("Até", { exact: true }).first().fill(nights[2]);
    await page.getByLabel("Categoria de quarto").selectOption(standard.uuid);
    await page.getByRole("button", { name: "Mostrar" }).click();
    const list = page.getByRole("list", { name: "Recomendações por noite" });
    await expect(list.locator("li[data-night]")).toHaveCount(3);
    // A night's reasons come when asked for, and go again.
    const row = list.locator(`li[data-night="${nights[0]}"]`);
    await row.getByRole("link", { name: "Por que este preço" }).click();
    await expect(row).toContainText("Evento: Festival de Inverno (30 %)");
    await expect(row).toContainText("Ocupação esperada");
    await row.getByRole("link", { name: "Esconder os motivos" }).click();
    await expect(row.getByRole("link", { name: "Por que este preço" })).toBeVisible();
    await expect(row).not.toContainText("Evento: Festival de Inverno");
    if (js) await expectNoSeriousViolations(page);
    // The calendar's day panel shows the night's recommendation with its reasons.
    await page.goto(`/calendar?month=${nights[0].slice(0, 7)}&category=${standard.uuid}&day=${nights[0]}`);
    const panel = page.getByRole("region", { name: "Recomendação da Tarifa" });
    await expect(panel).toContainText("aguardando você");
    await expect(panel).toContainText("Evento: Festival de Inverno (30 %)");
    await page.goBack();
    await page.getByRole("button", { name: "Aceitar estas noites" }).click();
    await expect(page.getByText("Preços aceitos: 3.")).toBeVisible();

    const accepted = await (await request.get(`${base}/recommendations?from=${nights[0]}&to=${nights[2]}&category=${standard.uuid}`, { headers })).json();
    const values: number[] = accepted.data.map((r: { value: number }) => r.value);
    expect(accepted.data.map((r: { status: string }) => r.status)).toEqual(["accepted", "accepted", "accepted"]);
    values.forEach((v, i) => expect(v).toBeGreaterThan(before[i]));

    // In the calendar, and pushed to Channex.
    for (const [i, night] of nights.entries()) {
      expect(await calendarRate(page, night, standard.uuid)).toBe(values[i]);
      await expect.poll(() => lastPushed(property, night), { timeout: 20_000 }).toBe((values[i] / 100).toFixed(2));
    }

    // Undo the accepted prices: the old ones come back, in the calendar and at Channex.
    await page.goto("/recommendations");
    await page.locator('li[data-source="recommendation"]').first().getByRole("button", { name: "Desfazer" }).click();
    await expect(page.getByText("Noites restauradas: 3.")).toBeVisible();
    for (const [i, night] of nights.entries()) {
      expect(await calendarRate(page, night, standard.uuid)).toBe(before[i]);
      await expect.poll(() => lastPushed(property, night), { timeout: 20_000 }).toBe((before[i] / 100).toFixed(2));
    }

    // The activity log shows both writes, by the owner.
    const log = await (await request.get(`${base}/activity-log?area=price_settings&per_page=5`, { headers })).json();
    const writes = log.data.filter((l: { changes: { field: string }[] }) => l.changes.some((c) => c.field === `manual_prices.${nights[0]}.price`));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    const [undo, accept] = writes;
    expect(undo.changes.find((c: { field: string }) => c.field === `manual_prices.${nights[0]}.price`)).toMatchObject({ from: values[0], to: null });
    expect(accept.changes.find((c: { field: string }) => c.field === `manual_prices.${nights[0]}.price`)).toMatchObject({ from: null, to: values[0] });
    expect(accept.changes.some((c: { field: string }) => c.field === `reasons.${nights[0]}`)).toBe(true);
    await page.goto("/pms-settings/activity-log?area=price_settings");
    await expect(page.getByRole("listitem").filter({ hasText: standard.name }).first()).toBeVisible();
  } finally {
    const settings = await (await request.get(`${base}/recommendations`, { headers })).json();
    const off = await request.put(`${base}/recommendations/settings`, { headers, data: { ...settings.settings, mode: "off", category_modes: {} } });
    expect(off.ok(), await off.text()).toBeTruthy();
    for (const e of settings.events) await request.delete(`${base}/recommendations/events/${e.uuid}`, { headers });
    // Back to publishing by hand, as the other specs expect.
    await adminPage.goto(`/manage/businesses/${businessId}/channex`);
    if (await adminPage.getByRole("button", { name: "Desconectar" }).isVisible()) await disconnect(adminPage);
    await admin.close();
  }
});
