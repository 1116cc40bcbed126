import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGuard } from "#app/lib/guard.server.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as add from "#app/routes/manage/businesses.add.tsx";
import * as edit from "#app/routes/manage/businesses.edit.tsx";
import * as list from "#app/routes/manage/businesses.tsx";
import * as userBusinesses from "#app/routes/manage/users.businesses.tsx";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
let admin: Browser;
let adminToken: string;
const DEMO = "d3e00000-0000-4000-8000-000000000001";

beforeAll(async () => {
  h = await createRouteHarness();
  admin = h.browser();
  adminToken = await admin.signIn(demoUsers.admin.email);
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const withId = (id: string) => ({ layouts: [appLayout], params: { id } });

describe("admin: businesses", () => {
  it("is for admin.businesses only", async () => {
    for (const route of [list, add, edit, userBusinesses]) {
      expect(route.handle).toEqual({ permission: "admin.businesses" });
      expect(route.middleware.some(isGuard)).toBe(true);
    }
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    expect((await owner.get("/manage/businesses", list, inApp)).location).toBe("/unauthorized");
  });

  it("creates a business for an account named by e-mail, then edits it and forces its status", async () => {
    const unknown = await admin.post("/manage/businesses/add", add, { owner: "ninguem@example.com", company_name: "Pousada X", country: "BR" }, inApp);
    expect(unknown.status).toBe(422);
    expect(unknown.data.error).toEqual({ owner: ["business:admin.ownerNotFound"] });

    const created = await admin.post("/manage/businesses/add", add, { owner: demoUsers.collaborator.email, company_name: "Pousada da Camila", country: "BR", city: "Cunha" }, inApp);
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!;
    expect(created.location).toBe(`/manage/businesses/${id}`);

    const page = await admin.get(`/manage/businesses/${id}`, edit, withId(id));
    expect(page.data.business).toMatchObject({ status: "BUSINESS_CREATED", owner: { email: demoUsers.collaborator.email }, values: { company_name: "Pousada da Camila", city: "Cunha" } });

    const saved = await admin.post(`/manage/businesses/${id}`, edit, { intent: "details", company_name: "Pousada da Camila", country: "BR", city: "Cunha", is_whitelisted: "on" }, withId(id));
    expect(saved.location).toBe(`/manage/businesses/${id}`);
    const status = await admin.post(`/manage/businesses/${id}`, edit, { intent: "status", status: "DATA_LOADED" }, withId(id));
    expect(status.location).toBe(`/manage/businesses/${id}`);
    const json = (await h.t.json("GET", `/api/v1/businesses/${id}`, { token: adminToken, status: 200 })).data;
    expect(json).toMatchObject({ is_whitelisted: true, advisory: false, status: "DATA_LOADED" });

    const search = await admin.get("/manage/businesses?search=camila", list, inApp);
    expect(search.data.businesses.map((b: { company_name: string }) => b.company_name)).toEqual(["Pousada da Camila"]);
    expect(search.data.meta.total).toBe(1);
    expect((await admin.get("/manage/businesses?page=0", list, inApp)).data.meta.page).toBe(1);
  });

  it("lists an account's businesses, assigns one with permissions and removes it", async () => {
    await h.t.json("POST", "/api/auth/register", {
      status: 201,
      body: { name: "Bia", surname: "Balcão", email: "bia@example.com", password: "pousada-azul-2026", password_confirmation: "pousada-azul-2026" },
    });
    const bia = (await userByEmail(h.t.db, "bia@example.com")).id;
    const path = `/manage/users/${bia}/businesses`;
    const page = await admin.get(path, userBusinesses, withId(bia));
    expect(page.data.person).toMatchObject({ email: "bia@example.com" });
    expect(page.data.businesses).toEqual([]);
    expect(page.data.candidates.map((c: { value: string }) => c.value)).toContain(DEMO);

    const refused = await admin.post(path, userBusinesses, { intent: "assign", business_uuid: DEMO }, withId(bia));
    expect(refused.status).toBe(422);
    const assigned = await admin.post(path, userBusinesses, { intent: "assign", business_uuid: DEMO, permissions: ["user.calendar", "user.reservations"] }, withId(bia));
    expect(assigned.location).toBe(path);
    const after = await admin.get(path, userBusinesses, withId(bia));
    expect(after.data.businesses).toMatchObject([{ uuid: DEMO, isOwner: false, permissions: ["user.calendar", "user.reservations"] }]);

    expect((await admin.post(path, userBusinesses, { intent: "remove", business_uuid: DEMO }, withId(bia))).location).toBe(path);
    expect((await admin.get(path, userBusinesses, withId(bia))).data.businesses).toEqual([]);
  });
});
