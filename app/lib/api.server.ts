import type { TFunction } from "i18next";
import { redirect } from "react-router";

import type { Locale } from "#locales/list.ts";
import { toRequestLanguage } from "#domain/locale.ts";
import type { Upstream } from "#contract/upstream.ts";

/**
 * The web's only way to the upstream API (spec sections 7 and 8): JSON in and out, the
 * language and bearer headers, a 30 s deadline, retries with backoff for idempotent calls,
 * identical concurrent calls shared into one, and the error catalogue turned into either a
 * redirect to /login (401/403) or an `ApiError` with a translated message.
 */

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface ApiClientOptions {
  locale: Locale;
  token?: string | null;
  /** The way to the API: the load context's (app/lib/upstream-context.server.ts). */
  upstream: Upstream;
  /** The page request's id (server/observability.ts sets X-Request-Id), sent on so the API's logs carry it. */
  requestId?: string | null;
  /** The page's own URL; a 401/403 answer throws redirect(`/login?redirectTo=<path+search of this URL>`). */
  requestUrl?: string;
  /** The visitor's IP address (server.ts puts it in X-Forwarded-For), passed on to the API. */
  clientIp?: string | null;
  /** The visitor's browser, passed on so the API can name the device of a new session. */
  userAgent?: string | null;
  /** Translator fixed to the locale; client.* keys are looked up in the "errors" namespace. */
  t: TFunction;
  /** The whole call's deadline, retries included. Default 30000 (spec section 9). */
  timeoutMs?: number;
  /** Extra attempts for idempotent methods. Default 2. */
  retries?: number;
  /** First backoff step; doubles each attempt, plus up to 25 % jitter. Default 200. */
  retryDelayMs?: number;
  /** Upper bound of one wait between attempts, Retry-After included. Default 5000. */
  maxRetryDelayMs?: number;
  /** 419 → a warning about CSRF mismatch only. Default console.warn. */
  onWarning?: (message: string) => void;
}

/**
 * A refusal of the API. It is also a route error response as React Router recognises one
 * (`isRouteErrorResponse`: status, statusText, internal, data): an ApiError a loader or action
 * does not catch answers the page with the API's own status (404 for an id that names nothing, 400
 * for a bad query…) and the error page's text for it, never a 500. It is not an `Error`, so a
 * production build sends it to the browser as it is instead of "Unexpected Server Error".
 */
