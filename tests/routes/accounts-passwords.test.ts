import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as accountSettings from "#app/routes/account/settings.tsx";
import * as security from "#app/routes/account/settings.security.tsx";
import * as forgotPassword from "#app/routes/auth/forgot-password.tsx";
import * as guestLayout from "#app/routes/shell/guest-layout.tsx";
import * as publicLayout from "#app/routes/shell/public-layout.tsx";
import * as resetPassword from "#app/routes/auth/reset-password.tsx";
import { DEMO_PASSWORD, demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";
import { resetLinkFor } from "#tests/helpers/dev-mailbox.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const pub = { layouts: [publicLayout] };
const settings = { layouts: [appLayout, accountSettings] };

async function resetLink(email: string): Promise<string> {
  const sent = await h.browser().post("/forgot-password", forgotPassword, { email }, { layouts: [guestLayout] });
  expect(sent.location).toBe("/forgot-password?sent=1");
  return resetLinkFor(h, email);
}

describe("/reset-password", () => {
  it("reads the token and e-mail from the link, sets the new password and flashes a toast on /login", async () => {
    const link = await resetLink(demoUsers.collaborator.email);
    const browser = h.browser();
    const page = await browser.get(link, resetPassword, pub);
    const { token, email } = page.data;
    expect(token).toBeTruthy();
    expect(email).toBe(demoUsers.collaborator.email);

    const sent = await browser.post(
      link,
      resetPassword,
      { token, email, password: "nova-senha-da-camila", password_confirmation: "nova-senha-da-camila" },
      pub,
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/login");
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "auth:reset.done" });
    await expect(h.t.login(demoUsers.collaborator.email, "nova-senha-da-camila")).resolves.toBeTruthy();

    // The link is single use: the refusal (on `token`, not a visible field) comes back as a form error.
    const again = await browser.post(
      link,
      resetPassword,
      { token, email, password: "outra-senha-qualquer", password_confirmation: "outra-senha-qualquer" },
      pub,
    );
    expect(again.status).toBe(422);
    expect(again.data.error[""]?.[0]).toMatch(/link/i);
    expect(again.data.initialValue.password).toBeUndefined();
  });

  it("shows the form only with a token", async () => {
    const page = await h.browser().get("/reset-password", resetPassword, pub);
    expect(page.data).toEqual({ token: "", email: "" });
  });

  it("checks the confirmation before calling the API", async () => {
    const sent = await h.browser().post(
      "/reset-password?token=x&email=a%40b.co",
      resetPassword,
      { token: "x", email: "a@b.co", password: "long-enough-1", password_confirmation: "long-enough-2" },
      pub,
    );
    expect(sent.status).toBe(422);
    expect(sent.data.error).toEqual({ password_confirmation: ["auth.passwordMismatch"] });
  });
});

describe("/account-settings/security", () => {
  it("shows the API's translated 422 beside the current password when it is wrong", async () => {
    const browser = h.browser();
    browser.setCookie("lng", "en-US");
    await browser.signIn(demoUsers.admin.email);
    const sent = await browser.post(
      "/account-settings/security",
      security,
      { current_password: "not-it", password: "uma-senha-nova-1", password_confirmation: "uma-senha-nova-1" },
      settings,
    );
    expect(sent.status).toBe(422);
    expect(sent.data.error).toEqual({ current_password: ["The current password is incorrect."] });
    expect(sent.data.initialValue?.current_password).toBeUndefined();
  });

  it("changes the password and keeps this browser signed in", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const sent = await browser.post(
      "/account-settings/security",
      security,
      { current_password: DEMO_PASSWORD, password: "uma-senha-nova-1", password_confirmation: "uma-senha-nova-1" },
      settings,
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/account-settings/security");
    await expect(h.t.login(demoUsers.owner.email, "uma-senha-nova-1")).resolves.toBeTruthy();
    // Still signed in: the layout lets the page load.
    const page = await browser.get("/account-settings/security", { loader: () => "ok" }, settings);
    expect(page.status).toBe(200);
  });

  it("declares that it skips the subscription and setup checks", () => {
    expect(security.handle).toEqual({ skipSubscribedMiddleware: true, skipSetupCheck: true });
  });
});
