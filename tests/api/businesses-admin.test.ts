import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let admin: string;
let ownerId: string;
let collaboratorId: string;
let newcomer: { token: string; id: string };
const B = DEMO_BUSINESS.id;

beforeAll(async () => {
  t = await createTestApi();
  admin = await t.login(demoUsers.admin.email);
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
  const body = await t.json("POST", "/api/auth/register", {
    body: { name: "Caio", surname: "Novo", email: "caio@example.com", password: "hotel-do-caio", password_confirmation: "hotel-do-caio" },
    status: 201,
  });
  newcomer = { token: body.token, id: body.user.uuid };
});
afterAll(() => t.close());

describe("administrators manage businesses", () => {
  it("POST /admin/businesses creates one for a given owner, with the admin-only fields", async () => {
    const body = await t.json("POST", "/api/v1/admin/businesses", {
      token: admin,
      body: { owner_uuid: newcomer.id, company_name: "Hotel do Caio", country: "BR", city: "Ouro Preto", is_whitelisted: true, room_setup: { categories: [{ name: "Duplo", room_count: 10, min_occupation: 1, max_occupation: 2 }] } },
      status: 201,
    });
    expect(body.business).toMatchObject({ company_name: "Hotel do Caio", owner: { uuid: newcomer.id }, is_whitelisted: true, status: "BUSINESS_CREATED", total_rooms: 10, is_owner: false });
    const list = await t.json("GET", "/api/v1/businesses", { token: newcomer.token });
    expect(list.businesses.map((b: { company_name: string; is_owner: boolean }) => [b.company_name, b.is_owner])).toEqual([["Hotel do Caio", true]]);
    expect(list.selected_business_uuid).toBe(body.business.uuid);

    const unknown = await t.json("POST", "/api/v1/admin/businesses", {
      token: admin,
      lang: "en",
      body: { owner_uuid: "00000000-0000-4000-8000-000000000000", company_name: "X", country: "BR" },
      status: 422,
    });
    expect(unknown.errors.owner_uuid).toEqual(["User not found."]);
  });

  it("GET /admin/businesses searches and pages", async () => {
    for (const name of ["Hostel Azul", "Hostel Verde", "Hostel Roxo"]) {
      await t.json("POST", "/api/v1/admin/businesses", { token: admin, body: { owner_uuid: newcomer.id, company_name: name, country: "BR" }, status: 201 });
    }
    const all = await t.json("GET", "/api/v1/admin/businesses", { token: admin, status: 200 });
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 5, last_page: 1 });
    const hostels = await t.json("GET", "/api/v1/admin/businesses?search=hostel&per_page=2&page=2", { token: admin, status: 200 });
    expect(hostels.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(hostels.data).toHaveLength(1);
    const byCity = await t.json("GET", "/api/v1/admin/businesses?search=paraty", { token: admin });
    expect(byCity.data.map((b: { uuid: string }) => b.uuid)).toEqual([B]);
    const byOwner = await t.json("GET", "/api/v1/admin/businesses?search=dono%40pousada", { token: admin });
    expect(byOwner.data.map((b: { uuid: string }) => b.uuid)).toEqual([B]);
    expect((await t.json("GET", "/api/v1/admin/businesses?search=%25", { token: admin })).meta.total).toBe(0);
    const bad = await t.json("GET", "/api/v1/admin/businesses?per_page=1000", { token: admin, lang: "en", status: 422 });
    expect(bad.errors.per_page).toEqual(["The maximum is 100."]);
  });

  it("PUT /admin/businesses/{id} edits details and admin-only fields", async () => {
    const body = await t.json("PUT", `/api/v1/admin/businesses/${B}`, { token: admin, body: { advisory: true, is_whitelisted: true, zip_code: "23970-001" }, status: 200 });
    expect(body.business).toMatchObject({ advisory: true, is_whitelisted: true, zip_code: "23970-001", company_name: "Pousada Maré Alta" });
    const bad = await t.json("PUT", "/api/v1/admin/businesses/nope", { token: admin, lang: "en", body: {}, status: 422 });
    expect(bad.message).toBe("Invalid business UUID format");
    await t.json("PUT", "/api/v1/admin/businesses/00000000-0000-4000-8000-000000000000", { token: admin, body: {}, status: 404 });
  });

  it("PUT /admin/businesses/{id}/status forces any status", async () => {
    expect((await t.json("PUT", `/api/v1/admin/businesses/${B}/status`, { token: admin, body: { status: "PMS_FAILED" }, status: 200 })).business.status).toBe("PMS_FAILED");
    expect((await t.json("PUT", `/api/v1/admin/businesses/${B}/status`, { token: admin, body: { status: "SETUP_DONE" }, status: 200 })).business.status).toBe("SETUP_DONE");
    const bad = await t.json("PUT", `/api/v1/admin/businesses/${B}/status`, { token: admin, lang: "en", body: { status: "DONE" }, status: 422 });
    expect(bad.errors.status).toEqual(["Choose one of the options."]);
  });
});

describe("administrators manage a user's businesses", () => {
  it("lists them with that user's permissions", async () => {
    const body = await t.json("GET", `/api/v1/admin/users/${collaboratorId}/businesses`, { token: admin, status: 200 });
    expect(body.data.map((b: { uuid: string; permissions: string[]; is_owner: boolean }) => [b.uuid, b.is_owner, b.permissions.length])).toEqual([[B, false, 5]]);
    const owner = await t.json("GET", `/api/v1/admin/users/${ownerId}/businesses`, { token: admin, status: 200 });
    expect(owner.data[0]).toMatchObject({ uuid: B, is_owner: true });
    await t.json("GET", "/api/v1/admin/users/00000000-0000-4000-8000-000000000000/businesses", { token: admin, status: 404 });
  });

  it("assigns a business as collaborator (again to change the permissions) and removes it", async () => {
    const assigned = await t.json("POST", `/api/v1/admin/users/${newcomer.id}/businesses`, { token: admin, body: { business_uuid: B, permissions: ["user.calendar"] }, status: 201 });
    expect(assigned.business).toMatchObject({ uuid: B, permissions: ["user.calendar"], is_owner: false });
    const changed = await t.json("POST", `/api/v1/admin/users/${newcomer.id}/businesses`, { token: admin, body: { business_uuid: B, permissions: ["user.dashboard", "user.calendar"] }, status: 201 });
    expect(changed.business.permissions).toEqual(["user.dashboard", "user.calendar"]);
    await t.json("GET", `/api/v1/businesses/${B}`, { token: newcomer.token, status: 200 });

    const ownerAssign = await t.json("POST", `/api/v1/admin/users/${ownerId}/businesses`, { token: admin, lang: "en", body: { business_uuid: B, permissions: [] }, status: 422 });
    expect(ownerAssign.errors.business_uuid).toEqual(["This person owns the business."]);
    await t.json("POST", `/api/v1/admin/users/${newcomer.id}/businesses`, { token: admin, body: { business_uuid: B, permissions: ["admin.users"] }, status: 422 });

    const removed = await t.json("DELETE", `/api/v1/admin/users/${newcomer.id}/businesses/${B}`, { token: admin, status: 200 });
    expect(removed.data.map((b: { company_name: string }) => b.company_name)).not.toContain("Pousada Maré Alta");
    await t.json("DELETE", `/api/v1/admin/users/${newcomer.id}/businesses/${B}`, { token: admin, status: 404 });
    await t.json("DELETE", `/api/v1/admin/users/${ownerId}/businesses/${B}`, { token: admin, status: 422 });
    await t.json("GET", `/api/v1/businesses/${B}`, { token: newcomer.token, status: 403 });
  });
});
