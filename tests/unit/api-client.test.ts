import { Hono } from "hono";
import i18next, { type TFunction } from "i18next";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError, createApiClient, type ApiClientOptions } from "#app/lib/api.server.ts";
import { httpUpstream } from "#server/upstream.ts";
import type { Upstream } from "#contract/upstream.ts";
import { locales, type Locale } from "#locales/list.ts";
import { loadResources } from "#locales/resources.ts";
import { json, startStatusServer } from "#tests/helpers/status-server.ts";

const i18n = i18next.createInstance();
await i18n.init({
  resources: loadResources(),
  supportedLngs: [...locales],
  fallbackLng: "pt-BR",
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
});
const tFor = (lng: Locale): TFunction => i18n.getFixedT(lng, "errors");

let server: Awaited<ReturnType<typeof startStatusServer>>;
/** Whether the slow endpoint saw its caller leave before it answered. */
let slowAbandoned: boolean | undefined;

beforeAll(async () => {
  server = await startStatusServer({
    "/api/v1/ok": (_req, res, hit) => json(res, 200, { data: { id: 7, name: "Pousada" }, search: hit.search }),
    "/api/v1/echo": (_req, res, hit) =>
      json(res, 200, { method: hit.method, headers: hit.headers, body: hit.body.toString("utf8") }),
    "/api/v1/empty": (_req, res) => {
      res.writeHead(204);
      res.end();
    },
    "/api/v1/401": (_req, res) => json(res, 401, { message: "Unauthenticated." }),
    "/api/v1/403": (_req, res) => json(res, 403, { message: "Forbidden." }),
    "/api/v1/404": (_req, res) => json(res, 404, { message: "Not here" }),
    "/api/v1/419": (_req, res) => json(res, 419, { message: "CSRF token mismatch." }),
    "/api/v1/422": (_req, res) =>
      json(res, 422, { message: "O nome é obrigatório.", errors: { name: ["Obrigatório"], email: ["Inválido", "Em uso"] } }),
    "/api/v1/409": (_req, res) => json(res, 409, { message: "Já existe uma sazonalidade nessas datas." }),
    "/api/v1/418": (_req, res) => {
      res.writeHead(418, { "Content-Type": "text/plain" });
      res.end("teapot");
    },
    "/api/v1/429": (_req, res, _hit, n) =>
      n === 1 ? json(res, 429, { message: "Slow down" }, { "Retry-After": "1" }) : json(res, 200, { attempt: n }),
    "/api/v1/429-long": (_req, res, _hit, n) =>
      n === 1 ? json(res, 429, { message: "Slow down" }, { "Retry-After": "120" }) : json(res, 200, { attempt: n }),
    "/api/v1/500-then-200": (_req, res, _hit, n) =>
      n === 1 ? json(res, 500, { message: "boom" }) : json(res, 200, { attempt: n }),
    "/api/v1/gateway": (_req, res, _hit, n) =>
      n === 1 ? json(res, 502, {}) : n === 2 ? json(res, 503, {}) : json(res, 200, { attempt: n }),
    "/api/v1/504": (_req, res) => json(res, 504, { message: "Gateway timeout upstream" }),
    "/api/v1/slow": (_req, res) => {
      // Longer than the test's own time-out: a client that did not give up would fail the test.
      const timer = setTimeout(() => json(res, 200, { late: true }), 30_000);
      res.on("close", () => {
        clearTimeout(timer);
        slowAbandoned = !res.writableFinished;
      });
    },
    "/api/v1/drop": (req) => req.socket.destroy(),
    "/api/v1/shared": (_req, res) => setTimeout(() => json(res, 200, { list: [1, 2, 3] }), 50),
    "/api/v1/shared-404": (_req, res) => setTimeout(() => json(res, 404, {}), 50),
    "/api/v1/shared-post": (_req, res, hit) => setTimeout(() => json(res, 201, JSON.parse(hit.body.toString())), 50),
    "/api/v1/not-json": (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("<html>proxy page</html>");
    },
    "/api/v1/export.csv": (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/csv" });
      res.end("date,rate\n2025-01-01,35000\n");
    },
  });
});

