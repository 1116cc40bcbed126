import { data, redirect, type MiddlewareFunction } from "react-router";
import { getConfig } from "#config";
import { csrfMiddleware } from "./csrf.server";
import { getI18n, getLocale } from "./i18n.server";
import { firstField, streamedUploadLimit } from "./streamed-upload.server";
import { tooLargeUploadAddress, UPLOAD_LIMIT_MB } from "./upload-too-large";

/**
 * The one guard every state-changing web request passes (root middleware, before the session is
 * read and before any action runs; docs/security.md):
 *
 * 1. Origin: a browser's `Origin` must be this site's (the request's own origin or APP_URL's);
 *    `Origin: null` is refused — no page of ours needs it: our pages send
 *    `Referrer-Policy: strict-origin-when-cross-origin`, so their posts carry a real Origin, and
 *    no third party posts forms to the web (payment webhooks go to the API). Without Origin,
 *    `Sec-Fetch-Site` must say `same-origin`. A client that sends neither (not a current browser)
 *    still needs the CSRF token.
 * 2. A form body: URL-encoded or multipart, the only kinds our forms send. Anything else (JSON,
 *    text/plain, no body type) is refused, since the token is read from the form.
 * 3. Size, before anything parses it: a declared Content-Length over the limit is refused without
 *    reading; a body without one (chunked) is counted while it streams and refused past the limit.
 *    Forms: 1 MiB; multipart (file uploads): 5 MiB — above the largest upload the API takes, so an
 *    oversized photo still gets its own message next to the field. A larger upload (up to
 *    UPLOAD_DRAIN_LIMIT) is read to its end and sent back to its form, marked, so the file field
 *    says it is too large (upload-too-large.ts) instead of a bare 413.
 * 4. The CSRF token (remix-utils' double-submit cookie, csrf.server.ts).
 *
 * A streamed upload (streamed-upload.server.ts: the reservations file, up to 50 MB, passed on to
 * the API as it arrives) has its own limit, is checked by its declared length only (the API counts
 * what it reads), and its token is read from the body's first field, not from the whole form.
 *
 * A refusal before the body was read to its end closes the connection (server-wide, in
 * server/security-headers.ts): the unread rest must not be taken for the next request.
 */
export const FORM_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = UPLOAD_LIMIT_MB * 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Marks middleware made here; the coverage test checks the root runs it. */
export const REQUEST_GUARD = Symbol.for("tarifa.requestGuard");

type Refusal = { status: 403 | 413 | 415; key: string; values?: Record<string, unknown> };

function isMultipart(contentType: string) {
  return contentType.startsWith("multipart/form-data");
}

function isForm(contentType: string) {
  return contentType.startsWith("application/x-www-form-urlencoded") || isMultipart(contentType);
}

export function bodyLimitFor(request: Request): number {
  const streamed = streamedUploadLimit(request);
  if (streamed !== null) return streamed;
  return isMultipart((request.headers.get("content-type") ?? "").toLowerCase()) ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  const appUrl = getConfig().APP_URL;
  if (appUrl) origins.add(new URL(appUrl).origin);
  return origins;
}

/** Why a request is not from one of our pages, or null when it may be. */
function originRefusal(request: Request): Refusal | null {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    return allowedOrigins(request).has(origin.trim().toLowerCase()) ? null : { status: 403, key: "request.crossOrigin" };
  }
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return { status: 403, key: "request.crossOrigin" };
  return null;
}

/**
 * Reads a copy of the body, counting, and stops past `limit` (the copy's data is dropped as it
 * comes; the request keeps at most `limit` bytes for the CSRF check and the action).
 */
async function bodyFits(request: Request, limit: number): Promise<boolean> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return false;
  // A streamed upload is not copied to count it (the copy would hold what the action has not read yet).
  if (!request.body || streamedUploadLimit(request) !== null) return true;
  const reader = request.clone().body!.getReader();
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    seen += value.byteLength;
    if (seen > limit) {
      // Not awaited: a tee branch's cancel settles only once the other branch (the request's own body) is cancelled too.
      reader.cancel().catch(() => undefined);
      return false;
    }
  }
}

/**
 * An upload up to this size that is over UPLOAD_BODY_LIMIT is read to its end (and dropped) so
 * the browser, still sending, gets the redirect back to its form rather than a reset connection.
 * Larger bodies are refused with 413 without reading on.
 */
export const UPLOAD_DRAIN_LIMIT = 64 * 1024 * 1024;

/** The request the CSRF check reads for a streamed upload: the token of its first field alone, with the cookies. */
async function tokenOnly(request: Request): Promise<Request> {
  const token = await firstField(request, "csrf");
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  return new Request(request.url, { method: request.method, headers, body: new URLSearchParams(token === null ? {} : { csrf: token }) });
}

/** Reads the request's own body to its end, dropping it; false past `limit`. */
async function drained(request: Request, limit: number): Promise<boolean> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return false;
  if (!request.body || request.bodyUsed) return true;
  const reader = request.body.getReader();
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    seen += value.byteLength;
    if (seen > limit) {
      reader.cancel().catch(() => undefined);
      return false;
    }
  }
}

async function refusal(request: Request): Promise<Refusal | null> {
  const byOrigin = originRefusal(request);
  if (byOrigin) return byOrigin;
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!isForm(contentType)) return { status: 415, key: "request.notAForm" };
  const limit = bodyLimitFor(request);
  if (!(await bodyFits(request, limit))) return { status: 413, key: "request.tooLarge", values: { max: limit / 1024 / 1024 } };
  return null;
}

export const requestGuardMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const { request, context } = args;
  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    const refused = await refusal(request);
    // A file too large for a form: back to the form, whose file field says why (upload-too-large.ts).
    if (refused?.status === 413 && isMultipart((request.headers.get("content-type") ?? "").toLowerCase()) && (await drained(request, UPLOAD_DRAIN_LIMIT))) {
      throw redirect(tooLargeUploadAddress(request), 303);
    }
    if (refused) {
      const t = getI18n(context).getFixedT(getLocale(context), "security");
      throw data({ message: t(refused.key, refused.values) }, { status: refused.status });
    }
  }
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && streamedUploadLimit(request) !== null) {
    return csrfMiddleware({ ...args, request: await tokenOnly(request) }, next);
  }
  return csrfMiddleware(args, next);
};
Object.assign(requestGuardMiddleware, { [REQUEST_GUARD]: true });
