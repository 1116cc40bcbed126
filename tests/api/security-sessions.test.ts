import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, DEMO_PASSWORD, demoUsers, linkIn, outboxFor, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/**
 * Issue 17, point 1: every access token belongs to the session that minted it and dies with it.
 * Each way a session ends (logout, password change, password reset, an administrator blocking
 * the user, "sign out everywhere") is tried with a bearer session and, where a browser does it,
 * with the API's session cookie.
 */
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ deps: { forgotPasswordMinMs: 0 } });
});
afterAll(() => t.close());

const email = demoUsers.collaborator.email;
const NEW_PASSWORD = "uma-senha-nova-123";

const status = async (token: string) => (await t.call("GET", "/api/v1/user", { token })).status;

/** A bearer session and an access token minted from it. */
async function sessionWithAccess(password = DEMO_PASSWORD) {
  const session = await t.login(email, password);
  const { access_token } = await t.json("POST", "/api/auth/access-token", { token: session, status: 200 });
  return { session, access: access_token as string };
}

/** Cookie mode, as a browser talking to the API directly: XSRF cookie, sign-in, then an access token. */
async function cookieSession(password = DEMO_PASSWORD) {
  const jar = new Map<string, string>();
  const take = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0];
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    "x-xsrf-token": decodeURIComponent(jar.get("XSRF-TOKEN") ?? ""),
  });
  const send = async (method: string, path: string, body?: unknown) => take(await t.call(method, path, { body, headers: headers() }));
  take(await t.call("GET", "/api/auth/csrf-cookie"));
  expect((await send("POST", "/api/auth/login", { email, password, mode: "cookie" })).status).toBe(200);
  const access = (await (await send("POST", "/api/auth/access-token")).json()).access_token as string;
  return { jar, send, access };
}

describe("access tokens die with their session", () => {
  it("logout with the session token ends the access tokens it minted, not another session's", async () => {
    const a = await sessionWithAccess();
    const b = await sessionWithAccess();
    expect(await status(a.access)).toBe(200);
    await t.json("POST", "/api/auth/logout", { token: a.session, status: 200 });
    expect(await status(a.session)).toBe(401);
    expect(await status(a.access)).toBe(401);
    expect(await status(b.session)).toBe(200);
    expect(await status(b.access)).toBe(200);
  });

  it("logout with an access token ends its whole session", async () => {
    const a = await sessionWithAccess();
    const { access_token: second } = await t.json("POST", "/api/auth/access-token", { token: a.session, status: 200 });
    await t.json("POST", "/api/auth/logout", { token: a.access, status: 200 });
    for (const token of [a.session, a.access, second]) expect(await status(token)).toBe(401);
  });

  it("an access token dies when its session expires, even before its own 15 minutes", async () => {
    const a = await sessionWithAccess();
    const started = t.clock.now;
    try {
      // 30 days later the session is over; a token minted a minute before must not outlive it.
      t.clock.now = new Date(started.getTime() + 30 * 86_400_000 - 60_000);
      const { access_token } = await t.json("POST", "/api/auth/access-token", { token: a.session, status: 200 });
      t.clock.now = new Date(started.getTime() + 30 * 86_400_000 + 1_000);
      expect(await status(access_token)).toBe(401);
    } finally {
      t.clock.now = started;
    }
  });

  it("cookie mode: logging out ends the access tokens minted through the cookie", async () => {
    const c = await cookieSession();
    expect(await status(c.access)).toBe(200);
    expect((await c.send("POST", "/api/auth/logout")).status).toBe(200);
    expect(c.jar.has("tarifa_session")).toBe(false);
    expect(await status(c.access)).toBe(401);
  });
});

