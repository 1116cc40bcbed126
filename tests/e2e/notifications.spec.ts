import { expect, test, type Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";
import { newestMailText } from "./support/mailbox";
import { SLUG, stayWithOffers } from "./support/public-booking";

/**
 * The notification centre and the daily commands, JavaScript on and off: a guest books on the
 * public booking page and the owner's bell counts one more; the owner opens the list and marks
 * it read, and the day's digest e-mail lists it. An administrator runs a daily command now and
 * sees it in the history.
 */

/** The owner's "daily digest: bookings" preference, set to `on`; answers what it was before. */
async function digestOfBookings(page: Page, on: boolean): Promise<boolean> {
  await page.goto("/account-settings/notifications");
  const box = page.getByRole("group", { name: "Resumo diário por e-mail", exact: true }).getByLabel("Reservas", { exact: true });
  const was = await box.isChecked();
  if (was !== on) {
    await box.setChecked(on);
    await page.getByRole("button", { name: "Salvar preferências" }).click();
    await expect(page.getByText("Preferências de notificação salvas.")).toBeVisible();
  }
  return was;
}

/** An administrator runs a daily command now for the demo pousada and waits until it is done. */
async function runDailyCommand(page: Page, command: string) {
  await page.goto("/manage/daily-command-execution");
  const section = page.getByRole("region", { name: command });
  await section.getByLabel("Rodar para").selectOption({ label: "Pousada Maré Alta" });
  await section.getByRole("button", { name: /Rodar agora/ }).click();
  await expect(page.getByText("O comando foi iniciado.")).toBeVisible();
  // The queue's worker takes it within seconds; the page shows it once done.
  await expect(async () => {
    await page.reload();
    const row = page.getByRole("region", { name: command }).getByTestId("daily-run").filter({ hasText: "Pousada Maré Alta" }).first();
    await expect(row).toContainText("Concluído", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** The number on the bell of the top bar (0 when it shows none). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole("link", { name: /^Notificações,/ });
  await expect(bell).toBeVisible();
  const label = (await bell.getAttribute("aria-label")) ?? "";
  const match = /(\d+)/.exec(label);
  return match ? Number(match[1]) : 0;
}

test("a booking on the public page raises the owner's bell by one; the owner marks it read; the day's digest lists it", async ({ page, browser, request }, info) => {
  test.setTimeout(180_000);
  const js = info.project.name === "js";
  const guestName = `Hóspede sino ${info.project.name} ${Date.now()}`;
  await signIn(page, demo.owner, DEMO_PASSWORD);
  const digestWas = await digestOfBookings(page, true);
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

  // The day's digest, sent by its daily command, lists the booking (read or not).
  const adminContext = await browser.newContext({ javaScriptEnabled: js, locale: "pt-BR" });
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin, DEMO_PASSWORD);
  await runDailyCommand(admin, "Resumos diários por e-mail");
  await adminContext.close();
  const digest = await newestMailText(browser, demo.owner, guestName, info);
  expect(digest).toContain("Seu dia em Pousada Maré Alta");
  expect(digest).toContain(`Nova reserva em Pousada Maré Alta: ${guestName}`);

  await digestOfBookings(page, digestWas);
});

test("an administrator runs a daily command now and sees it in the history", async ({ page }, info) => {
  const js = info.project.name === "js";
  await signIn(page, demo.admin, DEMO_PASSWORD);
  await page.goto("/manage/daily-command-execution");
  await expect(page.getByRole("heading", { level: 1, name: "Comandos diários" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByRole("region", { name: "Avaliar conquistas" })).toContainText("Todo dia às 03:30 UTC");
  await runDailyCommand(page, "Avaliar conquistas");
  if (js) await expectNoSeriousViolations(page);
});
