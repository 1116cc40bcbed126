import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, linkIn, outboxFor, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let adminToken: string;
let ownerToken: string;
let collaboratorToken: string;
let adminId: string;
let ownerId: string;
let collaboratorId: string;
const APP = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestApi();
  adminToken = await t.login(demoUsers.admin.email);
  ownerToken = await t.login(demoUsers.owner.email);
  collaboratorToken = await t.login(demoUsers.collaborator.email);
  adminId = (await userByEmail(t.db, demoUsers.admin.email)).id;
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
});
afterAll(() => t.close());

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Beatriz",
  surname: "Recepção",
  email,
  roles: ["collaborator"],
  preferred_language: "en-US",
  ...extra,
});

describe("who may call /api/v1/admin/users", () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/v1/admin/users"],
    ["POST", "/api/v1/admin/users", newUser("x@example.com")],
    ["GET", `/api/v1/admin/users/${id}`],
    ["PUT", `/api/v1/admin/users/${id}`, { name: "X" }],
    ["POST", `/api/v1/admin/users/${id}/disable`],
    ["POST", `/api/v1/admin/users/${id}/enable`],
    ["PUT", `/api/v1/admin/users/${id}/features`, { features: [] }],
  ];

  it("refuses owners and collaborators with 403 on every route, and guests with 401", async () => {
    for (const [method, path, body] of routes(collaboratorId)) {
      for (const token of [ownerToken, collaboratorToken]) {
        const res = await t.call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await t.call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
    }
    expect(await outboxFor(t.db, "x@example.com")).toEqual([]);
  });
});

describe("GET /api/v1/admin/users", () => {
  it("pages every account with meta; each user as the account JSON plus disabled_at", async () => {
    const page = await t.json("GET", "/api/v1/admin/users", { token: adminToken, status: 200 });
    expect(page.meta).toEqual({ page: 1, per_page: 15, total: 3, last_page: 1 });
    expect(page.data.map((u: { email: string }) => u.email).sort()).toEqual(
      [demoUsers.admin.email, demoUsers.owner.email, demoUsers.collaborator.email].sort(),
    );
    const admin = page.data.find((u: { email: string }) => u.email === demoUsers.admin.email);
    expect(admin).toMatchObject({
      uuid: adminId,
      name: demoUsers.admin.name,
      roles: ["administrator"],
      disabled_at: null,
      permissions: [{ name: "admin.users" }, { name: "admin.businesses" }, { name: "admin.permissions" }, { name: "admin.learning" }],
    });
    expect(admin).not.toHaveProperty("passwordHash");
    expect(admin).not.toHaveProperty("password_hash");

    const second = await t.json("GET", "/api/v1/admin/users?per_page=2&page=2", { token: adminToken, status: 200 });
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(second.data).toHaveLength(1);
  });

  it("searches name, surname, full name and e-mail, case-insensitively; % is literal", async () => {
    const search = async (q: string) =>
      (await t.json("GET", `/api/v1/admin/users?search=${encodeURIComponent(q)}`, { token: adminToken, status: 200 })).data.map(
        (u: { email: string }) => u.email,
      );
    expect(await search("OTÁVIO")).toEqual([demoUsers.owner.email]);
    expect(await search("colaboradora")).toEqual([demoUsers.collaborator.email]);
    expect(await search("Ana Admin")).toEqual([demoUsers.admin.email]);
    expect((await search("pousada-demo")).sort()).toEqual([demoUsers.collaborator.email, demoUsers.owner.email].sort());
    expect(await search("%")).toEqual([]);
    expect(await search("nobody")).toEqual([]);
  });

  it("filters by role and status; blank filters mean all", async () => {
    const emails = async (qs: string) =>
      (await t.json("GET", `/api/v1/admin/users?${qs}`, { token: adminToken, status: 200 })).data.map((u: { email: string }) => u.email);
    expect(await emails("role=owner")).toEqual([demoUsers.owner.email]);
    expect(await emails("role=administrator&status=active")).toEqual([demoUsers.admin.email]);
    expect(await emails("status=disabled")).toEqual([]);
    expect(await emails("status=unverified")).toEqual([]);
    expect(await emails("role=&status=&search=")).toHaveLength(3);
  });

  it("answers 422 for a bad page, page size, role or status", async () => {
    for (const qs of ["page=0", "page=abc", "per_page=1000", "role=superuser", "status=gone"]) {
      const res = await t.call("GET", `/api/v1/admin/users?${qs}`, { token: adminToken });
      expect(res.status, qs).toBe(422);
    }
    const answer = await t.json("GET", "/api/v1/admin/users?role=superuser", { token: adminToken, lang: "en" });
    expect(Object.keys(answer.errors)).toEqual(["role"]);
  });
});

