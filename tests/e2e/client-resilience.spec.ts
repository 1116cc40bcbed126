import { expect, test, type Page } from "@playwright/test";
import { VERSION_POLL_INTERVAL_MS } from "#app/lib/client-resilience/constants";
import { demo, signIn } from "./support/auth";

/**
 * Spec section 9's client rules, end to end (ADR 0026). With JavaScript only: without it there is
 * no client code to guard, and the pages are plain HTML forms and links.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client resilience is the scripted page's behaviour");

type Manifest = { version: string; routes: Record<string, { id: string; path?: string; module: string; parentId?: string; index?: boolean }> };

/** The route module of the page at `pathname`, once React Router's discovery has found it. */
async function routeModuleOf(page: Page, pathname: string): Promise<string> {
  const handle = await page.waitForFunction((path) => {
    const manifest = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest;
    const route = Object.values(manifest?.routes ?? {}).find((r) => r.path && `/${r.path}`.replace(/\/+/g, "/") === path && r.parentId);
    return route?.module ?? null;
  }, pathname);
  return (await handle.jsonValue()) as string;
}

test("a deploy (the served version changes) shows the reload banner, and it never reloads by itself", async ({ page }) => {
  await page.clock.install();
  await signIn(page, demo.owner);
  await page.goto("/businesses/overview");
  const field = page.getByLabel("Cidade", { exact: true });
  await field.fill("Cidade digitada");
  let documents = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  // The new build: React Router's manifest endpoint refuses the page's version.
  await page.route("**/__manifest?**", (route) => route.fulfill({ status: 204, headers: { "X-Remix-Reload-Document": "true" } }));
  const banner = page.getByTestId("version-banner");
  // The poll starts once the page has hydrated, which a busy machine may not have done yet: an
  // interval's jump before that moves nothing, so the clock jumps again until the banner shows.
  await expect(async () => {
    await page.clock.fastForward(VERSION_POLL_INTERVAL_MS);
    await expect(banner).toContainText("Uma nova versão do Tarifa está disponível. Salve o que você digitou antes de recarregar.", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(banner.getByRole("button", { name: "Recarregar", exact: true })).toBeVisible();
  await page.clock.fastForward(VERSION_POLL_INTERVAL_MS * 3);
  expect(documents).toBe(0);
  await expect(field).toHaveValue("Cidade digitada");
  await page.unroute("**/__manifest?**");
});

test("a page whose code fails to load reloads at most once within 10 s", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.goto("/");
  const calendarModule = await routeModuleOf(page, "/calendar");
  await page.route(`**${calendarModule}`, (route) => route.abort("failed"));
  let documents = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  const calendarLink = page.getByRole("navigation").getByRole("link", { name: "Calendário", exact: true }).first();
  await calendarLink.click();
  // First failure: one reload of the page it was on.
  await expect.poll(() => documents).toBe(1);
  await page.waitForLoadState("load");
  await expect(page).not.toHaveURL(/\/calendar/);
  await routeModuleOf(page, "/calendar");
  await calendarLink.click();
  // Second failure within 10 s: no reload, a banner that offers the page as a full load.
  const banner = page.getByTestId("chunk-banner");
  await expect(banner).toContainText("Não foi possível carregar esta página.");
  await page.waitForTimeout(1500);
  expect(documents).toBe(1);
  await page.unroute(`**${calendarModule}`);
  await banner.getByRole("link", { name: "Abrir a página", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar/);
});

test("hovering over 10 links quickly keeps at most 4 route preloads in flight", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // Ten links to pages whose code this page has not loaded (the sidebar's, then the page's own),
  // once the router has discovered their routes (it asks for the manifest of the links it renders).
  const findTargets = () =>
    page.evaluate(() => {
      const w = window as unknown as { __reactRouterManifest: Manifest; __reactRouterRouteModules: Record<string, unknown> };
      const seen = new Set<string>();
      const out: { href: string; index: number }[] = [];
      const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-discover][href^='/']")];
      links.forEach((a, index) => {
        const path = new URL(a.href).pathname;
        if (seen.has(path) || path === location.pathname || a.getClientRects().length === 0) return;
        const routes = w.__reactRouterManifest.routes;
        const fullPath = (id: string | undefined): string => (id && routes[id] ? `${fullPath(routes[id].parentId)}/${routes[id].path ?? ""}` : "");
        const route = Object.values(routes).find((r) => r.parentId && r.path && fullPath(r.id).replace(/\/+/g, "/").replace(/(.)\/$/, "$1") === path);
        if (!route || route.id in w.__reactRouterRouteModules) return;
        seen.add(path);
        out.push({ href: route.module, index });
      });
      return out.slice(0, 10);
    });
  let targets: Awaited<ReturnType<typeof findTargets>> = [];
  await expect.poll(async () => (targets = await findTargets()).length, { timeout: 15_000 }).toBe(10);
  const modules = new Set(targets.map((t) => t.href));
  let inFlight = 0;
  let most = 0;
  let done = 0;
  await page.route("**/assets/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!modules.has(path)) return route.continue();
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    inFlight--;
    done++;
    await route.continue();
  });
  const links = page.locator("a[data-discover][href^='/']");
  for (const target of targets) await links.nth(target.index).hover({ force: true });
  await expect.poll(() => done, { timeout: 15_000 }).toBe(modules.size);
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(4);
  await page.unroute("**/assets/**");
});

test("offline: a banner says so and a submitted form keeps what was typed", async ({ page, context }) => {
  await signIn(page, demo.owner);
  await page.goto("/businesses/overview");
  const field = page.getByLabel("Cidade", { exact: true });
  const before = await field.inputValue();
  await context.setOffline(true);
  try {
    await expect(page.getByTestId("connection-banner")).toContainText("Você está sem conexão. O que você digitou continua aqui.");
    await field.fill("Digitado sem conexão");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByTestId("connection-banner")).toContainText("O formulário não foi enviado.");
    await expect(field).toHaveValue("Digitado sem conexão");
    await expect(page).toHaveURL(/\/businesses\/overview/);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId("connection-banner")).toHaveCount(0);
  // Nothing was saved: the page loads with the city it had.
  await page.reload();
  await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue(before);
});
