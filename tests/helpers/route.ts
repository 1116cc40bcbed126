import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { upstreamContext } from "#app/lib/upstream-context.server.ts";
import type { Upstream } from "#contract/upstream.ts";
import { createTestApi, type TestApi } from "./api.ts";

/**
 * Route-level tests: call a route module's loader or action the way React Router would on the
 * server, behind the same middleware (the root's i18n → CSRF → session chain, then each layout's,
 * then the route's own), against the embedded API on a fresh database.
 *
 *   const h = await createRouteHarness();            // API + fresh database, upstream wired
 *   const browser = h.browser();                     // a cookie jar: session, csrf, lng
 *   await browser.signIn(demoUsers.owner.email);     // token in the session cookie
 *   const page = await browser.get("/account-settings/language", language, { layouts: [appLayout, settings] });
 *   page.data                                        // what the loader returned
 *   const sent = await browser.post("/account-settings/language", language, { preferred_language: "en-US" }, { layouts: [...] });
 *   sent.status, sent.location, sent.data, browser.cookie("lng")
 *
 * `post` adds a valid CSRF token (fetching one with a GET first) unless `{ csrf: false }`; a form
 * with a File is sent as multipart. Thrown redirects and `data()` errors become the result, as
 * React Router would answer them.
 */

/** The parts of a route module the harness calls. Loosely typed: each module has its own Route types. */
export interface RouteModule {
  default?: unknown;
  handle?: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  middleware?: ((args: any, next: () => Promise<Response>) => unknown)[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loader?: (args: any) => unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action?: (args: any) => unknown;
}

export interface RouteCall {
  /** Layout modules between the root and the route, outermost first; their middleware runs. */
  layouts?: RouteModule[];
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface RouteResult<T = any> {
  status: number;
  headers: Headers;
  /** The redirect target, when the answer is a redirect. */
  location: string | null;
  /** What the loader/action returned (unwrapped from `data()`), or the body of a thrown `data()`/JSON response. */
  data: T;
  response: Response;
}

export type FormFields = Record<string, string | string[] | File | undefined>;

const ORIGIN = "http://localhost";

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return !!value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** What React Router would send for a handler's return value (or thrown value). */
function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  // A thrown route error response (an uncaught ApiError is one): the error page with its status.
  if (isRouteErrorResponse(value)) return Response.json(value.data ?? null, { status: value.status, statusText: value.statusText });
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(value.data ?? null), { ...value.init, headers });
  }
  return Response.json(value ?? null);
}

let rootMiddleware: RouteModule["middleware"] | undefined;
/** The way to the API the harness puts in every call's load context, as server.ts's getLoadContext does. */
let upstream: Upstream | undefined;
let csrfToken: ((context: Readonly<RouterContextProvider>) => string | undefined) | undefined;

/**
 * Loaded on first use, after createTestApi() has set the test configuration: csrf.server.ts
 * reads the configuration (its secret) when it is first imported.
 */
async function rootPieces() {
  if (!rootMiddleware) {
    const root = await import("#app/root.tsx");
    const csrf = await import("#app/lib/csrf.server.ts");
    rootMiddleware = root.middleware as RouteModule["middleware"];
    csrfToken = csrf.getCsrfToken as typeof csrfToken;
  }
  return { middleware: rootMiddleware!, csrfToken: csrfToken! };
}

/**
 * Runs the middleware chain around one handler, as React Router's server does: a middleware may
 * return a Response, return nothing (then the rest of the chain's answer is used) or throw one.
 */
