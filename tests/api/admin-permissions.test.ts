import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PERMISSIONS, PERMISSIONS } from "#domain/access/permissions.ts";
import { businesses } from "#api/db/schema/index.ts";
import { accessTo } from "#api/services/business-access.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let adminToken: string;
let ownerToken: string;
let collaboratorToken: string;
let ownerId: string;
let collaboratorId: string;

interface PermissionJson {
  uuid: string;
  name: string;
  description: string;
  descriptions: Record<string, string>;
  guard: "user" | "admin";
  system: boolean;
  users_count: number;
}

beforeAll(async () => {
  t = await createTestApi();
  adminToken = await t.login(demoUsers.admin.email);
  ownerToken = await t.login(demoUsers.owner.email);
  collaboratorToken = await t.login(demoUsers.collaborator.email);
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
});
afterAll(() => t.close());

async function list(lang?: string): Promise<PermissionJson[]> {
  return (await t.json("GET", "/api/v1/admin/permissions", { token: adminToken, lang, status: 200 })).data;
}

async function byName(name: string): Promise<PermissionJson> {
  const found = (await list()).find((p) => p.name === name);
  if (!found) throw new Error(`no permission ${name}`);
  return found;
}

const grant = (permission: string, userId: string, status = 201) =>
  t.json("POST", `/api/v1/admin/permissions/${permission}/users`, { token: adminToken, body: { user_uuid: userId }, status });

const names = async (token: string) =>
  ((await t.json("GET", "/api/v1/user", { token, status: 200 })).user.permissions as { name: string }[]).map((p) => p.name);

/** What the account holds beyond its business grants (the demo collaborator works in the demo pousada). */
const adminNames = async (token: string) => (await names(token)).filter((name) => name.startsWith("admin."));

describe("who may call /api/v1/admin/permissions", () => {
  it("refuses owners and collaborators with 403 on every route", async () => {
    const id = (await byName("admin.learning")).uuid;
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/v1/admin/permissions"],
      ["POST", "/api/v1/admin/permissions", { name: "admin.reports", guard: "admin" }],
      ["GET", `/api/v1/admin/permissions/${id}`],
      ["PUT", `/api/v1/admin/permissions/${id}`, { description: { "en-US": "x" } }],
      ["DELETE", `/api/v1/admin/permissions/${id}`],
      ["GET", `/api/v1/admin/permissions/${id}/users`],
      ["POST", `/api/v1/admin/permissions/${id}/users`, { user_uuid: ownerId }],
      ["DELETE", `/api/v1/admin/permissions/${id}/users/${ownerId}`],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [ownerToken, collaboratorToken]) {
        expect((await t.call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      }
      expect((await t.call(method, path, { body })).status).toBe(401);
    }
    expect((await byName("admin.learning")).users_count).toBe(0);
  });
});

describe("GET /api/v1/admin/permissions", () => {
  it("lists the spec's names as system records, admin.* first, with descriptions in the caller's language", async () => {
    const all = await list("en");
    expect(all.map((p) => p.name).sort()).toEqual([...PERMISSIONS].sort());
    expect(all.every((p) => p.system)).toBe(true);
    expect(all.slice(0, 4).map((p) => p.guard)).toEqual(["admin", "admin", "admin", "admin"]);
    expect(all.find((p) => p.name === "admin.users")).toMatchObject({
      guard: "admin",
      system: true,
      users_count: 0,
      description: "Manage user accounts",
      descriptions: { "pt-BR": "Administrar as contas de usuários", "it-IT": "Gestire gli account utente" },
    });
    expect(all.find((p) => p.name === "user.calendar")?.guard).toBe("user");
    expect((await list("es")).find((p) => p.name === "admin.users")?.description).toBe("Administrar las cuentas de usuarios");
  });
});