export class ApiError {
  readonly name = "ApiError";
  readonly error = true as const;
  readonly internal = false;
  readonly statusText: string;
  readonly data: { message: string };
  constructor(
    public status: number,
    public message: string,
    public errors: Record<string, string[]> = {},
    public serverMessage?: string,
  ) {
    this.statusText = STATUS_TEXTS[status] ?? "";
    this.data = { message };
  }
}
const STATUS_TEXTS: Record<number, string> = {
  400: "Bad Request",
  402: "Payment Required",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export interface RawInit {
  method?: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiClient {
  get<T>(path: string, options?: { query?: Query }): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
  /** Raw response for non-JSON answers (CSV export, images). Same headers, errors and timeout. */
  raw(path: string, init?: RawInit): Promise<Response>;
}

const ORIGIN = "http://tarifa.internal";
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

class Timeout extends Error {}
class NetworkFailure extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    locale,
    token,
    upstream,
    requestId,
    requestUrl,
    clientIp,
    userAgent,
    t,
    timeoutMs = 30_000,
    retries = 2,
    retryDelayMs = 200,
    maxRetryDelayMs = 5_000,
    onWarning = (message: string) => console.warn(message),
  } = options;
  const inFlight = new Map<string, Promise<unknown>>();

  function url(path: string, query?: Query): string {
    const target = new URL(path, ORIGIN);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) target.searchParams.append(key, String(value));
    }
    return target.toString();
  }

  /** A fresh Request per attempt, since a body can be read only once. */
  function buildRequest(method: string, target: string, body: unknown, extra: Record<string, string> | undefined, signal: AbortSignal) {
    const headers = new Headers({ Accept: "application/json", "Accept-Language": toRequestLanguage(locale) });
    if (token) headers.set("Authorization", `Bearer ${token}`);
    // The visitor's address, so the API's per-address rate limits see people, not the web server.
    if (clientIp) headers.set("X-Forwarded-For", clientIp);
    if (requestId) headers.set("X-Request-Id", requestId);
    if (userAgent) headers.set("User-Agent", userAgent);
    let payload: BodyInit | undefined;
    let wireMethod = method;
    if (body instanceof FormData) {
      // The multipart boundary goes in the content type, so fetch has to write it itself.
      const form = new FormData();
      for (const [key, value] of body) form.append(key, value);
      // Multipart PUT bodies are not parsed by every server: send POST and say PUT (spec 7).
      if (method === "PUT") {
        wireMethod = "POST";
        form.set("_method", "PUT");
      }
      payload = form;
    } else if (body !== undefined && method !== "GET" && method !== "HEAD") {
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(body);
    }
    for (const [key, value] of Object.entries(extra ?? {})) headers.set(key, value);
    return new Request(target, { method: wireMethod, headers, body: payload, signal });
  }

  async function readError(response: Response): Promise<{ message?: string; errors?: Record<string, string[]> }> {
    try {
      const data: unknown = JSON.parse(await response.text());
      if (!data || typeof data !== "object") return {};
      const { message, errors } = data as { message?: unknown; errors?: unknown };
      return {
        message: typeof message === "string" && message ? message : undefined,
        errors: errors && typeof errors === "object" ? normaliseErrors(errors as Record<string, unknown>) : undefined,
      };
    } catch {
      return {};
    }
  }

  /** The error catalogue (spec section 8): what a failed answer becomes. */
  async function failure(response: Response): Promise<Response | ApiError> {
    const status = response.status;
    const { message: serverMessage, errors = {} } = await readError(response);
    if ((status === 401 || status === 403) && requestUrl) {
      const page = new URL(requestUrl, ORIGIN);
      return redirect(`/login?redirectTo=${encodeURIComponent(page.pathname + page.search)}`);
    }
    if (status === 419) {
      onWarning("CSRF token mismatch");
      return new ApiError(419, "", {}, serverMessage);
    }
    const fixed: Record<number, string> = { 401: "client.401", 403: "client.403", 404: "client.404", 500: "client.500" };
    let message: string;
    if (fixed[status]) message = t(fixed[status], { ns: "errors" });
    else if (status === 422) message = t("client.422", { ns: "errors", message: serverMessage ?? "" });
    else message = serverMessage ?? t("client.other", { ns: "errors" });
    return new ApiError(status, message, errors, serverMessage);
  }

  function retryWait(attempt: number, response?: Response): number {
    const header = response?.headers.get("retry-after");
    if (header) {
      const seconds = Number(header);
      const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
      if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), maxRetryDelayMs);
    }
    const base = retryDelayMs * 2 ** attempt;
    return Math.min(base + Math.random() * base * 0.25, maxRetryDelayMs);
  }

  /**
   * Sends with retries inside one deadline; resolves with a successful Response and a `done`
   * that ends the deadline (JSON callers call it after reading the body, raw callers at once).
   */
  async function send(method: string, path: string, query: Query | undefined, body: unknown, extra?: Record<string, string>) {
    const target = url(path, query);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Timeout());
      }, timeoutMs);
    });
    expired.catch(() => {});
    const deadline = Date.now() + timeoutMs;
    const done = () => clearTimeout(timer);
    // The in-process upstream ignores the abort signal, so the deadline is raced as well.
    const within = <T>(promise: Promise<T>) => Promise.race([promise, expired]);
    const attempts = IDEMPOTENT.has(method) ? retries + 1 : 1;

    try {
      for (let attempt = 0; ; attempt++) {
        const request = buildRequest(method, target, body, extra, controller.signal);
        let response: Response | undefined;
        try {
          response = await within(upstream(request));
        } catch (error) {
          if (error instanceof Timeout) throw error;
          if (attempt + 1 >= attempts) throw new NetworkFailure(String(error));
        }
        if (response?.ok) return { response, done, within };
        if (response && (!RETRY_STATUSES.has(response.status) || attempt + 1 >= attempts)) {
          throw await within(failure(response));
        }
        const wait = retryWait(attempt, response);
        if (Date.now() + wait >= deadline) {
          if (response) throw await within(failure(response));
          throw new NetworkFailure("no time left to retry");
        }
        await response?.body?.cancel().catch(() => {});
        await within(sleep(wait));
      }
    } catch (error) {
      done();
      throw translate(error);
    }
  }

  function translate(error: unknown): unknown {
    if (error instanceof Timeout) return new ApiError(408, t("client.timeout", { ns: "errors" }));
    if (error instanceof NetworkFailure) return new ApiError(503, t("client.network", { ns: "errors" }));
    return error;
  }

  async function json<T>(method: string, path: string, query: Query | undefined, body: unknown): Promise<T> {
    const run = async () => {
      const { response, done, within } = await send(method, path, query, body);
      try {
        const text = await within(response.text());
        return text ? (JSON.parse(text) as T) : undefined;
      } catch (error) {
        // A success we cannot read is the upstream's fault, as a gateway would say.
        if (error instanceof SyntaxError) throw new ApiError(502, t("client.other", { ns: "errors" }));
        throw translate(error);
      } finally {
        done();
      }
    };
    // A FormData body has no cheap identity; uploads are never shared.
    if (body instanceof FormData) return (await run()) as T;
    const key = JSON.stringify([method, url(path, query), body ?? null, token ?? null, locale]);
    // Any change may alter what a GET answers: a write forgets the GETs this page already read.
    if (method !== "GET") for (const k of [...inFlight.keys()]) if (k.startsWith('["GET"')) inFlight.delete(k);
    let shared = inFlight.get(key);
    if (!shared) {
      // A successful GET is kept for the rest of this page request (the layout, the guard and the
      // page often read the same thing); other answers are shared only while in flight.
      shared = run();
      inFlight.set(key, shared);
      const forget = () => inFlight.delete(key);
      if (method === "GET") shared.catch(forget);
      else shared.then(forget, forget);
    }
    // Each caller gets its own copy, so one loader mutating its data cannot touch another's.
    const data = await shared;
    return (data === undefined ? undefined : structuredClone(data)) as T;
  }

  return {
    get: (path, opts) => json("GET", path, opts?.query, undefined),
    post: (path, body) => json("POST", path, undefined, body),
    put: (path, body) => json("PUT", path, undefined, body),
    patch: (path, body) => json("PATCH", path, undefined, body),
    delete: (path, body) => json("DELETE", path, undefined, body),
    async raw(path, init = {}) {
      const { response, done } = await send((init.method ?? "GET").toUpperCase(), path, init.query, init.body, init.headers);
      done();
      return response;
    },
  };
}

function normaliseErrors(errors: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    if (Array.isArray(value)) out[field] = value.map(String);
    else if (value !== undefined && value !== null) out[field] = [String(value)];
  }
  return out;
}
