import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as guestLayout from "#app/routes/shell/guest-layout.tsx";
import * as language from "#app/routes/shell/language.ts";
import * as login from "#app/routes/auth/login.tsx";
import { DEMO_PASSWORD, demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, runRoute, type RouteHarness } from "#tests/helpers/route.ts";

/** Issue 17, point 3: under https every cookie we set is Secure — the web's (session, csrf, lng) and the API's cookie mode. */
let h: RouteHarness;
beforeAll(async () => {
  // A separate test file: the web reads cookieSecure when its cookie modules load.
  h = await createRouteHarness({ env: { COOKIE_SECURE: "true", APP_URL: "https://tarifa.example" } });
});
afterAll(() => h.close());

function setCookies(headers: Headers): Map<string, string> {
  return new Map(headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
}

describe("cookies under https", () => {
  it("the web's session, csrf and lng cookies", async () => {
    const browser = h.browser();
    const page = await runRoute(new Request("https://tarifa.example/login"), { loader: () => null }, "loader");
    expect(setCookies(page.headers).get("csrf")).toMatch(/;\s*Secure/i);
    const signedIn = await browser.post("/login", login, { email: demoUsers.owner.email, password: DEMO_PASSWORD }, { layouts: [guestLayout] });
    const fromLogin = setCookies(signedIn.headers);
    expect(fromLogin.get("__session")).toMatch(/;\s*Secure/i);
    expect(fromLogin.get("lng")).toMatch(/;\s*Secure/i);
    const switched = await browser.post("/language", language, { locale: "es-ES", redirectTo: "/" });
    expect(setCookies(switched.headers).get("lng")).toMatch(/;\s*Secure/i);
  });

  it("the API's session and XSRF cookies", async () => {
    const first = await h.t.call("GET", "/api/auth/csrf-cookie");
    const xsrf = setCookies(first.headers).get("XSRF-TOKEN")!;
    expect(xsrf).toMatch(/;\s*Secure/i);
    const value = decodeURIComponent(xsrf.slice("XSRF-TOKEN=".length).split(";")[0]);
    const res = await h.t.call("POST", "/api/auth/login", {
      body: { email: demoUsers.owner.email, password: DEMO_PASSWORD, mode: "cookie" },
      headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(value)}`, "x-xsrf-token": value },
    });
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies.get("tarifa_session")).toMatch(/;\s*Secure/i);
    expect(cookies.get("XSRF-TOKEN")).toMatch(/;\s*Secure/i);
  });
});
