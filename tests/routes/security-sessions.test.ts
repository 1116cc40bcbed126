import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#api/db/schema/index.ts";
import { hashPassword } from "#api/services/passwords.ts";
import * as accountSettings from "#app/routes/account/settings.tsx";
import * as myAccount from "#app/routes/account/settings.my-account.tsx";
import * as security from "#app/routes/account/settings.security.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as forgotPassword from "#app/routes/auth/forgot-password.tsx";
import * as guestLayout from "#app/routes/shell/guest-layout.tsx";
import * as login from "#app/routes/auth/login.tsx";
import * as logout from "#app/routes/auth/logout.ts";
import * as usersEdit from "#app/routes/manage/users.edit.tsx";
import * as publicLayout from "#app/routes/shell/public-layout.tsx";
import * as resetPassword from "#app/routes/auth/reset-password.tsx";
import { DEMO_PASSWORD, demoUsers } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";
import { resetLinkFor } from "#tests/helpers/dev-mailbox.ts";

/**
 * Issue 17, point 1, through the web's session cookie: logout, "sign out everywhere", a password
 * change, a password reset and an administrator blocking the user end the API session behind the
 * cookie and the access tokens minted from it.
 */
let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const settings = { layouts: [appLayout, accountSettings] };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const email = demoUsers.owner.email;

/** Signs in through the /login form, as a browser would; answers the API token now in the session cookie. */
async function signInThroughForm(as: string = email, password = DEMO_PASSWORD) {
  const browser = h.browser();
  const sent = await browser.post("/login", login, { email: as, password }, {
    layouts: [guestLayout],
    headers: { "user-agent": FIREFOX, "x-forwarded-for": "192.0.2.44" },
  });
  expect(sent.status).toBe(302);
  const token = (await browser.session()).get("token")!;
  expect(token).toBeTruthy();
  return { browser, token };
}

const status = async (token: string) => (await h.t.call("GET", "/api/v1/user", { token })).status;

/** An account of its own for each test below, so that changing its password or blocking it leaves the demo users alone. */
async function newAccount(): Promise<{ id: string; email: string }> {
  const address = `sessions-${randomBytes(4).toString("hex")}@example.com`;
  const [row] = await h.t.db
    .insert(users)
    .values({ name: "Rita", surname: "Sessões", email: address, passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["owner"], emailVerifiedAt: h.t.clock.now })
    .returning();
  return { id: row!.id, email: address };
}

/** The cookie no longer signs anyone in: a signed-in page sends the browser to /login. */
async function expectSentToLogin(browser: Browser) {
  const next = await browser.get("/account-settings/my-account", myAccount, settings);
  expect(next.location).toBe("/login?redirectTo=%2Faccount-settings%2Fmy-account");
}

describe("sessions through the web", () => {
  it("/account-settings/my-account lists the sessions, naming this browser", async () => {
    const { browser } = await signInThroughForm();
    const page = await browser.get("/account-settings/my-account", myAccount, settings);
    const current = page.data.sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ browser: "Firefox 128", os: "Linux", platform: "desktop", ip: "192.0.2.44" });
  });

  it("logout ends the session's API token and the access tokens minted from it", async () => {
    const { browser, token } = await signInThroughForm();
    const { access_token } = await h.t.json("POST", "/api/auth/access-token", { token, status: 200 });
    const out = await browser.post("/logout", logout);
    expect(out.location).toBe("/login");
    expect(await status(token)).toBe(401);
    expect(await status(access_token)).toBe(401);
  });

  it("sign out everywhere ends every session (the other browser's too) and lands on /login with a notice", async () => {
    const other = await signInThroughForm();
    const { browser, token } = await signInThroughForm();
    const { access_token } = await h.t.json("POST", "/api/auth/access-token", { token: other.token, status: 200 });
    const sent = await browser.post("/account-settings/my-account", myAccount, { intent: "sign-out-everywhere" }, settings);
    expect(sent.location).toBe("/login");
    const session = await browser.session();
    expect(session.get("token")).toBeUndefined();
    expect(session.get("toast")).toMatchObject({ kind: "success", message: "security:sessions.signedOutEverywhere" });
    for (const t of [token, other.token, access_token]) expect(await status(t)).toBe(401);
    // The other browser is sent to sign in on its next page.
    const next = await other.browser.get("/account-settings/my-account", myAccount, settings);
    expect(next.location).toBe("/login?redirectTo=%2Faccount-settings%2Fmy-account");
  });

  it("a password change ends the other browsers' cookies and their access tokens; the browser that changed it stays signed in", async () => {
    const account = await newAccount();
    const other = await signInThroughForm(account.email);
    const { access_token } = await h.t.json("POST", "/api/auth/access-token", { token: other.token, status: 200 });
    expect((await other.browser.get("/account-settings/my-account", myAccount, settings)).status).toBe(200);
    const { browser, token } = await signInThroughForm(account.email);
    const sent = await browser.post(
      "/account-settings/security",
      security,
      { current_password: DEMO_PASSWORD, password: "uma-senha-nova-1", password_confirmation: "uma-senha-nova-1" },
      settings,
    );
    expect(sent.location).toBe("/account-settings/security");
    expect(await status(other.token)).toBe(401);
    expect(await status(access_token)).toBe(401);
    await expectSentToLogin(other.browser);
    expect(await status(token)).toBe(200);
    expect((await browser.get("/account-settings/my-account", myAccount, settings)).status).toBe(200);
  });

  it("a password reset ends every browser's cookie and the access tokens minted from them", async () => {
    const account = await newAccount();
    const { browser, token } = await signInThroughForm(account.email);
    const { access_token } = await h.t.json("POST", "/api/auth/access-token", { token, status: 200 });
    expect((await browser.get("/account-settings/my-account", myAccount, settings)).status).toBe(200);
    const asked = await h.browser().post("/forgot-password", forgotPassword, { email: account.email }, { layouts: [guestLayout] });
    expect(asked.location).toBe("/forgot-password?sent=1");
    const link = await resetLinkFor(h, account.email);
    const stranger = h.browser();
    const form = await stranger.get(link, resetPassword, { layouts: [publicLayout] });
    const reset = await stranger.post(
      link,
      resetPassword,
      { token: form.data.token, email: account.email, password: "outra-senha-nova-2", password_confirmation: "outra-senha-nova-2" },
      { layouts: [publicLayout] },
    );
    expect(reset.location).toBe("/login");
    expect(await status(token)).toBe(401);
    expect(await status(access_token)).toBe(401);
    await expectSentToLogin(browser);
  });

  it("an administrator blocking the user ends the user's cookie and access tokens; enabling again does not revive them", async () => {
    const account = await newAccount();
    const { browser, token } = await signInThroughForm(account.email);
    const { access_token } = await h.t.json("POST", "/api/auth/access-token", { token, status: 200 });
    expect((await browser.get("/account-settings/my-account", myAccount, settings)).status).toBe(200);
    const admin = h.browser();
    await admin.signIn(demoUsers.admin.email);
    const edit = { layouts: [appLayout], params: { id: account.id } };
    const off = await admin.post(`/manage/users/${account.id}`, usersEdit, { intent: "disable" }, edit);
    expect(off.location).toBe(`/manage/users/${account.id}`);
    expect(await status(token)).toBe(401);
    expect(await status(access_token)).toBe(401);
    await expectSentToLogin(browser);
    const on = await admin.post(`/manage/users/${account.id}`, usersEdit, { intent: "enable" }, edit);
    expect(on.location).toBe(`/manage/users/${account.id}`);
    expect(await status(token)).toBe(401);
    await expectSentToLogin(browser);
  });
});
