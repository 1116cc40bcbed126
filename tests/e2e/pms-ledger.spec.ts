import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * Issue 12 (pms-ledger): the owner creates an item and an account in the PMS settings, then on a
 * reservation adds that item as an extra and records a payment; the reservation shows total +
 * extras − payments. Bad input (a negative price, an invalid CNPJ) is refused beside the field.
 * JavaScript on and off; each project uses its own names and stay so the runs do not meet.
 */

async function ownerApi(request: APIRequestContext) {
  const res = await request.post("/api/auth/login", { data: { email: demo.owner, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  const { businesses, selected_business_uuid } = await (await request.get("/api/v1/businesses", { headers })).json();
  return { headers, base: `/api/v1/businesses/${selected_business_uuid ?? businesses[0].uuid}` };
}

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A two-night Standard stay at R$ 200 a night, far enough ahead to be free. */
async function reservation(request: APIRequestContext, offset: number) {
  const { headers, base } = await ownerApi(request);
  const options = (await (await request.get(`${base}/reservations/options`, { headers })).json()).data;
  const standard = options.categories.find((c: { name: string }) => c.name === "Standard");
  const arrival = addDays(options.today, offset);
  const res = await request.post(`${base}/reservations`, {
    headers,
    data: { arrival, departure: addDays(arrival, 2), room_category_uuid: standard.uuid, adults: 1, guest: { name: "Hóspede do extrato" }, rate_per_night: 20_000 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).reservation as { uuid: string; total: number };
}

const brl = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100);
const toast = (page: Page, text: string | RegExp) => expect(page.getByRole("status").filter({ hasText: text }).first()).toBeVisible();

test("an item and an account, then an extra and a payment on a reservation, and its balance", async ({ page, request }, info) => {
  const js = info.project.name === "js";
  const tag = js ? "JS" : "sem JS";
  const stay = await reservation(request, js ? 330 : 333);
  await signIn(page, demo.owner);
  expect(await scriptsRan(page)).toBe(js);

  // An item, refused first with a negative price.
  await page.goto("/pms-settings/items");
  const itemName = `Passeio de barco (${tag})`;
  await page.getByLabel("Nome").fill(itemName);
  await page.getByLabel("Categoria").selectOption({ label: "Serviços" });
  await page.getByLabel("Preço").fill("-5");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("O valor não pode ser negativo.")).toBeVisible();
  await page.getByLabel("Preço").fill("150,00");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await toast(page, "Criado.");
  await expect(page.getByRole("listitem").filter({ hasText: itemName })).toContainText("R$ 150,00");
  if (js) await expectNoSeriousViolations(page);

  // An account.
  await page.goto("/pms-settings/accounts");
  const accountName = `Maquininha (${tag})`;
  await page.getByLabel("Nome").fill(accountName);
  await page.getByLabel("Tipo").selectOption({ label: "Adquirente de cartão" });
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await toast(page, "Criado.");
  await expect(page.getByRole("listitem").filter({ hasText: accountName })).toContainText("Adquirente de cartão");
  if (js) await expectNoSeriousViolations(page);

  // On the reservation: two boat trips, then a deposit.
  await page.goto(`/bookings/${stay.uuid}`);
  const folio = page.getByRole("region", { name: "Extras e pagamentos" });
  await expect(folio.getByTestId("folio-balance")).toHaveText(brl(stay.total));
  await folio.getByLabel("Item").selectOption({ label: `${itemName} · R$ 150,00` });
  await folio.getByLabel("Quantidade").fill("2");
  await folio.getByRole("button", { name: "Lançar extra" }).click();
  await toast(page, "Extra lançado.");
  await expect(folio.getByRole("listitem").filter({ hasText: itemName })).toContainText("R$ 300,00");
  await expect(folio.getByTestId("folio-balance")).toHaveText(brl(stay.total + 30_000));

  await folio.getByLabel("Tipo").selectOption({ label: "Sinal" });
  await folio.getByLabel("Conta").selectOption({ label: accountName });
  await folio.getByLabel("Valor").fill("0");
  await folio.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(folio.getByText("Digite um valor maior que zero.")).toBeVisible();
  await folio.getByLabel("Valor").fill("100,00");
  await folio.getByLabel("Conta").selectOption({ label: accountName });
  await folio.getByRole("button", { name: "Registrar pagamento" }).click();
  await toast(page, "Pagamento registrado.");
  await expect(folio.getByRole("listitem").filter({ hasText: "Sinal" })).toContainText(accountName);
  await expect(folio.getByTestId("folio-balance")).toHaveText(brl(stay.total + 30_000 - 10_000));
  if (js) await expectNoSeriousViolations(page);
});

test("a supplier's CNPJ is checked, and an expense is recorded against it", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/pms-settings/suppliers");
  await page.getByRole("link", { name: "Adicionar fornecedor" }).click();
  const name = `Hortifruti Paraty (${js ? "JS" : "sem JS"})`;
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("CPF ou CNPJ").fill("11.222.333/0001-82");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Este não é um CPF ou CNPJ válido (confira os dígitos).")).toBeVisible();
  // A valid CPF this time (the demo supplier holds the sample CNPJ).
  await page.getByLabel("CPF ou CNPJ").fill(js ? "529.982.247-25" : "295.379.955-93");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await toast(page, "Criado.");
  await expect(page).toHaveURL(/\/pms-settings\/edit-suppliers\/[0-9a-f-]{36}$/);

  await page.getByLabel("Valor").fill("89,90");
  await page.getByLabel("Paga com").selectOption({ label: "Caixa" });
  await page.getByLabel("Descrição").fill("Frutas do café da manhã");
  await page.getByRole("button", { name: "Registrar uma despesa" }).click();
  await toast(page, "Despesa registrada.");
  await expect(page.getByRole("listitem").filter({ hasText: "Frutas do café da manhã" })).toContainText("R$ 89,90");
  await expect(page.getByText("Total pago")).toContainText("R$ 89,90");
  if (js) await expectNoSeriousViolations(page);

  await page.goto("/pms-settings/suppliers");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("R$ 89,90");
  if (js) await expectNoSeriousViolations(page);
});

test("iCal: an export address for a room, and an import whose address must be http(s)", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/pms-settings/ical");
  await page.getByLabel("Quarto", { exact: true }).first().selectOption({ label: js ? "105 · Standard" : "106 · Standard" });
  await page.getByRole("button", { name: "Criar endereço" }).click();
  await toast(page, "Endereço do calendário criado.");
  const address = page.getByRole("textbox", { name: js ? /Quarto 105/ : /Quarto 106/ });
  const url = await address.inputValue();
  expect(url).toMatch(/\/api\/public\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");

  const form = page.locator("form").filter({ has: page.getByLabel("Endereço iCal (http ou https)") });
  await form.getByLabel("Nome").fill(`Airbnb ${js ? "JS" : "sem JS"}`);
  await form.getByLabel("Endereço iCal (http ou https)").fill("ftp://example.com/calendar.ics");
  await form.getByLabel("Ou uma categoria").selectOption({ label: "Deluxe" });
  // The browser's own url check would stop "ftp:" only for some schemes: send it anyway.
  await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Use um endereço http:// ou https://.")).toBeVisible();

  // An http address is accepted; this server's own feed is on a private address, which a
  // production server does not fetch: checking it records a sync error on the import, no 5xx.
  const importName = `Airbnb ${js ? "JS" : "sem JS"}`;
  await form.getByLabel("Endereço iCal (http ou https)").fill(url);
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await toast(page, "Criado.");
  // The check is a job on the queue: asked at once, the page says so and refreshes itself (JS off too) until the result is in.
  await page.getByRole("button", { name: `Verificar agora: ${importName}` }).click();
  await toast(page, "Verificação pedida: o resultado aparece ao lado de cada calendário em instantes.");
  await expect(page.getByRole("listitem").filter({ hasText: importName })).toContainText("Erro de sincronização: o endereço aponta para uma rede privada", { timeout: 30_000 });
  await expect(page.getByRole("listitem").filter({ hasText: importName })).not.toContainText("Verificando…");
  if (js) await expectNoSeriousViolations(page);
});
