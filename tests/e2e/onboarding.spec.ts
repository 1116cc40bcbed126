import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { scriptsRan, signIn } from "./support/auth";
import { adminSetsStatus } from "./support/hotel";

/**
 * Onboarding with JavaScript on and off: a brand-new owner registers, is sent by the redirect
 * rules to the welcome page, creates the hotel step by step, leaves half-way, comes back to the
 * same step, chooses Easy Lite, and finishes on the congratulations page. Each run registers its
 * own account, so the two projects (one server, one database) never share a business.
 */

const PASSWORD = "pousada-azul-2026";
const SHARED = new URL("../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);

function unique(prefix: string, info: TestInfo) {
  return `${prefix}-${info.project.name}-${Date.now()}-${info.repeatEachIndex}`;
}

async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Nome", { exact: true }).fill("Nina");
  await page.getByLabel("Sobrenome").fill("Nova");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirme a senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/check-email$/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** From the welcome page through the first step: the hotel exists from here on. */
async function createHotel(page: Page, name: string) {
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup-in-progress$/);
  await expect(page.getByRole("heading", { name: "Bem-vindo ao Tarifa!" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Cadastrar meu hotel" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Onde fica o seu hotel?" })).toBeVisible();
  await expect(page.getByLabel("País")).toHaveValue("BR");
  await page.getByLabel("Nome do hotel").fill(name);
  await page.getByLabel("Estado").fill("SP");
  await page.getByLabel("Cidade").fill("Ubatuba");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=type$/);
}

test("a new owner is led through onboarding and resumes where they left off", async ({ page }, info) => {
  const email = `${unique("onboarding", info)}@example.com`;
  const hotel = `Pousada ${unique("Sol", info)}`;
  await register(page, email);
  // The check-email page is plain HTML, sent without scripts (ADR 0033); the app's pages have them.
  expect(await scriptsRan(page)).toBe(false);
  await createHotel(page, hotel);
  expect(await scriptsRan(page)).toBe(info.project.name === "js");

  // Type and purpose; the form says what is missing before anything is saved.
  await page.getByLabel(/^Pousada/).check();
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page.getByText("Escolha uma das opções.")).toBeVisible();
  await page.getByLabel(/^Lazer/).check();
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=rooms$/);

  // Leaving half-way and signing in again: the wizard picks up at the rooms step of the same hotel.
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await page.goto("/onboarding");
  await expect(page.getByRole("heading", { name: `Continuando a configuração de ${hotel}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quartos e categorias" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Tipo/ })).toBeVisible();

  // Three blank rows to start with; "add another" adds one (a server round trip without JavaScript).
  await page.getByLabel("Nome da categoria 1").fill("Standard");
  await page.getByLabel("Quartos na categoria 1").fill("6");
  await page.getByRole("button", { name: "Adicionar outra categoria" }).click();
  await expect(page.getByLabel("Nome da categoria 4")).toBeVisible();
  await expect(page.getByLabel("Nome da categoria 1")).toHaveValue("Standard");
  await page.getByLabel("Nome da categoria 4").fill("Suíte");
  await page.getByLabel("Quartos na categoria 4").fill("2");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=plan$/);

  await page.getByRole("button", { name: "Conhecer o Easy Lite" }).click();
  await expect(page.getByRole("heading", { name: "Easy Lite: comece hoje mesmo" })).toBeVisible();

  // With Easy Lite chosen, the redirect rules bring a returning owner straight back to the wizard.
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Easy Lite: comece hoje mesmo" })).toBeVisible();

  await page.getByRole("button", { name: "Começar com o Easy Lite" }).click();
  await expect(page).toHaveURL(/\/setup-in-progress$/);
  await expect(page.getByText("Os dados foram carregados e está tudo certo para começar.")).toBeVisible();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\/completed$/);
  await expect(page.getByRole("heading", { name: "Parabéns, está tudo pronto!" })).toBeVisible();
  await expect(page.getByText(`${hotel} já está no Tarifa.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para as configurações de preço" })).toHaveAttribute("href", "/price-settings");
});

test("a PMS without a connector: Import from a file, the setup page waiting for the import, which loads the data", async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const noJs = info.project.name === "no-js";
  const email = `${unique("import", info)}@example.com`;
  const hotel = `Pousada ${unique("Import", info)}`;
  await register(page, email);
  await createHotel(page, hotel);
  await page.getByLabel(/^Pousada/).check();
  await page.getByLabel(/^Lazer/).check();
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await page.getByLabel("Nome da categoria 1").fill("Standard");
  await page.getByLabel("Quartos na categoria 1").fill("190");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=plan$/);

  // The business is asked for its PMS (as after a subscription with an external PMS).
  await adminSetsStatus(browser, info, hotel, "Aguardando credenciais do PMS");
  await page.goto("/");
  await expect(page).toHaveURL(/\/pms-credentials$/);
  await expect(page.getByLabel(/StayLink|HostFlow/)).toHaveCount(0);
  await page.getByLabel(/Importar de um arquivo/).check();
  if (noJs) await page.getByRole("button", { name: "Usar este sistema" }).click();
  await expect(page.getByRole("heading", { name: "Importar as reservas de um arquivo" })).toBeVisible();
  await page.getByRole("button", { name: "Continuar para a importação" }).click();
  await expect(page).toHaveURL(/\/pms-settings\/imports$/);
  await expect(page.getByText("Envie o arquivo de reservas exportado do seu PMS.")).toBeVisible();

  // Every other page waits on the setup page, which links to the import, until the file is in.
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup-in-progress$/);
  await expect(page.getByText(/Estamos importando as reservas/)).toBeVisible();
  if (noJs) expect(await page.content()).toContain('http-equiv="refresh"');
  await page.getByRole("link", { name: "Importar as reservas de um arquivo (CSV ou XLSX)" }).click();
  await expect(page).toHaveURL(/\/pms-settings\/imports$/);

  // Twenty bookings of the shared "Hotel booking demand" file (Antonio, Almeida & Nunes 2019, CC BY 4.0).
  const csv = gunzipSync(readFileSync(SHARED)).toString("utf8").split("\n").slice(0, 21).join("\n") + "\n";
  await page.getByLabel("Arquivo de reservas (CSV ou XLSX, até 50 MB)").setInputFiles({ name: "reservas.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Enviar e ver prévia" }).click();
  await expect(page).toHaveURL(/\/pms-settings\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Predefinição", { exact: true })).toHaveValue("hotel-booking-demand");
  const types = page.getByRole("group", { name: "Tipos de quarto" }).getByRole("combobox");
  for (let i = 0; i < (await types.count()); i++) await types.nth(i).selectOption({ label: "Standard" });
  await page.getByRole("button", { name: "Fazer a simulação" }).click();
  await page.getByRole("button", { name: /^Importar \d+ linhas$/ }).click();
  await expect(page.getByText("Importação concluída.")).toBeVisible({ timeout: 120_000 });

  // The import's end loaded the data: the setup page offers to finish.
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup-in-progress$/);
  await expect(page.getByText("Os dados foram carregados e está tudo certo para começar.")).toBeVisible();

  // A failed import offers a retry, which waits for another file.
  await adminSetsStatus(browser, info, hotel, "Falha na importação");
  await page.goto("/");
  await expect(page.getByText("Não conseguimos importar os dados do seu PMS.")).toBeVisible();
  await page.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(page.getByText(/Estamos importando as reservas/)).toBeVisible();
});