afterAll(() => server.close());
beforeEach(() => server.reset());

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    locale: "pt-BR",
    token: "tok-123",
    upstream: httpUpstream(server.baseUrl),
    t: tFor(overrides.locale ?? "pt-BR"),
    retryDelayMs: 1,
    ...overrides,
  });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("successful answers", () => {
  it("returns parsed JSON and serialises the query, skipping empty values", async () => {
    const data = await client().get<{ data: { id: number }; search: string }>("/api/v1/ok", {
      query: { page: 2, active: true, q: "mar azul", none: undefined, nil: null },
    });
    expect(data.data).toEqual({ id: 7, name: "Pousada" });
    expect(new URLSearchParams(data.search)).toEqual(new URLSearchParams({ page: "2", active: "true", q: "mar azul" }));
  });

  it("resolves a 204 to undefined", async () => {
    await expect(client().delete("/api/v1/empty")).resolves.toBeUndefined();
  });

  it("sends JSON bodies with the JSON content type", async () => {
    const echo = await client().post<{ method: string; headers: Record<string, string>; body: string }>("/api/v1/echo", {
      name: "Hotel",
    });
    expect(echo.method).toBe("POST");
    expect(echo.headers["content-type"]).toBe("application/json");
    expect(echo.headers.accept).toBe("application/json");
    expect(JSON.parse(echo.body)).toEqual({ name: "Hotel" });
  });

  it("turns an unreadable success into a 502 error", async () => {
    const error = await apiError(client({ locale: "en-US" }).get("/api/v1/not-json"));
    expect(error).toMatchObject({ status: 502, message: "Something went wrong. Please try again." });
  });

  it("gives the raw response for non-JSON answers", async () => {
    const response = await client().raw("/api/v1/export.csv");
    expect(response.headers.get("content-type")).toBe("text/csv");
    expect(await response.text()).toBe("date,rate\n2025-01-01,35000\n");
    expect(server.hits[0].headers.authorization).toBe("Bearer tok-123");
  });

  it("raw calls go through the same error catalogue", async () => {
    const error = await apiError(client().raw("/api/v1/404"));
    expect(error.status).toBe(404);
  });
});

describe("headers", () => {
  const expected: Record<Locale, string> = { "pt-BR": "pt-BR", "en-US": "en", "es-ES": "es", "fr-CA": "fr", "it-IT": "it" };
  for (const locale of locales) {
    it(`sends Accept-Language ${expected[locale]} for ${locale}`, async () => {
      const echo = await client({ locale }).get<{ headers: Record<string, string> }>("/api/v1/echo");
      expect(echo.headers["accept-language"]).toBe(expected[locale]);
    });
  }

  it("sends the bearer token, and none without a token", async () => {
    const withToken = await client().get<{ headers: Record<string, string> }>("/api/v1/echo");
    expect(withToken.headers.authorization).toBe("Bearer tok-123");
    const without = await client({ token: null }).get<{ headers: Record<string, string> }>("/api/v1/echo");
    expect(without.headers.authorization).toBeUndefined();
  });
});

