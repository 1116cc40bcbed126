import { expect, test, type Page } from "@playwright/test";
import { apiSignIn, demo, freshTotpCode, rememberTotpSecret, scriptsRan, signIn } from "./support/auth";
import { unique } from "./support/hotel";

/**
 * Two-factor sign-in, with JavaScript on and off: a new administrator is sent to enrol before any
 * /manage page, enrols by the secret shown beside the QR code (the test computes the codes from
 * it), signs out and back in with password + code; a wrong code is refused; a recovery code works
 * once. The administrator is disabled at the end, so no other spec sees a new active account.
 */

const PASSWORD = "duas-etapas-2026";

async function passwordStep(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Digite o código do aplicativo", exact: true })).toBeVisible();
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel("Código", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("an administrator enrols two-factor sign-in, then signs in with password and code or a recovery code", async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const email = `${unique("admin-2fa", info)}@example.com`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Dora", surname: "Duasetapas", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const uuid = ((await registered.json()) as { user: { uuid: string } }).user.uuid;
  const adminToken = await apiSignIn(request, demo.admin);
  const headers = { authorization: `Bearer ${adminToken}` };
  expect((await request.put(`/api/v1/admin/users/${uuid}`, { headers, data: { roles: ["administrator"] } })).status()).toBe(200);

  try {
    // Without two-factor, the administration sends the administrator to enrol first.
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/manage/users");
    await expect(page).toHaveURL(/\/account-settings\/two-factor\?redirectTo=%2Fmanage%2Fusers$/);
    await expect(page.getByText("Administradores precisam ativar a verificação em duas etapas antes de usar as páginas de administração.")).toBeVisible();
    expect(await scriptsRan(page)).toBe(info.project.name === "js");

    await page.getByRole("button", { name: "Ativar a verificação em duas etapas", exact: true }).click();
    await expect(page.getByRole("img", { name: "QR code para adicionar o Tarifa a um aplicativo autenticador" })).toBeVisible();
    await expect(page.locator("[role=img] svg")).toBeVisible();
    const secret = ((await page.getByLabel("Chave secreta", { exact: true }).textContent()) ?? "").replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code does not turn it on.
    await page.getByLabel("2. Digite o código de 6 dígitos que o aplicativo mostra").fill("000000");
    await page.getByRole("button", { name: "Confirmar e ativar", exact: true }).click();
    await expect(page.getByText("Código incorreto. Digite o código atual do aplicativo ou um código de recuperação.")).toBeVisible();

    rememberTotpSecret(email, secret);
    await page.getByLabel("2. Digite o código de 6 dígitos que o aplicativo mostra").fill(await freshTotpCode(secret));
    await page.getByRole("button", { name: "Confirmar e ativar", exact: true }).click();
    const codes = page.getByRole("list", { name: "Seus códigos de recuperação" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = ((await codes.first().textContent()) ?? "").trim();
    expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByRole("link", { name: "Continuar", exact: true }).click();
    await expect(page).toHaveURL(/\/manage\/users$/);
    await signOut(page);

    // Password, then a wrong code (refused), then the right one.
    await passwordStep(page, email);
    await codeStep(page, "123456");
    await expect(page.getByText("Código incorreto. Digite o código atual do aplicativo ou um código de recuperação.")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor$/);
    await codeStep(page, await freshTotpCode(secret));
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/manage/users");
    await expect(page).toHaveURL(/\/manage\/users$/);
    await signOut(page);

    // A recovery code signs in once…
    await passwordStep(page, email);
    await codeStep(page, recovery.toUpperCase());
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/account-settings/two-factor");
    await expect(page.getByText("Códigos de recuperação restantes: 9.")).toBeVisible();
    await signOut(page);

    // …and never again.
    await passwordStep(page, email);
    await codeStep(page, recovery);
    await expect(page.getByText("Código incorreto. Digite o código atual do aplicativo ou um código de recuperação.")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor$/);

    // The e2e helper signs in with the remembered secret too.
    await signIn(page, email, PASSWORD);
  } finally {
    expect((await request.post(`/api/v1/admin/users/${uuid}/disable`, { headers })).status()).toBe(200);
  }
});
