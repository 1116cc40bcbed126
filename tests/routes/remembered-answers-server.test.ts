import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUSINESS } from "#api/seed/businesses.ts";
import { DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { send, signedIn, startRealServer, type RealServer } from "#tests/helpers/real-server.ts";

/**
 * Remembered answers (ADR 0034) through the real server: a signed-in read asked again with the
 * same credentials is answered from memory while nothing it shows has changed, and afresh the
 * moment anything it shows changes — whoever wrote it — or the session ends.
 */
let server: RealServer;
const B = DEMO_BUSINESS.id;

beforeAll(async () => {
  server = await startRealServer("tarifa-remembered-");
}, 240_000);
afterAll(() => server?.close());

async function counted(): Promise<{ hit: number; miss: number }> {
  const text = (await send("GET", "/metrics")).body;
  const of = (result: string) => Number(new RegExp(`tarifa_remembered_answers_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { hit: of("hit"), miss: of("miss") };
}

/** Runs `ask` and answers it with how many hits and misses it made. */
async function measured<T>(ask: () => Promise<T>): Promise<{ answer: T; hit: number; miss: number }> {
  const before = await counted();
  const answer = await ask();
  const after = await counted();
  return { answer, hit: after.hit - before.hit, miss: after.miss - before.miss };
}

async function apiToken(email: string): Promise<string> {
  const login = await send("POST", "/api/auth/login", { headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  expect(login.status).toBe(200);
  return JSON.parse(login.body).token as string;
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

describe("remembered answers", () => {
  it("a page asked again is the same bytes (its nonce too) until a price changes, then fresh", async () => {
    const cookie = await signedIn(demoUsers.owner.email);
    const token = await apiToken(demoUsers.owner.email);
    const first = await measured(() => send("GET", "/calendar", { headers: { cookie } }));
    expect(first.answer.status).toBe(200);
    const again = await measured(() => send("GET", "/calendar", { headers: { cookie } }));
    expect(again.hit).toBe(1);
    expect(again.answer.body).toBe(first.answer.body);
    expect(again.answer.headers["content-security-policy"]).toBe(first.answer.headers["content-security-policy"]);
    expect(again.answer.headers["cache-control"]).toBe("private, no-store");
    expect(again.answer.headers["x-request-id"]).not.toBe(first.answer.headers["x-request-id"]);

    const options = JSON.parse((await send("GET", `/api/v1/businesses/${B}/reservations/options`, { headers: json(token) })).body);
    const category = options.data.categories[0].uuid as string;
    const today = options.data.today as string;
    const put = await send("PUT", `/api/v1/businesses/${B}/manual-prices`, { headers: json(token), body: JSON.stringify({ room_category_uuid: category, date: today, price: 98_700 }) });
    expect(put.status, put.body).toBe(200);
    const fresh = await measured(() => send("GET", "/calendar", { headers: { cookie } }));
    expect(fresh.miss).toBe(1);
    expect(fresh.answer.body).not.toBe(first.answer.body);
    expect(fresh.answer.body).toMatch(/987(?:[.,]00)?\b/);
  });

  it("an API read is remembered per token and follows writes to the business", async () => {
    const token = await apiToken(demoUsers.owner.email);
    const other = await apiToken(demoUsers.owner.email);
    const path = `/api/v1/businesses/${B}/calendar?from=2027-03-01&to=2027-03-07`;
    const first = await measured(() => send("GET", path, { headers: json(token) }));
    expect(first.answer.status).toBe(200);
    const again = await measured(() => send("GET", path, { headers: json(token) }));
    expect(again).toMatchObject({ hit: 1, miss: 0 });
    expect(again.answer.body).toBe(first.answer.body);
    // Another credential is another caller: never given someone else's remembered answer.
    expect((await measured(() => send("GET", path, { headers: json(other) }))).miss).toBe(1);

    const category = JSON.parse((await send("GET", `/api/v1/businesses/${B}/reservations/options`, { headers: json(token) })).body).data.categories[0].uuid;
    await send("PUT", `/api/v1/businesses/${B}/manual-prices`, { headers: json(token), body: JSON.stringify({ room_category_uuid: category, date: "2027-03-03", price: 45_678 }) });
    const fresh = await measured(() => send("GET", path, { headers: json(token) }));
    expect(fresh.miss).toBe(1);
    expect(fresh.answer.body).toContain("45678");
  });

  it("the shell follows the user's own changes (their name) and their unread count stays true", async () => {
    const token = await apiToken(demoUsers.owner.email);
    const state = async () => measured(async () => JSON.parse((await send("GET", "/api/v1/user/app-state", { headers: json(token) })).body));
    const first = await state();
    expect((await state()).hit).toBe(1);
    const renamed = await send("PUT", `/api/v1/users/${first.answer.user.uuid}`, { headers: json(token), body: JSON.stringify({ name: "Otávia" }) });
    expect(renamed.status, renamed.body).toBe(200);
    const after = await state();
    expect(after.miss).toBe(1);
    expect(after.answer.user.name).toBe("Otávia");
    // Marking all read (whether or not anything was unread): what is answered equals a fresh read made with a new session.
    expect((await send("POST", "/api/v1/notifications/read-all", { headers: json(token), body: "{}" })).status).toBe(200);
    const answered = (await state()).answer;
    const fresh = JSON.parse((await send("GET", "/api/v1/user/app-state", { headers: json(await apiToken(demoUsers.owner.email)) })).body);
    expect(answered.unread_notifications).toBe(0);
    expect(answered).toEqual(fresh);
  });

  it("a session that ended is never answered from memory", async () => {
    const cookie = await signedIn(demoUsers.owner.email);
    expect((await send("GET", "/bookings", { headers: { cookie } })).status).toBe(200);
    expect((await measured(() => send("GET", "/bookings", { headers: { cookie } }))).hit).toBe(1);
    const token = await apiToken(demoUsers.owner.email);
    expect((await send("POST", "/api/v1/auth/logout-everywhere", { headers: json(token), body: "{}" })).status).toBe(200);
    const after = await send("GET", "/bookings", { headers: { cookie } });
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/login/);
  });

  it("what is not a signed-in read of the list is never remembered: guests, other pages, writes", async () => {
    const cookie = await signedIn(demoUsers.owner.email);
    // A guest's page that renders (the sign-in page), asked twice.
    const guest = await measured(async () => [await send("GET", "/login"), await send("GET", "/login")]);
    expect(guest.answer.map((a) => a.status)).toEqual([200, 200]);
    expect(guest).toMatchObject({ hit: 0, miss: 0 });
    const other = await measured(async () => [await send("GET", "/notifications", { headers: { cookie } }), await send("GET", "/notifications", { headers: { cookie } })]);
    expect(other).toMatchObject({ hit: 0, miss: 0 });
  });

  /**
   * Every remembered path (REMEMBERED_PATHS) after a tracked write: asked twice (the second from
   * memory), then once more after the write, which must be made afresh (ADR 0034, ADR 0048).
   */
  async function rememberedThenFresh(write: () => Promise<unknown>, reads: { path: string; headers: Record<string, string> }[]) {
    for (const r of reads) {
      const first = await send("GET", r.path, { headers: r.headers });
      expect(first.status, `${r.path}: ${first.body.slice(0, 200)}`).toBe(200);
      expect((await measured(() => send("GET", r.path, { headers: r.headers }))).hit, r.path).toBe(1);
    }
    await write();
    for (const r of reads) {
      const after = await measured(() => send("GET", r.path, { headers: r.headers }));
      expect({ path: r.path, miss: after.miss, hit: after.hit }).toEqual({ path: r.path, miss: 1, hit: 0 });
    }
  }

  it("each page, its .data navigation and the reservations, availability and calendar reads are made afresh after a write to the business", async () => {
    const cookie = await signedIn(demoUsers.owner.email);
    const token = await apiToken(demoUsers.owner.email);
    const month = new Date().toISOString().slice(0, 7);
    const pages = ["/", "/calendar", "/bookings", "/_root.data", `/calendar.data?month=${month}`, "/bookings.data"].map((path) => ({ path, headers: { cookie } }));
    const api = [
      `/api/v1/businesses/${B}/reservations?from=${month}-01&to=${month}-28`,
      `/api/v1/businesses/${B}/availability?from=${month}-01&to=${month}-28`,
      `/api/v1/businesses/${B}/calendar?from=${month}-01&to=${month}-07`,
      "/api/v1/user/app-state",
    ].map((path) => ({ path, headers: json(token) }));
    const category = JSON.parse((await send("GET", `/api/v1/businesses/${B}/reservations/options`, { headers: json(token) })).body).data.categories[0].uuid;
    await rememberedThenFresh(async () => {
      const put = await send("PUT", `/api/v1/businesses/${B}/manual-prices`, { headers: json(token), body: JSON.stringify({ room_category_uuid: category, date: `${month}-20`, price: 77_700 }) });
      expect(put.status, put.body).toBe(200);
    }, [...pages, ...api]);
  });

  it("a collaborator's pages follow a change of their permissions, and the owner's reads follow the collaborator's new name", async () => {
    const owner = await apiToken(demoUsers.owner.email);
    const collaboratorCookie = await signedIn(demoUsers.collaborator.email);
    const collaborator = await apiToken(demoUsers.collaborator.email);
    const team = JSON.parse((await send("GET", `/api/v1/businesses/${B}/collaborators`, { headers: json(owner) })).body);
    const member = (team.collaborators ?? team.data ?? []).find((m: { email?: string; user?: { email: string } }) => (m.email ?? m.user?.email) === demoUsers.collaborator.email);
    expect(member, JSON.stringify(team).slice(0, 300)).toBeTruthy();
    const userId = (member.user_uuid ?? member.uuid ?? member.user?.uuid) as string;
    const held = (member.permissions as (string | { name: string })[]).map((p) => (typeof p === "string" ? p : p.name));
    await rememberedThenFresh(async () => {
      const put = await send("PUT", `/api/v1/businesses/${B}/collaborators/${userId}`, { headers: json(owner), body: JSON.stringify({ permissions: held.filter((p) => p !== "user.calendar") }) });
      expect(put.status, put.body).toBe(200);
    }, [
      { path: "/", headers: { cookie: collaboratorCookie } },
      { path: "/api/v1/user/app-state", headers: json(collaborator) },
    ]);
    const state = JSON.parse((await send("GET", "/api/v1/user/app-state", { headers: json(collaborator) })).body);
    expect(state.user.permissions.map((p: string | { name: string }) => (typeof p === "string" ? p : p.name))).not.toContain("user.calendar");

    // The collaborator's name reaches the owner's list of businesses' people and their reservations.
    await rememberedThenFresh(async () => {
      const renamed = await send("PUT", `/api/v1/users/${userId}`, { headers: json(collaborator), body: JSON.stringify({ name: "Camila Nova" }) });
      expect(renamed.status, renamed.body).toBe(200);
    }, [
      { path: `/api/v1/businesses/${B}/reservations`, headers: json(owner) },
      { path: "/bookings", headers: { cookie: await signedIn(demoUsers.owner.email) } },
    ]);
  });

  it("switching the selected business makes the pages afresh", async () => {
    const token = await apiToken(demoUsers.owner.email);
    const cookie = await signedIn(demoUsers.owner.email);
    const created = await send("POST", "/api/v1/businesses", { headers: json(token), body: JSON.stringify({ company_name: "Pousada Segunda", country: "BR" }) });
    expect(created.status, created.body).toBe(201);
    const select = (business_uuid: string) => send("PUT", "/api/v1/user/selected-business", { headers: json(token), body: JSON.stringify({ business_uuid }) });
    expect((await select(B)).status).toBe(200);
    const second = JSON.parse(created.body).business?.uuid ?? JSON.parse(created.body).data?.uuid;
    await rememberedThenFresh(async () => expect((await select(second)).status).toBe(200), [
      { path: "/api/v1/user/app-state", headers: json(token) },
      { path: "/_root.data", headers: { cookie } },
    ]);
    const state = JSON.parse((await send("GET", "/api/v1/user/app-state", { headers: json(token) })).body);
    expect(state.selected_business_uuid).toBe(second);
    expect((await select(B)).status).toBe(200);
  });
});
