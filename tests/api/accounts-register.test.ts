import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, linkIn, outboxFor, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const APP = "http://localhost:3000";

function newAccount(email: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Beatriz",
    surname: "Souza",
    email,
    password: "pousada-do-sol",
    password_confirmation: "pousada-do-sol",
    company: "Pousada do Sol",
    phone: "+55 48 99999-0000",
    ...extra,
  };
}

/** The parts of /verify-email/{id}/{hash}?expires=…&signature=… as the web posts them. */
function partsOf(link: URL) {
  const [, , id, hash] = link.pathname.split("/");
  return { id, hash, expires: link.searchParams.get("expires")!, signature: link.searchParams.get("signature")! };
}

describe("POST /api/auth/register", () => {
  it("creates an unverified owner, signs them in and sends the verification e-mail in their language", async () => {
    const body = await t.json("POST", "/api/auth/register", {
      body: newAccount("Beatriz@Example.com", { preferred_language: "es-ES" }),
      status: 201,
    });
    expect(body.token).toEqual(expect.any(String));
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.user).toMatchObject({
      email: "beatriz@example.com",
      name: "Beatriz",
      roles: ["owner"],
      preferred_language: "es-ES",
      email_verified_at: null,
      company: "Pousada do Sol",
    });
    const me = await t.json("GET", "/api/v1/user", { token: body.token, status: 200 });
    expect(me.user.email).toBe("beatriz@example.com");

    const [mail] = await outboxFor(t.db, "beatriz@example.com");
    expect(mail).toMatchObject({ kind: "verification", locale: "es-ES", status: "queued", subject: "Confirma tu correo electrónico en Tarifa" });
    expect(mail.text).toContain("¡Hola, Beatriz!");
    expect(mail.html).toContain("<a href=");
    const link = linkIn(mail, `${APP}/verify-email/`);
    expect(link.pathname).toMatch(new RegExp(`^/verify-email/${body.user.uuid}/[0-9a-f]{40}$`));
  });

  it("keeps the password only as a salted scrypt hash: a new salt per account, never the text", async () => {
    await t.json("POST", "/api/auth/register", { body: newAccount("hash-one@example.com"), status: 201 });
    await t.json("POST", "/api/auth/register", { body: newAccount("hash-two@example.com"), status: 201 });
    const one = (await userByEmail(t.db, "hash-one@example.com")).passwordHash;
    const two = (await userByEmail(t.db, "hash-two@example.com")).passwordHash;
    // scrypt$N$r$p$salt$key (api/services/passwords.ts): N = 2^15, r = 8, 16 bytes of salt, a 32-byte key.
    for (const stored of [one, two]) {
      expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(stored).not.toContain("pousada-do-sol");
    }
    expect(one.split("$")[4]).not.toBe(two.split("$")[4]);
    expect(one.split("$")[5]).not.toBe(two.split("$")[5]);
    await expect(t.login("hash-one@example.com", "pousada-do-sol")).resolves.toEqual(expect.any(String));
  });

  it("defaults the language to the caller's", async () => {
    const body = await t.json("POST", "/api/auth/register", { body: newAccount("it@example.com"), lang: "it", status: 201 });
    expect(body.user.preferred_language).toBe("it-IT");
    const [mail] = await outboxFor(t.db, "it@example.com");
    expect(mail.subject).toBe("Conferma la tua e-mail su Tarifa");
  });

  it("refuses a taken e-mail (any case) with 422 on email", async () => {
    const body = await t.json("POST", "/api/auth/register", {
      body: newAccount(demoUsers.owner.email.toUpperCase()),
      lang: "en",
      status: 422,
    });
    expect(body.errors.email).toEqual(["An account with this e-mail already exists."]);
    expect(body.message).toBe("The data sent is not valid.");
  });

  it("enforces the password rules with translated field errors", async () => {
    const short = await t.json("POST", "/api/auth/register", {
      body: newAccount("rules@example.com", { password: "abc", password_confirmation: "abc" }),
      lang: "en",
      status: 422,
    });
    expect(short.errors.password[0]).toMatch(/8/);
    const digits = await t.json("POST", "/api/auth/register", {
      body: newAccount("rules@example.com", { password: "12345678", password_confirmation: "12345678" }),
      lang: "en",
      status: 422,
    });
    expect(digits.errors.password).toEqual(["The password cannot be only digits."]);
    const email = await t.json("POST", "/api/auth/register", {
      body: newAccount("rules@example.com", { password: "Rules@Example.com", password_confirmation: "Rules@Example.com" }),
      status: 422,
    });
    expect(email.errors.password).toEqual(["A senha não pode ser igual ao e-mail."]);
    const mismatch = await t.json("POST", "/api/auth/register", {
      body: newAccount("rules@example.com", { password_confirmation: "something-else" }),
      lang: "fr",
      status: 422,
    });
    expect(mismatch.errors.password_confirmation).toEqual(["La confirmation ne correspond pas au mot de passe."]);
    expect(await userByEmail(t.db, "rules@example.com")).toBeUndefined();
  });

  it("sanitises the texts it stores", async () => {
    const body = await t.json("POST", "/api/auth/register", {
      body: newAccount("markup@example.com", { name: "  <b>Zé</b> ", company: `Pousada "Mar & Sol"` }),
      status: 201,
    });
    expect(body.user.name).toBe("bZé/b");
    expect(body.user.company).toBe("Pousada Mar  Sol");
  });
});