describe("POST /api/v1/admin/users", () => {
  it("opens the account (unverified, no usable password) and e-mails a set-password link that works once", async () => {
    const created = await t.json("POST", "/api/v1/admin/users", {
      token: adminToken,
      body: newUser("  Beatriz@Example.com "),
      status: 201,
    });
    expect(created.data).toMatchObject({
      name: "Beatriz",
      surname: "Recepção",
      email: "beatriz@example.com",
      roles: ["collaborator"],
      preferred_language: "en-US",
      email_verified_at: null,
      disabled_at: null,
      permissions: [],
      features: [],
    });
    const [mail] = await outboxFor(t.db, "beatriz@example.com");
    expect(mail.kind).toBe("account_created");
    expect(mail.locale).toBe("en-US");
    expect(mail.subject).toBe("Your Tarifa account was created");
    expect(mail.text).toContain("beatriz@example.com");
    expect(mail.html).toContain("Choose my password");
    const link = linkIn(mail, `${APP}/reset-password?`);
    expect(link.searchParams.get("email")).toBe("beatriz@example.com");

    // No password works before the person chooses one.
    expect((await t.call("POST", "/api/auth/login", { body: { email: "beatriz@example.com", password: "" } })).status).toBe(422);

    const body = {
      token: link.searchParams.get("token"),
      email: "beatriz@example.com",
      password: "senha-da-beatriz",
      password_confirmation: "senha-da-beatriz",
    };
    await t.json("POST", "/api/auth/reset-password", { body, status: 200 });
    await t.login("beatriz@example.com", "senha-da-beatriz");
    expect((await t.call("POST", "/api/auth/reset-password", { body })).status).toBe(422);
  });

  it("keeps the link valid for days, not the hour of a reset link", async () => {
    await t.json("POST", "/api/v1/admin/users", { token: adminToken, body: newUser("later@example.com"), status: 201 });
    const [mail] = await outboxFor(t.db, "later@example.com");
    const token = linkIn(mail, `${APP}/reset-password?`).searchParams.get("token");
    const saved = t.clock.now;
    try {
      t.clock.now = new Date(saved.getTime() + 3 * 86_400_000);
      const body = { token, email: "later@example.com", password: "uma-senha-boa", password_confirmation: "uma-senha-boa" };
      await t.json("POST", "/api/auth/reset-password", { body, status: 200 });
    } finally {
      t.clock.now = saved;
    }
  });

  it("writes the e-mail in the new user's language", async () => {
    await t.json("POST", "/api/v1/admin/users", {
      token: adminToken,
      body: newUser("italiano@example.com", { preferred_language: "it-IT" }),
      status: 201,
    });
    const [mail] = await outboxFor(t.db, "italiano@example.com");
    expect(mail.subject).toBe("Il tuo account Tarifa è stato creato");
  });

  it("refuses a taken e-mail, missing fields, no roles and unknown roles with 422 beside the fields", async () => {
    const taken = await t.json("POST", "/api/v1/admin/users", {
      token: adminToken,
      body: newUser(demoUsers.owner.email.toUpperCase()),
      lang: "en",
      status: 422,
    });
    expect(Object.keys(taken.errors)).toEqual(["email"]);

    const empty = await t.json("POST", "/api/v1/admin/users", { token: adminToken, body: {}, lang: "en", status: 422 });
    expect(Object.keys(empty.errors).sort()).toEqual(["email", "name", "preferred_language", "roles", "surname"]);

    const noRoles = await t.json("POST", "/api/v1/admin/users", {
      token: adminToken,
      body: newUser("noroles@example.com", { roles: [] }),
      lang: "en",
      status: 422,
    });
    expect(noRoles.errors.roles).toEqual(["Choose at least one role."]);

    const badRole = await t.json("POST", "/api/v1/admin/users", {
      token: adminToken,
      body: newUser("badrole@example.com", { roles: ["superuser"] }),
      status: 422,
    });
    expect(Object.keys(badRole.errors)).toEqual(["roles.0"]);
    expect((await t.call("POST", "/api/v1/admin/users", { token: adminToken, body: "{not json" })).status).toBe(422);
    expect(await outboxFor(t.db, "noroles@example.com")).toEqual([]);
  });
});

