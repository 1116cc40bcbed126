import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "#api/app.ts";
import { users } from "#api/db/schema/index.ts";
import { verifyPassword } from "#api/services/passwords.ts";
import { createTestApi, DEMO_PASSWORD, demoUsers, outboxFor, type TestApi } from "#tests/helpers/api.ts";

// Every check passes through; the sign-in refusals read which stored hash each one used.
vi.mock(import("#api/services/passwords.ts"), async (original) => {
  const real = await original();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ deps: { forgotPasswordMinMs: 0 } });
});
afterAll(() => t.close());

const owner = demoUsers.owner.email;

/** A browser's cookie jar, enough for one origin. */
class Jar {
  cookies = new Map<string, string>();
  /** Every Set-Cookie of the last answer, by name, with its attributes. */
  lastSet = new Map<string, string>();
  take(res: Response) {
    this.lastSet.clear();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      this.lastSet.set(name, line);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  xsrf() {
    return decodeURIComponent(this.cookies.get("XSRF-TOKEN") ?? "");
  }
}

async function send(jar: Jar, method: string, path: string, o: { body?: unknown; xsrf?: string | false; lang?: string } = {}) {
  const headers: Record<string, string> = { cookie: jar.header() };
  const xsrf = o.xsrf === undefined ? jar.xsrf() : o.xsrf;
  if (xsrf) headers["x-xsrf-token"] = xsrf;
  return jar.take(await t.call(method, path, { body: o.body, headers, lang: o.lang }));
}

describe("session-cookie mode", () => {
  const jar = new Jar();

  it("hands out a readable XSRF-TOKEN cookie", async () => {
    const res = await send(jar, "GET", "/api/auth/csrf-cookie");
    expect(res.status).toBe(204);
    const cookie = jar.lastSet.get("XSRF-TOKEN")!;
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    // Asking again keeps a valid token (several tabs must not invalidate each other).
    const before = jar.xsrf();
    await send(jar, "GET", "/api/auth/csrf-cookie");
    expect(jar.xsrf()).toBe(before);
  });

  it("refuses a cookie-mode sign-in without the X-XSRF-TOKEN header with a translated 419", async () => {
    const res = await send(jar, "POST", "/api/auth/login", { body: { email: owner, password: DEMO_PASSWORD, mode: "cookie" }, xsrf: false, lang: "en" });
    expect(res.status).toBe(419);
    expect(await res.json()).toEqual({ message: "The form has expired. Reload the page and try again." });
    const fresh = new Jar();
    const noCookie = await send(fresh, "POST", "/api/auth/login", { body: { email: owner, password: DEMO_PASSWORD, mode: "cookie" } });
    expect(noCookie.status).toBe(419);
  });

  it("signs in: answers only the user and sets an httpOnly session cookie and a new XSRF token", async () => {
    const before = jar.xsrf();
    const res = await send(jar, "POST", "/api/auth/login", { body: { email: owner, password: DEMO_PASSWORD, mode: "cookie" } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["user"]);
    expect(body.user.email).toBe(owner);
    const session = jar.lastSet.get("tarifa_session")!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=\d+/);
    expect(jar.xsrf()).not.toBe(before);
  });

  it("reads the user with the cookie alone", async () => {
    const res = await send(jar, "GET", "/api/v1/user", { xsrf: false });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe(owner);
  });

  it("refuses every state-changing call without a matching X-XSRF-TOKEN (419), and lets it through with one", async () => {
    const uuid = (await (await send(jar, "GET", "/api/v1/user")).json()).user.uuid;
    for (const [method, path, body] of [
      ["POST", "/api/auth/access-token", undefined],
      ["PUT", `/api/v1/users/${uuid}`, { company: "Pousada Demo" }],
      ["PUT", `/api/v1/users/${uuid}/notification-preferences`, { preferences: { email: { product_news: true } } }],
      ["DELETE", `/api/v1/users/${uuid}/profile-image`, undefined],
    ] as const) {
      expect((await send(jar, method, path, { body, xsrf: false })).status, `${method} ${path} without`).toBe(419);
      expect((await send(jar, method, path, { body, xsrf: "wrong" })).status, `${method} ${path} wrong`).toBe(419);
      expect((await send(jar, method, path, { body })).status, `${method} ${path} with`).toBe(200);
    }
    const access = await send(jar, "POST", "/api/auth/access-token");
    expect(await access.json()).toMatchObject({ response_code: "token.valid" });
  });

  it("refuses an XSRF value it did not sign, even when header and cookie agree", async () => {
    const forged = new Jar();
    forged.cookies = new Map(jar.cookies);
    forged.cookies.set("XSRF-TOKEN", "planted.value");
    const res = await send(forged, "POST", "/api/auth/access-token", { xsrf: "planted.value" });
    expect(res.status).toBe(419);
  });

  it("does not check bearer calls, which carry no ambient credential", async () => {
    const token = await t.login(owner);
    const res = await t.call("POST", "/api/auth/access-token", { token, headers: { cookie: jar.header() } });
    expect(res.status).toBe(200);
  });

  it("signs out: the session is revoked and both cookies cleared", async () => {
    const stolen = jar.header();
    expect((await send(jar, "POST", "/api/auth/logout", { xsrf: false })).status).toBe(419);
    const res = await send(jar, "POST", "/api/auth/logout");
    expect(res.status).toBe(200);
    expect(jar.lastSet.get("tarifa_session")).toMatch(/Max-Age=0/i);
    expect(jar.cookies.has("tarifa_session")).toBe(false);
    expect((await t.call("GET", "/api/v1/user", { headers: { cookie: stolen } })).status).toBe(401);
  });

  it("can register in cookie mode too", async () => {
    const fresh = new Jar();
    await send(fresh, "GET", "/api/auth/csrf-cookie");
    const res = await send(fresh, "POST", "/api/auth/register", {
      body: { name: "Rita", surname: "Lima", email: "rita@example.com", password: "hospedagem-rita", password_confirmation: "hospedagem-rita", mode: "cookie" },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).token).toBeUndefined();
    expect((await send(fresh, "GET", "/api/v1/user")).status).toBe(200);
  });

  it("marks the cookies Secure when the configuration says so", async () => {
    const secure = createApi({ db: t.db, config: { ...t.config, cookieSecure: true }, now: () => t.clock.now });
    const res = await secure.fetch(new Request("http://tarifa.test/api/auth/csrf-cookie"));
    expect(res.headers.getSetCookie()[0]).toMatch(/; Secure/);
  });
});

describe("rate limits", () => {
  const wrong = (email: string, ip: string) =>
    t.call("POST", "/api/auth/login", { body: { email, password: "not-the-password" }, headers: { "x-forwarded-for": `${ip}, 10.0.0.1` }, lang: "en" });

  it("locks an e-mail after 5 failed sign-ins in 15 minutes, whatever the address (429, Retry-After)", async () => {
    const email = demoUsers.collaborator.email;
    for (let i = 0; i < 5; i++) expect((await wrong(email, `198.51.100.${i}`)).status).toBe(422);
    const res = await t.call("POST", "/api/auth/login", {
      body: { email, password: DEMO_PASSWORD },
      headers: { "x-forwarded-for": "198.51.100.77" },
      lang: "en",
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await res.json()).message).toBe("Too many attempts. Wait 15 minute(s) and try again.");
    // Other accounts are not affected.
    expect((await wrong(demoUsers.admin.email, "198.51.100.77")).status).toBe(422);
  });

  it("forgets the failures of an e-mail once it signs in", async () => {
    const email = demoUsers.admin.email;
    for (let i = 0; i < 3; i++) await wrong(email, "198.51.100.200");
    await t.login(email);
    for (let i = 0; i < 4; i++) expect((await wrong(email, "198.51.100.200")).status).toBe(422);
  });

  it("locks an address after 20 failed sign-ins, whatever the e-mail", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < 20; i++) expect((await wrong(`guess${i}@example.com`, ip)).status).toBe(422);
    const res = await t.call("POST", "/api/auth/login", { body: { email: owner, password: DEMO_PASSWORD }, headers: { "x-forwarded-for": ip }, lang: "pt-BR" });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await res.json()).message).toBe("Muitas tentativas. Aguarde 15 minuto(s) e tente de novo.");
    // The owner still signs in from elsewhere.
    expect((await t.call("POST", "/api/auth/login", { body: { email: owner, password: DEMO_PASSWORD }, headers: { "x-forwarded-for": "203.0.113.10" } })).status).toBe(200);
  });

  it("does not lump together callers whose address it cannot know (in-process calls)", async () => {
    for (let i = 0; i < 21; i++) {
      const res = await t.call("POST", "/api/auth/login", { body: { email: `nobody${i}@example.com`, password: "x" } });
      expect(res.status).toBe(422);
    }
    expect((await t.call("POST", "/api/auth/login", { body: { email: owner, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it("limits reset requests per e-mail the same way for known and unknown addresses", async () => {
    const ask = (email: string, ip: string) =>
      t.call("POST", "/api/auth/forgot-password", { body: { email }, headers: { "x-forwarded-for": ip }, lang: "en" });
    for (const email of [owner, "ghost@example.com"]) {
      for (let i = 0; i < 5; i++) expect((await ask(email, `192.0.2.${i}`)).status).toBe(200);
      const res = await ask(email, "192.0.2.99");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json()).message).toMatch(/^Too many attempts/);
    }
    expect((await outboxFor(t.db, owner)).filter((m) => m.kind === "password_reset")).toHaveLength(5);
  });

  it("limits reset requests per address", async () => {
    const ip = "192.0.2.123";
    for (let i = 0; i < 20; i++) {
      const res = await t.call("POST", "/api/auth/forgot-password", { body: { email: `someone${i}@example.com` }, headers: { "x-forwarded-for": ip } });
      expect(res.status).toBe(200);
    }
    const res = await t.call("POST", "/api/auth/forgot-password", { body: { email: "one-more@example.com" }, headers: { "x-forwarded-for": ip }, lang: "es" });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Demasiados intentos. Espera 15 minuto(s) e inténtalo de nuevo.");
  });
});

describe("injectable limits", () => {
  let small: TestApi;
  beforeAll(async () => {
    small = await createTestApi({
      deps: { rateLimits: { loginEmail: { points: 1, durationSec: 2 }, loginIp: { points: 2, durationSec: 60 } } },
    });
  });
  afterAll(() => small.close());

  it("uses the rules it is given, and the window ends", async () => {
    const attempt = (password: string) => small.call("POST", "/api/auth/login", { body: { email: owner, password } });
    expect((await attempt("nope")).status).toBe(422);
    const limited = await attempt(DEMO_PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
  });

  it("keys the per-address limit on the socket's address when there is no X-Forwarded-For", async () => {
    // What @hono/node-server hands the app as its environment (see server.ts).
    const from = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 5000, remoteFamily: "IPv4" } } });
    const attempt = (email: string, address: string) =>
      small.api.fetch(
        new Request("http://tarifa.test/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "wrong-password" }),
        }),
        from(address),
      );
    expect((await attempt("a@example.com", "192.0.2.50")).status).toBe(422);
    expect((await attempt("b@example.com", "192.0.2.50")).status).toBe(422);
    expect((await attempt("c@example.com", "192.0.2.50")).status).toBe(429);
    expect((await attempt("c@example.com", "192.0.2.51")).status).toBe(422);
  });
});

