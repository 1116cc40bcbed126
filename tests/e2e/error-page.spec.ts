import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demo, signIn } from "./support/auth";

const facts = (lng: string): string[] => JSON.parse(readFileSync(`locales/${lng}/errorPage.json`, "utf8")).funFacts;

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

async function funFact(page: Page) {
  return (await page.locator("#error-fun-fact").textContent())?.trim() ?? "";
}

test("an unknown path answers 404 with the whole error page", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  const response = await page.goto("/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Página não encontrada · Tarifa");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByTestId("error-code")).toContainText("404");
  await expect(page.getByText("A página que você procura não existe ou foi movida.")).toBeVisible();

  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/");

  const quick = page.getByRole("navigation", { name: "Navegação rápida" });
  await expect(quick.getByRole("link", { name: "Calendário de preços" })).toHaveAttribute("href", "/calendar");
  await expect(quick.getByRole("link", { name: "Reservas" })).toHaveAttribute("href", "/bookings");
  await expect(quick.getByRole("link", { name: "Análise de mercado" })).toHaveAttribute("href", "/market-analysis");

  await expect(page.getByRole("heading", { name: "Você sabia?" })).toBeVisible();
  expect(facts("pt-BR")).toContain(await funFact(page));

  await expect(page.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);

  // Hydration (JavaScript project) keeps the fact the server picked.
  await page.waitForLoadState("networkidle");
  expect(facts("pt-BR")).toContain(await funFact(page));
  expect(problems).toEqual([]);
});

test("/404 is the same page with status 404", async ({ page }) => {
  const response = await page.goto("/404");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
});

test("with the lng cookie the page is in English", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "lng", value: "en-US", url: baseURL! }]);
  const response = await page.goto("/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found · Tarifa");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Did you know?" })).toBeVisible();
  expect(facts("en-US")).toContain(await funFact(page));
});

test("go back without history (or without JavaScript) goes home", async ({ page }) => {
  await page.goto("/does-not-exist");
  await page.getByRole("main").getByRole("link", { name: "Voltar" }).click();
  // Home sends a guest on to the sign-in page.
  await expect(page).toHaveURL(/\/(login)?$/);
});

test("go back returns to the previous page when there is one", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.goto("/calendar");
  // Follow a plain link from the calendar to a page that does not exist.
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/does-not-exist";
    link.textContent = "broken link";
    document.body.append(link);
  });
  await page.getByRole("link", { name: "broken link" }).click();
  await expect(page.getByRole("link", { name: "Calendário de preços" })).toHaveAttribute("href", "/calendar");
  await page.getByRole("main").getByRole("link", { name: "Voltar" }).click();
  // With JavaScript: browser back to the calendar. Without: a plain link home.
  await expect(page).toHaveURL(test.info().project.name === "no-js" ? /localhost:\d+\/$/ : /\/calendar$/);
});

test("crawlers and preview agents get the status and a minimal body", async ({ request }) => {
  const agents = [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Chrome-Lighthouse",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-InspectionTool/1.0)",
  ];
  for (const agent of agents) {
    const response = await request.get("/does-not-exist", { headers: { "user-agent": agent } });
    expect(response.status(), agent).toBe(404);
    const body = await response.text();
    expect(body, agent).toContain("404");
    expect(body, agent).not.toContain("<script");
    expect(body, agent).not.toContain("Você sabia?");
    expect(body.length, agent).toBeLessThan(500);
  }
  const forbidden = await request.get("/unauthorized", { headers: { "user-agent": agents[0] } });
  expect(forbidden.status()).toBe(403);
  expect(await forbidden.text()).not.toContain("<script");

  // A browser gets the real page.
  const browser = await request.get("/does-not-exist", { headers: { "user-agent": BROWSER_UA } });
  expect(browser.status()).toBe(404);
  expect(await browser.text()).toContain("Você sabia?");
});

test("/unauthorized is 'Acesso Negado' with status 403, no sidebar, links home and to sign in", async ({ page }) => {
  const response = await page.goto("/unauthorized");
  expect(response?.status()).toBe(403);
  await expect(page).toHaveTitle("Acesso Negado · Tarifa");
  await expect(page.getByRole("heading", { level: 1, name: "Acesso Negado" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navegação principal" })).toHaveCount(0);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login");
  await main.getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the error pages have no serious accessibility violations", async ({ page }, info) => {
  test.skip(info.project.name === "no-js", "axe runs inside the page, so it needs page scripts");
  for (const path of ["/does-not-exist", "/unauthorized"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});
