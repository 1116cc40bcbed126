import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessInvitations } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { createTestApi, demoUsers, linkIn, outboxFor, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let owner: string;
let collaborator: string;
let collaboratorId: string;
const B = DEMO_BUSINESS.id;
const APP = "http://localhost:3000";

async function register(email: string) {
  const body = await t.json("POST", "/api/auth/register", {
    body: { name: "Joana", surname: "Dias", email, password: "recepcao-joana", password_confirmation: "recepcao-joana" },
    status: 201,
  });
  return { token: body.token as string, id: body.user.uuid as string };
}

async function invite(email: string, permissions: string[] = ["user.calendar", "user.reservations"]) {
  const body = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, { token: owner, body: { email, permissions }, status: 201 });
  const [mail] = await outboxFor(t.db, email.toLowerCase());
  const link = linkIn(mail, `${APP}/invitations/`);
  return { invitation: body.invitation, token: link.pathname.split("/").pop()!, mail };
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
});
afterAll(() => t.close());

describe("GET /businesses/{id}/collaborators", () => {
  it("lists the members with their permissions, pending invitations and the owner", async () => {
    const body = await t.json("GET", `/api/v1/businesses/${B}/collaborators`, { token: owner, status: 200 });
    expect(body.data).toEqual([
      {
        user: { uuid: collaboratorId, name: "Camila", surname: "Colaboradora", email: demoUsers.collaborator.email },
        permissions: ["user.dashboard", "user.calendar", "user.reservations", "user.availability", "user.rooms-overview"],
        created_at: expect.any(String),
      },
    ]);
    expect(body.invitations).toEqual([]);
    expect(body.owner).toMatchObject({ email: demoUsers.owner.email });
  });
});

describe("adding a collaborator who has an account", () => {
  it("adds them at once with the collaborator role; they see the business", async () => {
    const joana = await register("joana@example.com");
    const body = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, {
      token: owner,
      body: { email: " Joana@Example.com ", permissions: ["user.reservations", "user.calendar", "user.calendar"] },
      status: 201,
    });
    expect(body.collaborator).toEqual({
      user: { uuid: joana.id, name: "Joana", surname: "Dias", email: "joana@example.com" },
      permissions: ["user.calendar", "user.reservations"],
    });
    expect((await userByEmail(t.db, "joana@example.com")).roles).toEqual(["owner", "collaborator"]);
    const list = await t.json("GET", "/api/v1/businesses", { token: joana.token, status: 200 });
    expect(list.businesses.map((b: { uuid: string; permissions: string[] }) => [b.uuid, b.permissions])).toEqual([[B, ["user.calendar", "user.reservations"]]]);
    // No invitation e-mail: they already have an account.
    expect((await outboxFor(t.db, "joana@example.com")).map((m) => m.kind)).toEqual(["verification"]);
  });

  it("refuses the owner, someone already in, and permissions that are not user.*", async () => {
    const ownerMail = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, { token: owner, lang: "en", body: { email: demoUsers.owner.email, permissions: [] }, status: 422 });
    expect(ownerMail.errors.email).toEqual(["This person owns the business."]);
    const again = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, { token: owner, lang: "en", body: { email: "joana@example.com", permissions: [] }, status: 422 });
    expect(again.errors.email).toEqual(["This person already collaborates on this business."]);
    const admin = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, { token: owner, lang: "en", body: { email: "x@example.com", permissions: ["user.calendar", "admin.businesses"] }, status: 422 });
    expect(admin.errors["permissions.1"]).toEqual(["Choose one of the options."]);
  });
});