describe("GET and PUT /api/v1/admin/users/{id}", () => {
  it("shows one account; 404 for an unknown or malformed id", async () => {
    const one = await t.json("GET", `/api/v1/admin/users/${ownerId}`, { token: adminToken, status: 200 });
    expect(one.data).toMatchObject({ uuid: ownerId, email: demoUsers.owner.email, roles: ["owner"], features: ["competitors"] });
    expect((await t.call("GET", "/api/v1/admin/users/00000000-0000-4000-8000-000000000000", { token: adminToken })).status).toBe(404);
    expect((await t.call("GET", "/api/v1/admin/users/not-a-uuid", { token: adminToken })).status).toBe(404);
  });

  it("edits the profile, e-mail and roles of someone else; a new e-mail must be verified again", async () => {
    const { data: created } = await t.json("POST", "/api/v1/admin/users", {
      token: adminToken,
      body: newUser("edit-me@example.com"),
      status: 201,
    });
    const updated = await t.json("PUT", `/api/v1/admin/users/${created.uuid}`, {
      token: adminToken,
      body: { name: "Bia", company: " Pousada <Sol> ", country: "", roles: ["owner", "collaborator", "owner"], email: "Bia@Example.com" },
      status: 200,
    });
    expect(updated.data).toMatchObject({
      name: "Bia",
      surname: "Recepção",
      company: "Pousada Sol",
      country: null,
      roles: ["owner", "collaborator"],
      email: "bia@example.com",
      email_verified_at: null,
    });
  });

  it("refuses a taken e-mail and invalid fields with 422", async () => {
    const taken = await t.json("PUT", `/api/v1/admin/users/${collaboratorId}`, {
      token: adminToken,
      body: { email: demoUsers.owner.email },
      status: 422,
    });
    expect(Object.keys(taken.errors)).toEqual(["email"]);
    const bad = await t.json("PUT", `/api/v1/admin/users/${collaboratorId}`, {
      token: adminToken,
      body: { name: "", preferred_language: "xx-XX", roles: [] },
      status: 422,
    });
    expect(Object.keys(bad.errors).sort()).toEqual(["name", "preferred_language", "roles"]);
  });

  it("does not let an administrator remove their own administrator role", async () => {
    const answer = await t.json("PUT", `/api/v1/admin/users/${adminId}`, {
      token: adminToken,
      body: { roles: ["owner"] },
      lang: "en",
      status: 422,
    });
    expect(answer.errors.roles).toEqual(["You can't remove your own administrator role."]);
    // Their own profile, keeping the role, is fine.
    await t.json("PUT", `/api/v1/admin/users/${adminId}`, {
      token: adminToken,
      body: { phone: "+55 48 3000-0000", roles: ["administrator", "owner"] },
      status: 200,
    });
    await t.json("PUT", `/api/v1/admin/users/${adminId}`, { token: adminToken, body: { roles: ["administrator"] }, status: 200 });
  });
});

