import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * The intelligence pages with JavaScript on and off: each renders its charts (server SVG) and
 * the tables beside them for the demo pousada; a goal set on /goals shows on the dashboard.
 * Both projects set this month's goal, each its own amount, and read that amount back, so the
 * two runs never depend on each other's order.
 */

async function expectChartsAndTables(page: Page, charts: number) {
  const svg = page.locator("[data-chart] svg[role='img']");
  await expect(svg).toHaveCount(charts);
  await expect(page.locator("[data-chart] svg rect").first()).toBeAttached();
  expect(await page.getByRole("table").count()).toBeGreaterThanOrEqual(charts);
}

test("the dashboard shows tonight, the coming nights, today's movements and what to do", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("heading", { level: 1, name: "Olá, Otávio!" })).toBeVisible();
  for (const card of ["Hoje à noite", "Próximas 7 noites", "Próximas 30 noites", "Chegadas e saídas de hoje", "Preços para publicar"]) {
    await expect(page.getByRole("heading", { level: 2, name: card, exact: true })).toBeVisible();
  }
  await expect(page.locator("[data-card='next-30']").getByText(/%/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "O que fazer agora" })).toBeVisible();
  // The next 30 nights: a chart drawn on the server (no chart code sent) and the same nights in a table.
  await expectChartsAndTables(page, 1);
  await expect(page.getByRole("img", { name: /Gráfico de barras da ocupação já reservada em cada uma das próximas 30 noites/ })).toBeVisible();
  const nights = page.getByRole("table", { name: "Ocupação reservada das próximas 30 noites" });
  await expect(nights.getByRole("row")).toHaveCount(31);
  await expect(nights.getByRole("row").nth(1)).toContainText(/%/);
  expect(scripts.filter((url) => /nivo/.test(url))).toEqual([]);
  if (js) await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Ver mês a mês" }).click();
  await expect(page).toHaveURL(/\/monthly$/);
});

test("month by month compares each month with last year, and the year is picked with a GET form", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/monthly");
  await expect(page.getByRole("heading", { level: 1, name: /Mês a mês em \d{4}/ })).toBeVisible();
  await expectChartsAndTables(page, 2);
  const year = Number((await page.getByLabel("Ano", { exact: true }).inputValue()) || new Date().getFullYear());
  await page.getByLabel("Ano", { exact: true }).selectOption(String(year - 1));
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Mês a mês em ${year - 1}` })).toBeVisible();
  await expect(page.getByRole("table").first().getByRole("row")).toHaveCount(14);
  if (js) await expectNoSeriousViolations(page);
});

test("the sales dashboard breaks the period down six ways, and refuses a reversed period beside the field", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/sales-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Painel de vendas" })).toBeVisible();
  await expectChartsAndTables(page, 6);
  await expect(page.getByRole("rowheader", { name: "Booking.com" })).toBeVisible();
  // A reversed period is answered beside the field, with the default period shown.
  await page.getByLabel("De", { exact: true }).fill("2026-05-01");
  await page.getByLabel("Até", { exact: true }).fill("2026-01-01");
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(page.getByText("O fim do período deve vir depois do início.")).toBeVisible();
  if (js) await expectNoSeriousViolations(page);
});

test("the explorer answers the question held in the URL, compared with another period", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/business-intelligence");
  await expect(page.getByRole("heading", { level: 1, name: "Explorar os números" })).toBeVisible();
  await expectChartsAndTables(page, 1);
  await page.getByRole("checkbox", { name: "Taxa de cancelamento" }).check();
  await page.getByLabel("Agrupar por").selectOption("channel");
  await page.getByLabel("Comparar com").selectOption("previous_period");
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(page).toHaveURL(/dimension=channel/);
  await expect(page).toHaveURL(/metrics=cancellation_rate/);
  await expect(page.getByRole("columnheader", { name: "Taxa de cancelamento (comparação)" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Booking.com" })).toBeVisible();
  await expectChartsAndTables(page, 1);
  if (js) await expectNoSeriousViolations(page);
  // The question as a file: the table's rows with the same figures (the page rounds to a tenth of a percent).
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^CSV$/ }).click()]);
  const rows = parse(await readFile((await file.path())!), { bom: true, columns: true }) as Record<string, string>[];
  const booking = rows.find((r) => r.Canal === "Booking.com")!;
  const shown = await page.getByRole("row", { name: /^Booking\.com/ }).getByRole("cell").allInnerTexts();
  const column = (await page.getByRole("columnheader").allInnerTexts()).indexOf("Taxa de cancelamento") - 1;
  const onPage = Number(shown[column].replace("%", "").replace(",", "."));
  expect(Math.abs(Number(booking["Taxa de cancelamento (%)"]) - onPage)).toBeLessThanOrEqual(0.051);
  expect(rows.at(-1)!.Canal).toBe("Total");
});

test("a goal set on /goals appears on the dashboard", async ({ page }, info) => {
  const js = info.project.name === "js";
  const amount = js ? "123.456,00" : "98.765,00";
  await signIn(page, demo.owner);
  await page.goto("/goals");
  await expect(page.getByRole("heading", { level: 1, name: /Metas de \d{4}/ })).toBeVisible();
  const month = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date());
  const revenue = page.getByRole("textbox", { name: `Receita (BRL) · ${month}` });
  // A bad amount is answered beside the field and nothing is saved.
  await revenue.fill("muito");
  await page.getByRole("button", { name: "Salvar metas" }).click();
  await expect(page.getByText("Digite um valor, por exemplo 85.000,00.")).toBeVisible();
  await revenue.fill(amount);
  await page.getByRole("textbox", { name: `Ocupação (%) · ${month}` }).fill("75");
  await page.getByRole("button", { name: "Salvar metas" }).click();
  await expect(page.getByText("Metas salvas.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: `Receita (BRL) · ${month}` })).toHaveValue(amount.replace(/\./g, ""));
  await expect(page.getByRole("progressbar").first()).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  await page.goto("/");
  await expect(page.locator("[data-goal='revenue']")).toContainText(`R$ ${amount}`);
  await expect(page.locator("[data-goal='occupancy']")).toContainText("Meta de ocupação do mês: 75%");
  await expect(page.locator("[data-goal='occupancy']").getByRole("progressbar")).toHaveAttribute("aria-valuetext", /^[\d,]+%$/);
});

test("a collaborator sees the goals read-only and not the intelligence pages", async ({ page }) => {
  await signIn(page, demo.collaborator);
  await page.goto("/goals");
  await expect(page.getByText("Só quem tem acesso à inteligência de negócio pode alterá-las.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Salvar metas" })).toHaveCount(0);
  await page.goto("/monthly");
  await expect(page).toHaveURL(/\/unauthorized/);
});
