import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { apiSignIn, demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";

/**
 * Subscriptions, with JavaScript on and off (issue 7): a new owner's new business subscribes to a
 * plan with a trial, a test card and a coupon (after a declining card is refused and leaves
 * nothing behind), adds the AI add-on, cancels it and resumes it; an administrator manages
 * coupons. Each run registers its own owner and coupon codes, so the two projects (one server,
 * one database) never share state, and the demo pousada is left alone.
 */

const PASSWORD = "pousada-azul-2026";

function unique(prefix: string, info: TestInfo) {
  return `${prefix}-${info.project.name}-${Date.now()}-${info.repeatEachIndex}`;
}

/** Signs in through the API (the demo administrator answers the two-factor step too). */
const apiToken = (request: APIRequestContext, email: string, password: string) => apiSignIn(request, email, password);

/** A new owner (registered through the API) with a new business, selected, and a bearer token. */
async function newOwnerWithBusiness(request: APIRequestContext, info: TestInfo) {
  const email = `${unique("assinante", info)}@example.com`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Sara", surname: "Assinante", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const token = ((await registered.json()) as { token: string }).token;
  const created = await request.post("/api/v1/businesses", {
    headers: { authorization: `Bearer ${token}` },
    data: { company_name: "Pousada do Teste", country: "BR" },
  });
  expect(created.status()).toBe(201);
  const business = (await created.json()) as { business?: { uuid: string }; data?: { uuid: string } };
  return { email, token, uuid: (business.business ?? business.data)!.uuid };
}

async function plansOf(request: APIRequestContext, token: string, uuid: string) {
  const res = await request.get(`/api/v1/subscriptions/${uuid}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { plans: { plan_identifier: string; stripe_status: string }[] } }).data.plans;
}

async function createCoupon(request: APIRequestContext, code: string) {
  const token = await apiToken(request, demo.admin, DEMO_PASSWORD);
  const res = await request.post("/api/v1/admin/coupons", {
    headers: { authorization: `Bearer ${token}` },
    data: { id: code, name: "Boas-vindas", percent_off: 20, duration: "once" },
  });
  expect(res.status()).toBe(201);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${page.url()} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("a new business subscribes with a trial, a test card and a coupon; adds, cancels and resumes the AI add-on", async ({ page, request }, info) => {
  const js = info.project.name === "js";
  const owner = await newOwnerWithBusiness(request, info);
  const coupon = unique("BEMVINDO", info).toUpperCase().replace(/[^A-Z0-9_-]/g, "-").slice(0, 40);
  await createCoupon(request, coupon);

  // Without a plan, the guard (rule 4) sends the owner to /subscribe.
  await signIn(page, owner.email, PASSWORD);
  await page.goto("/subscribe");
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { name: "Escolha seu plano" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByText("Teste grátis de 14 dias", { exact: false })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // A declining card: the provider's message, and nothing left behind.
  await page.getByRole("radio", { name: "Essencial", exact: true }).check();
  await page.getByLabel("Novo cartão (cartão de teste)").fill("pm_card_chargeDeclined");
  await page.getByRole("button", { name: "Começar o teste grátis" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Seu cartão foi recusado." })).toBeVisible();
  await expect(page).toHaveURL(/\/subscribe$/);
  expect(await plansOf(request, owner.token, owner.uuid)).toEqual([]);

  // A good test card and the coupon (typed in lower case, with spaces: trimmed and matched).
  await page.getByRole("radio", { name: "Essencial", exact: true }).check();
  await page.getByLabel("Novo cartão (cartão de teste)").fill("pm_card_visa");
  await page.getByLabel("Código do cupom (opcional)").fill(`  ${coupon.toLowerCase()} `);
  await page.getByRole("button", { name: "Começar o teste grátis" }).click();
  await expect(page).not.toHaveURL(/\/subscribe$/);
  expect((await plansOf(request, owner.token, owner.uuid)).map((p) => [p.plan_identifier, p.stripe_status])).toEqual([["essential", "trialing"]]);

  await page.goto("/account-settings/subscriptions");
  const current = page.getByRole("region", { name: "Plano atual" });
  await expect(current.getByText("Essencial", { exact: true })).toBeVisible();
  await expect(current.getByText("Em teste")).toBeVisible();
  await expect(current.getByText(`Cupom aplicado: ${coupon}`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Formas de pagamento" }).getByText("4242")).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // The AI add-on: without it the chat is closed and leads to the subscriptions page…
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/account-settings\/subscriptions\?required=ai$/);
  await page.goto("/account-settings/subscriptions");

  // …add it (it follows the plan's trial)…
  const addOns = page.getByRole("region", { name: "Adicionais" });
  await addOns.getByRole("button", { name: "Adicionar Assistente de IA" }).click();
  await expect(addOns.getByRole("button", { name: "Remover Assistente de IA" })).toBeVisible();
  expect((await plansOf(request, owner.token, owner.uuid)).find((p) => p.plan_identifier === "ai")?.stripe_status).toBe("trialing");

  // …the AI chat opens up and answers…
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByLabel("Sua pergunta").fill("O que você sabe fazer?");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("log", { name: "Mensagens da conversa" })).toContainText("Sou o assistente de receita do Tarifa");
  await page.goto("/account-settings/subscriptions");

  // …cancel it (it stays until the end of the period)…
  await addOns.getByLabel("Motivo (opcional)").first().fill("Só queria testar");
  await addOns.getByRole("button", { name: "Remover Assistente de IA" }).click();
  await expect(addOns.getByRole("button", { name: "Retomar Assistente de IA" })).toBeVisible();
  await expect(addOns.getByText(/Será encerrado em/)).toBeVisible();

  // …and resume it.
  await addOns.getByRole("button", { name: "Retomar Assistente de IA" }).click();
  await expect(addOns.getByRole("button", { name: "Remover Assistente de IA" })).toBeVisible();
  const plans = await plansOf(request, owner.token, owner.uuid);
  expect(plans.map((p) => [p.plan_identifier, p.stripe_status])).toEqual([
    ["essential", "trialing"],
    ["ai", "trialing"],
  ]);
});

test("an administrator creates, edits and deactivates a coupon", async ({ page }, info) => {
  const js = info.project.name === "js";
  const code = unique("INVERNO", info).toUpperCase().replace(/[^A-Z0-9_-]/g, "-").slice(0, 40);
  await signIn(page, demo.admin);
  await page.goto("/manage/coupons");
  await expect(page.getByRole("heading", { name: "Cupons de desconto" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);

  const form = page.getByRole("region", { name: "Novo cupom" });
  await form.getByLabel("Código").fill(code);
  await form.getByLabel("Nome interno").fill("Inverno");
  await form.getByLabel("Valor fixo (R$)").check();
  await form.getByLabel("Valor do desconto em reais").fill("50,00");
  await form.getByLabel("Duração").selectOption("repeating");
  await form.getByLabel("Meses (se por alguns meses)").fill("3");
  await form.getByRole("button", { name: "Criar cupom" }).click();

  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row.getByText("3 meses")).toBeVisible();
  await expect(row.getByText("Válido")).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  await row.getByRole("link", { name: `Editar o cupom ${code}` }).click();
  // The list's create form has a field of the same name: wait for the edit page itself.
  await expect(page.getByRole("heading", { name: `Cupom ${code}` })).toBeVisible();
  await page.getByLabel("Limite de usos (opcional)").fill("10");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(/\/manage\/coupons$/);
  await expect(page.getByRole("row").filter({ hasText: code }).getByText("0 / 10")).toBeVisible();

  await page.getByRole("row").filter({ hasText: code }).getByRole("button", { name: `Desativar o cupom ${code}` }).click();
  await expect(page.getByRole("row").filter({ hasText: code }).getByText("Desativado")).toBeVisible();
});

test("an owner is kept out of the coupons admin", async ({ page }) => {
  await signIn(page, demo.owner);
  await page.goto("/manage/coupons");
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test("a crawler's declined card gets the form with its message, not the bare error body", async ({ browser, request }, info) => {
  // The spec's minimal body for bots is for error pages; a form's 4xx reply is not one.
  const owner = await newOwnerWithBusiness(request, info);
  const context = await browser.newContext({
    javaScriptEnabled: info.project.use.javaScriptEnabled,
    locale: "pt-BR",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
  });
  try {
    const page = await context.newPage();
    await signIn(page, owner.email, PASSWORD);
    await page.goto("/subscribe");
    await page.getByRole("radio", { name: "Essencial", exact: true }).check();
    await page.getByLabel("Novo cartão (cartão de teste)").fill("pm_card_chargeDeclined");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/subscribe")),
      page.getByRole("button", { name: "Começar o teste grátis" }).click(),
    ]);
    // Without JavaScript the document itself is the action's 402 answer.
    if (!info.project.use.javaScriptEnabled) expect(answer.status()).toBe(402);
    await expect(page.getByRole("alert").filter({ hasText: "Seu cartão foi recusado." })).toBeVisible();
    await expect(page.getByText("402 Payment Required")).toHaveCount(0);
    // An error page still answers a crawler with the minimal body.
    const missing = await page.goto("/does-not-exist");
    expect(missing?.status()).toBe(404);
    expect(await missing?.text()).not.toContain("<script");
  } finally {
    await context.close();
  }
});
