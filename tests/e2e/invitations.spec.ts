import { expect, test } from "@playwright/test";
import { ownerWithHotel, PASSWORD, unique } from "./support/hotel";
import { linkFromMailbox } from "./support/mailbox";

/**
 * An invited collaborator without an account, JavaScript on and off: follows the invitation
 * e-mail once, creates the account from the invitation (the address already filled in), verifies
 * it, and lands in the inviting business with the invited permissions — never on "register your
 * hotel", and without having to find the invitation e-mail again.
 */
test("a new address invited to a hotel signs up from the invitation and lands in that hotel", async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const hotel = `Pousada ${unique("Convite", info)}`;
  await ownerWithHotel(page, browser, info, hotel);
  const invitee = `${unique("convidada", info)}@example.com`;
  await page.goto("/pms-settings/add-collaborator");
  await page.getByLabel("E-mail do colaborador").fill(invitee);
  await page.getByLabel("Calendário").check();
  await page.getByLabel("Reservas").check();
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText(`Enviamos um convite para ${invitee}.`)).toBeVisible();

  const context = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled, locale: "pt-BR" });
  try {
    const guest = await context.newPage();
    await guest.goto(await linkFromMailbox(browser, invitee, /\/invitations\//, info));
    await expect(guest.getByRole("heading", { name: `Convite para ${hotel}` })).toBeVisible();
    await guest.getByRole("link", { name: `Criar conta com ${invitee}` }).click();

    await expect(guest.getByLabel("E-mail")).toHaveValue(invitee);
    await guest.getByLabel("Nome", { exact: true }).fill("Camila");
    await guest.getByLabel("Sobrenome").fill("Recepção");
    await guest.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await guest.getByLabel("Confirme a senha").fill(PASSWORD);
    await guest.getByRole("button", { name: "Criar conta" }).click();
    await expect(guest).toHaveURL(/\/check-email$/);
    await expect(guest.getByText(`Bem-vindo à equipe de ${hotel}!`)).toBeVisible();

    await guest.goto(await linkFromMailbox(browser, invitee, /\/verify-email\//, info));
    await expect(guest.getByRole("heading", { name: "E-mail confirmado!" })).toBeVisible();
    await guest.getByRole("link", { name: "Continuar" }).click();

    // The team's hotel (named in the top bar), with the permissions the owner ticked: bookings
    // (where "/" lands with them) and the calendar, not the team's settings.
    await expect(guest).toHaveURL(/\/bookings$/);
    await expect(guest.getByRole("banner")).toContainText(hotel);
    await guest.goto("/calendar");
    await expect(guest).toHaveURL(/\/calendar$/);
    await guest.goto("/pms-settings/collaborators");
    await expect(guest).toHaveURL(/\/unauthorized$/);
  } finally {
    await context.close();
  }
});
