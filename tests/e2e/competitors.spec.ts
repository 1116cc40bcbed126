import { expect, test } from "@playwright/test";
import { demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * Rate shopper and market analysis, with JavaScript on and off: the demo owner adds a competitor,
 * records its rate in the grid and a sold-out night by CSV, sees them in the grid and in the
 * market analysis. Each project uses its own competitor and nights far ahead (beyond the seeded
 * rates), so the two runs never see each other's data.
 */

test("the owner records a competitor's rates and sees them in the grid and the market analysis", async ({ page }, info) => {
  const js = info.project.name === "js";
  const name = `Pousada E2E ${info.project.name}`;
  // A Monday far beyond the seeded rates: only this competitor has rates there.
  const start = js ? "2031-05-05" : "2031-06-02";
  const next = js ? "06/05/2031" : "03/06/2031";

  // The grid's cells of this competitor, one per night ("Pousada E2E js, seg., 05 de mai.").
  const cells = page.getByRole("textbox", { name: new RegExp(`^${name}, `) });

  await signIn(page, demo.owner);
  await page.goto("/rate-shopper");
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("heading", { level: 1, name: /Rate shopper/ })).toBeVisible();
  await expect(page.getByText("O Tarifa não busca preços na internet")).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // Add the competitor.
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Estrelas (1–5)").fill("4");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText(`${name} entrou no conjunto competitivo.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Desativar ${name}` })).toBeVisible();

  // A typo is answered beside the cell, nothing saved.
  await page.goto(`/rate-shopper?start=${start}`);
  const firstNight = cells.first();
  await firstNight.fill("caro");
  await page.getByRole("button", { name: "Salvar tarifas" }).click();
  await expect(page.getByText("Nada foi salvo: corrija as células marcadas.")).toBeVisible();
  await expect(cells.first()).toHaveAttribute("aria-invalid", "true");

  // Record the first night's rate.
  await cells.first().fill("777,00");
  await page.getByRole("button", { name: "Salvar tarifas" }).click();
  await expect(page.getByText("Tarifas salvas: 1.")).toBeVisible();
  await page.goto(`/rate-shopper?start=${start}`);
  await expect(cells.first()).toHaveValue("777,00");
  const row = page.getByRole("row").filter({ has: cells.first() });
  await expect(row.getByText("R$ 777,00 · R$ 777,00 · R$ 777,00")).toBeVisible();

  // The second night sold out, by CSV.
  await page.getByLabel("Ou cole as linhas aqui").fill(`concorrente;data;tarifa\n${name};${next};esgotado`);
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  await expect(page.getByText("Tarifas importadas do CSV: 1.")).toBeVisible();
  await page.goto(`/rate-shopper?start=${start}`);
  await expect(cells.nth(1)).toHaveValue("esgotado");

  // The market analysis of that week counts the recorded night.
  await page.goto(`/market-analysis?period=custom&from=${start}&to=${start}`);
  await expect(page.getByRole("heading", { level: 1, name: "Análise de mercado" })).toBeVisible();
  const coverage = page.locator("dl > div").filter({ hasText: "Cobertura" });
  await expect(coverage.getByText("100%")).toBeVisible();
  await expect(page.getByRole("table", { name: /Médias por semana/ }).getByText("R$ 777,00")).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // The dashboard: charts with their tables.
  await page.getByRole("link", { name: "Gráficos" }).click();
  await expect(page).toHaveURL(/\/market-analysis\/dashboard\?/);
  await expect(page.getByRole("img", { name: /Gráfico de linhas/ })).toBeVisible();
  await page.getByText("Ver os dados em tabela").first().click();
  await expect(page.getByRole("table", { name: /Nossa tarifa .* e o mercado/ }).getByText("R$ 777,00").first()).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // Deactivated, it leaves the grid; deleted (after a confirmation with JavaScript), it is gone.
  await page.goto("/rate-shopper");
  await page.getByRole("button", { name: `Desativar ${name}` }).click();
  await expect(page.getByText(`${name} foi desativado`)).toBeVisible();
  await page.goto(`/rate-shopper?start=${start}`);
  await expect(cells).toHaveCount(0);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Excluir ${name} e as tarifas registradas` }).click();
  await expect(page.getByText("Concorrente excluído com as tarifas registradas.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Reativar ${name}` })).toHaveCount(0);
});

test("the collaborator, without the competitor-analysis permission, is sent to /unauthorized", async ({ page }) => {
  await signIn(page, demo.collaborator);
  await page.goto("/rate-shopper");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto("/market-analysis");
  await expect(page).toHaveURL(/\/unauthorized$/);
});
