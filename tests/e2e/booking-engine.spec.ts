import { expect, test } from "@playwright/test";
import { demo, DEMO_PASSWORD, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";
import { SLUG, stayWithOffers } from "./support/public-booking";

/**
 * The booking engine, JavaScript on and off: the owner changes a setting of the public page and
 * sees it there; a signed-out guest searches /p/pousada-mare-alta, books a stay with the guest
 * form and gets a code; the owner then finds that booking in /bookings with its channel. Each
 * project books its own dates so the two runs on one server do not meet.
 */

test("the owner edits the booking page and sees the change on /p/{slug}", async ({ page }, info) => {
  const js = info.project.name === "js";
  const headline = `Pé na areia (${info.project.name} ${Date.now()})`;
  await signIn(page, demo.owner, DEMO_PASSWORD);
  await page.goto("/booking-engine/setup");
  await expect(page.getByRole("heading", { level: 1, name: "Motor de reservas" })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  if (js) await expectNoSeriousViolations(page);
  await page.getByRole("textbox", { name: "Título" }).first().fill(headline);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Motor de reservas salvo.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Título" }).first()).toHaveValue(headline);

  // A mistake is answered beside its field, nothing saved.
  await page.getByLabel("Check-in a partir de (HH:MM)").fill("25:99");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Informe um horário no formato HH:MM.")).toBeVisible();

  await page.goto(`/p/${SLUG}`);
  await expect(page.getByRole("heading", { level: 1, name: headline })).toBeVisible();
});

test("a signed-out guest books a stay and the owner finds it in /bookings", async ({ page, request }, info) => {
  const js = info.project.name === "js";
  const { arrival, departure } = await stayWithOffers(request, js ? 100 : 130);

  await page.goto(`/p/${SLUG}`);
  await expect(page).toHaveURL(new RegExp(`/p/${SLUG}$`));
  // The guest's pages are plain HTML: sent without scripts, with JavaScript on or off (ADR 0033).
  expect(await scriptsRan(page)).toBe(false);
  await expect(page.getByText("Pousada Maré Alta").first()).toBeVisible();
  await page.getByLabel("Chegada").fill(arrival);
  await page.getByLabel("Saída").fill(departure);
  await page.getByLabel("Adultos").fill("2");
  await page.getByLabel("Crianças").fill("0");
  await page.getByRole("button", { name: "Ver preços" }).click();
  await expect(page.getByRole("heading", { name: "Quartos disponíveis" })).toBeVisible();
  if (js) await expectNoSeriousViolations(page);

  const firstOffer = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Reservar/ }) }).first();
  const category = (await firstOffer.getByRole("heading", { level: 3 }).textContent())!.trim();
  await firstOffer.getByRole("link", { name: /Reservar/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Reservar ${category}` })).toBeVisible();

  // The e-mail is required: refused beside the field first.
  await page.getByLabel("Nome completo").fill(`Hóspede e2e ${info.project.name}`);
  await page.getByLabel("Telefone (WhatsApp)").fill("+55 48 99999-1234");
  if (!js) {
    await page.getByRole("button", { name: "Confirmar reserva" }).click();
    await expect(page.getByText("Preencha este campo.")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  }
  await page.getByLabel("E-mail").fill(`hospede-${info.project.name}@example.com`);
  await page.getByRole("button", { name: "Confirmar reserva" }).click();

  await expect(page.getByRole("heading", { name: "Reserva recebida!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/p/${SLUG}/confirmation/[A-Z0-9]{6}$`));
  const code = (await page.getByTestId("reservation-code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  if (js) await expectNoSeriousViolations(page);

  await signIn(page, demo.owner, DEMO_PASSWORD);
  await page.goto(`/bookings?q=${code}`);
  const row = page.getByRole("row").filter({ hasText: code }).or(page.getByRole("listitem").filter({ hasText: code })).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText("Motor de reservas");
  await expect(row).toContainText(`Hóspede e2e ${info.project.name}`);
});