describe("custom permissions: POST, GET, PUT and DELETE /api/v1/admin/permissions", () => {
  it("creates, shows, edits and deletes a custom permission", async () => {
    const created = await t.json("POST", "/api/v1/admin/permissions", {
      token: adminToken,
      body: { name: "admin.reports", guard: "admin", description: { "pt-BR": "Ver relatórios", "en-US": "See reports", "es-ES": "  " } },
      lang: "en",
      status: 201,
    });
    expect(created.data).toMatchObject({
      name: "admin.reports",
      guard: "admin",
      system: false,
      users_count: 0,
      description: "See reports",
      descriptions: { "pt-BR": "Ver relatórios", "en-US": "See reports" },
    });
    const id = created.data.uuid;
    expect((await t.json("GET", `/api/v1/admin/permissions/${id}`, { token: adminToken, status: 200 })).data.description).toBe(
      "Ver relatórios",
    );
    // A locale with no text falls back to Portuguese.
    expect((await t.json("GET", `/api/v1/admin/permissions/${id}`, { token: adminToken, lang: "fr", status: 200 })).data.description).toBe(
      "Ver relatórios",
    );

    const renamed = await t.json("PUT", `/api/v1/admin/permissions/${id}`, {
      token: adminToken,
      body: { name: "admin.monthly-reports", description: { "pt-BR": "Relatórios mensais" } },
      status: 200,
    });
    expect(renamed.data).toMatchObject({ name: "admin.monthly-reports", guard: "admin", descriptions: { "pt-BR": "Relatórios mensais" } });

    await t.json("DELETE", `/api/v1/admin/permissions/${id}`, { token: adminToken, status: 200 });
    expect((await t.call("GET", `/api/v1/admin/permissions/${id}`, { token: adminToken })).status).toBe(404);
    expect((await t.call("DELETE", `/api/v1/admin/permissions/${id}`, { token: adminToken })).status).toBe(404);
  });

  it("refuses bad names, a guard that does not match the name, and a taken name with 422", async () => {
    const post = (body: unknown) => t.json("POST", "/api/v1/admin/permissions", { token: adminToken, body, lang: "en", status: 422 });
    expect(Object.keys((await post({ name: "Reports!", guard: "admin" })).errors)).toEqual(["name"]);
    expect(Object.keys((await post({ name: "superuser.all", guard: "admin" })).errors)).toEqual(["name"]);
    expect((await post({ name: "user.reports", guard: "admin" })).errors.name).toEqual([
      "The name must start with the chosen type (user. or admin.).",
    ]);
    expect(Object.keys((await post({ name: "admin.x", guard: "root" })).errors)).toEqual(["guard"]);
    expect((await post({ name: "admin.users", guard: "admin" })).errors.name).toEqual(["A permission with this name already exists."]);
    expect(Object.keys((await post({})).errors).sort()).toEqual(["guard", "name"]);

    const { data } = await t.json("POST", "/api/v1/admin/permissions", {
      token: adminToken,
      body: { name: "user.night-audit", guard: "user" },
      status: 201,
    });
    const put = (body: unknown) => t.json("PUT", `/api/v1/admin/permissions/${data.uuid}`, { token: adminToken, body, lang: "en", status: 422 });
    expect((await put({ guard: "admin" })).errors.name).toEqual(["The name must start with the chosen type (user. or admin.)."]);
    expect((await put({ name: "user.calendar" })).errors.name).toEqual(["A permission with this name already exists."]);
  });

  it("keeps a system permission's name and guard, lets its descriptions change, and never deletes it (422)", async () => {
    const users = await byName("admin.users");
    const rename = await t.json("PUT", `/api/v1/admin/permissions/${users.uuid}`, {
      token: adminToken,
      body: { name: "admin.people" },
      lang: "en",
      status: 422,
    });
    expect(rename.errors.name).toEqual(["A system permission's name and type can't change."]);
    expect(
      Object.keys(
        (await t.json("PUT", `/api/v1/admin/permissions/${users.uuid}`, { token: adminToken, body: { guard: "user" }, status: 422 })).errors,
      ),
    ).toEqual(["guard"]);
    const described = await t.json("PUT", `/api/v1/admin/permissions/${users.uuid}`, {
      token: adminToken,
      body: { name: "admin.users", description: { ...users.descriptions, "en-US": "Manage every account" } },
      lang: "en",
      status: 200,
    });
    expect(described.data.description).toBe("Manage every account");

    const deleted = await t.json("DELETE", `/api/v1/admin/permissions/${users.uuid}`, { token: adminToken, lang: "en", status: 422 });
    expect(deleted.message).toBe("System permissions can't be deleted.");
    expect((await byName("admin.users")).system).toBe(true);
  });

  it("answers 404 for unknown or malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "admin.users"]) {
      expect((await t.call("GET", `/api/v1/admin/permissions/${id}`, { token: adminToken })).status).toBe(404);
      expect((await t.call("PUT", `/api/v1/admin/permissions/${id}`, { token: adminToken, body: {} })).status).toBe(404);
      expect((await t.call("GET", `/api/v1/admin/permissions/${id}/users`, { token: adminToken })).status).toBe(404);
    }
  });
});

