import type { Locale } from "#locales/list.ts";
import { toRequestLanguage } from "#domain/locale.ts";

/** The base of every path: the upstream (in-process or API_BASE_URL) reads only path and query. */
export const ORIGIN = "http://tarifa.internal";

export type Query = Record<string, string | number | boolean | undefined | null>;

/** Who is calling: the headers every request carries. */
export interface Caller {
  locale: Locale;
  token?: string | null;
  /** The page request's id (server/observability.ts sets X-Request-Id), sent on so the API's logs carry it. */
  requestId?: string | null;
  /** The visitor's IP address (server.ts puts it in X-Forwarded-For), passed on to the API. */
  clientIp?: string | null;
  /** The visitor's browser, passed on so the API can name the device of a new session. */
  userAgent?: string | null;
}

export function targetUrl(path: string, query?: Query): string {
  const target = new URL(path, ORIGIN);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) target.searchParams.append(key, String(value));
  }
  return target.toString();
}

/**
 * A multipart body passed on as it streams in, with its own content type (and boundary): a
 * browser's upload going on to the API without the web holding it (streamed-upload.server.ts).
 * It can be sent once, so only by a call that is never retried (a POST).
 */
export class StreamedBody {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
  ) {}
}

/** A fresh Request per attempt, since a body can be read only once. */
export function buildRequest(
  caller: Caller,
  method: string,
  target: string,
  body: unknown,
  extra: Record<string, string> | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers({ Accept: "application/json", "Accept-Language": toRequestLanguage(caller.locale) });
  if (caller.token) headers.set("Authorization", `Bearer ${caller.token}`);
  // The visitor's address, so the API's per-address rate limits see people, not the web server.
  if (caller.clientIp) headers.set("X-Forwarded-For", caller.clientIp);
  if (caller.requestId) headers.set("X-Request-Id", caller.requestId);
  if (caller.userAgent) headers.set("User-Agent", caller.userAgent);
  let payload: BodyInit | undefined;
  let wireMethod = method;
  if (body instanceof StreamedBody) {
    headers.set("Content-Type", body.contentType);
    payload = body.stream;
  } else if (body instanceof FormData) {
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
  // A stream is sent as it is read ("half" duplex, the only kind fetch knows).
  return new Request(target, { method: wireMethod, headers, body: payload, signal, ...(payload instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}
