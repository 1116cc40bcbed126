import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";

/**
 * /chat.bkp with JavaScript on and off: a conversation started through the API shows in the
 * archive, is found by a word of its messages, reads as a transcript and is deleted.
 */
const POUSADA = "d3e00000-0000-4000-8000-000000000001";

test("the owner finds an earlier conversation in the archive, reads it and deletes it", async ({ page, request }, info) => {
  const js = info.project.name === "js";
  const login = await request.post("/api/auth/login", { data: { email: demo.owner, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const plans = ((await (await request.get(`/api/v1/subscriptions/${POUSADA}`, { headers })).json()) as { data: { plans: { plan_identifier: string }[] } }).data.plans;
  if (!plans.some((p) => p.plan_identifier === "ai")) {
    expect((await request.post(`/api/v1/subscriptions/${POUSADA}/addons`, { headers, data: { addon_plan_identifier: "ai" } })).status()).toBe(200);
  }
  const word = js ? "girassol" : "mandacaru";
  const started = await request.post(`/api/v1/businesses/${POUSADA}/chat/conversations`, { headers, data: { message: `Qual é a tarifa de amanhã? (${word})` } });
  expect(started.status()).toBe(201);

  await signIn(page, demo.owner);
  await page.goto("/chat");
  await page.getByRole("link", { name: "Arquivo de conversas" }).click();
  await expect(page).toHaveURL(/\/chat\.bkp$/);
  await expect(page.getByRole("heading", { name: "Arquivo de conversas", level: 1 })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);

  await page.getByLabel("Buscar nas conversas").fill(word);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { name: "1 conversa", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(word) }).click();
  await expect(page.getByRole("heading", { name: new RegExp(word), level: 2 })).toBeVisible();
  await expect(page.getByText("Assistente", { exact: false }).first()).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Excluir conversa" }).click();
  await expect(page.getByText("Conversa excluída.")).toBeVisible();
  await page.getByLabel("Buscar nas conversas").fill(word);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { name: /^0 conversas?$/, level: 2 })).toBeVisible();
});
