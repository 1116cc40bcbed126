import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { demo, scriptsRan, signIn } from "./support/auth";

/**
 * The learning centre with JavaScript on and off: the administrator writes a lesson in pt-BR and
 * English (previewed on the server), publishes it; the owner reads it in English, marks it done
 * and sees the progress. The two projects share one database, so each writes its own lesson.
 */
test("an administrator publishes a bilingual lesson and an owner reads it in English", async ({ page, context, baseURL }, info) => {
  const js = info.project.name === "js";
  const tag = js ? "JS" : "HTML";
  const ptTitle = `Preço mínimo na prática ${tag}`;
  const enTitle = `Floor prices in practice ${tag}`;

  await signIn(page, demo.admin);
  await page.goto("/manage/learning");
  await expect(page.getByRole("heading", { name: "Conteúdo de aprendizado", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Administração" }).getByRole("link", { name: "Conteúdo de aprendizado" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  if (js) await expectNoSeriousViolations(page);

  await page.getByRole("link", { name: "Nova lição" }).click();
  await expect(page).toHaveURL(/\/manage\/learning\/add$/);
  await page.getByLabel("Tempo estimado (minutos)").fill("4");
  const pt = page.getByRole("group", { name: /Português/ });
  await pt.getByLabel("Título").fill(ptTitle);
  await pt.getByLabel("Texto (markdown)").fill("O **piso** protege sua diária: com piso de R$ 200, nenhuma noite sai por menos. <script>alert(1)</script>");
  const en = page.getByRole("group", { name: /Inglês/ });
  await en.getByLabel("Título").fill(enTitle);
  await en.getByLabel("Texto (markdown)").fill("The **floor** protects your rate: with a R$ 200 floor, no night sells for less. [bad](javascript:alert(1))");

  // Server-side preview, then the form still holds what was typed.
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
  const preview = page.getByRole("region", { name: "Pré-visualização em Inglês" });
  await expect(preview.locator("strong")).toHaveText("floor");
  await expect(preview.locator("a")).not.toHaveAttribute("href", /.+/);
  await expect(page.getByRole("region", { name: /Pré-visualização em Português/ }).locator("script")).toHaveCount(0);
  await expect(pt.getByLabel("Título")).toHaveValue(ptTitle);
  if (js) await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Criar lição" }).click();
  await expect(page.getByText("Lição salva.")).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/learning\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Rascunho", { exact: true })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // An image, uploaded through the API; its markdown code is shown to paste into the text.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  await page.getByLabel(/Imagem \(PNG/).setInputFiles({ name: "piso.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Enviar imagem" }).click();
  await expect(page.getByText("Imagem enviada.")).toBeVisible();
  await expect(page.getByRole("img", { name: "piso.png" })).toBeVisible();
  await expect(page.getByText(/^!\[piso\.png\]\(\/api\/learning\/files\//)).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // A missing pt-BR title is refused beside the field.
  await page.getByRole("group", { name: /Português/ }).getByLabel("Título").fill(" ");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("group", { name: /Português/ }).getByLabel("Título")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/manage/learning");
  await page.getByRole("button", { name: `Publicar ${ptTitle}` }).click();
  await expect(page.getByText("Lição publicada.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: ptTitle })).toContainText("Publicada");

  // The owner, reading in English.
  await context.clearCookies();
  await signIn(page, demo.owner);
  await context.addCookies([{ name: "lng", value: "en-US", url: baseURL! }]);
  await page.goto("/learning");
  await expect(page.getByRole("heading", { name: "Learning", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: /./ }).first().getByRole("link", { name: "Learning" })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);
  const overall = (await page.getByRole("status").filter({ hasText: /You have completed/ }).textContent()) ?? "";
  const [, doneBefore] = /completed (\d+) of/.exec(overall) ?? [];

  // English full-text search: "protects" finds "protects"/"protect" through English stemming.
  await page.getByLabel("Search the lessons").fill("protecting floors");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/learning\?q=protecting\+floors/);
  await page.getByRole("region", { name: /results? for/ }).getByRole("link", { name: enTitle }).click();

  await expect(page.getByRole("heading", { name: enTitle, level: 1 })).toBeVisible();
  await expect(page.locator("article strong")).toHaveText("floor");
  await expect(page.getByText(/no version in your language/)).toHaveCount(0);
  if (js) await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Mark as completed" }).click();
  await expect(page.getByText("Lesson marked as completed.")).toBeVisible();
  await expect(page.getByText(/^Completed on /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as not completed" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^← Previous: / })).toBeVisible();

  await page.goto("/learning");
  await expect(page.getByRole("status").filter({ hasText: /You have completed/ })).toContainText(`completed ${Number(doneBefore) + 1} of`);
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: enTitle }) }).last()).toContainText("Completed");
});
