import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactorCredentials, twoFactorRecoveryCodes } from "#api/db/schema/index.ts";
import { createTestApi, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, demoUsers, type TestApi, userByEmail } from "#tests/helpers/api.ts";

/** Two-factor sign-in (docs/api/session.md, docs/decisions/0024-two-factor-sign-in.md). */
let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
}, 120_000);
afterAll(() => t.close());

const password = async (email: string) => t.call("POST", "/api/auth/login", { body: { email, password: DEMO_PASSWORD } });

async function challengeFor(email: string): Promise<string> {
  const res = await password(email);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toEqual({ two_factor_required: true, challenge_token: expect.any(String), expires_at: expect.any(String) });
  expect(body).not.toHaveProperty("token");
  return body.challenge_token;
}

const secondStep = (challenge: string, code: string, extra: Record<string, unknown> = {}) =>
  t.call("POST", "/api/auth/login/two-factor", { body: { challenge_token: challenge, code, ...extra } });

/** Enrols `email` through the API and answers its secret and recovery codes. */
async function enrol(email: string) {
  const token = await t.login(email);
  const started = await t.json("POST", "/api/v1/auth/two-factor", { token, status: 201 });
  expect(started.otpauth_uri).toContain(`secret=${started.secret}`);
  const user = await userByEmail(t.db, email);
  const code = await t.nextTotpCode(user.id, started.secret);
  const confirmed = await t.json("POST", "/api/v1/auth/two-factor/confirm", { token, body: { code }, status: 200 });
  return { token, secret: started.secret as string, codes: confirmed.recovery_codes as string[], userId: user.id };
}

describe("sign-in with two-factor on", () => {
  it("answers a challenge instead of a session; the right code completes it once", async () => {
    const admin = await userByEmail(t.db, demoUsers.admin.email);
    const challenge = await challengeFor(demoUsers.admin.email);

    const wrong = await secondStep(challenge, "000000");
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.code).toEqual(["Código incorreto. Digite o código atual do aplicativo ou um código de recuperação."]);

    const code = await t.nextTotpCode(admin.id, DEMO_ADMIN_TOTP_SECRET);
    const ok = await secondStep(challenge, code);
    expect(ok.status).toBe(200);
    const session = await ok.json();
    expect(session.user).toMatchObject({ email: demoUsers.admin.email, two_factor_enabled: true });
    expect((await t.call("GET", "/api/v1/user", { token: session.token })).status).toBe(200);

    // The challenge is spent, and the same code (same 30-second step) is not taken twice.
    expect((await secondStep(challenge, code)).status).toBe(422);
    const again = await challengeFor(demoUsers.admin.email);
    const replay = await secondStep(again, code);
    expect(replay.status).toBe(422);
    expect((await replay.json()).errors).toHaveProperty("code");
    expect((await secondStep(again, await t.nextTotpCode(admin.id))).status).toBe(200);
  });

  it("refuses an unknown or expired challenge beside challenge_token, in the caller's language", async () => {
    const unknown = await t.call("POST", "/api/auth/login/two-factor", { body: { challenge_token: "nope", code: "123456" }, lang: "en" });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.challenge_token).toEqual(["This sign-in step has expired. Sign in again with your password."]);

    const challenge = await challengeFor(demoUsers.admin.email);
    const admin = await userByEmail(t.db, demoUsers.admin.email);
    t.clock.now = new Date(t.clock.now.getTime() + 6 * 60_000);
    const late = await secondStep(challenge, await t.nextTotpCode(admin.id));
    expect(late.status).toBe(422);
    expect((await late.json()).errors).toHaveProperty("challenge_token");
  });

  it("validates the body (422) and never answers a session without the code", async () => {
    const res = await t.call("POST", "/api/auth/login/two-factor", { body: { challenge_token: "x" } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toHaveProperty("code");
  });

  it("refuses the cookie mode without the XSRF token (419), as the password step does", async () => {
    const challenge = await challengeFor(demoUsers.admin.email);
    const admin = await userByEmail(t.db, demoUsers.admin.email);
    const noXsrf = await secondStep(challenge, await t.nextTotpCode(admin.id), { mode: "cookie" });
    expect(noXsrf.status).toBe(419);
  });
});

