import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, securityEvents, twoFactorCredentials, twoFactorRecoveryCodes } from "#api/db/schema/index.ts";
import { createTestApi, DEMO_PASSWORD, demoUsers, type TestApi, userByEmail } from "#tests/helpers/api.ts";

/** POST /api/v1/admin/users/{id}/reset-two-factor: an administrator turns off a user's lost second factor. */
let t: TestApi;
let admin: string;

beforeAll(async () => {
  t = await createTestApi();
  admin = await t.login(demoUsers.admin.email);
}, 300_000);
afterAll(() => t.close());

const reset = (id: string, token = admin) => t.call("POST", `/api/v1/admin/users/${id}/reset-two-factor`, { token, lang: "en" });

/** Turns two-factor on for `email` through the API, from a session that stays open. */
async function enrol(email: string) {
  const token = await t.login(email);
  const started = await t.json("POST", "/api/v1/auth/two-factor", { token, status: 201 });
  const user = await userByEmail(t.db, email);
  const code = await t.nextTotpCode(user.id, started.secret);
  await t.json("POST", "/api/v1/auth/two-factor/confirm", { token, body: { code }, status: 200 });
  return { token, user };
}

describe("an administrator resets a user's two-factor sign-in", () => {
  it("deletes the secret and the recovery codes, ends the sessions, logs who did it and e-mails the user in their language", async () => {
    const { token: ownerSession, user: owner } = await enrol(demoUsers.owner.email);
    expect((await t.call("GET", "/api/v1/user", { token: ownerSession })).status).toBe(200);

    const res = await reset(owner.id);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ uuid: owner.id, two_factor_enabled: false });
    expect(await t.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, owner.id))).toEqual([]);
    expect(await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id))).toEqual([]);
    // The session that was open (on the lost phone, perhaps) is over.
    expect((await t.call("GET", "/api/v1/user", { token: ownerSession })).status).toBe(401);

    const adminRow = await userByEmail(t.db, demoUsers.admin.email);
    const [event] = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, owner.id));
    expect(event).toMatchObject({ kind: "two_factor_reset", userEmail: owner.email, actorUserId: adminRow.id, actorLabel: "Ana Administradora" });
    expect(event.details).toMatchObject({ recovery_codes_left: 10, sessions_ended: true });

    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, owner.email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail).toMatchObject({ kind: "two_factor_reset", locale: owner.preferredLanguage });
    expect(mail.subject).toBe("A verificação em duas etapas da sua conta Tarifa foi desativada");
    expect(mail.text).toContain("/login");

    // The password alone signs in again: no second step is asked.
    const login = await t.call("POST", "/api/auth/login", { body: { email: owner.email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    expect(await login.json()).toHaveProperty("token");
  });

  it("is refused to someone without the admin permission (403), for an unknown id (404) and when two-factor is off (409)", async () => {
    const { user: collaborator } = await enrol(demoUsers.collaborator.email);
    const owner = await t.login(demoUsers.owner.email);
    expect((await reset(collaborator.id, owner)).status).toBe(403);
    expect((await reset("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await reset("not-a-uuid")).status).toBe(404);
    expect(await t.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, collaborator.id))).toHaveLength(1);

    const ownerRow = await userByEmail(t.db, demoUsers.owner.email);
    const off = await reset(ownerRow.id);
    expect(off.status).toBe(409);
    expect((await off.json()).message).toBe("Two-factor sign-in is not on.");
  });

  it("refuses an administrator's own reset (422) and changes nothing", async () => {
    const me = await userByEmail(t.db, demoUsers.admin.email);
    const res = await reset(me.id);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe("You can't reset your own two-factor sign-in this way.");
    expect(await t.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, me.id))).toHaveLength(1);
    expect((await t.call("GET", "/api/v1/user", { token: admin })).status).toBe(200);
  });
});
