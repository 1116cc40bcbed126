import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGuard } from "#app/lib/guard.server.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as permissionsAdd from "#app/routes/manage/permissions.add.tsx";
import * as permissionsAddUser from "#app/routes/manage/permissions.add-user.tsx";
import * as permissionsEdit from "#app/routes/manage/permissions.edit.tsx";
import * as permissionsList from "#app/routes/manage/permissions.tsx";
import * as usersList from "#app/routes/manage/users.tsx";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
let collaboratorId: string;
beforeAll(async () => {
  h = await createRouteHarness();
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

async function permissionId(name: string): Promise<string> {
  const token = await h.t.login(demoUsers.admin.email);
  const { data } = await h.t.json("GET", "/api/v1/admin/permissions", { token, status: 200 });
  return data.find((p: { name: string }) => p.name === name).uuid;
}

describe("the /manage/permissions pages' guard", () => {
  it("declares admin.permissions and the guard middleware on every page", () => {
    for (const route of [permissionsList, permissionsAdd, permissionsAddUser, permissionsEdit]) {
      expect(route.handle).toEqual({ permission: "admin.permissions" });
      expect(route.middleware.some(isGuard)).toBe(true);
    }
  });

  it("sends owners and collaborators to /unauthorized", async () => {
    const id = await permissionId("admin.users");
    for (const email of [demoUsers.owner.email, demoUsers.collaborator.email]) {
      const browser = await signedIn(email);
      expect((await browser.get("/manage/permissions", permissionsList, inApp)).location).toBe("/unauthorized");
      expect((await browser.get("/manage/permissions/add", permissionsAdd, inApp)).location).toBe("/unauthorized");
      expect((await browser.get("/manage/permissions/addUser", permissionsAddUser, inApp)).location).toBe("/unauthorized");
      expect((await browser.get(`/manage/permissions/${id}`, permissionsEdit, withId(id))).location).toBe("/unauthorized");
      const post = await browser.post("/manage/permissions/addUser", permissionsAddUser, { permission_uuid: id, email }, inApp);
      expect(post.location).toBe("/unauthorized");
    }
  });
});

describe("/manage/permissions", () => {
  it("lists the system permissions with their descriptions in the reader's language", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    browser.setCookie("lng", "en-US");
    const page = await browser.get("/manage/permissions", permissionsList, inApp);
    expect(page.data.permissions).toHaveLength(17);
    expect(page.data.permissions.find((p: { name: string }) => p.name === "admin.learning")).toMatchObject({
      system: true,
      guard: "admin",
      description: "Manage the learning content",
    });
  });

  it("adds a custom permission and opens it; a bad name stays on the form with the error", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const bad = await browser.post("/manage/permissions/add", permissionsAdd, { name: "Relatórios", guard: "admin" }, inApp);
    expect(bad.status).toBe(422);
    expect(bad.data.error.name).toEqual(["admin:validation.permissionName"]);

    const sent = await browser.post(
      "/manage/permissions/add",
      permissionsAdd,
      { name: "admin.reports", guard: "admin", "description.pt-BR": "Ver relatórios", "description.en-US": "See reports", "description.es-ES": "" },
      inApp,
    );
    expect(sent.status).toBe(302);
    const id = await permissionId("admin.reports");
    expect(sent.location).toBe(`/manage/permissions/${id}`);
    const page = await browser.get(`/manage/permissions/${id}`, permissionsEdit, withId(id));
    expect(page.data.permission).toMatchObject({ name: "admin.reports", system: false, descriptions: { "pt-BR": "Ver relatórios", "en-US": "See reports" } });

    const taken = await browser.post("/manage/permissions/add", permissionsAdd, { name: "admin.reports", guard: "admin" }, inApp);
    expect(taken.status).toBe(422);
    expect(taken.data.error.name).toEqual(["Já existe uma permissão com este nome."]);
  });
});

