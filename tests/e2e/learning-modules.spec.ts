import { expect, test, type Locator } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { demo, scriptsRan, signIn } from "./support/auth";

/**
 * An administrator edits a module on /manage/learning, JavaScript on and off: its level and its
 * title in each language, refused beside the field when wrong, then puts everything back. Each
 * project edits its own seeded module (the two share one database).
 */
test("an administrator edits a module's level and titles per language", async ({ page }, info) => {
  // Three saves, each a full page load without JavaScript, and axe checks: more than the default minute.
  test.slow();
  const js = info.project.name === "js";
  const tag = js ? "JS" : "HTML";
  await signIn(page, demo.admin);
  await page.goto("/manage/learning");
  expect(await scriptsRan(page)).toBe(js);

  const section = () => page.locator("section[aria-labelledby^='m-']").nth(js ? 0 : 1);
  const heading = (await section().getByRole("heading", { level: 2 }).textContent())!;
  const ptTitle = heading.replace(/^\d+\.\s*/, "");
  const open = async () => {
    const details = section().locator("details");
    if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator("summary").click();
    return details;
  };

  let editor = await open();
  const original = {
    level: await editor.getByLabel("Nível").inputValue(),
    pt: await group(editor, /^Português/).getByLabel("Título").inputValue(),
    en: await group(editor, /^Inglês/).getByLabel("Título").inputValue(),
    es: await group(editor, /^Espanhol/).getByLabel("Título").inputValue(),
    esDescription: await group(editor, /^Espanhol/).getByLabel("Descrição").inputValue(),
  };
  expect(original.pt).toBe(ptTitle);
  if (js) await expectNoSeriousViolations(page);

  // Refused: an empty Portuguese title, and a Spanish description without its title — beside each field.
  await group(editor, /^Português/).getByLabel("Título").fill(" ");
  await group(editor, /^Espanhol/).getByLabel("Título").fill("");
  await group(editor, /^Espanhol/).getByLabel("Descrição").fill(`Descrição sem título ${tag}`);
  await editor.getByRole("button", { name: `Salvar o módulo ${ptTitle}` }).click();
  editor = await open();
  const ptField = group(editor, /^Português/).getByLabel("Título");
  await expect(ptField).toHaveAttribute("aria-invalid", "true");
  await expect(group(editor, /^Espanhol/).getByLabel("Título")).toHaveAttribute("aria-invalid", "true");
  await expect(group(editor, /^Espanhol/).getByLabel("Descrição")).toHaveValue(`Descrição sem título ${tag}`);
  await expect(group(editor, /^Português/).getByRole("listitem").first()).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  // Saved: another level, new titles in three languages.
  await ptField.fill(`${original.pt} ${tag}`);
  await editor.getByLabel("Nível").selectOption("advanced");
  await group(editor, /^Inglês/).getByLabel("Título").fill(`Module in English ${tag}`);
  await group(editor, /^Espanhol/).getByLabel("Título").fill(`Módulo en español ${tag}`);
  await editor.getByRole("button", { name: /^Salvar o módulo / }).click();
  await expect(page.getByText("Módulo salvo.")).toBeVisible();
  await expect(section().getByRole("heading", { level: 2 })).toHaveText(new RegExp(`${original.pt} ${tag}$`));
  await expect(section()).toContainText("Avançado");
  editor = await open();
  await expect(group(editor, /^Inglês/).getByLabel("Título")).toHaveValue(`Module in English ${tag}`);
  await expect(group(editor, /^Espanhol/).getByLabel("Título")).toHaveValue(`Módulo en español ${tag}`);

  await restore(editor, original);
  // With JavaScript the first save's toast may still be up: the newest is this save's, and the heading proves it.
  await expect(page.getByText("Módulo salvo.").last()).toBeVisible();
  await expect(section().getByRole("heading", { level: 2 })).toHaveText(heading);
});

const group = (editor: Locator, name: RegExp) => editor.getByRole("group", { name });

/** Puts the module back as it was. */
async function restore(editor: Locator, original: { level: string; pt: string; en: string; es: string; esDescription: string }) {
  await editor.getByLabel("Nível").selectOption(original.level);
  await group(editor, /^Português/).getByLabel("Título").fill(original.pt);
  await group(editor, /^Inglês/).getByLabel("Título").fill(original.en);
  await group(editor, /^Espanhol/).getByLabel("Título").fill(original.es);
  await group(editor, /^Espanhol/).getByLabel("Descrição").fill(original.esDescription);
  await editor.getByRole("button", { name: /^Salvar o módulo / }).click();
}
