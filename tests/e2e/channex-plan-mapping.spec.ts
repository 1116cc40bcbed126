import { expect, test, type Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * A sales channel connected through Channex maps each rate plan per room type (ADR 0015),
 * JavaScript on and off: a pair left without a Channex rate plan is refused beside it, then the
 * whole mapping is saved. Each project uses its own codes so the two runs do not meet, and the
 * channel is deactivated at the end: its made-up Channex ids must not reach the Channex that
 * channels.spec connects later.
 */

async function check(page: Page, js: boolean) {
  expect(await scriptsRan(page)).toBe(js);
  if (js) await expectNoSeriousViolations(page);
}

test("a Channex channel maps every active plan of each mapped category", async ({ page }, info) => {
  const js = info.project.name === "js";
  // A retry gets codes of its own: the first attempt's channel still exists.
  const suffix = `${js ? "js" : "nojs"}${info.retry ? `r${info.retry}` : ""}`;
  await signIn(page, demo.owner, DEMO_PASSWORD);

  await page.goto("/pms-settings/sales-channels/create");
  await page.getByLabel("Código").fill(`ota_${suffix}`);
  await page.getByLabel("Nome").fill(`OTA ${suffix}`);
  await page.getByLabel("Comissão (%)").fill("18");
  await page.getByLabel("Conexão").selectOption("channex");
  await page.getByRole("button", { name: "Adicionar canal" }).click();
  await expect(page.getByText("Canal de venda criado.")).toBeVisible();
  await page.getByRole("row", { name: new RegExp(`OTA ${suffix}`) }).getByRole("link", { name: /Mapeamento/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Mapeamento: OTA ${suffix}` })).toBeVisible();
  const pairs = page.getByRole("table", { name: /Planos por tipo de quarto \(Channex\)/ });
  await expect(pairs).toBeVisible();
  // The button follows the tables: once it shows, the streamed page holds every row (JS off,
  // a click's navigation does not wait for the document's end).
  await expect(page.getByRole("button", { name: "Salvar mapeamento" })).toBeVisible();
  await check(page, js);

  const ids = page.locator("table input[type=text]");
  const count = await ids.count();
  for (let i = 0; i < count; i++) await ids.nth(i).fill(`CX-${suffix}-${i}`);
  const firstPair = pairs.locator("input[type=text]").first();
  await firstPair.fill("");
  await page.getByRole("button", { name: "Salvar mapeamento" }).click();
  await expect(pairs.getByText(/Mapeie ".+" em ".+" ou marque como não vendido aqui\./).first()).toBeVisible();
  await page.screenshot({ path: `test-results/channex-mapping-refused-${suffix}.png`, fullPage: true });
  await firstPair.fill(`CX-${suffix}-first`);
  await page.getByRole("button", { name: "Salvar mapeamento" }).click();
  await expect(page.getByText("Mapeamento salvo.")).toBeVisible();
  await expect(pairs.locator("input[type=text]").first()).toHaveValue(`CX-${suffix}-first`);
  await check(page, js);
  await page.screenshot({ path: `test-results/channex-mapping-${suffix}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/channex-mapping-phone-${suffix}.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/pms-settings/sales-channels");
  await page.getByRole("row", { name: new RegExp(`OTA ${suffix}`) }).getByRole("button", { name: "Desativar" }).click();
  await expect(page.getByText("Canal de venda desativado.")).toBeVisible();
});