describe("inviting someone without an account", () => {
  it("stores a hashed, week-long invitation and e-mails the link", async () => {
    const { invitation, token, mail } = await invite("Nova.Recepcionista@Example.com");
    expect(invitation).toEqual({
      uuid: expect.any(String),
      email: "nova.recepcionista@example.com",
      permissions: ["user.calendar", "user.reservations"],
      expires_at: new Date(t.clock.now.getTime() + 7 * 86_400_000).toISOString(),
      created_at: expect.any(String),
    });
    expect(mail).toMatchObject({ kind: "invitation", status: "queued" });
    expect(mail.text).toContain("Pousada Maré Alta");
    const [row] = await t.db.select().from(businessInvitations).where(eq(businessInvitations.id, invitation.uuid));
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await t.json("GET", `/api/v1/businesses/${B}/collaborators`, { token: owner });
    expect(listed.invitations.map((i: { uuid: string }) => i.uuid)).toEqual([invitation.uuid]);
  });

  it("shows the invitation publicly, then the invited person registers and accepts it", async () => {
    const { token } = await invite("lucas@example.com", ["user.availability"]);
    const shown = await t.json("GET", `/api/invitations/${token}`, { status: 200 });
    expect(shown.data).toMatchObject({
      email: "lucas@example.com",
      business: { company_name: "Pousada Maré Alta", logo: null },
      inviter: { name: "Otávio", surname: "Proprietário" },
      permissions: ["user.availability"],
      valid: true,
      state: "valid",
    });

    const lucas = await register("lucas@example.com");
    const joined = async (token: string, lang = "en") =>
      (await t.json("GET", "/api/v1/notifications?kind=collaborator.joined", { token, lang, status: 200 })).notifications.filter((n: { business_uuid: string }) => n.business_uuid === B);
    const [ownerBefore, teamBefore] = [(await joined(owner)).length, (await joined(collaborator)).length];
    const accepted = await t.json("POST", `/api/v1/invitations/${token}/accept`, { token: lucas.token, status: 200 });
    // The owner and the rest of the team hear of it, each in their language; the newcomer is not told they joined.
    const [news] = await joined(owner);
    expect(news).toMatchObject({ title: "Joana Dias joined Pousada Maré Alta as a collaborator", link: "/pms-settings/collaborators", read: false });
    expect((await joined(owner, "pt-BR"))[0].title).not.toBe(news.title);
    expect(await joined(owner)).toHaveLength(ownerBefore + 1);
    expect(await joined(collaborator)).toHaveLength(teamBefore + 1);
    expect(await joined(lucas.token)).toEqual([]);
    expect(accepted.business).toMatchObject({ uuid: B, permissions: ["user.availability"], is_owner: false });
    const list = await t.json("GET", "/api/v1/businesses", { token: lucas.token });
    expect(list.selected_business_uuid).toBe(B);
    expect((await userByEmail(t.db, "lucas@example.com")).roles).toContain("collaborator");

    const twice = await t.json("POST", `/api/v1/invitations/${token}/accept`, { token: lucas.token, lang: "en", status: 422 });
    expect(twice.errors.token).toEqual(["This invitation was already accepted."]);
    expect((await t.json("GET", `/api/invitations/${token}`)).data).toMatchObject({ valid: false, state: "accepted" });
    // Accepted invitations leave the pending list.
    const listed = await t.json("GET", `/api/v1/businesses/${B}/collaborators`, { token: owner });
    expect(listed.invitations.some((i: { email: string }) => i.email === "lucas@example.com")).toBe(false);
    expect(listed.data.some((m: { user: { email: string } }) => m.user.email === "lucas@example.com")).toBe(true);
  });

  it("refuses an invitation accepted by another account (403) and an unknown token (404)", async () => {
    const { token } = await invite("marta@example.com");
    const body = await t.json("POST", `/api/v1/invitations/${token}/accept`, { token: collaborator, lang: "en", status: 403 });
    expect(body.message).toBe("This invitation was sent to another e-mail address. Sign in with that address to accept it.");
    await t.json("GET", "/api/invitations/not-a-real-token-at-all-xxxxxxx", { status: 404 });
    await t.json("POST", "/api/v1/invitations/not-a-real-token-at-all-xxxxxxx/accept", { token: collaborator, status: 404 });
    // Signed-in only.
    expect((await t.call("POST", `/api/v1/invitations/${token}/accept`)).status).toBe(401);
  });

  it("expires after seven days", async () => {
    const { token } = await invite("tarde@example.com");
    const late = await register("tarde@example.com");
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 7 * 86_400_000 + 1000);
    try {
      expect((await t.json("GET", `/api/invitations/${token}`)).data).toMatchObject({ valid: false, state: "expired" });
      const body = await t.json("POST", `/api/v1/invitations/${token}/accept`, { token: late.token, lang: "en", status: 422 });
      expect(body.errors.token).toEqual(["This invitation has expired. Ask for a new one."]);
    } finally {
      t.clock.now = saved;
    }
  });

  it("inviting the same address again replaces the pending invitation; it can be withdrawn", async () => {
    const first = await invite("repetida@example.com");
    const second = await invite("repetida@example.com", ["user.dashboard"]);
    await t.json("GET", `/api/invitations/${first.token}`, { status: 404 });
    const listed = await t.json("GET", `/api/v1/businesses/${B}/collaborators`, { token: owner });
    expect(listed.invitations.filter((i: { email: string }) => i.email === "repetida@example.com").map((i: { uuid: string }) => i.uuid)).toEqual([second.invitation.uuid]);

    await t.json("DELETE", `/api/v1/businesses/${B}/invitations/${second.invitation.uuid}`, { token: owner, status: 200 });
    await t.json("DELETE", `/api/v1/businesses/${B}/invitations/${second.invitation.uuid}`, { token: owner, status: 404 });
    await t.json("GET", `/api/invitations/${second.token}`, { status: 404 });
  });
});

