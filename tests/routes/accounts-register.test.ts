import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkEmail from "#app/routes/auth/check-email.tsx";
import * as forgotPassword from "#app/routes/auth/forgot-password.tsx";
import * as guestLayout from "#app/routes/shell/guest-layout.tsx";
import * as publicLayout from "#app/routes/shell/public-layout.tsx";
import * as register from "#app/routes/auth/register.tsx";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const guest = { layouts: [guestLayout] };
const newUser = (email: string) => ({
  name: "Beatriz",
  surname: "Hóspede",
  email,
  password: "pousada-azul-2026",
  password_confirmation: "pousada-azul-2026",
  company: "Pousada Azul",
});

describe("/register", () => {
  it("creates the account, signs the new user in and sends them to /check-email", async () => {
    const browser = h.browser();
    const sent = await browser.post("/register", register, newUser("Beatriz@Example.com"), guest);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/check-email");
    expect(browser.cookie("__session")).toBeTruthy();

    const row = await userByEmail(h.t.db, "beatriz@example.com");
    expect(row).toMatchObject({ name: "Beatriz", surname: "Hóspede", company: "Pousada Azul", preferredLanguage: "pt-BR" });
    expect(row.emailVerifiedAt).toBeNull();

    // The session now holds the new user's token: /check-email names their address.
    const page = await browser.get("/check-email", checkEmail, { layouts: [publicLayout] });
    expect(page.data).toMatchObject({ email: "beatriz@example.com", verified: false });
  });

  it("starts the account in the language the visitor is reading", async () => {
    const browser = h.browser();
    browser.setCookie("lng", "it-IT");
    const sent = await browser.post("/register", register, newUser("giulia@example.com"), guest);
    expect(sent.status).toBe(302);
    expect((await userByEmail(h.t.db, "giulia@example.com")).preferredLanguage).toBe("it-IT");
  });

  it("refuses mismatched passwords before calling the API, keeping what was typed except the passwords", async () => {
    const sent = await h.browser().post(
      "/register",
      register,
      { ...newUser("carla@example.com"), password_confirmation: "something-else-1" },
      guest,
    );
    expect(sent.status).toBe(422);
    expect(sent.data.error).toEqual({ password_confirmation: ["auth.passwordMismatch"] });
    expect(sent.data.initialValue).toMatchObject({ email: "carla@example.com" });
    expect(sent.data.initialValue.password).toBeUndefined();
    expect(await userByEmail(h.t.db, "carla@example.com")).toBeUndefined();
  });

  it("shows the API's translated 422 beside the e-mail field when the address is taken", async () => {
    const browser = h.browser();
    browser.setCookie("lng", "en-US");
    const sent = await browser.post("/register", register, newUser(demoUsers.owner.email), guest);
    expect(sent.status).toBe(422);
    expect(Object.keys(sent.data.error)).toEqual(["email"]);
    expect(sent.data.error.email[0]).toMatch(/already/i);
  });

  it("is for guests only: a signed-in user is sent home", async () => {
    const browser = h.browser();
    await browser.signIn(demoUsers.owner.email);
    const page = await browser.get("/register", register, guest);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
  });

  it("refuses a post without the CSRF token with 403", async () => {
    const sent = await h.browser().post("/register", register, newUser("nocsrf@example.com"), { ...guest, csrf: false });
    expect(sent.status).toBe(403);
    expect(await userByEmail(h.t.db, "nocsrf@example.com")).toBeUndefined();
  });
});

describe("/forgot-password", () => {
  it("answers the same for a known and an unknown address (post/redirect/get to the confirmation)", async () => {
    for (const email of [demoUsers.owner.email, "nobody@example.com"]) {
      const sent = await h.browser().post("/forgot-password", forgotPassword, { email }, guest);
      expect(sent.status).toBe(302);
      expect(sent.location).toBe("/forgot-password?sent=1");
    }
    const page = await h.browser().get("/forgot-password?sent=1", forgotPassword, guest);
    expect(page.data).toEqual({ sent: true });
  });

  it("validates the address", async () => {
    const sent = await h.browser().post("/forgot-password", forgotPassword, { email: "not-an-email" }, guest);
    expect(sent.status).toBe(422);
    expect(sent.data.error).toEqual({ email: ["validation.email"] });
  });
});
