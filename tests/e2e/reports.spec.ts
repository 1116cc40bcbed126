import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { parseMoney } from "#domain/money";
import { demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * Reports, the export centre, rewards and the host's view of the demo pousada, with JavaScript on
 * and off: every page shows its numbers with a chart and a table; the files downloaded from a
 * report hold the numbers the page shows (CSV read with csv-parse, XLSX with exceljs).
 */

/** Cents of a money text as the page shows it ("R$ 1.234,50"). */
const cents = (text: string) => parseMoney(text.replace(/[^\d.,-]/g, "")) ?? Number.NaN;

async function download(page: Page, name: RegExp): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).first().click()]);
  return readFile((await file.path())!);
}

test("the reports show the demo's revenue and commissions, and their files hold the same numbers", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);

  await page.goto("/reports");
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("heading", { level: 1, name: "Relatórios" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Central de exportação" })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // The financial report: totals, a chart and the tables; its CSV adds up to the page's totals.
  await page.getByRole("link", { name: "Relatório financeiro" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Relatório financeiro" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Gráfico de barras da receita bruta/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Por mês" })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);
  const totals = page.getByTestId("financial-totals");
  const gross = cents(await totals.locator("dd").nth(0).innerText());
  const commission = cents(await totals.locator("dd").nth(1).innerText());
  expect(gross).toBeGreaterThan(0);
  const rows = parse(await download(page, /^CSV$/), { bom: true, columns: true }) as Record<string, string>[];
  const sum = (key: string) => rows.reduce((s, r) => s + Math.round(Number(r[key]) * 100), 0);
  expect(sum("Receita bruta")).toBe(gross);
  expect(sum("Comissão")).toBe(commission);

  // The commission report's XLSX holds the commission the page states.
  await page.getByRole("link", { name: "Comissões", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Comissões" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Por canal de venda" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Gráfico de barras da comissão/ })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);
  const stated = cents((await page.getByTestId("commission-total").innerText()).split(" em comissões")[0]);
  expect(stated).toBe(commission);
  const book = new ExcelJS.Workbook();
  // exceljs types its input as an older Node Buffer; any Buffer works.
  await book.xlsx.load((await download(page, /^Excel \(XLSX\)$/)) as unknown as Parameters<typeof book.xlsx.load>[0]);
  let fromFile = 0;
  book.worksheets[0].eachRow((row, n) => {
    if (n > 1) fromFile += Math.round(Number(row.getCell(8).value) * 100);
  });
  expect(fromFile).toBe(stated);

  // A reversed period is refused beside the form; the default period is shown instead.
  await page.goto("/reports/financial?from=2026-05-01&to=2026-04-01");
  await expect(page.locator("#period-error")).toContainText("O fim do período não pode ser antes do início.");
});

test("the export centre offers every file for the period as plain links", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/exportar");
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("heading", { level: 1, name: "Central de exportação" })).toBeVisible();
  for (const kind of ["Reservas", "Preços diários", "Relatório financeiro", "Relatório de comissões", "Mês a mês", "Mix de vendas", "Pickup e ritmo por mês", "Previsão por noite", "Business intelligence"]) {
    await expect(page.getByRole("heading", { level: 2, name: kind })).toBeVisible();
  }
  if (js) await expectNoSeriousViolations(page);
  // The default period: the twelve months up to this one.
  const from = await page.getByLabel("De").inputValue();
  const to = await page.getByLabel("Até").inputValue();
  const reservations = parse(await download(page, /^CSV$/), { bom: true, columns: true }) as Record<string, string>[];
  // The first file is the reservations: every one has a night in the period.
  expect(reservations.length).toBeGreaterThan(0);
  for (const r of reservations) expect(r["Chegada"] <= to && r["Saída"] > from).toBe(true);
});

test("rewards list what was earned, with dates, and the progress towards the rest", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.goto("/rewards");
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("heading", { level: 1, name: "Conquistas" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Próximas conquistas" })).toBeVisible();
  await expect(page.getByTestId("rewards-progress").getByRole("listitem")).toHaveCount(3);
  if (js) await expectNoSeriousViolations(page);
});

test("the host's view explains itself to a hotel and links to its pages", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  for (const [path, link] of [["/hosts", "Abrir os relatórios"], ["/hosts/competitors", "Abrir o rate shopper"], ["/hosts/precifications", "Abrir o calendário de preços"]] as const) {
    await page.goto(path);
    expect(await scriptsRan(page)).toBe(js);
    await expect(page.getByTestId("hotel-notice")).toContainText("Esta visão é para aluguel de curta temporada");
    await expect(page.getByRole("link", { name: link })).toBeVisible();
    if (js) await expectNoSeriousViolations(page);
  }
});

/** Saves the demo pousada's business type through its page (the way an owner changes it). */
async function setBusinessType(page: Page, label: string) {
  await page.goto("/businesses/type");
  await page.getByRole("radio", { name: label, exact: false }).check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Tipo de hospedagem salvo.")).toBeVisible();
}

test("a bed & breakfast sees each unit's performance, comparable listings and nightly prices", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await setBusinessType(page, "Cama e café (B&B)");
  try {
    await page.goto("/hosts");
    expect(await scriptsRan(page)).toBe(js);
    await expect(page.getByRole("heading", { level: 1, name: "Visão do anfitrião: suas unidades" })).toBeVisible();
    await expect(page.getByRole("img", { name: /receita de hospedagem de cada unidade/ })).toBeVisible();
    const units = page.getByRole("table", { name: "Desempenho por unidade" });
    await expect(units.getByRole("row")).not.toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Visão do anfitrião" })).toBeVisible();
    if (js) await expectNoSeriousViolations(page);

    await page.getByRole("link", { name: "Anúncios comparáveis" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anúncios comparáveis" })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Anúncios de/ })).toBeVisible();
    if (js) await expectNoSeriousViolations(page);

    await page.getByRole("link", { name: "Preços por noite" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plano de preços por noite" })).toBeVisible();
    const plan = page.getByRole("table", { name: "Preço por unidade e noite" });
    // One column per night of the plan besides the unit and its category.
    await expect(plan.getByRole("columnheader")).toHaveCount(16);
    await expect(plan.getByRole("row").nth(1).getByRole("cell").nth(1)).toContainText("R$");
    if (js) await expectNoSeriousViolations(page);
  } finally {
    await setBusinessType(page, "Pousada");
  }
});
