import { expect, test } from "@playwright/test";
import { demo, scriptsRan, signIn } from "./support/auth";

test("a guest is sent to the Portuguese sign-in page", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
  // The sign-in page is plain HTML: sent without scripts, with JavaScript on or off (ADR 0033).
  expect(await scriptsRan(page)).toBe(false);
});

test("signing in honours a same-site redirectTo and refuses another site", async ({ page }) => {
  await signIn(page, demo.owner, undefined, "/login?redirectTo=%2F%3Fx%3D1");
  await expect(page).toHaveURL(/\/\?x=1$/);
  await page.context().clearCookies();
  await signIn(page, demo.owner, undefined, "/login?redirectTo=https%3A%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test("a wrong password shows a translated error beside the field", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(demo.owner);
  await page.getByLabel("Senha").fill("not-the-password");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("E-mail ou senha incorretos.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the language switcher works and the choice is kept in a cookie for 365 days", async ({ page, context }) => {
  await page.goto("/login");
  await page.getByLabel("Idioma").selectOption("en-US");
  await page.getByRole("button", { name: "Mudar idioma" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  const cookie = (await context.cookies()).find((c) => c.name === "lng");
  expect(cookie?.value).toBe("en-US");
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
});

test("sign in and sign out", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("a form post without the CSRF token is refused", async ({ request }) => {
  const response = await request.post("/login", { form: { email: demo.owner, password: "x" } });
  expect(response.status()).toBe(403);
});

// Regression: with JavaScript on, the address used to change before the new page was on screen
// (router updates rendered as interruptible React transitions), so what was typed at once went
// into the previous page's form and vanished with it. A slowed-down CPU makes that window wide.
test("a field typed into right after a client navigation keeps its value", async ({ page, browserName }, info) => {
  if (info.project.name === "js" && browserName === "chromium") {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  }
  await page.goto("/login");
  // Hydrated, so the link below is a client-side navigation (in the js project).
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill("alguem@example.com");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar a senha" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue("alguem@example.com");
});

// Client-side validation is loaded on the reader's first focus, press or key (zod is not in the
// first-load JavaScript; ADRs 0009, 0063): once there, a bad address is refused in the browser;
// without it the action refuses it. Either way the translated message stands beside the field.
test("the sign-in form refuses an invalid e-mail with a translated message", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  // Valid for the browser's own check (which runs without JavaScript), not for the schema.
  await page.getByLabel("E-mail").fill("alguem@exemplo");
  await page.getByLabel("Senha").fill("qualquer");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  // The sign-in page is sent without scripts (ADR 0033): the server's check answers, JS on or off.
  expect(posts).toEqual([expect.stringContaining("/login")]);
});

// ADR 0061: a first visit's document carries the styles its markup uses inline, and the whole
// stylesheet at the end of the body as a print style, which the page applies itself once it has
// hydrated (for what scripts draw later); without scripts it is only fetched, never applied.
test("a first visit applies the whole stylesheet only once the page has hydrated", async ({ page, context }) => {
  await signIn(page, demo.owner);
  await context.clearCookies({ name: "stylesheet" });
  await page.goto("/calendar");
  await expect(page.locator("style#app-styles")).toHaveCount(1);
  const whole = page.locator("body > link[rel=stylesheet]");
  await expect(whole).toHaveCount(1);
  if (await scriptsRan(page)) {
    await expect(whole).toHaveAttribute("media", "all");
    // Applied: the browser now lists it among the sheets in force for the screen.
    const href = await whole.getAttribute("href");
    expect(await page.evaluate((h) => [...document.styleSheets].some((s) => s.href?.endsWith(h!) && s.media.mediaText === "all"), href)).toBe(true);
  } else {
    await expect(whole).toHaveAttribute("media", "print");
  }
});
