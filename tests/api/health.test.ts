import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("the API skeleton", () => {
  it("reports the database as healthy", async () => {
    const body = await t.json("GET", "/api/health", { status: 200 });
    expect(body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("answers unknown paths with 404 and a translated message", async () => {
    const res = await t.call("GET", "/api/nope", { lang: "en" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Resource not found." });
    const pt = await t.json("GET", "/api/nope", { status: 404 });
    expect(pt.message).toBe("Recurso não encontrado.");
  });

  it("carries a request id", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.headers.get("x-request-id")).toMatch(/.+/);
  });

  it("refuses bodies over the size limit with 413", async () => {
    const res = await t.call("POST", "/api/auth/login", { body: { email: "a@b.co", password: "x".repeat(2_000_000) } });
    expect(res.status).toBe(413);
  });

  it("answers malformed JSON with 422, not 500", async () => {
    const res = await t.call("POST", "/api/auth/login", { body: "{not json" });
    expect(res.status).toBe(422);
  });

  it("answers 422 with translated field errors", async () => {
    const body = await t.json("POST", "/api/auth/login", { body: { email: "not-an-email" }, lang: "en", status: 422 });
    expect(body.errors.email).toEqual(["Enter a valid e-mail address."]);
    expect(body.errors.password).toEqual(["This field is required."]);
  });

  it("signs in, reads the current user and signs out (token revoked)", async () => {
    const token = await t.login(demoUsers.owner.email);
    const me = await t.json("GET", "/api/v1/user", { token, status: 200 });
    expect(me.user).toMatchObject({ email: demoUsers.owner.email, roles: ["owner"] });
    expect(me.user.permissions).toContainEqual({ name: "user.businesses" });
    await t.json("POST", "/api/auth/logout", { token, status: 200 });
    expect((await t.call("GET", "/api/v1/user", { token })).status).toBe(401);
  });

  it("refuses a wrong password with 422 and no token", async () => {
    const body = await t.json("POST", "/api/auth/login", {
      body: { email: demoUsers.owner.email, password: "wrong" },
      status: 422,
    });
    expect(body.token).toBeUndefined();
    expect(body.errors.email[0]).toBe("E-mail ou senha incorretos.");
  });
});