describe("changing and removing collaborators", () => {
  it("updates permissions; refuses the owner, unknown people and non-user.* names", async () => {
    const body = await t.json("PUT", `/api/v1/businesses/${B}/collaborators/${collaboratorId}`, {
      token: owner,
      body: { permissions: ["user.collaborators", "user.calendar", "user.reservations"] },
      status: 200,
    });
    expect(body.collaborator.permissions).toEqual(["user.calendar", "user.reservations", "user.collaborators"]);
    const ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
    const own = await t.json("PUT", `/api/v1/businesses/${B}/collaborators/${ownerId}`, { token: owner, lang: "en", body: { permissions: [] }, status: 422 });
    expect(own.errors.userId).toEqual(["The owner's access cannot be changed or removed."]);
    await t.json("PUT", `/api/v1/businesses/${B}/collaborators/00000000-0000-4000-8000-000000000000`, { token: owner, body: { permissions: [] }, status: 404 });
    await t.json("PUT", `/api/v1/businesses/${B}/collaborators/${collaboratorId}`, { token: owner, body: { permissions: ["admin.users"] }, status: 422 });
    await t.json("DELETE", `/api/v1/businesses/${B}/collaborators/${ownerId}`, { token: owner, status: 422 });
  });

  it("a collaborator managing collaborators can grant only what they hold, and not to themselves", async () => {
    // Camila now holds user.collaborators, user.calendar and user.reservations.
    const escalate = await t.json("POST", `/api/v1/businesses/${B}/collaborators`, {
      token: collaborator,
      lang: "en",
      body: { email: "amiga@example.com", permissions: ["user.calendar", "user.businesses"] },
      status: 403,
    });
    expect(escalate.message).toBe("You cannot grant permissions you do not hold yourself (user.businesses).");
    const self = await t.json("PUT", `/api/v1/businesses/${B}/collaborators/${collaboratorId}`, {
      token: collaborator,
      lang: "en",
      body: { permissions: ["user.calendar"] },
      status: 403,
    });
    expect(self.message).toBe("You cannot change your own permissions.");
    await t.json("POST", `/api/v1/businesses/${B}/collaborators`, { token: collaborator, body: { email: "amiga@example.com", permissions: ["user.calendar"] }, status: 201 });
  });

  it("removes a collaborator, who then loses the business", async () => {
    const joana = await userByEmail(t.db, "joana@example.com");
    await t.json("DELETE", `/api/v1/businesses/${B}/collaborators/${joana.id}`, { token: owner, status: 200 });
    await t.json("DELETE", `/api/v1/businesses/${B}/collaborators/${joana.id}`, { token: owner, status: 404 });
    const token = await t.login("joana@example.com", "recepcao-joana");
    expect((await t.json("GET", "/api/v1/businesses", { token })).businesses).toEqual([]);
    await t.json("GET", `/api/v1/businesses/${B}`, { token, status: 403 });
  });
});

describe("invitation rate limit", () => {
  let small: TestApi;
  beforeAll(async () => {
    small = await createTestApi({ deps: { rateLimits: { invitationsUser: { points: 2, durationSec: 3600 } } } });
  });
  afterAll(() => small.close());

  it("refuses a user's invitations over the limit with 429 and sends no more e-mail", async () => {
    const token = await small.login(demoUsers.owner.email);
    const send = (email: string, status: number) =>
      small.json("POST", `/api/v1/businesses/${B}/collaborators`, { token, lang: "en", body: { email, permissions: ["user.calendar"] }, status });
    await send("first@invite.test", 201);
    await send("second@invite.test", 201);
    const refused = await send("third@invite.test", 429);
    expect(refused.message).toMatch(/Too many attempts/);
    expect(await outboxFor(small.db, "third@invite.test")).toEqual([]);
  });
});