describe("enrolment, recovery codes and turning it off (the demo owner)", () => {
  let secret: string;
  let codes: string[];
  let ownerId: string;

  it("enrols with a code from the secret; the secret is sealed and the recovery codes hashed at rest", async () => {
    const owner = await userByEmail(t.db, demoUsers.owner.email);
    const token = await t.login(demoUsers.owner.email);
    expect(await t.json("GET", "/api/v1/auth/two-factor", { token, status: 200 })).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      pending: null,
    });
    const started = await t.json("POST", "/api/v1/auth/two-factor", { token, status: 201 });
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Tarifa:/);
    const pending = await t.json("GET", "/api/v1/auth/two-factor", { token, status: 200 });
    expect(pending).toMatchObject({ enabled: false, pending: { secret: started.secret } });

    const wrong = await t.call("POST", "/api/v1/auth/two-factor/confirm", { token, body: { code: "000000" } });
    expect(wrong.status).toBe(422);
    const confirmed = await t.json("POST", "/api/v1/auth/two-factor/confirm", {
      token,
      body: { code: await t.nextTotpCode(owner.id, started.secret) },
      status: 200,
    });
    expect(confirmed.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.recovery_codes).size).toBe(10);
    for (const code of confirmed.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    secret = started.secret;
    codes = confirmed.recovery_codes;
    ownerId = owner.id;

    const [stored] = await t.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, owner.id));
    expect(stored.secretSealed.startsWith("v1.")).toBe(true);
    expect(stored.secretSealed).not.toContain(secret);
    const hashes = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes.map((c) => c.replace("-", ""))).not.toContain(row.codeHash);
    expect(JSON.stringify(hashes)).not.toContain(codes[0]);

    // Turned on: a new enrolment cannot replace the secret, and the token that enrolled still works.
    expect((await t.call("POST", "/api/v1/auth/two-factor", { token })).status).toBe(409);
    expect(await t.json("GET", "/api/v1/auth/two-factor", { token, status: 200 })).toMatchObject({ enabled: true, recovery_codes_left: 10, pending: null });
  });

  it("takes a recovery code once, in any case and spacing", async () => {
    const first = await challengeFor(demoUsers.owner.email);
    const ok = await secondStep(first, ` ${codes[0].toUpperCase().replace("-", " ")} `);
    expect(ok.status).toBe(200);
    const token = (await ok.json()).token;
    expect(await t.json("GET", "/api/v1/auth/two-factor", { token, status: 200 })).toMatchObject({ recovery_codes_left: 9 });
    const second = await challengeFor(demoUsers.owner.email);
    expect((await secondStep(second, codes[0])).status).toBe(422);
    expect((await secondStep(second, codes[1])).status).toBe(200);
  });

  it("replaces the recovery codes given a code; the old ones stop working", async () => {
    const token = await t.login(demoUsers.owner.email, DEMO_PASSWORD, secret);
    const fresh = await t.json("POST", "/api/v1/auth/two-factor/recovery-codes", {
      token,
      body: { code: await t.nextTotpCode(ownerId, secret) },
      status: 200,
    });
    expect(fresh.recovery_codes).toHaveLength(10);
    const challenge = await challengeFor(demoUsers.owner.email);
    expect((await secondStep(challenge, codes[2])).status).toBe(422);
    expect((await secondStep(challenge, fresh.recovery_codes[0])).status).toBe(200);
  });

  it("turns off only with the password and a code", async () => {
    const token = await t.login(demoUsers.owner.email, DEMO_PASSWORD, secret);
    const noPassword = await t.call("POST", "/api/v1/auth/two-factor/disable", { token, body: { password: "wrong-one", code: "123456" } });
    expect(noPassword.status).toBe(422);
    expect((await noPassword.json()).errors).toHaveProperty("password");
    const noCode = await t.call("POST", "/api/v1/auth/two-factor/disable", { token, body: { password: DEMO_PASSWORD, code: "000000" } });
    expect(noCode.status).toBe(422);
    expect((await noCode.json()).errors).toHaveProperty("code");
    const missing = await t.call("POST", "/api/v1/auth/two-factor/disable", { token, body: { password: DEMO_PASSWORD } });
    expect(missing.status).toBe(422);
    expect(await t.json("GET", "/api/v1/auth/two-factor", { token, status: 200 })).toMatchObject({ enabled: true });

    const off = await t.json("POST", "/api/v1/auth/two-factor/disable", {
      token,
      body: { password: DEMO_PASSWORD, code: await t.nextTotpCode(ownerId, secret) },
      status: 200,
    });
    expect(off).toEqual({ enabled: false });
    expect(await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, ownerId))).toHaveLength(0);
    const plain = await (await password(demoUsers.owner.email)).json();
    expect(plain.token).toEqual(expect.any(String));
    expect((await t.call("POST", "/api/v1/auth/two-factor/disable", { token, body: { password: DEMO_PASSWORD, code: "123456" } })).status).toBe(409);
  });
});

describe("rate limit on codes (the demo collaborator)", () => {
  it("answers 429 with Retry-After after five wrong codes, even for the right one", async () => {
    const { secret, userId, token } = await enrol(demoUsers.collaborator.email);
    const challenge = await challengeFor(demoUsers.collaborator.email);
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, String(100000 + i))).status).toBe(422);
    const limited = await secondStep(challenge, await t.nextTotpCode(userId, secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same count guards turning it off, even with the right password and code.
    const off = await t.call("POST", "/api/v1/auth/two-factor/disable", {
      token,
      body: { password: DEMO_PASSWORD, code: await t.nextTotpCode(userId, secret) },
    });
    expect(off.status).toBe(429);
  });
});

describe("administrators must enrol before administering", () => {
  it("refuses /api/v1/admin calls (403) to an administrator without two-factor, and opens them once enrolled", async () => {
    const admin = await userByEmail(t.db, demoUsers.admin.email);
    const token = await t.login(demoUsers.admin.email);
    expect((await t.call("GET", "/api/v1/admin/users", { token })).status).toBe(200);
    await t.json("POST", "/api/v1/auth/two-factor/disable", {
      token,
      body: { password: DEMO_PASSWORD, code: await t.nextTotpCode(admin.id) },
      status: 200,
    });
    const me = await t.json("GET", "/api/v1/user", { token, status: 200 });
    expect(me.user.two_factor_enabled).toBe(false);
    const refused = await t.call("GET", "/api/v1/admin/users", { token, lang: "en" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Administrators must turn on two-factor sign-in before using the administration.");
    expect((await t.call("GET", "/api/v1/admin/coupons", { token })).status).toBe(403);
    // Their own settings stay open, so they can enrol.
    const started = await t.json("POST", "/api/v1/auth/two-factor", { token, status: 201 });
    await t.json("POST", "/api/v1/auth/two-factor/confirm", { token, body: { code: await t.nextTotpCode(admin.id, started.secret) }, status: 200 });
    expect((await t.call("GET", "/api/v1/admin/users", { token })).status).toBe(200);
  });
});
