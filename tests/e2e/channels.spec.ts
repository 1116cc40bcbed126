import { expect, test } from "@playwright/test";
import { startFakeChannex, type FakeChannex } from "#tests/helpers/fake-channex";
import { demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";
import { connectFirstCategory, demoBusinessId, disconnect, disconnectThroughApi, firstSyncReached, fakeChannexPort } from "./support/channex";

/**
 * Issue 12 (channels part), with JavaScript on and off: the administrator connects the demo
 * pousada to Channex (a fake Channex in this process, where the server pushes), sees the last
 * push on the admin page, the owner sees each night sent on /days-to-update, and the
 * administrator disconnects again (the other specs publish by hand).
 */
let fake: FakeChannex;
test.beforeAll(async () => {
  fake = await startFakeChannex({ port: fakeChannexPort() });
});
test.afterAll(async () => {
  await fake?.close();
});

test("an administrator connects the pousada to Channex; prices are sent by themselves", async ({ page, request, browser }, info) => {
  const js = info.project.name === "js";
  const property = fake.addProperty();
  const businessId = await demoBusinessId(request);

  await signIn(page, demo.admin);
  await page.goto(`/manage/businesses/${businessId}/channex`);
  await expect(page.getByRole("heading", { name: "Conexão com o Channex", level: 1 })).toBeVisible();
  expect(await scriptsRan(page)).toBe(js);
  await expect(page.getByText("Não conectado")).toBeVisible();

  // Bad input: the API's refusal beside the field.
  await page.getByLabel("Id da propriedade no Channex").fill(property.id);
  await page.getByLabel("Chave de API do Channex").fill("chave-errada");
  await page.getByLabel("Id do tipo de quarto").first().fill(property.roomTypes[0].id);
  await page.getByLabel("Id do plano tarifário").first().fill(property.ratePlans[0].id);
  await page.getByRole("button", { name: "Conectar" }).click();
  await expect(page.getByText("O Channex recusou esta chave de API.")).toBeVisible();

  let disconnected = false;
  try {
    await connectFirstCategory(page, fake, property);
    await expect(page.getByTestId("channex-status")).toContainText("Conectado");
    if (js) await expectNoSeriousViolations(page);

    // The server's queue pushes the next 500 nights to the fake Channex.
    await firstSyncReached(page, fake, property);
    expect(fake.rejected).toEqual([]);

    // The owner's days to update show each night's push instead of the manual list.
    const ownerContext = await browser.newContext({ javaScriptEnabled: js, locale: "pt-BR" });
    try {
      const owner = await ownerContext.newPage();
      await signIn(owner, demo.owner);
      await owner.goto("/days-to-update");
      await expect(owner.getByRole("heading", { name: "Enviado aos canais" })).toBeVisible();
      const first = owner.getByRole("list", { name: "Situação do envio por noite" }).locator("li[data-date]").first();
      await expect(first.locator("[data-status]").first()).toHaveAttribute("data-status", "sent");
      await expect(first).toContainText("enviado");
      if (js) await expectNoSeriousViolations(owner);
    } finally {
      await ownerContext.close();
    }

    // Back to publishing by hand.
    await disconnect(page);
    disconnected = true;
  } finally {
    // Whatever failed above, the other specs publish by hand again.
    if (!disconnected) await disconnectThroughApi(request, businessId);
  }
});
