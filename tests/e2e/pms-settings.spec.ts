import { expect, test, type Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * PMS settings, JavaScript on and off: the owner creates a rate plan and a sales channel with a
 * 15 % commission (a negative one is refused beside its field), maps the channel (an unmapped
 * plan is refused), and sets the hotel policies, which the public booking page then shows. Each
 * project uses its own codes so the two runs on one server do not meet.
 */

async function check(page: Page, js: boolean) {
  expect(await scriptsRan(page)).toBe(js);
  if (js) await expectNoSeriousViolations(page);
}

test("rate plan, sales channel with 15 % commission, and its mapping", async ({ page }, info) => {
  const js = info.project.name === "js";
  // A retry gets codes of its own: the first attempt's plan and channel still exist.
  const suffix = `${js ? "js" : "nojs"}${info.retry ? `r${info.retry}` : ""}`;
  await signIn(page, demo.owner, DEMO_PASSWORD);

  await page.goto("/pms-settings");
  await expect(page.getByRole("heading", { level: 1, name: "Configurações do PMS" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Itens" }).first()).toHaveAttribute("href", "/pms-settings/items");
  await check(page, js);

  // A rate plan: the engine's price −12 %.
  await page.goto("/pms-settings/rate-plans/create");
  await check(page, js);
  await page.getByLabel("Nome").fill(`Promo ${suffix}`);
  await page.getByLabel("Código").fill(`promo_${suffix}`);
  await page.getByLabel("Regra", { exact: true }).selectOption("percent");
  await page.getByLabel("Ajuste (%)").fill("-12");
  await page.getByRole("button", { name: "Adicionar plano" }).click();
  await expect(page.getByText("Plano tarifário criado.")).toBeVisible();
  await expect(page).toHaveURL(/\/pms-settings\/rate-plans$/);
  await expect(page.getByRole("link", { name: `Editar Promo ${suffix}` })).toBeVisible();
  await check(page, js);

  // A sales channel: a negative commission is answered beside the field, then 15 % is saved.
  await page.goto("/pms-settings/sales-channels/create");
  await check(page, js);
  await page.getByLabel("Código").fill(`agencia_${suffix}`);
  await page.getByLabel("Nome").fill(`Agência ${suffix}`);
  await page.getByLabel("Comissão (%)").fill("-5");
  await page.getByRole("button", { name: "Adicionar canal" }).click();
  await expect(page.getByText("O valor mínimo é 0.")).toBeVisible();
  await page.getByLabel("Comissão (%)").fill("15");
  await page.getByRole("button", { name: "Adicionar canal" }).click();
  await expect(page.getByText("Canal de venda criado.")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(`Agência ${suffix}`) });
  await expect(row).toContainText("15%");
  await check(page, js);

  // Its mapping: every active plan must be mapped or excluded.
  await row.getByRole("link", { name: /Mapeamento/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Mapeamento: Agência ${suffix}` })).toBeVisible();
  // The button follows the tables: once it shows, the streamed page holds every row.
  await expect(page.getByRole("button", { name: "Salvar mapeamento" })).toBeVisible();
  await check(page, js);
  const ids = page.locator("table input[type=text]");
  const count = await ids.count();
  expect(count).toBeGreaterThan(4);
  for (let i = 0; i < count; i++) await ids.nth(i).fill(`EXT-${suffix}-${i}`);
  // Leave our new plan unmapped: refused with the plan's name beside it.
  await page.getByLabel(`Promo ${suffix}`, { exact: true }).fill("");
  await page.getByRole("button", { name: "Salvar mapeamento" }).click();
  await expect(page.getByText(`Mapeie "Promo ${suffix}" ou marque como não vendido aqui.`)).toBeVisible();
  await page.getByLabel(`Promo ${suffix}`, { exact: true }).fill(`EXT-${suffix}-promo`);
  await page.getByRole("button", { name: "Salvar mapeamento" }).click();
  await expect(page.getByText("Mapeamento salvo.")).toBeVisible();
  await expect(page.getByLabel(`Promo ${suffix}`, { exact: true })).toHaveValue(`EXT-${suffix}-promo`);
});

test("hotel policies appear on the public booking page", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner, DEMO_PASSWORD);
  await page.goto("/pms-settings/hotel-policies");
  await expect(page.getByRole("heading", { level: 1, name: "Políticas do hotel" })).toBeVisible();
  await check(page, js);
  await page.getByLabel("Check-in a partir de").fill("15:00");
  await page.getByLabel("Aceita animais").check();
  const pets = `Cães pequenos são bem-vindos (${info.project.name}).`;
  await page.getByLabel("Política para animais").fill(pets);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Políticas do hotel salvas.")).toBeVisible();
  await expect(page.getByLabel("Aceita animais")).toBeChecked();

  await page.goto("/p/pousada-mare-alta");
  const policies = page.getByRole("region", { name: "Políticas do hotel" });
  await expect(policies).toContainText("Check-in das 15:00 às 22:00");
  await expect(policies).toContainText(`Animais: ${pets}`);
  // The public booking page is sent without scripts either way (ADR 0033).
  expect(await scriptsRan(page)).toBe(false);
  if (js) await expectNoSeriousViolations(page);
});
