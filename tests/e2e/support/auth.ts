import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Tarifa!2026";
export const demo = {
  admin: "admin@tarifa.app",
  owner: "dono@pousada-demo.com.br",
  collaborator: "equipe@pousada-demo.com.br",
};

/** Signs in through the real form (works with JavaScript on and off). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** True when no page script ran (the no-js project), per ARCHITECTURE.md section 7. */
export async function scriptsRan(page: Page): Promise<boolean> {
  return page.evaluate(() => typeof (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== "undefined");
}
