import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startFakeChannex, type FakeChannex } from "#tests/helpers/fake-channex";
import { DEMO_PASSWORD, demo, scriptsRan, signIn } from "./support/auth";
import { connectFirstCategory, demoBusinessId, disconnect, firstSyncReached, fakeChannexPort } from "./support/channex";

/**
 * Issue 12 end to end, as the owner works (JavaScript off, and on): the pousada is connected to
 * Channex (a fake one in this process); the owner creates a rate plan, a sales channel with a
 * 15 % commission connected through Channex, maps the plan in Standard, books a guest on that
 * channel, adds an extra and a payment and reads the balance; /days-to-update shows the night
 * queued while Channex is slow, then sent. Everything made here is put back afterwards.
 */
let fake: FakeChannex;
test.beforeAll(async () => {
  fake = await startFakeChannex({ port: fakeChannexPort() });
});
test.afterAll(async () => {
  fake?.release();
  await fake?.close();
});

const brl = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100);
const toast = (page: Page, text: string) => expect(page.getByRole("status").filter({ hasText: text }).first()).toBeVisible();

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An item and an account for the folio, and the first night of the next month with a free Standard room. */
async function prepare(request: APIRequestContext, tag: string) {
  const res = await request.post("/api/auth/login", { data: { email: demo.owner, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  const base = `/api/v1/businesses/${await demoBusinessId(request)}`;
  const categories = (await (await request.get(`${base}/item-categories`, { headers })).json()).data as { uuid: string }[];
  const item = await request.post(`${base}/items`, { headers, data: { name: `Transfer (${tag})`, item_category_uuid: categories[0].uuid, price: 8_000 } });
  expect(item.status(), await item.text()).toBe(201);
  const account = await request.post(`${base}/accounts`, { headers, data: { name: `Pix da cadeia (${tag})`, kind: "pix" } });
  expect(account.status(), await account.text()).toBe(201);
  const { today } = (await (await request.get(`${base}/reservations/options`, { headers })).json()).data;
  const availability = (await (await request.get(`${base}/availability?from=${addDays(today, 2)}&to=${addDays(today, 28)}`, { headers })).json()).data;
  const standard = availability.categories.find((c: { name: string }) => c.name === "Standard");
  const night = availability.nights.find((n: { categories: { uuid: string; free: number }[] }) => n.categories.find((c) => c.uuid === standard.uuid)!.free > 0);
  expect(night, "a free Standard night in the next four weeks").toBeTruthy();
  return { arrival: night.date as string, standard: standard.uuid as string };
}

test("a plan and a 15 % Channex channel, mapped; a booking on it with an extra and a payment; its night queued, then sent", async ({ page, request, browser }, info) => {
  test.setTimeout(180_000);
  const js = info.project.name === "js";
  const suffix = `${js ? "js" : "nojs"}${info.retry ? `r${info.retry}` : ""}`;
  const property = fake.addProperty();
  const channexPlan = fake.addRatePlan(property, 0, "Pacote cadeia");
  const businessId = await demoBusinessId(request);
  const { arrival, standard } = await prepare(request, suffix);

  // The administrator connects the pousada; the first full sync reaches Channex.
  const adminContext = await browser.newContext({ javaScriptEnabled: js, locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin);
  await admin.goto(`/manage/businesses/${businessId}/channex`);
  await connectFirstCategory(admin, fake, property);
  await firstSyncReached(admin, fake, property);

  await signIn(page, demo.owner);
  expect(await scriptsRan(page)).toBe(js);

  // A rate plan: the engine's price −10 %.
  await page.goto("/pms-settings/rate-plans/create");
  await page.getByLabel("Nome").fill(`Pacote ${suffix}`);
  await page.getByLabel("Código").fill(`pacote_${suffix}`);
  await page.getByLabel("Regra", { exact: true }).selectOption("percent");
  await page.getByLabel("Ajuste (%)").fill("-10");
  await page.getByRole("button", { name: "Adicionar plano" }).click();
  await expect(page.getByText("Plano tarifário criado.")).toBeVisible();

  // A sales channel with a 15 % commission, connected through Channex.
  const channelName = `OTA cadeia ${suffix}`;
  await page.goto("/pms-settings/sales-channels/create");
  await page.getByLabel("Código").fill(`cadeia_${suffix}`);
  await page.getByLabel("Nome").fill(channelName);
  await page.getByLabel("Comissão (%)").fill("15");
  await page.getByLabel("Conexão").selectOption("channex");
  await page.getByRole("button", { name: "Adicionar canal" }).click();
  await expect(page.getByText("Canal de venda criado.")).toBeVisible();
  const channelRow = page.getByRole("row", { name: new RegExp(channelName) });
  await expect(channelRow).toContainText("15%");

  // Its mapping: Standard and the new plan in Standard go to Channex; the rest is not sold there.
  await channelRow.getByRole("link", { name: /Mapeamento/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Mapeamento: ${channelName}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Salvar mapeamento" })).toBeVisible();
  const rows = page.locator("table tbody tr");
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const label = (await row.locator("th label").innerText()).trim();
    if (label === "Standard") await row.locator("input[type=text]").fill(property.roomTypes[0].id);
    else if (label === `Pacote ${suffix} — Standard`) await row.locator("input[type=text]").fill(channexPlan.id);
    else await row.locator("input[type=checkbox]").check();
  }
  await page.getByRole("button", { name: "Salvar mapeamento" }).click();
  await expect(page.getByText("Mapeamento salvo.")).toBeVisible();
  await expect(page.getByLabel(`Pacote ${suffix} — Standard`, { exact: true })).toHaveValue(channexPlan.id);

  // Channex is slow from now on: what the booking changes waits in the queue.
  fake.hold();

  // A reservation on that channel.
  await page.goto(`/bookings/create?arrival=${arrival}&category=${standard}`);
  await page.getByLabel("Saída").fill(addDays(arrival, 1));
  await page.getByLabel("Adultos").fill("2");
  await page.getByLabel("Nome do hóspede").fill(`Hóspede da cadeia ${suffix}`);
  await page.getByLabel("Canal").selectOption({ label: channelName });
  await page.getByRole("button", { name: "Calcular preço" }).click();
  await expect(page.getByTestId("quote-total")).toContainText("R$");
  await page.getByRole("button", { name: /Confirmar reserva/ }).click();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByText(channelName).first()).toBeVisible();

  // An extra and a payment; the balance follows.
  const folio = page.getByRole("region", { name: "Extras e pagamentos" });
  const total = await folio.getByTestId("folio-balance").innerText();
  const cents = Math.round(Number(total.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
  await folio.getByLabel("Item").selectOption({ label: `Transfer (${suffix}) · R$ 80,00` });
  await folio.getByLabel("Quantidade").fill("1");
  await folio.getByRole("button", { name: "Lançar extra" }).click();
  await toast(page, "Extra lançado.");
  await expect(folio.getByTestId("folio-balance")).toHaveText(brl(cents + 8_000));
  await folio.getByLabel("Tipo").selectOption({ label: "Sinal" });
  await folio.getByLabel("Conta").selectOption({ label: `Pix da cadeia (${suffix})` });
  await folio.getByLabel("Valor").fill("50,00");
  await folio.getByRole("button", { name: "Registrar pagamento" }).click();
  await toast(page, "Pagamento registrado.");
  await expect(folio.getByTestId("folio-balance")).toHaveText(brl(cents + 8_000 - 5_000));

  // The night waits for Channex, then is sent once Channex answers.
  const night = (p: Page) => p.getByRole("list", { name: "Situação do envio por noite" }).locator(`li[data-date="${arrival}"] [data-status]`).first();
  await page.goto("/days-to-update");
  await expect(night(page)).toHaveAttribute("data-status", "queued");
  fake.release();
  await expect(async () => {
    await page.reload();
    await expect(night(page)).toHaveAttribute("data-status", "sent", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(night(page)).toContainText("enviado");
  expect(fake.calls.some((c) => c.path === "/api/v1/restrictions" && c.values.some((v) => v.rate_plan_id === channexPlan.id))).toBe(true);
  expect(fake.rejected).toEqual([]);

  // Put back: the channel and the plan inactive, the pousada publishing by hand again.
  await page.goto("/pms-settings/sales-channels");
  await page.getByRole("row", { name: new RegExp(channelName) }).getByRole("button", { name: "Desativar" }).click();
  await expect(page.getByText("Canal de venda desativado.")).toBeVisible();
  await page.goto("/pms-settings/rate-plans");
  await page.getByRole("link", { name: `Editar Pacote ${suffix}` }).click();
  await page.getByLabel("Ativo (vendido e exibido)").uncheck();
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Plano tarifário salvo.")).toBeVisible();
  await admin.goto(`/manage/businesses/${businessId}/channex`);
  await disconnect(admin);
  await adminContext.close();
});
