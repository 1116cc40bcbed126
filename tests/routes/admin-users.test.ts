import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGuard } from "#app/lib/guard.server.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as usersAdd from "#app/routes/manage/users.add.tsx";
import * as usersEdit from "#app/routes/manage/users.edit.tsx";
import * as usersFeatures from "#app/routes/manage/users.features.tsx";
import * as usersList from "#app/routes/manage/users.tsx";
import { demoUsers, outboxFor, userByEmail } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
let adminId: string;
let ownerId: string;
let collaboratorId: string;
beforeAll(async () => {
  h = await createRouteHarness();
  adminId = (await userByEmail(h.t.db, demoUsers.admin.email)).id;
  ownerId = (await userByEmail(h.t.db, demoUsers.owner.email)).id;
  collaboratorId = (await userByEmail(h.t.db, demoUsers.collaborator.email)).id;
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const withId = (id: string) => ({ layouts: [appLayout], params: { id } });

async function signedIn(email: string): Promise<Browser> {
  const browser = h.browser();
  await browser.signIn(email);
  return browser;
}

describe("the /manage/users pages' guard", () => {
  it("declares admin.users and the guard middleware on every page", () => {
    for (const route of [usersList, usersAdd, usersEdit, usersFeatures]) {
      expect(route.handle).toEqual({ permission: "admin.users" });
      expect(route.middleware.some(isGuard)).toBe(true);
    }
  });

  it("sends owners and collaborators to /unauthorized, loaders and actions alike, and guests to /login", async () => {
    for (const email of [demoUsers.owner.email, demoUsers.collaborator.email]) {
      const browser = await signedIn(email);
      expect((await browser.get("/manage/users", usersList, inApp)).location).toBe("/unauthorized");
      expect((await browser.get("/manage/users/add", usersAdd, inApp)).location).toBe("/unauthorized");
      expect((await browser.get(`/manage/users/${adminId}`, usersEdit, withId(adminId))).location).toBe("/unauthorized");
      expect((await browser.get(`/manage/users/${ownerId}/features`, usersFeatures, withId(ownerId))).location).toBe("/unauthorized");
      const post = await browser.post(`/manage/users/${adminId}`, usersEdit, { intent: "disable" }, withId(adminId));
      expect(post.location).toBe("/unauthorized");
    }
    expect((await userByEmail(h.t.db, demoUsers.admin.email)).disabledAt).toBeNull();
    const guest = await h.browser().get("/manage/users", usersList, inApp);
    expect(guest.location).toBe("/login?redirectTo=%2Fmanage%2Fusers");
  });
});

describe("/manage/users", () => {
  it("lists every account for the administrator, with paging meta", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const page = await browser.get("/manage/users", usersList, inApp);
    expect(page.status).toBe(200);
    expect(page.data.meta).toMatchObject({ page: 1, total: 3 });
    expect(page.data.users.map((u: { email: string }) => u.email).sort()).toEqual(
      [demoUsers.admin.email, demoUsers.owner.email, demoUsers.collaborator.email].sort(),
    );
  });

  it("searches and filters from the address (a GET form); a bad filter shows everyone", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const found = await browser.get("/manage/users?search=otavio&role=&status=", usersList, inApp);
    expect(found.data.users).toEqual([]);
    const byName = await browser.get("/manage/users?search=Ot%C3%A1vio&role=owner&status=active", usersList, inApp);
    expect(byName.data.users.map((u: { email: string }) => u.email)).toEqual([demoUsers.owner.email]);
    expect(byName.data.query).toMatchObject({ search: "Otávio", role: "owner", status: "active", page: 1 });
    const paged = await browser.get("/manage/users?per_page=2&page=2", usersList, inApp);
    expect(paged.data.meta).toMatchObject({ page: 2, per_page: 2, last_page: 2 });
    expect(paged.data.users).toHaveLength(1);
    const bad = await browser.get("/manage/users?role=superuser&page=-3", usersList, inApp);
    expect(bad.status).toBe(200);
    expect(bad.data.meta.total).toBe(3);
  });
});

describe("/manage/users/add", () => {
  it("creates the account, e-mails the set-password link, and goes to the new account's page", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const sent = await browser.post(
      "/manage/users/add",
      usersAdd,
      { name: "Rita", surname: "Recepção", email: "rita@example.com", roles: ["collaborator"], preferred_language: "es-ES", company: "", phone: "" },
      inApp,
    );
    expect(sent.status).toBe(302);
    const rita = await userByEmail(h.t.db, "rita@example.com");
    expect(sent.location).toBe(`/manage/users/${rita.id}`);
    expect(rita).toMatchObject({ roles: ["collaborator"], preferredLanguage: "es-ES" });
    expect((await browser.session()).get("toast")).toEqual({
      kind: "success",
      message: "admin:users.created",
      values: { email: "rita@example.com" },
    });
    const [mail] = await outboxFor(h.t.db, "rita@example.com");
    expect(mail.subject).toBe("Se creó tu cuenta en Tarifa");
  });

  it("shows field errors without calling the API, and the API's refusals beside the fields", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const empty = await browser.post("/manage/users/add", usersAdd, { name: "", surname: "", email: "not-an-email" }, inApp);
    expect(empty.status).toBe(422);
    expect(empty.data.error).toMatchObject({
      name: ["validation.required"],
      surname: ["validation.required"],
      email: ["validation.email"],
      roles: ["admin:validation.rolesRequired"],
    });
    const taken = await browser.post(
      "/manage/users/add",
      usersAdd,
      { name: "Outro", surname: "Dono", email: demoUsers.owner.email, roles: "owner", preferred_language: "pt-BR" },
      inApp,
    );
    expect(taken.status).toBe(422);
    expect(taken.data.error.email).toEqual([expect.any(String)]);
    expect(await outboxFor(h.t.db, demoUsers.owner.email)).toEqual([]);
  });

  it("refuses a post without the CSRF token", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const sent = await browser.post(
      "/manage/users/add",
      usersAdd,
      { name: "Sem", surname: "Token", email: "csrf@example.com", roles: "owner", preferred_language: "pt-BR" },
      { ...inApp, csrf: false },
    );
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expect(await userByEmail(h.t.db, "csrf@example.com")).toBeUndefined();
  });
});

