import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ADMIN_TOTP_SECRET } from "#api/seed/users";
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from "#api/services/two-factor/totp";

export const DEMO_PASSWORD = "Tarifa!2026";
export const demo = {
  admin: "admin@tarifa.app",
  owner: "dono@pousada-demo.com.br",
  collaborator: "equipe@pousada-demo.com.br",
};
export { DEMO_ADMIN_TOTP_SECRET };

/** The two-factor secrets of the accounts that have it on (the demo administrator's is in README.md). */
const totpSecrets = new Map<string, string>([[demo.admin, DEMO_ADMIN_TOTP_SECRET]]);

/** Remembers the secret of an account a test enrolled, so signIn can answer its code. */
export function rememberTotpSecret(email: string, secret: string) {
  totpSecrets.set(email, secret.replace(/\s+/g, ""));
}

/** The port of the server the running test's project talks to (each project has its own). */
export function serverPort(): number {
  return Number(new URL(test.info().project.use.baseURL!).port);
}

/** Where the last step used per secret is kept, shared by every spec file of this run on that server. */
function stepFile(secret: string) {
  return join(tmpdir(), `tarifa-e2e-totp-${serverPort()}-${secret.slice(0, 8)}`);
}

/**
 * A code the server will take now. The server accepts each 30-second step once and one step either
 * side of its clock, so this uses the first step after the last one used (the current or the next),
 * and waits for the next step when both are spent.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const file = stepFile(secret);
  const last = existsSync(file) ? Number(readFileSync(file, "utf8")) || 0 : 0;
  for (;;) {
    const now = Date.now();
    const current = totpStep(new Date(now));
    const step = Math.max(current, last + 1);
    if (step <= current + 1) {
      writeFileSync(file, String(step));
      return totpCode(secret, new Date(step * TOTP_PERIOD_SECONDS * 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * TOTP_PERIOD_SECONDS * 1000 - now + 50));
  }
}

/** Where the demo administrator's session cookies are kept between sign-ins of this run on that server. */
function sessionFile(email: string) {
  return join(tmpdir(), `tarifa-e2e-session-${serverPort()}-${email}.json`);
}

/**
 * Signs in through the real form (works with JavaScript on and off), answering the two-factor step
 * when asked. The demo administrator's session is signed in once and then reused: each 30-second
 * code works once, so signing in through the form every time would wait half a minute a sign-in.
 * A session some test ended (a sign-out) is noticed and replaced by a new sign-in.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/login") {
  const kept = email === demo.admin ? sessionFile(email) : null;
  if (kept && existsSync(kept)) {
    await page.context().addCookies(JSON.parse(readFileSync(kept, "utf8")));
    await page.goto(path);
    if (!new URL(page.url()).pathname.startsWith("/login")) return;
    await page.context().clearCookies();
  }
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  const secret = totpSecrets.get(email);
  if (secret && new URL(page.url()).pathname === "/login/two-factor") {
    await page.getByLabel("Código", { exact: true }).fill(await freshTotpCode(secret));
    await page.getByRole("button", { name: "Verificar", exact: true }).click();
  }
  await expect(page).not.toHaveURL(/\/login/);
  if (kept) writeFileSync(kept, JSON.stringify(await page.context().cookies()));
}

/** A bearer token through the API: the password, then (two-factor on) the code. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as { token?: string; two_factor_required?: boolean; challenge_token?: string };
  if (!answer.two_factor_required) return answer.token!;
  const secret = totpSecrets.get(email);
  if (!secret) throw new Error(`no two-factor secret known for ${email}`);
  const second = await request.post("/api/auth/login/two-factor", { data: { challenge_token: answer.challenge_token, code: await freshTotpCode(secret) } });
  expect(second.status()).toBe(200);
  return ((await second.json()) as { token: string }).token;
}

/** True when no page script ran (the no-js project), per ARCHITECTURE.md section 7. */
export async function scriptsRan(page: Page): Promise<boolean> {
  return page.evaluate(() => typeof (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== "undefined");
}
