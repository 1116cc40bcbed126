import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as settings from "#app/routes/account/settings.two-factor.tsx";
import * as login from "#app/routes/auth/login.tsx";
import * as loginTwoFactor from "#app/routes/auth/login.two-factor.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * Two-factor sign-in and its settings page through their actions, JavaScript off (issue 23): the
 * password answers a challenge, the code completes it; an owner turns two-factor on (start,
 * confirm with a code: the recovery codes shown once) and off again (password and code).
 */
const inApp = { layouts: [appLayout] };

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("two-factor pages", () => {
  it("signs the administrator in with the password, then the code", async () => {
    const browser = h.browser();
    const first = await browser.post("/login", login, { email: demoUsers.admin.email, password: DEMO_PASSWORD });
    expect(first.location).toBe("/login/two-factor");
    expect((await browser.session()).get("token")).toBeUndefined();

    const admin = await userByEmail(h.t.db, demoUsers.admin.email);
    const code = await h.t.nextTotpCode(admin!.id, DEMO_ADMIN_TOTP_SECRET);
    const second = await browser.post("/login/two-factor", loginTwoFactor, { code });
    expect(second.location).toBe("/");
    expect((await browser.session()).get("token")).toEqual(expect.any(String));
  });

  it("turns two-factor on for the owner, shows the recovery codes once, and turns it off", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    expect((await owner.get("/account-settings/two-factor", settings, inApp)).data.state).toMatchObject({ enabled: false, pending: null });

    expect((await owner.post("/account-settings/two-factor", settings, { intent: "start" }, inApp)).location).toBe("/account-settings/two-factor");
    const pending = (await owner.get("/account-settings/two-factor", settings, inApp)).data;
    const secret: string = pending.state.pending.secret;
    expect(pending.secret).toBe(secret.replace(/(.{4})(?=.)/g, "$1 "));

    const user = await userByEmail(h.t.db, demoUsers.owner.email);
    const confirmed = await owner.post("/account-settings/two-factor", settings, { intent: "confirm", code: await h.t.nextTotpCode(user!.id, secret) }, inApp);
    expect(confirmed.data).toMatchObject({ intent: "codes", next: null });
    expect(confirmed.data.codes.length).toBeGreaterThan(0);
    expect((await owner.get("/account-settings/two-factor", settings, inApp)).data.state).toMatchObject({ enabled: true, recovery_codes_left: confirmed.data.codes.length });

    const wrong = await owner.post("/account-settings/two-factor", settings, { intent: "disable", password: "not the password", code: confirmed.data.codes[0] }, inApp);
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.data.result.error)).toEqual(["password"]);

    const off = await owner.post("/account-settings/two-factor", settings, { intent: "disable", password: DEMO_PASSWORD, code: confirmed.data.codes[0] }, inApp);
    expect(off.location).toBe("/account-settings/two-factor");
    expect((await owner.get("/account-settings/two-factor", settings, inApp)).data.state).toMatchObject({ enabled: false });
  });
});
