import { expect, test, type APIRequestContext } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO_PASSWORD, demo, scriptsRan, signIn } from "./support/auth";

/**
 * Issue 5, "done when": a collaborator holding user.price-settings creates a seasonality for
 * next December, sees December's calendar change, and the days-to-update list gains those days.
 * Runs with JavaScript on and off; each project uses its own nights and rate so the two runs on
 * one server do not see each other's season.
 */

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token;
}

/** The owner grants the demo collaborator user.price-settings on the demo pousada (through the collaborators API). */
async function grantPriceSettings(request: APIRequestContext): Promise<string> {
  const owner = await apiToken(request, demo.owner);
  const headers = { authorization: `Bearer ${owner}` };
  const { businesses, selected_business_uuid } = await (await request.get("/api/v1/businesses", { headers })).json();
  const businessId: string = selected_business_uuid ?? businesses[0].uuid;
  const team = await (await request.get(`/api/v1/businesses/${businessId}/collaborators`, { headers })).json();
  const member = team.data.find((m: { user: { email: string } }) => m.user.email === demo.collaborator);
  const permissions = [...new Set([...member.permissions, "user.price-settings"])];
  const res = await request.put(`/api/v1/businesses/${businessId}/collaborators/${member.user.uuid}`, { headers, data: { permissions } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return businessId;
}

/**
 * The first month whose 10th is at least 20 days ahead (`YYYY-MM`): its 10th–17th lie inside the
 * 365 days to update whatever today is (next December did not, from 1 December on).
 */
function seasonMonth(): string {
  const d = new Date(Date.now() + 20 * 86_400_000);
  if (d.getUTCDate() > 10) d.setUTCMonth(d.getUTCMonth() + 1, 1);
  return d.toISOString().slice(0, 7);
}

test("a collaborator creates a season, the calendar and the days to update follow", async ({ page, request }, info) => {
  await grantPriceSettings(request);
  const month = seasonMonth();
  const js = info.project.name === "js";
  const [start, middle, end] = js ? [10, 11, 12] : [14, 15, 16];
  const day = (d: number) => `${month}-${String(d).padStart(2, "0")}`;
  const rate = js ? "777,00" : "888,00";
  const shown = js ? "777" : "888";
  const title = `Natal e2e ${info.project.name}`;

  await signIn(page, demo.collaborator);
  // With JavaScript on, wait for hydration (slow on a busy machine) before checking; off, no script ever runs.
  if (js) await page.waitForFunction(() => typeof (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== "undefined");
  expect(await scriptsRan(page)).toBe(js);

  // Before: the season's middle night is not at that rate and is not waiting to be published.
  await page.goto(`/calendar?month=${month}`);
  const cell = page.locator(`a[data-date="${day(middle)}"]`).first();
  await expect(cell).toBeVisible();
  await expect(cell).not.toContainText(shown);
  await page.goto("/days-to-update");
  await expect(page.locator(`li[data-date="${day(middle)}"]`)).toHaveCount(0);

  // Create the season through the form.
  await page.goto("/price-settings/seasonalities");
  const form = page.locator("form#season-new");
  await form.getByLabel("Nome", { exact: true }).fill(title);
  await form.getByLabel("Tarifa (R$)").fill(rate);
  await form.getByLabel("Início 1").fill(day(start));
  await form.getByLabel("Fim 1").fill(day(end));
  // The what-if first (issue 27): the next 90 nights now and after, the form back as typed, nothing saved.
  await form.getByRole("button", { name: "Ver as próximas 90 noites" }).click();
  await expect(page.getByTestId("what-if")).toContainText("Nada é salvo até você clicar em Salvar.");
  await expect(form.getByLabel("Nome", { exact: true })).toHaveValue(title);
  await expect(form.getByLabel("Tarifa (R$)")).toHaveValue(rate);
  await expect(form.getByLabel("Fim 1")).toHaveValue(day(end));
  await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  await form.getByRole("button", { name: "Criar temporada" }).click();
  await expect(page.getByText("Temporada salva", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title }).first()).toBeVisible();

  // The calendar changed for those nights, and only those.
  await page.goto(`/calendar?month=${month}`);
  for (const d of [start, middle, end]) await expect(page.locator(`a[data-date="${day(d)}"]`).first()).toContainText(shown);
  await expect(page.locator(`a[data-date="${day(end + 1)}"]`).first()).not.toContainText(shown);

  // The explanation panel names the season.
  await page.locator(`a[data-date="${day(middle)}"]`).first().click();
  await expect(page.locator("#day-panel")).toContainText(title);
  await expect(page.locator("#day-panel")).toContainText("Por que este preço?");

  // The days to update gained those nights.
  await page.goto("/days-to-update");
  for (const d of [start, middle, end]) await expect(page.locator(`li[data-date="${day(d)}"]`)).toBeVisible();
});

test("the pricing pages have no serious accessibility violations", async ({ page }, info) => {
  // axe runs inside the page, so it needs JavaScript (as in a11y.spec.ts).
  test.skip(info.project.name === "no-js", "axe needs page scripts");
  test.setTimeout(180_000);
  await signIn(page, demo.owner);
  for (const path of ["/price-settings", "/price-settings/seasonalities", "/price-settings/new-setting?step=2", "/calendar", "/days-to-update", "/occupation-logs"]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  }
});

test("the wizard's part routes open the wizard at their step; a collaborator without the permission is turned away", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.goto("/price-settings/step-wrapper?step=3");
  await expect(page).toHaveURL(/\/price-settings\/new-setting\?step=3$/);
  await expect(page.getByRole("heading", { name: /Etapa 3 de 4/ })).toBeVisible();
  await page.goto("/price-settings/layout-container");
  await expect(page).toHaveURL(/\/price-settings\/new-setting\?step=1$/);
  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await page.goto("/calendar");
  await expect(page).not.toHaveURL(/\/calendar/);
});

test("an administrator manages holidays", async ({ page }, info) => {
  await signIn(page, demo.admin);
  const year = 2031 + (info.project.name === "js" ? 0 : 1);
  await page.goto(`/manage/holidays?year=${year}&country=BR`);
  await page.locator("#import-year").fill(String(year));
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  await expect(page.getByRole("cell", { name: "Natal", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Adicionar feriado" }).click();
  await page.getByLabel("Nome (português)").fill("Festa da Tainha");
  await page.getByLabel("Data").fill(`${year}-06-20`);
  await page.getByLabel("Estado").fill("SC");
  await page.getByRole("button", { name: "Salvar feriado" }).click();
  await expect(page.getByRole("cell", { name: "Festa da Tainha", exact: true })).toBeVisible();
  await page.getByLabel(/Selecionar Festa da Tainha/).check();
  await page.getByLabel(/Selecionar Natal/).check();
  await page.getByRole("button", { name: "Excluir selecionados" }).click();
  await expect(page.getByText("Feriados excluídos: 2.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Festa da Tainha", exact: true })).toHaveCount(0);
});

test("the owner walks the wizard and sets a manual price from the calendar", async ({ page }, info) => {
  test.setTimeout(120_000);
  await signIn(page, demo.owner);
  await page.goto("/price-settings/new-setting?step=1");
  await page.getByLabel("Tarifa de referência (R$)").fill("260,00");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/step=2$/);
  await expect(page.getByLabel("De (%) — faixa 1")).toHaveValue("0");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/step=3$/);
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page).toHaveURL(/step=4$/);
  await page.getByRole("button", { name: "Concluir" }).click();
  await expect(page).toHaveURL(/\/price-settings$/);
  await expect(page.getByText("Tarifa de referência: R$ 260")).toBeVisible();

  // Lead time, on the overview page.
  await page.getByLabel("De (dias) — faixa 1").fill("0");
  await page.getByLabel("Até (dias) — faixa 1").fill("3");
  await page.getByLabel("Percentual — faixa 1").fill("-10");
  await page.getByRole("button", { name: "Salvar antecedência" }).click();
  await expect(page.getByText("Salvo.")).toBeVisible();
  await expect(page.getByLabel("Percentual — faixa 1")).toHaveValue("-10");
  await page.getByLabel("De (dias) — faixa 2").fill("9");
  await page.getByLabel("Até (dias) — faixa 2").fill("2");
  await page.getByLabel("Percentual — faixa 2").fill("5");
  await page.getByRole("button", { name: "Salvar antecedência" }).click();
  await expect(page.getByText("O fim da faixa deve ser igual ou maior que o início.")).toBeVisible();

  // A manual price on one night (each project its own night of next month).
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const date = `${month}-${info.project.name === "js" ? "05" : "06"}`;
  await page.goto(`/calendar?month=${month}`);
  await page.locator(`a[data-date="${date}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`day=${date}`));
  const panel = page.locator("#day-panel");
  await panel.getByLabel("Preço manual (R$)").first().fill("612,00");
  await expect(panel.getByLabel("Preço manual (R$)").first()).toHaveValue("612,00");
  await panel.getByRole("button", { name: "Definir preço manual" }).click();
  await expect(page.locator(`a[data-date="${date}"]`).first()).toContainText("612");
  await expect(page.locator(`a[data-date="${date}"]`).first()).toContainText("M");
  await expect(panel).toContainText("Preço manual");
  await panel.getByRole("button", { name: "Remover preço manual" }).click();
  await expect(page.locator(`a[data-date="${date}"]`).first()).not.toContainText("612");

  // Another category's tab: its grid, the day still chosen, and the period form on that category
  // (with JavaScript a client navigation, which once left the form on the first category).
  await page.getByRole("navigation", { name: "Categorias de quarto" }).getByRole("link", { name: "Suíte" }).click();
  await expect(page.getByRole("heading", { name: "Suíte", level: 3 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`category=.*day=${date}`));
  await expect(page.getByLabel("Categoria", { exact: true }).locator("option:checked")).toHaveText("Suíte");
});
