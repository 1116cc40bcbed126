import type { TFunction } from "i18next";
import type { Upstream } from "#contract/upstream.ts";
import { failure, NetworkFailure, Timeout, translateFailure, type ErrorCatalogue } from "./errors.server.ts";
import { buildRequest, targetUrl, type Caller, type Query } from "./request.server.ts";

/** How one call is sent: the way to the API, who calls, the deadline and the retries. */
export interface Sending extends Caller, ErrorCatalogue {
  upstream: Upstream;
  t: TFunction;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

/** A successful answer, `done` ending its deadline, and `within` racing more work against it. */
export interface Sent {
  response: Response;
  done: () => void;
  within: <T>(promise: Promise<T>) => Promise<T>;
}

const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends with retries inside one deadline; resolves with a successful Response and a `done`
 * that ends the deadline (JSON callers call it after reading the body, raw callers at once).
 */
export async function send(
  sending: Sending,
  method: string,
  path: string,
  query: Query | undefined,
  body: unknown,
  extra?: Record<string, string>,
): Promise<Sent> {
  const target = targetUrl(path, query);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Timeout());
    }, sending.timeoutMs);
  });
  expired.catch(() => {});
  const deadline = Date.now() + sending.timeoutMs;
  const done = () => clearTimeout(timer);
  // The in-process upstream ignores the abort signal, so the deadline is raced as well.
  const within = <T>(promise: Promise<T>) => Promise.race([promise, expired]);
  const attempts = IDEMPOTENT.has(method) ? sending.retries + 1 : 1;

  try {
    for (let attempt = 0; ; attempt++) {
      const request = buildRequest(sending, method, target, body, extra, controller.signal);
      let response: Response | undefined;
      try {
        response = await within(sending.upstream(request));
      } catch (error) {
        if (error instanceof Timeout) throw error;
        if (attempt + 1 >= attempts) throw new NetworkFailure(String(error));
      }
      if (response?.ok) return { response, done, within };
      if (response && (!RETRY_STATUSES.has(response.status) || attempt + 1 >= attempts)) {
        throw await within(failure(response, sending));
      }
      const wait = retryWait(sending, attempt, response);
      if (Date.now() + wait >= deadline) {
        if (response) throw await within(failure(response, sending));
        throw new NetworkFailure("no time left to retry");
      }
      await response?.body?.cancel().catch(() => {});
      await within(sleep(wait));
    }
  } catch (error) {
    done();
    throw translateFailure(error, sending.t);
  }
}

/** Retry-After when the answer gives one, else exponential backoff with up to 25 % jitter; capped. */
function retryWait({ retryDelayMs, maxRetryDelayMs }: Sending, attempt: number, response?: Response): number {
  const header = response?.headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), maxRetryDelayMs);
  }
  const base = retryDelayMs * 2 ** attempt;
  return Math.min(base + Math.random() * base * 0.25, maxRetryDelayMs);
}
