import { expect, test, type Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";
import { SLUG, stayWithOffers } from "./support/public-booking";

/**
 * The notification centre and the daily commands, JavaScript on and off: a guest books on the
 * public booking page and the owner's bell counts one more; the owner opens the list and marks
 * it read. An administrator runs a daily command now and sees it in the history.
 */

/** The number on the bell of the top bar (0 when it shows none). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole("link", { name: /^Notificações,/ });
  await expect(bell).toBeVisible();
  const label = (await bell.getAttribute("aria-label")) ?? "";
  const match = /(\d+)/.exec(label);
  return match ? Number(match[1]) : 0;
}

test("a booking on the public page raises the owner's bell by one; the owner marks it read", async ({ page, browser, request }, info) => {
  const js = info.project.name === "js";
  const guestName = `Hóspede sino ${info.project.name} ${Date.now()}`;
  await signIn(page, demo.owner, DEMO_PASSWORD);
  await page.goto("/");
  const before = await bellCount(page);

  // A guest, signed out, in a browser of their own.
  const guest = await browser.newContext({ javaScriptEnabled: js, locale: "pt-BR" });
  const guestPage = await guest.newPage();
  const { arrival, departure } = await stayWithOffers(request, js ? 160 : 190);
  await guestPage.goto(`/p/${SLUG}`);
  await guestPage.getByLabel("Chegada").fill(arrival);
  await guestPage.getByLabel("Saída").fill(departure);
  await guestPage.getByLabel("Adultos").fill("2");
  await guestPage.getByLabel("Crianças").fill("0");
  await guestPage.getByRole("button", { name: "Ver preços" }).click();
  await guestPage.getByRole("link", { name: /Reservar/ }).first().click();
  await guestPage.getByLabel("Nome completo").fill(guestName);
  await guestPage.getByLabel("Telefone (WhatsApp)").fill("+55 48 99999-4321");
  await guestPage.getByLabel("E-mail").fill(`sino-${info.project.name}@example.com`);
  await guestPage.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(guestPage.getByRole("heading", { name: "Reserva recebida!" })).toBeVisible();
  await guest.close();

  await page.goto("/");
  expect(await bellCount(page)).toBe(before + 1);
  await page.getByRole("link", { name: /^Notificações,/ }).click();
  await expect(page).toHaveURL(/\/notifications\/list$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notificações" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  const item = page.getByTestId("notification").filter({ hasText: guestName });
  const day = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  await expect(item).toContainText(`Nova reserva em Pousada Maré Alta: ${guestName}, de ${day(arrival)} a ${day(departure)}`);
  await expect(item).toContainText("Nova");
  if (js) await expectNoSeriousViolations(page);

  // Filter by kind (a GET form), then mark it read.
  await page.getByLabel("Tipo").selectOption("reservation.created");
  await page.getByLabel("Mostrar").selectOption("unread");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/kind=reservation\.created/);
  await item.getByRole("button", { name: /Marcar como lida/ }).click();
  await expect(page.getByText("Notificação marcada como lida.")).toBeVisible();
  await expect(page.getByTestId("notification").filter({ hasText: guestName })).toHaveCount(0);
  expect(await bellCount(page)).toBe(before);

  // Read ones stay in the full list, without the "new" mark.
  await page.goto("/notifications/list?kind=reservation.created");
  const read = page.getByTestId("notification").filter({ hasText: guestName });
  await expect(read).toBeVisible();
  await expect(read.getByRole("button", { name: /Marcar como lida/ })).toHaveCount(0);
});

test("an administrator runs a daily command now and sees it in the history", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.admin, DEMO_PASSWORD);
  await page.goto("/manage/daily-command-execution");
  await expect(page.getByRole("heading", { level: 1, name: "Comandos diários" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  const section = page.getByRole("region", { name: "Avaliar conquistas" });
  await expect(section).toContainText("Todo dia às 03:30 UTC");
  await section.getByLabel("Rodar para").selectOption({ label: "Pousada Maré Alta" });
  await section.getByRole("button", { name: /Rodar agora/ }).click();
  await expect(page.getByText("O comando foi iniciado.")).toBeVisible();
  // The queue's worker takes it within seconds; the page shows it once done.
  await expect(async () => {
    await page.reload();
    const row = page.getByRole("region", { name: "Avaliar conquistas" }).getByTestId("daily-run").filter({ hasText: "Pousada Maré Alta" });
    await expect(row).toContainText("Concluído", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  if (js) await expectNoSeriousViolations(page);
});
