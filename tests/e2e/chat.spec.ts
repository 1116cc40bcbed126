import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";

/**
 * The AI chat on the demo pousada, with JavaScript on and off: the owner adds the ai add-on (the
 * demo does not hold it), asks tomorrow's rate and reads the number the calendar prices, follows
 * a suggested question and deletes the conversation.
 */

const POUSADA = "d3e00000-0000-4000-8000-000000000001";

async function ownerToken(request: APIRequestContext) {
  const res = await request.post("/api/auth/login", { data: { email: demo.owner, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The ai add-on on the demo pousada (added once; the other project finds it there). */
async function withAiAddOn(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const plans = ((await (await request.get(`/api/v1/subscriptions/${POUSADA}`, { headers })).json()) as { data: { plans: { plan_identifier: string }[] } }).data.plans;
  if (plans.some((p) => p.plan_identifier === "ai")) return;
  const added = await request.post(`/api/v1/subscriptions/${POUSADA}/addons`, { headers, data: { addon_plan_identifier: "ai" } });
  expect(added.status()).toBe(200);
}

/** Tomorrow's Standard rate as the calendar prices it, written as the chat writes it. */
async function tomorrowsStandardRate(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const today = ((await (await request.get(`/api/v1/businesses/${POUSADA}/calendar?from=2026-01-01&to=2026-01-01`, { headers })).json()) as { today: string }).today;
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const date = tomorrow.toISOString().slice(0, 10);
  const calendar = (await (await request.get(`/api/v1/businesses/${POUSADA}/calendar?from=${date}&to=${date}`, { headers })).json()) as {
    categories: { uuid: string; name: string }[];
    days: { rates: { room_category_uuid: string; rate: number }[] }[];
  };
  const standard = calendar.categories.find((c) => c.name === "Standard")!;
  const cents = calendar.days[0].rates.find((r) => r.room_category_uuid === standard.uuid)!.rate;
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${page.url()} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("the owner asks tomorrow's rate and gets the calendar's number; a suggested question; delete", async ({ page, request }, info) => {
  const js = info.project.name === "js";
  const token = await ownerToken(request);
  await withAiAddOn(request, token);
  const rate = await tomorrowsStandardRate(request, token);

  await signIn(page, demo.owner);
  await page.goto("/ai");
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("heading", { name: "Assistente IA", level: 1 })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);

  const question = page.getByLabel("Sua pergunta");
  await question.fill("Qual é a tarifa de amanhã?");
  if (js) await question.press("Enter");
  else await page.getByRole("button", { name: "Enviar" }).click();

  const log = page.getByRole("log", { name: "Mensagens da conversa" });
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}#latest$/);
  await expect(log.getByText("Qual é a tarifa de amanhã?")).toBeVisible();
  await expect(log).toContainText(`Standard: ${rate}`);
  await expect(log.getByRole("link", { name: "Abrir no calendário" })).toBeVisible();
  const thread = page.url();
  await expect(page.getByRole("navigation", { name: "Conversas" }).getByRole("link", { name: /Qual é a tarifa de amanhã\?/ })).toHaveAttribute("aria-current", "page");
  if (js) {
    await expect(question).toHaveValue("");
    await expect(question).toBeFocused();
    await expectNoSeriousViolations(page);
  }

  // A suggested question continues the same conversation.
  await page.getByRole("button", { name: "Perguntar: Quais são os próximos feriados?" }).click();
  await expect(log).toContainText("Feriados em");
  expect(page.url().split("#")[0]).toBe(thread.split("#")[0]);

  // An empty question is refused beside the field.
  await question.fill("   ");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Preencha este campo.")).toBeVisible();

  // Delete the conversation.
  await page.getByRole("button", { name: "Excluir conversa" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText("Conversa excluída.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Conversas" }).getByRole("link", { name: /Qual é a tarifa de amanhã\?/ })).toHaveCount(0);
});