describe("changing the password", () => {
  it("keeps the caller's session and its access tokens, ends every other session and theirs", async () => {
    const mine = await sessionWithAccess();
    const other = await sessionWithAccess();
    const cookie = await cookieSession();
    // Changed through the access token: its session is the one kept.
    await t.json("POST", "/api/v1/auth/change-password", {
      token: mine.access,
      body: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      status: 200,
    });
    expect(await status(mine.session)).toBe(200);
    expect(await status(mine.access)).toBe(200);
    for (const token of [other.session, other.access, cookie.access]) expect(await status(token)).toBe(401);
    expect((await cookie.send("GET", "/api/v1/user")).status).toBe(401);
    await t.json("POST", "/api/v1/auth/change-password", {
      token: mine.session,
      body: { current_password: NEW_PASSWORD, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
      status: 200,
    });
  });
});

describe("resetting the password", () => {
  it("ends every session and every access token of the account", async () => {
    const a = await sessionWithAccess();
    const cookie = await cookieSession();
    await t.json("POST", "/api/auth/forgot-password", { body: { email }, status: 200 });
    const [mail] = (await outboxFor(t.db, email)).filter((m) => m.kind === "password_reset");
    const link = linkIn(mail, `${t.config.APP_URL}/reset-password?`);
    await t.json("POST", "/api/auth/reset-password", {
      body: { email, token: link.searchParams.get("token"), password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
      status: 200,
    });
    for (const token of [a.session, a.access, cookie.access]) expect(await status(token)).toBe(401);
    expect((await cookie.send("GET", "/api/v1/user")).status).toBe(401);
  });
});

describe("an administrator blocking the user", () => {
  it("ends every session and access token; enabling again does not bring them back", async () => {
    const a = await sessionWithAccess();
    const cookie = await cookieSession();
    const admin = await t.login(demoUsers.admin.email);
    const target = await userByEmail(t.db, email);
    await t.json("POST", `/api/v1/admin/users/${target.id}/disable`, { token: admin, status: 200 });
    for (const token of [a.session, a.access, cookie.access]) expect(await status(token)).toBe(401);
    expect((await cookie.send("GET", "/api/v1/user")).status).toBe(401);
    await t.json("POST", `/api/v1/admin/users/${target.id}/enable`, { token: admin, status: 200 });
    for (const token of [a.session, a.access]) expect(await status(token)).toBe(401);
  });
});

describe("the list of sessions and signing out everywhere", () => {
  it("lists each live session with its device, address and last sight, marking the caller's", async () => {
    const phone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    const answer = await t.json("POST", "/api/auth/login", {
      body: { email, password: DEMO_PASSWORD },
      headers: { "user-agent": phone, "x-forwarded-for": "203.0.113.7" },
      status: 200,
    });
    const mine = await t.login(email);
    const { sessions } = await t.json("GET", "/api/v1/auth/sessions", { token: mine, status: 200 });
    const iphone = sessions.find((s: { ip: string }) => s.ip === "203.0.113.7");
    expect(iphone).toMatchObject({ browser: "Safari 17", os: "iOS 17.4", platform: "mobile", current: false });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.every((s: Record<string, unknown>) => !("token" in s) && !("token_hash" in s))).toBe(true);

    // Last seen moves when the session is used again (at most every five minutes) from a new address.
    const started = t.clock.now;
    try {
      t.clock.now = new Date(started.getTime() + 6 * 60_000);
      await t.json("GET", "/api/v1/user", { token: answer.token, headers: { "x-forwarded-for": "198.51.100.9" }, status: 200 });
      const after = (await t.json("GET", "/api/v1/auth/sessions", { token: mine, status: 200 })).sessions;
      const moved = after.find((s: { id: string }) => s.id === iphone.id);
      expect(moved.ip).toBe("198.51.100.9");
      expect(moved.last_seen_at).toBe(t.clock.now.toISOString());
    } finally {
      t.clock.now = started;
    }
  });

  it("sign out everywhere ends every session of the caller (this one included) and their access tokens", async () => {
    const a = await sessionWithAccess();
    const b = await sessionWithAccess();
    const cookie = await cookieSession();
    const owner = await t.login(demoUsers.owner.email);
    await t.json("POST", "/api/v1/auth/logout-everywhere", { token: a.access, status: 200 });
    for (const token of [a.session, a.access, b.session, b.access, cookie.access]) expect(await status(token)).toBe(401);
    expect((await t.json("GET", "/api/v1/auth/sessions", { token: owner, status: 200 })).sessions.length).toBeGreaterThan(0);
    expect(await status(owner)).toBe(200);
  });

  it("cookie mode: needs the XSRF header, then clears the cookies", async () => {
    const cookie = await cookieSession();
    const bare = await t.call("POST", "/api/v1/auth/logout-everywhere", { headers: { cookie: [...cookie.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    expect(bare.status).toBe(419);
    const res = await cookie.send("POST", "/api/v1/auth/logout-everywhere");
    expect(res.status).toBe(200);
    expect(cookie.jar.has("tarifa_session")).toBe(false);
    expect(await status(cookie.access)).toBe(401);
  });

  it("needs a signed-in caller", async () => {
    expect((await t.call("GET", "/api/v1/auth/sessions")).status).toBe(401);
    expect((await t.call("POST", "/api/v1/auth/logout-everywhere")).status).toBe(401);
  });
});