describe("/manage/users/:id", () => {
  it("loads the account; a malformed or unknown id is a 404", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const page = await browser.get(`/manage/users/${ownerId}`, usersEdit, withId(ownerId));
    expect(page.data).toMatchObject({ isSelf: false, user: { uuid: ownerId, email: demoUsers.owner.email } });
    expect((await browser.get(`/manage/users/${adminId}`, usersEdit, withId(adminId))).data.isSelf).toBe(true);
    expect((await browser.get("/manage/users/nope", usersEdit, withId("nope"))).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await browser.get(`/manage/users/${unknown}`, usersEdit, withId(unknown))).status).toBe(404);
  });

  it("saves the profile and roles", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const sent = await browser.post(
      `/manage/users/${collaboratorId}`,
      usersEdit,
      {
        intent: "save",
        name: "Camila",
        surname: "Equipe",
        email: demoUsers.collaborator.email,
        roles: ["collaborator", "owner"],
        preferred_language: "pt-BR",
        company: "Pousada Demo",
        phone: "",
        address: "",
        state: "",
        zip_code: "",
        country: "BR",
      },
      withId(collaboratorId),
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/manage/users/${collaboratorId}`);
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "admin:users.saved" });
    expect(await userByEmail(h.t.db, demoUsers.collaborator.email)).toMatchObject({
      surname: "Equipe",
      roles: ["owner", "collaborator"],
      company: "Pousada Demo",
    });
  });

  it("keeps the administrator's own role, with the API's message beside the roles", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const sent = await browser.post(
      `/manage/users/${adminId}`,
      usersEdit,
      { intent: "save", name: "Ana", surname: "Administradora", email: demoUsers.admin.email, roles: "owner", preferred_language: "pt-BR" },
      withId(adminId),
    );
    expect(sent.status).toBe(422);
    expect(sent.data.error.roles).toEqual(["Você não pode remover o seu próprio papel de administrador."]);
    expect((await userByEmail(h.t.db, demoUsers.admin.email)).roles).toEqual(["administrator"]);
  });

  it("disables and enables another account; disabling oneself is refused with an error notice", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const off = await browser.post(`/manage/users/${ownerId}`, usersEdit, { intent: "disable" }, withId(ownerId));
    expect(off.location).toBe(`/manage/users/${ownerId}`);
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "admin:users.disabled" });
    expect((await userByEmail(h.t.db, demoUsers.owner.email)).disabledAt).not.toBeNull();
    const on = await browser.post(`/manage/users/${ownerId}`, usersEdit, { intent: "enable" }, withId(ownerId));
    expect(on.location).toBe(`/manage/users/${ownerId}`);
    expect((await userByEmail(h.t.db, demoUsers.owner.email)).disabledAt).toBeNull();

    const self = await browser.post(`/manage/users/${adminId}`, usersEdit, { intent: "disable" }, withId(adminId));
    expect(self.location).toBe(`/manage/users/${adminId}`);
    expect((await browser.session()).get("toast")).toEqual({ kind: "error", message: "Você não pode desativar a sua própria conta." });
    expect((await userByEmail(h.t.db, demoUsers.admin.email)).disabledAt).toBeNull();
  });
});

describe("/manage/users/:id/features", () => {
  it("turns competitors on and off (an unticked box is not sent)", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const page = await browser.get(`/manage/users/${collaboratorId}/features`, usersFeatures, withId(collaboratorId));
    expect(page.data.user.features).toEqual([]);
    const on = await browser.post(`/manage/users/${collaboratorId}/features`, usersFeatures, { features: "competitors" }, withId(collaboratorId));
    expect(on.location).toBe(`/manage/users/${collaboratorId}/features`);
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "admin:features.saved" });
    expect((await userByEmail(h.t.db, demoUsers.collaborator.email)).features).toEqual(["competitors"]);
    await browser.post(`/manage/users/${collaboratorId}/features`, usersFeatures, {}, withId(collaboratorId));
    expect((await userByEmail(h.t.db, demoUsers.collaborator.email)).features).toEqual([]);
    const bad = await browser.post(`/manage/users/${collaboratorId}/features`, usersFeatures, { features: "teleport" }, withId(collaboratorId));
    expect(bad.status).toBe(422);
  });
});
