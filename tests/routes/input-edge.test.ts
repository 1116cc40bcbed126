import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as availability from "#app/routes/bookings/availability.tsx";
import * as bookingsHome from "#app/routes/bookings/home.tsx";
import * as bookings from "#app/routes/bookings/index.tsx";
import * as manageBusinesses from "#app/routes/manage/businesses.tsx";
import * as manageUsers from "#app/routes/manage/users.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness, type RouteModule } from "#tests/helpers/route.ts";

/**
 * The pages whose query strings reached PostgreSQL as a NUL character or a year 9999 (issue 17)
 * answer a 4xx or an empty result now, never 500 (ADR 0018).
 */
let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };

describe("pages with out-of-range query strings", () => {
  it.each<[string, RouteModule, string]>([
    ["/availability?from=9999-12-31", availability, "owner"],
    ["/availability?from=0001-01-01&to=0001-01-05", availability, "owner"],
    ["/availability?from=2100-12-31", availability, "owner"],
    ["/bookings/home?from=9999-12-31", bookingsHome, "owner"],
    ["/bookings/home?from=2100-12-25", bookingsHome, "owner"],
    ["/bookings?q=%00", bookings, "owner"],
    ["/bookings?from=9999-12-31", bookings, "owner"],
    ["/manage/users?search=%00", manageUsers, "admin"],
    ["/manage/businesses?search=%00", manageBusinesses, "admin"],
  ])("%s answers below 500", async (path, route, who) => {
    const browser = h.browser();
    await browser.signIn(who === "admin" ? demoUsers.admin.email : demoUsers.owner.email);
    const page = await browser.get(path, route, inApp);
    expect(page.status).toBeLessThan(500);
  });
});