describe("sign-in refusals", () => {
  const attempt = async (email: string) => {
    const res = await t.call("POST", "/api/auth/login", { body: { email, password: "not-the-password" }, lang: "en" });
    return { status: res.status, body: await res.json() };
  };
  /** The scrypt parameters of the stored hash each refused sign-in was checked against. */
  const checkedAgainst = () => vi.mocked(verifyPassword).mock.calls.map(([, stored]) => stored.split("$").slice(0, 4).join("$"));

  it("answers an unknown e-mail exactly as a wrong password, after the same slow hash", async () => {
    // Alternated; 4 of each stays under the 5-failure lock. An unknown e-mail is checked against a
    // dummy hash of the same cost: skipping it would answer in a fraction of the time a real check
    // takes and tell which addresses have an account (the timing itself is measured by no test).
    const stored = (await t.handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, owner)))[0]!.hash!;
    const realCost = stored.split("$").slice(0, 4).join("$");
    for (let i = 0; i < 4; i++) {
      vi.mocked(verifyPassword).mockClear();
      const a = await attempt(owner);
      const b = await attempt(`nobody-${i}@example.com`);
      for (const answer of [a, b]) {
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({ message: "Incorrect e-mail or password.", errors: { email: ["Incorrect e-mail or password."] } });
      }
      expect(checkedAgainst()).toEqual([realCost, realCost]);
    }
    expect(realCost).toMatch(/^scrypt\$\d+\$\d+\$\d+$/);
  });
});
