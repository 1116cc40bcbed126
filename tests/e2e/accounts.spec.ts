import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { demo, scriptsRan, signIn } from "./support/auth";
import { linkFromMailbox } from "./support/mailbox";

/**
 * The accounts journey, with JavaScript on and off: a new owner registers, reads the verification
 * e-mail in the development mailbox, follows the link, signs in, switches the interface to English,
 * changes the password and signs out. Each run registers its own address, so the two projects
 * (which share one server and database) never touch the same account, nor the demo accounts.
 */

const PASSWORD = "pousada-azul-2026";
const NEW_PASSWORD = "mar-e-sol-2027";

function uniqueEmail(prefix: string, info: TestInfo) {
  return `${prefix}-${info.project.name}-${Date.now()}-${info.repeatEachIndex}@example.com`;
}

async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Nome", { exact: true }).fill("Beatriz");
  await page.getByLabel("Sobrenome").fill("Hóspede");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirme a senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/check-email$/);
}

test("a new owner registers, verifies the e-mail, signs in, switches to English, changes the password and signs out", async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail("novo", info);

  await register(page, email);
  await expect(page.getByRole("heading", { name: "Confirme seu e-mail" })).toBeVisible();
  await expect(page.getByText(`Enviamos um link de confirmação para ${email}.`)).toBeVisible();
  // A page that works as plain HTML is sent without scripts, with JavaScript on or off (ADR 0033).
  expect(await scriptsRan(page)).toBe(false);

  // Signs out from the check-email page, then verifies as a visitor.
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const link = await linkFromMailbox(browser, email, /\/verify-email\//, info);
  expect(link).toMatch(/^\/verify-email\/[^/]+\/[^/?]+\?expires=\d+&signature=/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "E-mail confirmado!" })).toBeVisible();

  await page.getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);

  // Language: the page turns English, and so does the rest of the product.
  await page.getByRole("link", { name: "Minha conta" }).click();
  await expect(page).toHaveURL(/\/account-settings\/my-account$/);
  await page.getByRole("link", { name: "Idioma" }).click();
  await page.getByRole("radio", { name: "English (US)" }).check();
  await page.getByRole("button", { name: "Salvar idioma" }).click();
  await expect(page).toHaveURL(/\/account-settings\/language$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "English (US)" })).toBeChecked();

  // Password: a wrong current password is refused beside its field, then the change goes through.
  await page.getByRole("link", { name: "Security" }).click();
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is incorrect.")).toBeVisible();

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

test("profile, photo and notification preferences save, with unchecked boxes saved as off", async ({ page }, info) => {
  const email = uniqueEmail("perfil", info);
  await register(page, email);
  await page.goto("/account-settings/my-account");

  await page.getByLabel("Empresa").fill("Pousada Azul");
  await page.getByLabel("Sobrenome").fill("Anfitriã");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Seus dados foram salvos.")).toBeVisible();
  await expect(page.getByLabel("Empresa")).toHaveValue("Pousada Azul");
  await expect(page.getByLabel("Sobrenome")).toHaveValue("Anfitriã");

  // A 1×1 PNG, uploaded as multipart (with or without JavaScript) and shown through the web's proxy.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  await page.getByLabel("Escolher uma foto").setInputFiles({ name: "eu.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Foto de perfil atualizada.")).toBeVisible();
  const photo = page.getByRole("img", { name: "Sua foto de perfil" });
  await expect(photo).toBeVisible();
  const response = await page.request.get((await photo.getAttribute("src"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  await page.getByRole("button", { name: "Remover foto" }).click();
  await expect(page.getByRole("img", { name: "Sua foto de perfil" })).toHaveCount(0);

  await page.getByRole("link", { name: "Notificações", exact: true }).click();
  const byEmail = page.getByRole("group", { name: "Por e-mail", exact: true });
  const inApp = page.getByRole("group", { name: "No aplicativo", exact: true });
  await expect(byEmail.getByLabel("Reservas")).toBeChecked();
  await byEmail.getByLabel("Reservas").uncheck();
  await inApp.getByLabel("Novidades do produto").uncheck();
  await byEmail.getByLabel("Novidades do produto").check();
  await page.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(page.getByText("Preferências de notificação salvas.")).toBeVisible();
  await page.reload();
  await expect(byEmail.getByLabel("Reservas")).not.toBeChecked();
  await expect(byEmail.getByLabel("Novidades do produto")).toBeChecked();
  await expect(inApp.getByLabel("Novidades do produto")).not.toBeChecked();
  await expect(inApp.getByLabel("Reservas")).toBeChecked();
});

test("a forgotten password is reset from the e-mailed link", async ({ page, browser }, info) => {
  const email = uniqueEmail("esqueci", info);
  await register(page, email);
  await page.getByRole("button", { name: "Sair" }).click();

  await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill(email);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText(/Se houver uma conta com esse e-mail/)).toBeVisible();

  const link = await linkFromMailbox(browser, email, /\/reset-password\?/, info);
  await page.goto(link);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirme a nova senha").fill("not-the-same-one");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("A confirmação não confere com a senha.")).toBeVisible();
  await page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirme a nova senha").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Senha alterada. Entre com a nova senha.")).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
});

test("the accounts pages have no serious accessibility violations", async ({ page }, info) => {
  test.skip(info.project.name === "no-js", "axe needs page scripts");
  // Eleven pages, each scanned in full by axe.
  test.slow();
  const check = async (path: string) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  };
  for (const path of ["/register", "/forgot-password", "/forgot-password?sent=1", "/reset-password?token=x&email=a%40b.co"]) await check(path);
  await register(page, uniqueEmail("a11y", info));
  for (const path of [
    "/check-email",
    "/verify-email/00000000-0000-4000-8000-000000000000/abc?expires=1&signature=x",
    "/account-settings/my-account",
    "/account-settings/security",
    "/account-settings/language",
    "/account-settings/notifications",
  ]) {
    await check(path);
  }
  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await check("/dev/mailbox");
});
