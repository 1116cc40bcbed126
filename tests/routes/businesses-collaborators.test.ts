import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGuard } from "#app/lib/guard.server.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as invitations from "#app/routes/auth/invitations.tsx";
import * as addCollaborator from "#app/routes/pms-settings/collaborators.add.tsx";
import * as editCollaborator from "#app/routes/pms-settings/collaborators.edit.tsx";
import * as collaborators from "#app/routes/pms-settings/collaborators.tsx";
import * as publicLayout from "#app/routes/shell/public-layout.tsx";
import * as guestLayout from "#app/routes/shell/guest-layout.tsx";
import * as registerPage from "#app/routes/auth/register.tsx";
import { demoUsers, linkIn, outboxFor } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
let owner: Browser;
let ownerToken: string;
const DEMO = "d3e00000-0000-4000-8000-000000000001";
const LIST = "/pms-settings/collaborators";
const ADD = "/pms-settings/add-collaborator";

beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  ownerToken = await owner.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

const inApp = { layouts: [appLayout] };
const inPublic = { layouts: [publicLayout] };

async function register(email: string): Promise<string> {
  const answer = await h.t.json("POST", "/api/auth/register", {
    status: 201,
    body: { name: "Rita", surname: "Recepção", email, password: "pousada-azul-2026", password_confirmation: "pousada-azul-2026" },
  });
  return answer.token;
}

