import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";

/**
 * Issue 17 point 6, "done when": the demo collaborator moves a season's rate through the
 * seasons form, and the owner sees it in the activity log under PMS settings, with who did it
 * and both values. JavaScript on and off; each project uses its own rate, and the spec puts the
 * season's rate and the collaborator's permissions back as they were.
 */

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token;
}

interface Season {
  uuid: string;
  title: string;
  color: string;
  rate: number;
  is_reference: boolean;
  min_price: number | null;
  max_price: number | null;
  dates: unknown[];
  fluctuation_level_variations: { fluctuation_level: string; price_variation: number; price_variation_type: string }[];
}

test("the owner sees the rate the collaborator moved, with both values, in the activity log", async ({ page, request }, info) => {
  // Slow on a busy machine; a timeout would also cut the restore in `finally` short.
  test.setTimeout(240_000);
  const js = info.project.name === "js";
  const headers = { authorization: `Bearer ${await apiToken(request, demo.owner)}` };
  const { businesses, selected_business_uuid } = await (await request.get("/api/v1/businesses", { headers })).json();
  const businessId: string = selected_business_uuid ?? businesses[0].uuid;
  const base = `/api/v1/businesses/${businessId}`;

  const team = await (await request.get(`${base}/collaborators`, { headers })).json();
  const member = team.data.find((m: { user: { email: string } }) => m.user.email === demo.collaborator);
  const originalPermissions: string[] = member.permissions;
  const { tariff_configuration } = await (await request.get(`${base}/tariff-configuration`, { headers })).json();
  const season: Season = tariff_configuration.sazonalities.find((s: Season) => !s.is_reference);
  const newRate = js ? 61_300 : 61_400;
  expect(season.rate).not.toBe(newRate);

  const grant = await request.put(`${base}/collaborators/${member.user.uuid}`, { headers, data: { permissions: [...new Set([...originalPermissions, "user.price-settings"])] } });
  expect(grant.ok(), await grant.text()).toBeTruthy();
  try {
    // The collaborator moves the season's rate through the form.
    await signIn(page, demo.collaborator);
    if (js) await page.waitForFunction(() => typeof (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== "undefined");
    expect(await scriptsRan(page)).toBe(js);
    await page.goto(`/price-settings/seasonalities?edit=${season.uuid}`);
    await page.getByLabel("Tarifa (R$)").fill(js ? "613,00" : "614,00");
    await page.getByRole("button", { name: "Salvar temporada", exact: true }).click();
    await expect(page.getByText("Temporada salva", { exact: false }).first()).toBeVisible();

    // The owner finds it from the PMS settings, filters by area with the form, and reads both values.
    await page.context().clearCookies();
    await signIn(page, demo.owner);
    await page.goto("/pms-settings");
    await page.getByRole("link", { name: "Registro de atividades", exact: true }).first().click();
    await expect(page).toHaveURL(/\/pms-settings\/activity-log$/);
    await expect(page.getByRole("heading", { name: "Registro de atividades", exact: true })).toBeVisible();
    await page.getByLabel("Área", { exact: true }).selectOption("seasonalities");
    await page.getByLabel("Quem", { exact: true }).selectOption(member.user.uuid);
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await expect(page).toHaveURL(/area=seasonalities/);

    const entry = page.getByRole("listitem").filter({ hasText: season.title }).filter({ hasText: "Camila Colaboradora" }).first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText("alterou");
    const rateRow = entry.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Tarifa", exact: true }) });
    const money = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100);
    await expect(rateRow.locator("del")).toHaveText(money(season.rate));
    await expect(rateRow.locator("ins")).toHaveText(money(newRate));
  } finally {
    const { fluctuation_levels } = tariff_configuration;
    const restore = await request.put(`${base}/tariff-configuration/sazonalities/${season.uuid}`, {
      headers,
      data: {
        title: season.title,
        color: season.color,
        rate: season.rate,
        is_reference: season.is_reference,
        min_price: season.min_price,
        max_price: season.max_price,
        dates: season.dates,
        fluctuation_level_variations: season.fluctuation_level_variations
          .filter((v) => fluctuation_levels.some((l: { uuid: string }) => l.uuid === v.fluctuation_level))
          .map((v) => ({ fluctuation_level: v.fluctuation_level, price_variation: v.price_variation, price_variation_type: v.price_variation_type })),
      },
    });
    expect(restore.ok(), await restore.text()).toBeTruthy();
    const back = await request.put(`${base}/collaborators/${member.user.uuid}`, { headers, data: { permissions: originalPermissions } });
    expect(back.ok(), await back.text()).toBeTruthy();
  }
});

test("a collaborator without the PMS settings permission cannot read the log; an administrator reads it from the business's page", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, demo.collaborator)}` };
  const { businesses } = await (await request.get("/api/v1/businesses", { headers })).json();
  const businessId: string = businesses[0].uuid;
  const team = await (await request.get(`/api/v1/businesses/${businessId}/activity-log`, { headers }));
  expect(team.status()).toBe(403);

  await signIn(page, demo.admin);
  await page.goto(`/manage/businesses/${businessId}`);
  await page.getByRole("link", { name: "Registro de atividades", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/businesses/${businessId}/activity-log$`));
  await expect(page.getByRole("heading", { name: "Registro de atividades", exact: true })).toBeVisible();
  await page.getByLabel("De", { exact: true }).fill("2026-03-10");
  await page.getByLabel("Até", { exact: true }).fill("2026-03-01");
  await page.getByRole("button", { name: "Filtrar", exact: true }).click();
  await expect(page.getByText("A data final deve ser igual ou posterior à inicial.")).toBeVisible();
});

test("the activity log page has no serious accessibility violations", async ({ page }, info) => {
  test.skip(info.project.name === "no-js", "axe needs page scripts");
  await signIn(page, demo.owner);
  await page.goto("/pms-settings/activity-log?from=2026-03-10&to=2026-03-01");
  await expect(page.locator("main h1")).toBeVisible();
  await expectNoSeriousViolations(page);
});
