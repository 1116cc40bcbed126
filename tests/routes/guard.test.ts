import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as dashboard from "#app/routes/intelligence/dashboard.tsx";
import { guard, type RouteHandle } from "#app/lib/guard.server.ts";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness, type RouteModule } from "#tests/helpers/route.ts";

const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const inApp = { layouts: [appLayout] };

/** A page guarded like every page behind sign-in, answering { ok: true } when let through. */
function page(handle: RouteHandle): RouteModule {
  return { handle, middleware: [guard(handle)], loader: () => ({ ok: true }) };
}

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

describe("the route guard (spec sections 2, 4, 5 and 6)", () => {
  it("opens a plan-gated page only once the business has that plan (ai add-on)", async () => {
    const owner = h.browser();
    const token = await owner.signIn(demoUsers.owner.email);
    const chat = page({ plan: "ai" });
    const before = await owner.get("/chat", chat, inApp);
    expect(before.location).toBe("/account-settings/subscriptions?required=ai");
    await h.t.json("POST", `/api/v1/subscriptions/${POUSADA}/addons`, { token, body: { addon_plan_identifier: "ai" }, status: 200 });
    const after = await owner.get("/chat", chat, inApp);
    expect(after.status).toBe(200);
    expect(after.data).toEqual({ ok: true });
  });

  it("gates the rate shopper on the user's competitors feature", async () => {
    const rateShopper = page({ feature: "competitors" });
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    expect((await owner.get("/rate-shopper", rateShopper, inApp)).status).toBe(200);
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    expect((await collaborator.get("/rate-shopper", rateShopper, inApp)).location).toBe(
      "/account-settings/subscriptions?required=competitors",
    );
  });

  it("sends a collaborator without the permission to /unauthorized", async () => {
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    const priceSettings = page({ permission: "user.price-settings" });
    expect((await collaborator.get("/price-settings", priceSettings, inApp)).location).toBe("/unauthorized");
    expect((await collaborator.get("/calendar", page({ permission: "user.calendar" }), inApp)).status).toBe(200);
  });

  it("lands a user without the dashboard permission on the first page they may open", async () => {
    const ownerToken = await h.t.login(demoUsers.owner.email);
    await h.t.json("POST", "/api/auth/register", {
      body: { name: "Rita", surname: "Recepção", email: "rita@pousada-demo.com.br", password: "Recepcao!2026", password_confirmation: "Recepcao!2026" },
      status: 201,
    });
    await h.t.json("POST", `/api/v1/businesses/${POUSADA}/collaborators`, {
      token: ownerToken,
      body: { email: "rita@pousada-demo.com.br", permissions: ["user.calendar", "user.learning"] },
      status: 201,
    });
    const rita = h.browser();
    await rita.signIn("rita@pousada-demo.com.br", "Recepcao!2026");
    // Her e-mail is unverified and the pousada is set up: spec section 4 sends her to verify first.
    expect((await rita.get("/", dashboard, inApp)).location).toBe("/check-email");
    await h.t.db.execute(
      (await import("drizzle-orm")).sql`update users set email_verified_at = now() where email = 'rita@pousada-demo.com.br'`,
    );
    expect((await rita.get("/", dashboard, inApp)).location).toBe("/calendar");
  });

  it("sends a signed-in user with no business to /setup-in-progress", async () => {
    await h.t.json("POST", "/api/auth/register", {
      body: { name: "Nova", surname: "Dona", email: "nova@example.com", password: "NovaDona!2026", password_confirmation: "NovaDona!2026" },
      status: 201,
    });
    const nova = h.browser();
    await nova.signIn("nova@example.com", "NovaDona!2026");
    expect((await nova.get("/", dashboard, inApp)).location).toBe("/setup-in-progress");
    expect((await nova.get("/calendar", page({ permission: "user.calendar" }), inApp)).location).toBe("/setup-in-progress");
  });

  it("sends a guest to /login with the page to come back to", async () => {
    const guest = h.browser();
    const result = await guest.get("/calendar?month=2026-12", page({ permission: "user.calendar" }), inApp);
    expect(result.location).toBe("/login?redirectTo=%2Fcalendar%3Fmonth%3D2026-12");
  });
});