export async function runRoute<T = any>(
  request: Request,
  route: RouteModule,
  handler: "loader" | "action",
  call: RouteCall = {},
  inspect?: (context: RouterContextProvider) => void,
): Promise<RouteResult<T>> {
  const { middleware: root } = await rootPieces();
  if (!upstream) throw new Error("No upstream: call createRouteHarness() first");
  const context = new RouterContextProvider(new Map([[upstreamContext, upstream]]));
  const params = call.params ?? {};
  const chain = [...(root ?? []), ...(call.layouts ?? []).flatMap((m) => m.middleware ?? []), ...(route.middleware ?? [])];
  let value: unknown;
  let returned = false;

  const leaf = async (): Promise<Response> => {
    const fn = route[handler];
    if (!fn) throw new Error(`The route module has no ${handler}`);
    try {
      value = await fn({ request, params, context });
      returned = true;
    } catch (thrown) {
      if (!(thrown instanceof Response) && !isDataWithInit(thrown) && !isRouteErrorResponse(thrown)) throw thrown;
      value = thrown;
    }
    inspect?.(context);
    return toResponse(value);
  };

  const dispatch = async (index: number): Promise<Response> => {
    if (index >= chain.length) return leaf();
    let downstream: Promise<Response> | undefined;
    const next = () => (downstream ??= dispatch(index + 1));
    try {
      const result = await chain[index]({ request, params, context }, next);
      if (result instanceof Response) return result;
      return await next();
    } catch (thrown) {
      if (thrown instanceof Response || isDataWithInit(thrown) || isRouteErrorResponse(thrown)) return toResponse(thrown);
      throw thrown;
    }
  };

  const response = await dispatch(0);
  let data: unknown;
  if (returned && !(value instanceof Response)) data = isDataWithInit(value) ? value.data : value;
  else if (response.headers.get("content-type")?.includes("application/json")) data = await response.clone().json();
  return {
    status: response.status,
    headers: response.headers,
    location: response.headers.get("location"),
    data: data as T,
    response,
  };
}

/** A browser: keeps the cookies the app sets and sends them back. */
export class Browser {
  private jar = new Map<string, string>();

  constructor(private readonly t: TestApi) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  clearCookies() {
    this.jar.clear();
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key, v] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Request {
    const headers = new Headers(init.headers);
    const cookies = this.cookieHeader();
    if (cookies) headers.set("Cookie", cookies);
    return new Request(new URL(path, ORIGIN), { ...init, headers });
  }

  async get<T = any>(path: string, route: RouteModule, call: RouteCall = {}): Promise<RouteResult<T>> {
    const result = await runRoute<T>(this.request(path, { headers: call.headers }), route, "loader", call);
    this.remember(result.headers);
    return result;
  }

  /** The CSRF token a page would put in its forms (one GET through the root middleware). */
  async csrf(): Promise<string> {
    const { csrfToken: read } = await rootPieces();
    let token: string | undefined;
    const probe: RouteModule = { loader: () => null };
    const result = await runRoute(this.request("/"), probe, "loader", {}, (context) => {
      token = read(context);
    });
    this.remember(result.headers);
    if (!token) throw new Error("No CSRF token");
    return token;
  }

  async post<T = any>(
    path: string,
    route: RouteModule,
    fields: FormFields = {},
    call: RouteCall & { csrf?: boolean } = {},
  ): Promise<RouteResult<T>> {
    const withCsrf = call.csrf !== false;
    const token = withCsrf ? await this.csrf() : undefined;
    const multipart = Object.values(fields).some((v) => v instanceof File);
    const form = multipart ? new FormData() : new URLSearchParams();
    if (token) form.append("csrf", token);
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one instanceof File) (form as FormData).append(name, one, one.name);
        else form.append(name, one);
      }
    }
    const request = this.request(path, { method: "POST", body: form, headers: call.headers });
    const result = await runRoute<T>(request, route, "action", call);
    this.remember(result.headers);
    return result;
  }

  /** The session as the app would read it from this browser's cookie (e.g. `(await browser.session()).get("toast")`). */
  async session() {
    const { getSession } = await import("#app/lib/session.server.ts");
    return getSession(this.request("/"));
  }

  /** Signs in through the API and keeps the token in the session cookie, as /login does. */
  async signIn(email: string, password?: string): Promise<string> {
    const token = await this.t.login(email, password);
    await this.useToken(token);
    return token;
  }

  /** Puts an API token in this browser's session cookie. */
  async useToken(token: string): Promise<void> {
    const { getSession, commitSession } = await import("#app/lib/session.server.ts");
    const session = await getSession(this.request("/"));
    session.set("token", token);
    this.remember(new Headers([["Set-Cookie", await commitSession(session)]]));
  }
}

export interface RouteHarness {
  t: TestApi;
  /** The way to the API of the calls' load context (the embedded API); a test may wrap it. */
  upstream: Upstream;
  browser(): Browser;
  close(): Promise<void>;
}

/** The API on a fresh (seeded) database, wired as the web's upstream in every call's load context. */
export async function createRouteHarness(options: Parameters<typeof createTestApi>[0] = {}): Promise<RouteHarness> {
  const t = await createTestApi(options);
  upstream = async (request) => t.api.fetch(request);
  return {
    t,
    get upstream() {
      return upstream!;
    },
    set upstream(next: Upstream) {
      upstream = next;
    },
    browser: () => new Browser(t),
    close: () => t.close(),
  };
}