describe("POST /api/v1/admin/users/{id}/disable and /enable", () => {
  it("disables: every token stops working, sign-in is refused; enabling lets them sign in again", async () => {
    const { data: user } = await t.json("POST", "/api/v1/admin/users", { token: adminToken, body: newUser("leaving@example.com"), status: 201 });
    const [mail] = await outboxFor(t.db, "leaving@example.com");
    const token = linkIn(mail, `${APP}/reset-password?`).searchParams.get("token");
    const password = "senha-de-saida";
    await t.json("POST", "/api/auth/reset-password", { body: { token, email: "leaving@example.com", password, password_confirmation: password }, status: 200 });
    const session = await t.login("leaving@example.com", password);
    await t.json("GET", "/api/v1/user", { token: session, status: 200 });

    const disabled = await t.json("POST", `/api/v1/admin/users/${user.uuid}/disable`, { token: adminToken, status: 200 });
    expect(disabled.data.disabled_at).toEqual(expect.any(String));
    expect((await t.call("GET", "/api/v1/user", { token: session })).status).toBe(401);
    expect((await t.call("POST", "/api/auth/login", { body: { email: "leaving@example.com", password } })).status).toBe(422);
    const listed = await t.json("GET", "/api/v1/admin/users?status=disabled", { token: adminToken, status: 200 });
    expect(listed.data.map((u: { email: string }) => u.email)).toEqual(["leaving@example.com"]);
    // Disabling twice changes nothing.
    const again = await t.json("POST", `/api/v1/admin/users/${user.uuid}/disable`, { token: adminToken, status: 200 });
    expect(again.data.disabled_at).toBe(disabled.data.disabled_at);

    const enabled = await t.json("POST", `/api/v1/admin/users/${user.uuid}/enable`, { token: adminToken, status: 200 });
    expect(enabled.data.disabled_at).toBeNull();
    await t.login("leaving@example.com", password);
    // The old session stays revoked.
    expect((await t.call("GET", "/api/v1/user", { token: session })).status).toBe(401);
  });

  it("does not let an administrator disable themself; 404 for unknown ids", async () => {
    const answer = await t.json("POST", `/api/v1/admin/users/${adminId}/disable`, { token: adminToken, lang: "en", status: 422 });
    expect(answer.message).toBe("You can't disable your own account.");
    await t.json("GET", "/api/v1/user", { token: adminToken, status: 200 });
    expect((await t.call("POST", "/api/v1/admin/users/00000000-0000-4000-8000-000000000000/disable", { token: adminToken })).status).toBe(404);
    expect((await t.call("POST", "/api/v1/admin/users/nope/enable", { token: adminToken })).status).toBe(404);
  });
});

describe("PUT /api/v1/admin/users/{id}/features", () => {
  it("sets the whole list (turning competitors on and off) and refuses unknown features", async () => {
    const on = await t.json("PUT", `/api/v1/admin/users/${collaboratorId}/features`, {
      token: adminToken,
      body: { features: ["competitors", "competitors"] },
      status: 200,
    });
    expect(on.data.features).toEqual(["competitors"]);
    const me = await t.json("GET", "/api/v1/user", { token: collaboratorToken, status: 200 });
    expect(me.user.features).toEqual(["competitors"]);

    const off = await t.json("PUT", `/api/v1/admin/users/${collaboratorId}/features`, { token: adminToken, body: { features: [] }, status: 200 });
    expect(off.data.features).toEqual([]);

    const bad = await t.json("PUT", `/api/v1/admin/users/${collaboratorId}/features`, {
      token: adminToken,
      body: { features: ["teleport"] },
      status: 422,
    });
    expect(Object.keys(bad.errors)).toEqual(["features.0"]);
    expect((await t.call("PUT", `/api/v1/admin/users/${collaboratorId}/features`, { token: adminToken, body: {} })).status).toBe(422);
  });
});

describe("an account given admin.users directly (not an administrator)", () => {
  it("manages ordinary accounts but not administrators nor the administrator role", async () => {
    const { data: permissions } = await t.json("GET", "/api/v1/admin/permissions", { token: adminToken, status: 200 });
    const adminUsers = permissions.find((p: { name: string }) => p.name === "admin.users");
    await t.json("POST", `/api/v1/admin/permissions/${adminUsers.uuid}/users`, { token: adminToken, body: { user_uuid: ownerId }, status: 201 });
    try {
      await t.json("GET", "/api/v1/admin/users", { token: ownerToken, status: 200 });
      await t.json("PUT", `/api/v1/admin/users/${collaboratorId}`, { token: ownerToken, body: { phone: "123" }, status: 200 });
      expect((await t.call("PUT", `/api/v1/admin/users/${collaboratorId}`, { token: ownerToken, body: { roles: ["administrator"] } })).status).toBe(403);
      expect((await t.call("PUT", `/api/v1/admin/users/${adminId}`, { token: ownerToken, body: { name: "Eu" } })).status).toBe(403);
      expect((await t.call("POST", `/api/v1/admin/users/${adminId}/disable`, { token: ownerToken })).status).toBe(403);
      expect((await t.call("POST", "/api/v1/admin/users", { token: ownerToken, body: newUser("boss@example.com", { roles: ["administrator"] }) })).status).toBe(403);
      // Nothing else: no admin.permissions.
      expect((await t.call("GET", "/api/v1/admin/permissions", { token: ownerToken })).status).toBe(403);
    } finally {
      await t.json("DELETE", `/api/v1/admin/permissions/${adminUsers.uuid}/users/${ownerId}`, { token: adminToken, status: 200 });
    }
    expect((await t.call("GET", "/api/v1/admin/users", { token: ownerToken })).status).toBe(403);
  });
});