describe("the error catalogue", () => {
  it("401 redirects to /login with the page as redirectTo", async () => {
    const thrown = await caught(client({ requestUrl: "http://localhost:3000/dashboard?tab=rates&x=1" }).get("/api/v1/401"));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, "http://x");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirectTo")).toBe("/dashboard?tab=rates&x=1");
  });

  it("403 redirects the same way", async () => {
    const thrown = (await caught(client({ requestUrl: "http://localhost/setup/rooms" }).post("/api/v1/403", {}))) as Response;
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.headers.get("location")).toBe("/login?redirectTo=%2Fsetup%2Frooms");
  });

  it("401 and 403 without a page URL are translated errors", async () => {
    const e401 = await apiError(client().get("/api/v1/401"));
    expect(e401).toMatchObject({ status: 401, error: true, message: "Sessão expirada. Por favor, faça login novamente." });
    const e403 = await apiError(client({ locale: "en-US" }).get("/api/v1/403"));
    expect(e403).toMatchObject({ status: 403, message: "You do not have permission to access this resource." });
  });

  it("404 is 'resource not found' in the user's language", async () => {
    const pt = await apiError(client().get("/api/v1/404"));
    expect(pt).toMatchObject({ status: 404, error: true, message: "Recurso não encontrado.", errors: {} });
    expect(pt.serverMessage).toBe("Not here");
    const en = await apiError(client({ locale: "en-US" }).get("/api/v1/404"));
    expect(en.message).toBe("Resource not found.");
  });

  it("419 only warns about the CSRF mismatch", async () => {
    const onWarning = vi.fn();
    const error = await apiError(client({ onWarning, requestUrl: "http://localhost/x" }).post("/api/v1/419", {}));
    expect(onWarning).toHaveBeenCalledExactlyOnceWith("CSRF token mismatch");
    expect(error.status).toBe(419);
    expect(error.message).toBe("");
    expect(error.errors).toEqual({});
  });

  it("422 prefixes the server message and keeps the field errors", async () => {
    const pt = await apiError(client().post("/api/v1/422", { name: "" }));
    expect(pt.status).toBe(422);
    expect(pt.message).toBe("Erro ao validar dados: O nome é obrigatório.");
    expect(pt.errors).toEqual({ name: ["Obrigatório"], email: ["Inválido", "Em uso"] });
    const en = await apiError(client({ locale: "en-US" }).post("/api/v1/422", { name: "" }));
    expect(en.message).toBe("Error validating data: O nome é obrigatório.");
  });

  it("500 is the internal-error message (POST is not retried)", async () => {
    const error = await apiError(client().post("/api/v1/500-then-200", {}));
    expect(error).toMatchObject({ status: 500, message: "Erro interno do servidor. Tente novamente mais tarde." });
    expect(server.count("/api/v1/500-then-200")).toBe(1);
  });

  it("other statuses use the server message, else 'something went wrong'", async () => {
    const conflict = await apiError(client().post("/api/v1/409", {}));
    expect(conflict).toMatchObject({ status: 409, message: "Já existe uma sazonalidade nessas datas." });
    const teapot = await apiError(client({ locale: "en-US" }).get("/api/v1/418"));
    expect(teapot).toMatchObject({ status: 418, message: "Something went wrong. Please try again." });
  });
});