describe("e-mail verification", () => {
  let token: string;
  let uuid: string;
  let link: URL;

  beforeAll(async () => {
    const body = await t.json("POST", "/api/auth/register", { body: newAccount("verify@example.com"), status: 201 });
    token = body.token;
    uuid = body.user.uuid;
    link = linkIn((await outboxFor(t.db, "verify@example.com"))[0], `${APP}/verify-email/`);
  });

  it("refuses a tampered hash or signature with a translated 403", async () => {
    const parts = partsOf(link);
    const badHash = await t.json("POST", "/api/auth/verify-email", {
      body: { ...parts, hash: "0".repeat(40) },
      lang: "en",
      status: 403,
    });
    expect(badHash.message).toBe("This confirmation link is not valid.");
    await t.json("POST", "/api/auth/verify-email", { body: { ...parts, signature: "f".repeat(64) }, status: 403 });
    // A later expiry with the old signature is a forgery too.
    await t.json("POST", "/api/auth/verify-email", { body: { ...parts, expires: String(Number(parts.expires) + 3600) }, status: 403 });
    // Someone else's id with this link's signature.
    const owner = await userByEmail(t.db, demoUsers.owner.email);
    await t.json("POST", "/api/auth/verify-email", { body: { ...parts, id: owner.id }, status: 403 });
    expect((await userByEmail(t.db, "verify@example.com")).emailVerifiedAt).toBeNull();
  });

  it("refuses the link after 24 hours", async () => {
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 24 * 3600_000 + 1000);
    try {
      const body = await t.json("POST", "/api/auth/verify-email", { body: partsOf(link), lang: "en", status: 403 });
      expect(body.message).toBe("This confirmation link has expired. Ask for a new one.");
    } finally {
      t.clock.now = saved;
    }
    expect((await userByEmail(t.db, "verify@example.com")).emailVerifiedAt).toBeNull();
  });

  it("verifies with the link's parts, answering the user to its signed-in owner", async () => {
    const body = await t.json("POST", "/api/auth/verify-email", { body: partsOf(link), token, lang: "en", status: 200 });
    expect(body.message).toBe("E-mail confirmed. Thank you!");
    expect(body.user).toMatchObject({ uuid, email_verified_at: expect.any(String) });
    expect((await userByEmail(t.db, "verify@example.com")).emailVerifiedAt).not.toBeNull();
  });

  it("answers 200 to an already verified account, without the user to a stranger", async () => {
    const body = await t.json("POST", "/api/auth/verify-email", { body: partsOf(link), lang: "en", status: 200 });
    expect(body).toEqual({ message: "Your e-mail was already confirmed." });
  });

  it("resends only while unverified", async () => {
    const res = await t.json("POST", "/api/v1/auth/email/resend", { token, lang: "en", status: 200 });
    expect(res.message).toBe("Your e-mail was already confirmed.");
    expect(await outboxFor(t.db, "verify@example.com")).toHaveLength(1);
  });
});

describe("POST /api/v1/auth/email/resend", () => {
  it("sends a new link that works, and is rate-limited", async () => {
    const { token } = await t.json("POST", "/api/auth/register", { body: newAccount("resend@example.com"), status: 201 });
    const answer = await t.json("POST", "/api/v1/auth/email/resend", { token, lang: "en", status: 200 });
    expect(answer.message).toBe("We sent a new confirmation link to your e-mail.");
    const mails = await outboxFor(t.db, "resend@example.com");
    expect(mails).toHaveLength(2);
    await t.json("POST", "/api/v1/auth/email/resend", { token, status: 200 });
    await t.json("POST", "/api/v1/auth/email/resend", { token, status: 200 });
    const res = await t.call("POST", "/api/v1/auth/email/resend", { token, lang: "en" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/^Too many attempts\. Wait 15 minute/);
    expect(await outboxFor(t.db, "resend@example.com")).toHaveLength(4);
    const newest = linkIn(mails[0], `${APP}/verify-email/`);
    await t.json("POST", "/api/auth/verify-email", { body: partsOf(newest), status: 200 });
  });

  it("needs a signed-in user", async () => {
    const body = await t.json("POST", "/api/v1/auth/email/resend", { lang: "en", status: 401 });
    expect(body.message).toBe("Session expired. Please sign in again.");
  });
});

describe("registrations per client address", () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await createTestApi({ seed: false, env: { REGISTRATIONS_PER_ADDRESS_PER_HOUR: "2" } });
  });
  afterAll(() => limited.close());

  const register = (email: string, ip: string) =>
    limited.call("POST", "/api/auth/register", { body: newAccount(email), headers: { "x-forwarded-for": ip } });

  it("creates REGISTRATIONS_PER_ADDRESS_PER_HOUR accounts from one address, then answers 429 without creating one", async () => {
    expect((await register("um@example.com", "203.0.113.7")).status).toBe(201);
    expect((await register("dois@example.com", "203.0.113.7")).status).toBe(201);
    const refused = await register("tres@example.com", "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/minuto/);
    expect(await userByEmail(limited.db, "tres@example.com")).toBeUndefined();
    // Another address is not affected.
    expect((await register("tres@example.com", "198.51.100.4")).status).toBe(201);
  });

  it("does not count a refused form (an address already taken)", async () => {
    expect((await register("um@example.com", "192.0.2.9")).status).toBe(422);
    expect((await register("um@example.com", "192.0.2.9")).status).toBe(422);
    expect((await register("quatro@example.com", "192.0.2.9")).status).toBe(201);
  });
});
