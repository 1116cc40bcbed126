import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, DEMO_PASSWORD, demoUsers, linkIn, outboxFor, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ deps: { forgotPasswordMinMs: 250 } });
  // The harness builds the OpenAPI document on its first call (every answer is checked against it):
  // done here, so the timings below compare the product's two paths, not the harness's warm-up.
  await t.call("GET", "/api/health/live");
});
afterAll(() => t.close());

const APP = "http://localhost:3000";
const owner = demoUsers.owner.email;
const collaborator = demoUsers.collaborator.email;

async function forgot(email: string, lang = "en") {
  const started = performance.now();
  const res = await t.call("POST", "/api/auth/forgot-password", { body: { email }, lang });
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
}

/** Asks for a reset and returns the token and e-mail from the newest reset link. */
async function resetLinkFor(email: string) {
  await forgot(email);
  const [mail] = (await outboxFor(t.db, email)).filter((m) => m.kind === "password_reset");
  const link = linkIn(mail, `${APP}/reset-password?`);
  return { token: link.searchParams.get("token")!, email: link.searchParams.get("email")! };
}

describe("POST /api/auth/forgot-password", () => {
  it("answers a known and an unknown e-mail identically; only the known one gets a mail", async () => {
    const known = [await forgot(owner), await forgot(demoUsers.admin.email)];
    const unknown = [await forgot("nobody-here@example.com"), await forgot("nobody-either@example.com")];
    for (const answer of [...known, ...unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(known[0].body);
      // Both kinds take at least the floor (250 ms here), which hides the known path's extra writes.
      expect(answer.ms).toBeGreaterThanOrEqual(245);
    }
    expect(known[0].body.message).toMatch(/^If an account exists for this e-mail/);
    const mean = (answers: { ms: number }[]) => answers.reduce((sum, a) => sum + a.ms, 0) / answers.length;
    expect(Math.abs(mean(known) - mean(unknown))).toBeLessThan(150);

    const [mail] = await outboxFor(t.db, owner);
    expect(mail).toMatchObject({ kind: "password_reset", locale: "pt-BR", subject: "Redefinição de senha do Tarifa" });
    const link = linkIn(mail, `${APP}/reset-password?`);
    expect(link.searchParams.get("email")).toBe(owner);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await outboxFor(t.db, "nobody-here@example.com")).toEqual([]);
    expect(await outboxFor(t.db, "nobody-either@example.com")).toEqual([]);
  });

  it("refuses a malformed e-mail with a translated 422", async () => {
    const res = await forgot("not-an-email");
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(["Enter a valid e-mail address."]);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("resets once, signs the account out everywhere, and refuses the same token again", async () => {
    const session = await t.login(collaborator);
    const { token, email } = await resetLinkFor(collaborator);
    const body = { token, email, password: "nova-senha-segura", password_confirmation: "nova-senha-segura" };
    const done = await t.json("POST", "/api/auth/reset-password", { body, lang: "en", status: 200 });
    expect(done.message).toBe("Your password has been reset. Sign in with the new password.");
    expect((await t.call("GET", "/api/v1/user", { token: session })).status).toBe(401);
    await t.login(collaborator, "nova-senha-segura");
    expect((await t.call("POST", "/api/auth/login", { body: { email: collaborator, password: DEMO_PASSWORD } })).status).toBe(422);

    const again = await t.json("POST", "/api/auth/reset-password", {
      body: { ...body, password: "outra-senha-123", password_confirmation: "outra-senha-123" },
      lang: "en",
      status: 422,
    });
    expect(again.errors.token).toEqual(["This reset link is invalid, has expired or was already used. Ask for a new one."]);
  });

  it("expires after 60 minutes", async () => {
    const { token, email } = await resetLinkFor(owner);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 60 * 60_000 + 1000);
    try {
      const body = { token, email, password: "depois-do-prazo", password_confirmation: "depois-do-prazo" };
      const answer = await t.json("POST", "/api/auth/reset-password", { body, status: 422 });
      expect(answer.errors.token).toEqual(["Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo."]);
    } finally {
      t.clock.now = saved;
    }
    await t.login(owner);
  });

  it("works just before the hour is up", async () => {
    const { token, email } = await resetLinkFor(owner);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 59 * 60_000);
    try {
      const body = { token, email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD };
      await t.json("POST", "/api/auth/reset-password", { body, status: 200 });
    } finally {
      t.clock.now = saved;
    }
  });

  it("refuses a wrong token, another account's token, and bad passwords", async () => {
    const { token } = await resetLinkFor(owner);
    const base = { password: "nova-senha-segura", password_confirmation: "nova-senha-segura" };
    await t.json("POST", "/api/auth/reset-password", { body: { ...base, token: "x".repeat(43), email: owner }, status: 422 });
    await t.json("POST", "/api/auth/reset-password", { body: { ...base, token, email: collaborator }, status: 422 });
    const digits = await t.json("POST", "/api/auth/reset-password", {
      body: { token, email: owner, password: "87654321", password_confirmation: "87654321" },
      lang: "es",
      status: 422,
    });
    expect(digits.errors.password).toEqual(["La contraseña no puede tener solo números."]);
    const same = await t.json("POST", "/api/auth/reset-password", {
      body: { token, email: owner, password: owner, password_confirmation: owner },
      status: 422,
    });
    expect(same.errors.password).toContain("A senha não pode ser igual ao e-mail.");
    // The token survived the refused attempts.
    await t.json("POST", "/api/auth/reset-password", {
      body: { token, email: owner, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
      status: 200,
    });
  });
});

describe("POST /api/v1/auth/change-password", () => {
  it("needs the current password", async () => {
    const token = await t.login(owner);
    const body = await t.json("POST", "/api/v1/auth/change-password", {
      token,
      body: { current_password: "wrong-one", password: "troca-de-senha", password_confirmation: "troca-de-senha" },
      lang: "it",
      status: 422,
    });
    expect(body.errors.current_password).toEqual(["La password attuale non è corretta."]);
    expect(body.message).toBe("I dati inviati non sono validi.");
  });

  it("refuses the e-mail as the new password", async () => {
    const token = await t.login(owner);
    const body = await t.json("POST", "/api/v1/auth/change-password", {
      token,
      body: { current_password: DEMO_PASSWORD, password: owner, password_confirmation: owner },
      status: 422,
    });
    expect(body.errors.password).toEqual(["A senha não pode ser igual ao e-mail."]);
  });

  it("changes it, keeps the caller signed in and signs every other session out", async () => {
    const other = await t.login(owner);
    const caller = await t.login(owner);
    const { access_token } = await t.json("POST", "/api/auth/access-token", { token: other, status: 200 });
    const body = await t.json("POST", "/api/v1/auth/change-password", {
      token: caller,
      body: { current_password: DEMO_PASSWORD, password: "troca-de-senha", password_confirmation: "troca-de-senha" },
      lang: "en",
      status: 200,
    });
    expect(body.message).toBe("Your password has been changed. Your other sessions were signed out.");
    expect((await t.call("GET", "/api/v1/user", { token: caller })).status).toBe(200);
    expect((await t.call("GET", "/api/v1/user", { token: other })).status).toBe(401);
    expect((await t.call("GET", "/api/v1/user", { token: access_token })).status).toBe(401);
    await t.login(owner, "troca-de-senha");
    // Back to the demo password for the other tests.
    await t.json("POST", "/api/v1/auth/change-password", {
      token: caller,
      body: { current_password: "troca-de-senha", password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
      status: 200,
    });
  });
});

describe("POST /api/auth/access-token", () => {
  it("answers token.valid with a 15-minute access token", async () => {
    const token = await t.login(owner);
    const body = await t.json("POST", "/api/auth/access-token", { token, status: 200 });
    expect(body).toEqual({ response_code: "token.valid", access_token: expect.any(String), expires_in: 900 });
    expect((await t.call("GET", "/api/v1/user", { token: body.access_token })).status).toBe(200);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 15 * 60_000 + 1000);
    try {
      expect((await t.call("GET", "/api/v1/user", { token: body.access_token })).status).toBe(401);
      expect((await t.call("GET", "/api/v1/user", { token })).status).toBe(200);
    } finally {
      t.clock.now = saved;
    }
  });

  it("is not minted from an access token, nor without a sign-in", async () => {
    const token = await t.login(owner);
    const { access_token } = await t.json("POST", "/api/auth/access-token", { token, status: 200 });
    const refused = await t.json("POST", "/api/auth/access-token", { token: access_token, lang: "en", status: 403 });
    expect(refused.message).toBe("Sign in again to continue.");
    const anonymous = await t.json("POST", "/api/auth/access-token", { lang: "en", status: 401 });
    expect(anonymous.message).toBe("Session expired. Please sign in again.");
  });
});
