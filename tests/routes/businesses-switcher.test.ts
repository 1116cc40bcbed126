import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as businessList from "#app/routes/business/index.tsx";
import * as select from "#app/routes/business/select.ts";
import * as businessesLayout from "#app/routes/business/layout.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
let browser: Browser;
let token: string;
const DEMO = "d3e00000-0000-4000-8000-000000000001";
let second: string;

beforeAll(async () => {
  h = await createRouteHarness();
  browser = h.browser();
  token = await browser.signIn(demoUsers.owner.email);
  // A second hotel for the owner, set up so no redirect rule interferes with the pages below.
  const created = await h.t.json("POST", "/api/v1/businesses", { token, status: 201, body: { company_name: "Hostel Centro", country: "BR" } });
  second = created.business.uuid;
  await h.t.json("PUT", `/api/v1/admin/businesses/${second}/status`, {
    token: await h.t.login(demoUsers.admin.email),
    body: { status: "SETUP_DONE" },
    status: 200,
  });
  await h.t.json("PUT", "/api/v1/user/selected-business", { token, body: { business_uuid: DEMO }, status: 200 });
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const inBusinesses = { layouts: [appLayout, businessesLayout] };
const selected = async () => (await h.t.json("GET", "/api/v1/businesses", { token, status: 200 })).selected_business_uuid;

describe("business switcher", () => {
  it("gives the app layout the user's businesses and the selected one", async () => {
    const page = await browser.get("/", appLayout, {});
    expect(page.data.selectedBusinessUuid).toBe(DEMO);
    expect(page.data.businesses.map((b: { company_name: string }) => b.company_name)).toEqual(["Pousada Maré Alta", "Hostel Centro"]);
  });

  it("remembers the choice on the server and goes back to the page it came from", async () => {
    const sent = await browser.post("/businesses/select", select, { business_uuid: second, redirectTo: "/businesses/overview" }, inApp);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/businesses/overview");
    expect(await selected()).toBe(second);
    // The redirect rules now follow the new business: it has no plan yet (rule 4).
    expect((await browser.get("/businesses", businessList, inBusinesses)).location).toBe("/subscribe");

    const back = await browser.post("/businesses/select", select, { business_uuid: DEMO, redirectTo: "/businesses" }, inApp);
    expect(back.location).toBe("/businesses");
    expect(await selected()).toBe(DEMO);
    const list = await browser.get("/businesses", businessList, inBusinesses);
    expect(list.data.selectedUuid).toBe(DEMO);
    expect(list.data.businesses.map((b: { company_name: string }) => b.company_name)).toEqual(["Pousada Maré Alta", "Hostel Centro"]);
  });

  it("never follows a redirect off the site and refuses a malformed or foreign business", async () => {
    const offsite = await browser.post("/businesses/select", select, { business_uuid: second, redirectTo: "https://evil.example/" }, inApp);
    expect(offsite.location).toBe("/");
    const malformed = await browser.post("/businesses/select", select, { business_uuid: "nope", redirectTo: "/businesses" }, inApp);
    expect(malformed.location).toBe("/businesses");
    expect(await selected()).toBe(second);

    // The collaborator works only on the demo pousada: the owner's other hotel is not theirs to pick.
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    const foreign = await collaborator.post("/businesses/select", select, { business_uuid: second, redirectTo: "/businesses" }, inApp);
    expect(foreign.location).toBe("/businesses");
    expect(foreign.headers.get("set-cookie")).toContain("__session");
  });

  it("needs a form post: a GET goes to the list", async () => {
    expect((await browser.get("/businesses/select", select, inApp)).location).toBe("/businesses");
  });
});