describe("assigning permissions: /api/v1/admin/permissions/{id}/users", () => {
  it("a direct admin.learning grant gives admin.learning and nothing else; removing it takes it away", async () => {
    const learning = await byName("admin.learning");
    const before = await names(collaboratorToken);
    expect(before).not.toContain("admin.learning");
    const granted = await grant(learning.uuid, collaboratorId);
    expect(granted.data).toMatchObject({ uuid: collaboratorId, email: demoUsers.collaborator.email, granted_at: expect.any(String) });

    expect(await adminNames(collaboratorToken)).toEqual(["admin.learning"]);
    // Its business permissions are what they were.
    expect((await names(collaboratorToken)).filter((name) => name !== "admin.learning")).toEqual(before);
    // Nothing else of the admin area.
    for (const path of ["/api/v1/admin/users", "/api/v1/admin/permissions"]) {
      expect((await t.call("GET", path, { token: collaboratorToken })).status).toBe(403);
    }
    expect((await byName("admin.learning")).users_count).toBe(1);
    const holders = await t.json("GET", `/api/v1/admin/permissions/${learning.uuid}/users`, { token: adminToken, status: 200 });
    expect(holders.data.map((u: { email: string }) => u.email)).toEqual([demoUsers.collaborator.email]);
    // The admin's user screens show it too.
    const shown = await t.json("GET", `/api/v1/admin/users/${collaboratorId}`, { token: adminToken, status: 200 });
    expect(shown.data.permissions).toEqual([{ name: "admin.learning" }]);

    await t.json("DELETE", `/api/v1/admin/permissions/${learning.uuid}/users/${collaboratorId}`, { token: adminToken, status: 200 });
    expect(await names(collaboratorToken)).toEqual(before);
    expect((await t.call("DELETE", `/api/v1/admin/permissions/${learning.uuid}/users/${collaboratorId}`, { token: adminToken })).status).toBe(
      404,
    );
  });

  it("a direct admin.permissions grant opens this API, and admin.businesses counts like the role for business access", async () => {
    const perms = await byName("admin.permissions");
    await grant(perms.uuid, ownerId);
    await t.json("GET", "/api/v1/admin/permissions", { token: ownerToken, status: 200 });
    expect((await t.call("GET", "/api/v1/admin/users", { token: ownerToken })).status).toBe(403);
    await t.json("DELETE", `/api/v1/admin/permissions/${perms.uuid}/users/${ownerId}`, { token: adminToken, status: 200 });
    expect((await t.call("GET", "/api/v1/admin/permissions", { token: ownerToken })).status).toBe(403);

    // Someone else's hotel: no access, until admin.businesses is granted directly.
    const admin = await userByEmail(t.db, demoUsers.admin.email);
    const [hotel] = await t.db.insert(businesses).values({ ownerId: admin.id, companyName: "Hotel da Ana", slug: "hotel-da-ana-admin-test" }).returning();
    const collaborator = await userByEmail(t.db, demoUsers.collaborator.email);
    expect(await accessTo(t.db, collaborator, hotel.id)).toBeNull();
    await grant((await byName("admin.businesses")).uuid, collaboratorId);
    const access = await accessTo(t.db, collaborator, hotel.id);
    expect(access).toMatchObject({ isOwner: false, asAdministrator: true });
    expect(access!.permissions).toContain("user.price-settings");
    expect(access!.permissions).toContain("admin.businesses");
    expect(access!.permissions).not.toContain("admin.users");
  });

  it("custom permissions can be assigned and shown, but open nothing", async () => {
    const { data: custom } = await t.json("POST", "/api/v1/admin/permissions", {
      token: adminToken,
      body: { name: "admin.night-audit", guard: "admin" },
      status: 201,
    });
    await grant(custom.uuid, ownerId);
    const held = await names(ownerToken);
    expect(held).toContain("admin.night-audit");
    expect(held.filter((name) => (ADMIN_PERMISSIONS as readonly string[]).includes(name))).toEqual([]);
    for (const path of ["/api/v1/admin/users", "/api/v1/admin/permissions"]) {
      expect((await t.call("GET", path, { token: ownerToken })).status).toBe(403);
    }
    expect((await t.json("GET", `/api/v1/admin/permissions/${custom.uuid}`, { token: adminToken, status: 200 })).data.users_count).toBe(1);
    // Deleting the permission removes its grants.
    await t.json("DELETE", `/api/v1/admin/permissions/${custom.uuid}`, { token: adminToken, status: 200 });
    expect(await names(ownerToken)).not.toContain("admin.night-audit");
  });

  it("refuses system user.* (granted per business), unknown users, bad ids and double grants with 422", async () => {
    const calendar = await byName("user.calendar");
    const perBusiness = await t.json("POST", `/api/v1/admin/permissions/${calendar.uuid}/users`, {
      token: adminToken,
      body: { user_uuid: ownerId },
      lang: "en",
      status: 422,
    });
    expect(perBusiness.errors.user_uuid).toEqual(["user.* permissions are given in each business by its owner (Collaborators)."]);

    const learning = await byName("admin.learning");
    const unknown = await grant(learning.uuid, "00000000-0000-4000-8000-000000000000", 422);
    expect(Object.keys(unknown.errors)).toEqual(["user_uuid"]);
    expect(Object.keys((await grant(learning.uuid, "not-a-uuid", 422)).errors)).toEqual(["user_uuid"]);

    await grant(learning.uuid, ownerId);
    const twice = await t.json("POST", `/api/v1/admin/permissions/${learning.uuid}/users`, {
      token: adminToken,
      body: { user_uuid: ownerId },
      lang: "en",
      status: 422,
    });
    expect(twice.errors.user_uuid).toEqual(["This person already holds this permission."]);
    expect((await t.call("DELETE", `/api/v1/admin/permissions/${learning.uuid}/users/not-a-uuid`, { token: adminToken })).status).toBe(404);
  });

  it("answers 404 when the permission does not exist", async () => {
    const res = await t.call("POST", "/api/v1/admin/permissions/00000000-0000-4000-8000-000000000000/users", {
      token: adminToken,
      body: { user_uuid: ownerId },
    });
    expect(res.status).toBe(404);
  });
});