describe("retries", () => {
  it("retries a GET after a 500", async () => {
    await expect(client().get("/api/v1/500-then-200")).resolves.toEqual({ attempt: 2 });
    expect(server.count("/api/v1/500-then-200")).toBe(2);
  });

  it("does not retry PATCH", async () => {
    await apiError(client().patch("/api/v1/500-then-200", {}));
    expect(server.count("/api/v1/500-then-200")).toBe(1);
  });

  it("retries 502 and 503 for PUT and DELETE", async () => {
    await expect(client().put("/api/v1/gateway", { a: 1 })).resolves.toEqual({ attempt: 3 });
    server.reset();
    await expect(client().delete("/api/v1/gateway")).resolves.toEqual({ attempt: 3 });
  });

  it("gives up on a persistent 504 after the configured retries", async () => {
    const error = await apiError(client().get("/api/v1/504"));
    expect(error).toMatchObject({ status: 504, message: "Gateway timeout upstream" });
    expect(server.count("/api/v1/504")).toBe(3);
    server.reset();
    await apiError(client({ retries: 0 }).get("/api/v1/504"));
    expect(server.count("/api/v1/504")).toBe(1);
  });

  it("backs off exponentially", async () => {
    const started = performance.now();
    await apiError(client({ retryDelayMs: 40 }).get("/api/v1/504"));
    // 40 ms then 80 ms (plus jitter) between the three attempts.
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("honours Retry-After seconds on 429", async () => {
    const started = performance.now();
    await expect(client().get("/api/v1/429")).resolves.toEqual({ attempt: 2 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("caps a long Retry-After", async () => {
    // Retry-After says 120 s: uncapped, the wait would pass the 5 s deadline and the call would fail with the 429.
    await expect(client({ maxRetryDelayMs: 30, timeoutMs: 5_000 }).get("/api/v1/429-long")).resolves.toEqual({ attempt: 2 });
    server.reset();
    await expect(apiError(client({ timeoutMs: 5_000 }).get("/api/v1/429-long"))).resolves.toMatchObject({ status: 429 });
  });

  it("does not wait past the deadline for a Retry-After", async () => {
    const error = await apiError(client({ timeoutMs: 500 }).get("/api/v1/429"));
    expect(error).toMatchObject({ status: 429, message: "Slow down" });
    expect(server.count("/api/v1/429")).toBe(1);
  });
});

describe("time-out and network failure", () => {
  it("times out with 408 and abandons the request", async () => {
    slowAbandoned = undefined;
    const error = await apiError(client({ timeoutMs: 100 }).get("/api/v1/slow"));
    expect(error).toMatchObject({ status: 408, message: "O servidor demorou demais para responder. Tente novamente." });
    await vi.waitFor(() => expect(slowAbandoned).toBe(true));
  });

  it("turns a dropped connection into 503, retried for GET only", async () => {
    const error = await apiError(client({ locale: "en-US" }).get("/api/v1/drop"));
    expect(error).toMatchObject({ status: 503, message: "Could not reach the server. Check your connection." });
    expect(server.count("/api/v1/drop")).toBe(3);
    server.reset();
    await apiError(client().post("/api/v1/drop", {}));
    expect(server.count("/api/v1/drop")).toBe(1);
  });

  it("reports an unreachable server as a network error", async () => {
    const error = await apiError(client({ upstream: httpUpstream("http://127.0.0.1:9"), retries: 0 }).get("/api/v1/ok"));
    expect(error).toMatchObject({ status: 503, message: "Não foi possível falar com o servidor. Verifique sua conexão." });
  });
});

describe("identical concurrent requests", () => {
  it("share one upstream call, each caller with its own copy", async () => {
    const api = client();
    const [a, b, c] = await Promise.all([
      api.get<{ list: number[] }>("/api/v1/shared", { query: { page: 1 } }),
      api.get<{ list: number[] }>("/api/v1/shared", { query: { page: 1 } }),
      api.get<{ list: number[] }>("/api/v1/shared", { query: { page: 1 } }),
    ]);
    expect(server.count("/api/v1/shared")).toBe(1);
    expect(a).toEqual({ list: [1, 2, 3] });
    expect(b).toEqual(a);
    expect(c).not.toBe(a);
  });

  it("do not share different queries; a repeated GET is read once per page until something is written", async () => {
    const api = client();
    await Promise.all([api.get("/api/v1/shared", { query: { page: 1 } }), api.get("/api/v1/shared", { query: { page: 2 } })]);
    expect(server.count("/api/v1/shared")).toBe(2);
    await api.get("/api/v1/shared", { query: { page: 1 } });
    expect(server.count("/api/v1/shared")).toBe(2);
    await api.post("/api/v1/echo", { changed: true });
    await api.get("/api/v1/shared", { query: { page: 1 } });
    expect(server.count("/api/v1/shared")).toBe(3);
  });

  it("share identical bodies but not different ones", async () => {
    const api = client();
    const same = await Promise.all([api.post("/api/v1/shared-post", { a: 1 }), api.post("/api/v1/shared-post", { a: 1 })]);
    expect(server.count("/api/v1/shared-post")).toBe(1);
    expect(same).toEqual([{ a: 1 }, { a: 1 }]);
    server.reset();
    const different = await Promise.all([api.post("/api/v1/shared-post", { a: 1 }), api.post("/api/v1/shared-post", { a: 2 })]);
    expect(server.count("/api/v1/shared-post")).toBe(2);
    expect(different).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("propagate an error to every caller", async () => {
    const api = client();
    const results = await Promise.allSettled([api.get("/api/v1/shared-404"), api.get("/api/v1/shared-404")]);
    expect(server.count("/api/v1/shared-404")).toBe(1);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 404, message: "Recurso não encontrado." });
    }
  });
});

describe("file uploads", () => {
  it("sends a FormData PUT as POST with _method=PUT, multipart", async () => {
    const form = new FormData();
    form.append("logo", new Blob(["PNGDATA"], { type: "image/png" }), "logo.png");
    const echo = await client().put<{ method: string; headers: Record<string, string>; body: string }>("/api/v1/echo", form);
    expect(echo.method).toBe("POST");
    expect(echo.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toMatch(/name="_method"\r\n\r\nPUT\r\n/);
    expect(echo.body).toContain('filename="logo.png"');
    expect(echo.body).toContain("PNGDATA");
    expect([...form.keys()]).toEqual(["logo"]);
  });

  it("sends a FormData POST as is", async () => {
    const form = new FormData();
    form.append("logo", new Blob(["x"]), "a.png");
    const echo = await client().post<{ method: string; body: string }>("/api/v1/echo", form);
    expect(echo.method).toBe("POST");
    expect(echo.body).not.toContain("_method");
  });
});

describe("with the in-process Hono app as upstream", () => {
  const app = new Hono()
    .get("/api/v1/businesses", (c) =>
      c.json({ businesses: [{ id: 1 }], lang: c.req.header("accept-language"), auth: c.req.header("authorization") }),
    )
    .post("/api/v1/businesses", async (c) => c.json({ message: "Nome obrigatório", errors: { name: ["Obrigatório"] } }, 422))
    .post("/api/v1/businesses/:id/upload-logo", async (c) => {
      const form = await c.req.parseBody();
      return c.json({ method: form["_method"], file: (form["logo"] as File).name });
    })
    .delete("/api/v1/businesses/:id/remove-logo", (c) => c.body(null, 204))
    .get("/api/v1/me", (c) => c.json({ message: "Unauthenticated." }, 401))
    .get("/api/v1/slow", async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return c.json({});
    });
  const hono = (overrides: Partial<ApiClientOptions> = {}) =>
    createApiClient({ locale: "fr-CA", token: "abc", upstream: async (req) => app.fetch(req), t: tFor(overrides.locale ?? "fr-CA"), ...overrides });

  it("reads JSON with the same headers", async () => {
    await expect(hono().get("/api/v1/businesses")).resolves.toEqual({ businesses: [{ id: 1 }], lang: "fr", auth: "Bearer abc" });
  });

  it("maps errors the same way", async () => {
    const error = await apiError(hono({ locale: "en-US" }).post("/api/v1/businesses", {}));
    expect(error).toMatchObject({ status: 422, message: "Error validating data: Nome obrigatório", errors: { name: ["Obrigatório"] } });
    const thrown = (await caught(hono({ requestUrl: "http://localhost/settings" }).get("/api/v1/me"))) as Response;
    expect(thrown.headers.get("location")).toBe("/login?redirectTo=%2Fsettings");
  });

  it("overrides the method of a file PUT and resolves 204 to undefined", async () => {
    const form = new FormData();
    form.append("logo", new File(["img"], "logo.png", { type: "image/png" }));
    await expect(hono().put("/api/v1/businesses/9/upload-logo", form)).resolves.toEqual({ method: "PUT", file: "logo.png" });
    await expect(hono().delete("/api/v1/businesses/9/remove-logo")).resolves.toBeUndefined();
  });

  it("times out even though the in-process call cannot be aborted", async () => {
    const error = await apiError(hono({ locale: "pt-BR", timeoutMs: 50 }).get("/api/v1/slow"));
    expect(error.status).toBe(408);
  });
});
