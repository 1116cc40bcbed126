import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as dashboard from "#app/routes/intelligence/dashboard.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * The signed-in shell (docs/decisions/0011-one-call-for-the-app-shell.md): the root's session
 * middleware reads the user, their businesses and the selected one's plans in one API call,
 * and the app layout's guard works from that answer.
 */

const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const inApp = { layouts: [appLayout] };
/** The dashboard behind its guard, answering what the app layout's loader gives the shell. */
const home = { middleware: dashboard.middleware, loader: appLayout.loader };

let h: RouteHarness;
/** The API paths the web called, in order. */
let calls: string[] = [];

beforeAll(async () => {
  h = await createRouteHarness();
  const inner = h.upstream;
  h.upstream = (request) => {
    calls.push(new URL(request.url).pathname);
    return inner(request);
  };
});
afterAll(() => h.close());

describe("the app shell's API calls", () => {
  it("reads the whole shell of a page with one call", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    calls = [];
    const page = await owner.get("/", home, inApp);
    expect(page.status).toBe(200);
    expect(calls).toEqual(["/api/v1/user/app-state"]);
    // The shell ships only what it shows of the user: the name and the permissions (no e-mail, address or phone in every document).
    expect(page.data.user).toEqual({ name: "Otávio", surname: "Proprietário", permissions: expect.arrayContaining([{ name: "user.calendar" }]) });
    expect(page.data.businesses).toEqual([{ uuid: POUSADA, company_name: "Pousada Maré Alta" }]);
    expect(page.data.selectedBusinessUuid).toBe(POUSADA);
  });

  it("gates the sidebar from the plans of that same answer", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const token = await h.t.login(demoUsers.owner.email);
    const before = await owner.get("/", home, inApp);
    expect(before.data.gates.ai).toBe(false);
    await h.t.json("POST", `/api/v1/subscriptions/${POUSADA}/addons`, { token, body: { addon_plan_identifier: "ai" }, status: 200 });
    const after = await owner.get("/", home, inApp);
    expect(after.data.gates.ai).toBe(true);
  });

  it("drops a token the API refuses, and sends the visitor to sign in", async () => {
    const owner = h.browser();
    const token = await owner.signIn(demoUsers.owner.email);
    await h.t.json("POST", "/api/auth/logout", { token, status: 200 });
    calls = [];
    const page = await owner.get("/", home, inApp);
    expect(page.location).toBe("/login");
    expect(calls).toEqual(["/api/v1/user/app-state"]);
    expect((await owner.session()).get("token")).toBeUndefined();
  });
});
