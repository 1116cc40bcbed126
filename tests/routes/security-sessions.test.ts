import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountSettings from "../../app/routes/account-settings.tsx";
import * as myAccount from "../../app/routes/account-settings.my-account.tsx";
import * as appLayout from "../../app/routes/app-layout.tsx";
import * as guestLayout from "../../app/routes/guest-layout.tsx";
import * as login from "../../app/routes/login.tsx";
import * as logout from "../../app/routes/logout.ts";
import { DEMO_PASSWORD, demoUsers } from "../helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "../helpers/route.ts";

/** Issue 17, point 1, through the web's session cookie: logout and "sign out everywhere" end the API session and its access tokens. */
let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const settings = { layouts: [appLayout, accountSettings] };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const email = demoUsers.owner.email;

/** Signs in through the /login form, as a browser would; answers the API token now in the session cookie. */
async function signInThroughForm() {
  const browser = h.browser();
  const sent = await browser.post("/login", login, { email, password: DEMO_PASSWORD }, {
    layouts: [guestLayout],
    headers: { "user-agent": FIREFOX, "x-forwarded-for": "192.0.2.44" },
  });
  expect(sent.status).toBe(302);
  const token = (await browser.session()).get("token")!;
  expect(token).toBeTruthy();
  return { browser, token };
}

const status = async (token: string) => (await h.t.call("GET", "/api/v1/user", { token })).status;

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
});