describe("collaborators", () => {
  it("guards the pages with user.collaborators", async () => {
    for (const route of [collaborators, addCollaborator, editCollaborator]) {
      expect(route.handle).toEqual({ permission: "user.collaborators" });
      expect(route.middleware.some(isGuard)).toBe(true);
    }
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    expect((await collaborator.get(LIST, collaborators, inApp)).location).toBe("/unauthorized");
  });

  it("lists the team with the owner and the permissions each one holds", async () => {
    const page = await owner.get(LIST, collaborators, inApp);
    expect(page.data.owner.email).toBe(demoUsers.owner.email);
    expect(page.data.data.map((c: { user: { email: string } }) => c.user.email)).toEqual([demoUsers.collaborator.email]);
    expect(page.data.invitations).toEqual([]);
  });

  it("adds someone who has an account at once, with the permissions ticked", async () => {
    await register("rita@example.com");
    const refused = await owner.post(ADD, addCollaborator, { email: "rita@example.com" }, inApp);
    expect(refused.status).toBe(422);
    expect(refused.data.error).toEqual({ permissions: ["business:errors.permissionsRequired"] });

    const added = await owner.post(ADD, addCollaborator, { email: "Rita@Example.com", permissions: ["user.calendar", "user.dashboard"] }, inApp);
    expect(added.status).toBe(302);
    expect(added.location).toBe(LIST);
    const page = await owner.get(LIST, collaborators, inApp);
    const rita = page.data.data.find((c: { user: { email: string } }) => c.user.email === "rita@example.com");
    expect(rita.permissions).toEqual(["user.dashboard", "user.calendar"]);

    const edit = `/pms-settings/edit-collaborator/${rita.user.uuid}`;
    const form = await owner.get(edit, editCollaborator, { ...inApp, params: { id: rita.user.uuid } });
    expect(form.data.collaborator.permissions).toEqual(["user.dashboard", "user.calendar"]);
    const saved = await owner.post(edit, editCollaborator, { permissions: ["user.reservations"] }, { ...inApp, params: { id: rita.user.uuid } });
    expect(saved.location).toBe(LIST);
    const members = (await h.t.json("GET", `/api/v1/businesses/${DEMO}/collaborators`, { token: ownerToken, status: 200 })).data;
    expect(members.find((c: { user: { email: string } }) => c.user.email === "rita@example.com").permissions).toEqual(["user.reservations"]);

    const removed = await owner.post(LIST, collaborators, { intent: "remove", user_uuid: rita.user.uuid }, inApp);
    expect(removed.location).toBe(LIST);
    expect((await owner.get(LIST, collaborators, inApp)).data.data).toHaveLength(1);
    expect((await owner.get("/pms-settings/edit-collaborator/nope", editCollaborator, { ...inApp, params: { id: "nope" } })).status).toBe(404);
  });

  it("invites an address without an account; the invitation page lets that person sign up and accept", async () => {
    const invited = await owner.post(ADD, addCollaborator, { email: "joao@example.com", permissions: ["user.reservations"] }, inApp);
    expect(invited.location).toBe(LIST);
    const pending = (await owner.get(LIST, collaborators, inApp)).data.invitations;
    expect(pending).toMatchObject([{ email: "joao@example.com", permissions: ["user.reservations"] }]);

    const [mail] = await outboxFor(h.t.db, "joao@example.com");
    const link = linkIn(mail, `${h.t.config.APP_URL}/invitations/`);
    const path = link.pathname;
    const token = path.split("/").pop()!;

    // A guest sees the invitation and is offered to sign in or register, coming back here.
    const guest = h.browser();
    const page = await guest.get(path, invitations, { ...inPublic, params: { token } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ user: null, invitation: { email: "joao@example.com", valid: true, business: { company_name: "Pousada Maré Alta" } } });
    const asGuest = await guest.post(path, invitations, {}, { ...inPublic, params: { token } });
    expect(asGuest.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    // Someone else signed in cannot take it.
    const other = h.browser();
    await other.signIn(demoUsers.collaborator.email);
    const wrong = await other.post(path, invitations, {}, { ...inPublic, params: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.data).toEqual({ errors: ["business:invitation.otherEmail"] });

    const joao = h.browser();
    const joaoToken = await register("joao@example.com");
    await joao.useToken(joaoToken);
    const accepted = await joao.post(path, invitations, {}, { ...inPublic, params: { token } });
    expect(accepted.location).toBe("/");
    const list = await h.t.json("GET", "/api/v1/businesses", { token: joaoToken, status: 200 });
    expect(list.selected_business_uuid).toBe(DEMO);
    expect(list.businesses[0].permissions).toEqual(["user.reservations"]);

    const used = await joao.get(path, invitations, { ...inPublic, params: { token } });
    expect(used.data.invitation).toMatchObject({ valid: false, state: "accepted" });
    expect((await guest.get("/invitations/not-a-real-token-at-all", invitations, { ...inPublic, params: { token: "not-a-real-token-at-all" } })).data.invitation).toBeNull();
  });

  it("signs up from the invitation: the form starts with the invited address and the invitation is accepted", async () => {
    await owner.post(ADD, addCollaborator, { email: "lia@example.com", permissions: ["user.calendar", "user.reservations"] }, inApp);
    const [mail] = await outboxFor(h.t.db, "lia@example.com");
    const path = linkIn(mail, `${h.t.config.APP_URL}/invitations/`).pathname;
    const back = `/register?redirectTo=${encodeURIComponent(path)}`;
    const guest = { layouts: [guestLayout] };

    const lia = h.browser();
    const form = await lia.get(back, registerPage, guest);
    expect(form.data).toEqual({ invitedEmail: "lia@example.com" });
    // Any other redirect, or a made-up invitation, leaves the form empty.
    expect((await h.browser().get("/register?redirectTo=%2Fcalendar", registerPage, guest)).data).toEqual({ invitedEmail: null });
    expect((await h.browser().get("/register?redirectTo=%2Finvitations%2Fnot-a-real-token-at-all", registerPage, guest)).data).toEqual({ invitedEmail: null });

    const fields = { name: "Lia", surname: "Recepção", password: "pousada-azul-2026", password_confirmation: "pousada-azul-2026" };
    const sent = await lia.post(back, registerPage, { ...fields, email: "lia@example.com" }, guest);
    expect(sent.location).toBe("/check-email");
    const token = (await h.t.json("POST", "/api/auth/login", { body: { email: "lia@example.com", password: fields.password }, status: 200 })).token;
    const list = await h.t.json("GET", "/api/v1/businesses", { token, status: 200 });
    expect(list.selected_business_uuid).toBe(DEMO);
    expect(list.businesses).toHaveLength(1);
    expect(list.businesses[0].permissions).toEqual(["user.calendar", "user.reservations"]);
    const used = await lia.get(path, invitations, { ...inPublic, params: { token: path.split("/").pop()! } });
    expect(used.data.invitation).toMatchObject({ state: "accepted" });

    // Signing up from the link with another address creates the account but leaves the invitation.
    await owner.post(ADD, addCollaborator, { email: "teo@example.com", permissions: ["user.calendar"] }, inApp);
    const teoPath = linkIn((await outboxFor(h.t.db, "teo@example.com"))[0], `${h.t.config.APP_URL}/invitations/`).pathname;
    const other = await h.browser().post(`/register?redirectTo=${encodeURIComponent(teoPath)}`, registerPage, { ...fields, email: "outra@example.com" }, guest);
    expect(other.location).toBe("/check-email");
    const otherToken = (await h.t.json("POST", "/api/auth/login", { body: { email: "outra@example.com", password: fields.password }, status: 200 })).token;
    expect((await h.t.json("GET", "/api/v1/businesses", { token: otherToken, status: 200 })).businesses).toEqual([]);
    expect((await h.browser().get(teoPath, invitations, { ...inPublic, params: { token: teoPath.split("/").pop()! } })).data.invitation).toMatchObject({ state: "valid" });
    const [teo] = (await owner.get(LIST, collaborators, inApp)).data.invitations;
    await owner.post(LIST, collaborators, { intent: "revoke", invitation_uuid: teo.uuid }, inApp);
  });

  it("revokes a pending invitation", async () => {
    await owner.post(ADD, addCollaborator, { email: "maria@example.com", permissions: ["user.calendar"] }, inApp);
    const [invitation] = (await owner.get(LIST, collaborators, inApp)).data.invitations;
    expect(invitation.email).toBe("maria@example.com");
    const revoked = await owner.post(LIST, collaborators, { intent: "revoke", invitation_uuid: invitation.uuid }, inApp);
    expect(revoked.location).toBe(LIST);
    expect((await owner.get(LIST, collaborators, inApp)).data.invitations).toEqual([]);
  });
});
