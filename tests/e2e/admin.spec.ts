import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demo, scriptsRan, signIn } from "./support/auth";

/**
 * The admin area, with JavaScript on and off: the demo administrator finds the demo owner,
 * edits the account and turns the competitors feature on; an owner is kept out. The two projects
 * share one server and database, so each writes its own phone number and both end with the
 * feature on.
 */

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${page.url()} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("the administrator finds the demo owner, edits the account and turns on competitors", async ({ page }, info) => {
  const js = info.project.name === "js";
  const phone = js ? "+55 48 3000-1111" : "+55 48 3000-2222";

  await signIn(page, demo.admin);
  await page.goto("/manage/users");
  const adminNav = page.getByRole("list", { name: "Administração" });
  await expect(adminNav.getByRole("link", { name: "Usuários" })).toBeVisible();
  await expect(adminNav.getByRole("link", { name: "Permissões" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Usuários", level: 1 })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  if (js) await expectNoSeriousViolations(page);

  // Search (a GET form: the filters land in the address).
  await page.getByLabel("Buscar").fill("Otávio");
  await page.getByLabel("Papel").selectOption("owner");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/\/manage\/users\?search=Ot%C3%A1vio&role=owner/);
  const rows = page.getByRole("row").filter({ hasText: demo.owner });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: demo.admin })).toHaveCount(0);
  await rows.getByRole("link", { name: "Otávio Proprietário", exact: true }).click();

  // Edit.
  await expect(page).toHaveURL(/\/manage\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Otávio Proprietário", level: 1 })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);
  await page.getByLabel("Telefone").fill(phone);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Conta salva.")).toBeVisible();
  await expect(page.getByLabel("Telefone")).toHaveValue(phone);

  // The API's refusal is shown beside the field, with or without JavaScript.
  await page.getByLabel("E-mail").fill(demo.admin);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Já existe uma conta com este e-mail.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

  // Features: off, then on.
  await page.getByRole("navigation", { name: "Páginas do usuário" }).getByRole("link", { name: "Recursos" }).click();
  await expect(page).toHaveURL(/\/manage\/users\/[0-9a-f-]{36}\/features$/);
  const competitors = page.getByLabel("Concorrentes (rate shopper)");
  await competitors.uncheck();
  await page.getByRole("button", { name: "Salvar recursos" }).click();
  await expect(page.getByText("Recursos salvos.")).toBeVisible();
  await page.getByLabel("Concorrentes (rate shopper)").check();
  await page.getByRole("button", { name: "Salvar recursos" }).click();
  // With JavaScript the first save's toast may still be up beside this one: read the newest, and
  // prove the save by loading the page again.
  await expect(page.getByText("Recursos salvos.").last()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Concorrentes (rate shopper)")).toBeChecked();
  if (js) await expectNoSeriousViolations(page);

  // The link to the user's businesses page (another area's) is there.
  await expect(page.getByRole("navigation", { name: "Páginas do usuário" }).getByRole("link", { name: "Negócios" })).toHaveAttribute(
    "href",
    /\/manage\/users\/[0-9a-f-]{36}\/businesses$/,
  );
});

test("the administrator opens a system permission and the form that assigns it", async ({ page }, info) => {
  await signIn(page, demo.admin);
  await page.goto("/manage/permissions");
  await expect(page.getByRole("heading", { name: "Permissões", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "admin.learning" }).click();
  await expect(page.getByRole("heading", { name: "admin.learning", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveAttribute("readonly", "");
  if (info.project.name === "js") await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Atribuir a um usuário" }).click();
  await expect(page).toHaveURL(/\/manage\/permissions\/addUser\?permission=/);
  await expect(page.getByLabel("Permissão")).toHaveValue(/[0-9a-f-]{36}/);
  if (info.project.name === "js") await expectNoSeriousViolations(page);
});

test("an owner opening /manage/users is sent to /unauthorized and sees no Administração menu", async ({ page }) => {
  await signIn(page, demo.owner);
  await expect(page.getByRole("list", { name: "Administração" })).toHaveCount(0);
  await page.goto("/manage/users");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto("/manage/permissions/addUser");
  await expect(page).toHaveURL(/\/unauthorized$/);
});