describe("/manage/permissions/addUser and /manage/permissions/:id", () => {
  it("assigns admin.learning by e-mail: the editor then holds admin.learning and still cannot open /manage/users", async () => {
    const learning = await permissionId("admin.learning");
    const browser = await signedIn(demoUsers.admin.email);
    const form = await browser.get(`/manage/permissions/addUser?permission=${learning}`, permissionsAddUser, inApp);
    expect(form.data.preselected).toBe(learning);
    // The per-business user.* are not offered.
    expect(form.data.permissions.some((p: { name: string }) => p.name.startsWith("user."))).toBe(false);

    const unknown = await browser.post("/manage/permissions/addUser", permissionsAddUser, { permission_uuid: learning, email: "nobody@example.com" }, inApp);
    expect(unknown.status).toBe(422);
    expect(unknown.data.error.email).toEqual(["Nenhuma conta com este endereço."]);

    const sent = await browser.post(
      "/manage/permissions/addUser",
      permissionsAddUser,
      { permission_uuid: learning, email: ` ${demoUsers.collaborator.email.toUpperCase()} ` },
      inApp,
    );
    expect(sent.location).toBe(`/manage/permissions/${learning}`);
    expect((await browser.session()).get("toast")).toMatchObject({ kind: "success", message: "admin:permissions.assigned" });

    const twice = await browser.post("/manage/permissions/addUser", permissionsAddUser, { permission_uuid: learning, email: demoUsers.collaborator.email }, inApp);
    expect(twice.status).toBe(422);
    expect(twice.data.error.email).toEqual(["Esta pessoa já tem esta permissão."]);

    const page = await browser.get(`/manage/permissions/${learning}`, permissionsEdit, withId(learning));
    expect(page.data.holders.map((u: { email: string }) => u.email)).toEqual([demoUsers.collaborator.email]);

    const editor = await signedIn(demoUsers.collaborator.email);
    expect((await editor.get("/manage/users", usersList, inApp)).location).toBe("/unauthorized");
    expect((await editor.get("/manage/permissions", permissionsList, inApp)).location).toBe("/unauthorized");

    const removed = await browser.post(`/manage/permissions/${learning}`, permissionsEdit, { intent: "remove-user", user_uuid: collaboratorId }, withId(learning));
    expect(removed.location).toBe(`/manage/permissions/${learning}`);
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "admin:permissions.removed" });
    expect((await browser.get(`/manage/permissions/${learning}`, permissionsEdit, withId(learning))).data.holders).toEqual([]);
  });

  it("edits a system permission's descriptions but never its name; it cannot be deleted", async () => {
    const users = await permissionId("admin.users");
    const browser = await signedIn(demoUsers.admin.email);
    const renamed = await browser.post(`/manage/permissions/${users}`, permissionsEdit, { intent: "save", name: "admin.people", guard: "admin" }, withId(users));
    expect(renamed.status).toBe(422);
    expect(renamed.data.error.name).toEqual(["O nome e o tipo de uma permissão do sistema não podem mudar."]);

    const saved = await browser.post(
      `/manage/permissions/${users}`,
      permissionsEdit,
      { intent: "save", name: "admin.users", guard: "admin", "description.pt-BR": "Contas de usuários" },
      withId(users),
    );
    expect(saved.location).toBe(`/manage/permissions/${users}`);
    const page = await browser.get(`/manage/permissions/${users}`, permissionsEdit, withId(users));
    // Every language is sent: the cleared ones are gone.
    expect(page.data.permission.descriptions).toEqual({ "pt-BR": "Contas de usuários" });

    const deleted = await browser.post(`/manage/permissions/${users}`, permissionsEdit, { intent: "delete" }, withId(users));
    expect(deleted.location).toBe(`/manage/permissions/${users}`);
    expect((await browser.session()).get("toast")).toEqual({ kind: "error", message: "As permissões do sistema não podem ser excluídas." });
  });

  it("deletes a custom permission and returns to the list", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    await browser.post("/manage/permissions/add", permissionsAdd, { name: "user.night-audit", guard: "user" }, inApp);
    const id = await permissionId("user.night-audit");
    const deleted = await browser.post(`/manage/permissions/${id}`, permissionsEdit, { intent: "delete" }, withId(id));
    expect(deleted.location).toBe("/manage/permissions");
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "admin:permissions.deleted" });
    expect((await browser.get(`/manage/permissions/${id}`, permissionsEdit, withId(id))).status).toBe(404);
  });
});
