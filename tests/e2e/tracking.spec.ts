import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * /tracking with JavaScript on and off: the demo owner sees pickup, pace, booking curves and the
 * forecast with its scorecard, each chart with its table, and changes the view with plain GET forms.
 * Set TRACKING_SCREENSHOTS=dir to keep desktop and phone screenshots of each view.
 */
const shots = process.env.TRACKING_SCREENSHOTS;

async function download(page: Page, name: RegExp): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).first().click()]);
  return readFile((await file.path())!);
}

/** A number as the page writes it in pt-BR ("1.234,5"). */
const number = (text: string) => Number(text.replace(/\./g, "").replace(",", ".").replace(/[^\d.-]/g, ""));

test("the owner reads pickup, pace, booking curves and the forecast with its scorecard", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.owner);
  await page.getByRole("link", { name: "Pickup e previsão" }).click();
  await expect(page).toHaveURL(/\/tracking$/);
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("heading", { level: 1, name: "Pickup, pace e previsão" })).toBeVisible();

  // Pickup: cards, both charts, and each chart's table.
  await expect(page.getByRole("heading", { level: 2, name: "Pickup" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Gráfico de barras do pickup por noite/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /pickup por dia da reserva/ })).toBeVisible();
  await page.getByText("Ver os dados em tabela").first().click();
  const stayTable = page.getByRole("table", { name: /Pickup por noite de estadia/ });
  await expect(stayTable.getByRole("row")).toHaveCount(91);
  if (js) await expectNoSeriousViolations(page);
  await snap(page, "pickup", info.project.name);

  // The window picker is a GET form: the URL holds the question.
  await page.getByLabel("Janela").selectOption("30");
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(page).toHaveURL(/view=pickup.*window=30/);
  await expect(page.getByRole("figure", { name: "Pickup por noite de estadia (Últimos 30 dias)" })).toBeVisible();

  // A bad date in the URL is explained beside the picker and the defaults are shown.
  await page.goto("/tracking?view=pickup&as_of=2026-02-30");
  await expect(page.locator("#tracking-error")).toContainText("data");
  await expect(page.getByRole("img", { name: /pickup por noite/ })).toBeVisible();

  // Pace by stay month.
  await page.getByRole("link", { name: "Pace", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Pace por mês de estadia" })).toBeVisible();
  await expect(page.getByRole("img", { name: /diárias na carteira por mês/ })).toBeVisible();
  await page.getByText("Ver os dados em tabela").first().click();
  const paceTable = page.getByRole("table", { name: /Na carteira agora e no ano passado/ });
  await expect(paceTable.getByRole("row")).toHaveCount(13);
  if (js) await expectNoSeriousViolations(page);
  await snap(page, "pace", info.project.name);
  // The page's file: the same months with what is on the books (and their pickup).
  const paceFile = parse(await download(page, /^CSV$/), { bom: true, columns: true }) as Record<string, string>[];
  expect(paceFile).toHaveLength(12);
  const onTheBooks = await paceTable.locator("tbody tr").evaluateAll((rows) => rows.map((r) => (r.children[1] as HTMLElement).innerText));
  expect(paceFile.map((r) => Number(r["Reservado hoje (diárias)"]))).toEqual(onTheBooks.map(number));

  // Booking curves, by month then by category.
  await page.getByRole("link", { name: "Curvas de reserva", exact: true }).click();
  await expect(page.getByRole("img", { name: /ocupação na carteira por dias antes da noite/ })).toBeVisible();
  await page.getByLabel("Comparar").selectOption("category");
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(page).toHaveURL(/by=category/);
  await page.getByText("Ver os dados em tabela").first().click();
  const curves = page.getByRole("table", { name: /Curvas de reserva de .* por categoria/ });
  await expect(curves.getByRole("columnheader")).toHaveText(["Dias antes da noite", "Standard", "Deluxe", "Suíte"].map((n) => new RegExp(n)));
  if (js) await expectNoSeriousViolations(page);
  await snap(page, "curves", info.project.name);

  // Forecast with its scorecard in plain words (computed after the seed) and the method per distance.
  await page.getByRole("link", { name: "Previsão", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Previsão por noite" })).toBeVisible();
  await expect(page.getByRole("img", { name: /ocupação prevista e na carteira/ })).toBeVisible();
  const scorecard = page.getByRole("region", { name: "Quanto a previsão acertou no seu último ano" });
  await expect(scorecard.getByText(/^1 dia antes: errou em média [\d,]+ quartos por noite \([\d,]+\s?%\); o melhor método clássico, .+, errou [\d,]+ quartos/)).toBeVisible();
  await expect(scorecard.getByText(/^30 dias antes: errou em média/)).toBeVisible();
  await expect(scorecard.getByText(/das noites terminaram dentro da faixa/).first()).toBeVisible();
  await expect(scorecard.getByText(/^Calculado em /)).toBeVisible();
  const scoreTable = scorecard.getByRole("table", { name: /Erro da previsão por antecedência/ });
  await expect(scoreTable.getByRole("row")).toHaveCount(8);
  await expect(scoreTable.getByRole("columnheader")).toHaveText(["Dias antes", "Previsão em uso", "carteira (sem pickup)", "mesmo dia da semana no ano passado", "pickup aditivo", "pickup multiplicativo", "pickup do ano passado", "Dentro da faixa"]);
  await expect(page.getByRole("region", { name: "Método em uso por antecedência" }).getByRole("listitem").first()).toHaveText(/^0–\d+ dias antes da noite: /);
  await page.getByText("Ver os dados em tabela").first().click();
  const forecastTable = page.getByRole("table", { name: /Ocupação prevista e na carteira/ });
  await expect(forecastTable.getByRole("row")).toHaveCount(91);
  if (js) await expectNoSeriousViolations(page);
  await snap(page, "forecast", info.project.name);
  // The page's file: the same 90 nights with the expected rooms occupied, as numbers in a workbook.
  const book = new ExcelJS.Workbook();
  // exceljs types its input as an older Node Buffer; any Buffer works.
  await book.xlsx.load((await download(page, /^Excel \(XLSX\)$/)) as unknown as Parameters<typeof book.xlsx.load>[0]);
  const expected: number[] = [];
  book.worksheets[0].eachRow((row, n) => {
    if (n > 1) expected.push(Number(row.getCell(6).value));
  });
  const shown = await forecastTable.locator("tbody tr").evaluateAll((rows) => rows.map((r) => (r.children[5] as HTMLElement).innerText));
  expect(expected).toEqual(shown.map(number));
});

test("the collaborator, without business intelligence, has no entry and is sent to /unauthorized", async ({ page }) => {
  await signIn(page, demo.collaborator);
  await expect(page.getByRole("link", { name: "Pickup e previsão" })).toHaveCount(0);
  await page.goto("/tracking");
  await expect(page).toHaveURL(/\/unauthorized$/);
});

async function snap(page: import("@playwright/test").Page, name: string, project: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-${project}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-${project}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}
