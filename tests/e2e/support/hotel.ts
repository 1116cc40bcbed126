import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { demo, signIn } from "./auth";

/**
 * A hotel of the test's own (the demo pousada is shared with other suites running at the same
 * time): its owner registers, verifies the e-mail and finishes setup on an external PMS, so that
 * no subscription is needed to reach the business pages.
 */

export const PASSWORD = "pousada-azul-2026";

export function unique(prefix: string, info: TestInfo) {
  return `${prefix}-${info.project.name}-${Date.now()}-${info.repeatEachIndex}`;
}

export async function asAdmin<T>(browser: Browser, info: TestInfo, work: (admin: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled, locale: "pt-BR" });
  try {
    const admin = await context.newPage();
    await signIn(admin, demo.admin);
    return await work(admin);
  } finally {
    await context.close();
  }
}

/** The administrator sets a hotel's status on its admin page (`status`: the label the select shows). */
export async function adminSetsStatus(browser: Browser, info: TestInfo, hotel: string, status: string) {
  await asAdmin(browser, info, async (admin) => {
    await admin.goto(`/manage/businesses?search=${encodeURIComponent(hotel)}`);
    await admin.getByRole("link", { name: hotel }).click();
    await admin.getByLabel("Situação", { exact: true }).selectOption({ label: status });
    await admin.getByRole("button", { name: "Alterar situação" }).click();
    await expect(admin.getByText("Situação alterada.")).toBeVisible();
  });
}

/**
 * A registered, verified owner whose hotel finished setup through the PMS step with a PMS of its own
 * ("Import from a file"; the administrator marks the data loaded, as the import's end would).
 */
export async function ownerWithHotel(page: Page, browser: Browser, info: TestInfo, hotel: string): Promise<{ email: string }> {
  const email = `${unique("empresas", info)}@example.com`;
  await page.goto("/register");
  await page.getByLabel("Nome", { exact: true }).fill("Otília");
  await page.getByLabel("Sobrenome").fill("Pousadeira");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirme a senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/check-email$/);

  const verify = await asAdmin(browser, info, async (admin) => {
    await admin.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await admin.getByRole("listitem").filter({ hasText: email }).getByRole("link").first().click();
    return admin.getByRole("link", { name: /\/verify-email\// }).getAttribute("href");
  });
  await page.goto(verify!);
  await expect(page.getByRole("heading", { name: "E-mail confirmado!" })).toBeVisible();

  await page.goto("/onboarding");
  await page.getByLabel("Nome do hotel").fill(hotel);
  await page.getByLabel("Cidade").fill("Paraty");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=type$/);

  await adminSetsStatus(browser, info, hotel, "Aguardando credenciais do PMS");
  await page.goto("/pms-credentials");
  await page.getByLabel(/Importar de um arquivo/).check();
  if (!info.project.use.javaScriptEnabled) await page.getByRole("button", { name: "Usar este sistema" }).click();
  await page.getByRole("button", { name: "Continuar para a importação" }).click();
  await expect(page).toHaveURL(/\/pms-settings\/imports$/);
  await adminSetsStatus(browser, info, hotel, "Dados carregados");
  await page.goto("/setup-in-progress");
  await expect(page).toHaveURL(/\/setup-in-progress$/);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/onboarding\/completed$/);
  return { email };
}
