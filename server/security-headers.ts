import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import helmet from "helmet";
import { closeIfBodyUnread } from "./unread-body.ts";

/**
 * The security headers of every class of answer, in one place (docs/security.md):
 *
 * | class | headers |
 * |---|---|
 * | every answer | nosniff, Referrer-Policy, X-Frame-Options DENY, HSTS under https (helmet) |
 * | page (HTML, error pages included) | PAGE policy with a per-response script nonce (app/lib/content-security-policy.server.ts, set by entry.server.tsx), `Cache-Control: private, no-store` |
 * | API JSON, redirect, any other dynamic answer | `default-src 'none'` policy, `Cache-Control: private, no-store` unless the handler chose its own |
 * | hashed asset (/assets) | `public, max-age=31536000, immutable` (server.ts) |
 * | other static files | `public, max-age=3600` (server.ts) |
 *
 * The two last rules of `finishAnswer` are decided when the status line is written, so they
 * see what the handler set: a handler's own Cache-Control or CSP wins.
 */

/** For everything that is not a page: nothing may run, load or frame it. */
export const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const NO_STORE = "private, no-store";
export const IMMUTABLE_ASSET_MAX_AGE = "1y";
export const STATIC_FILE_MAX_AGE = "1h";

/** Headers every answer carries, from the first middleware on (so the API's and static files' too). */
export function baseSecurityHeaders({ https }: { https: boolean }) {
  return helmet({
    // Set per class of answer in finishAnswer / entry.server.tsx instead.
    contentSecurityPolicy: false,
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    // "no-referrer" would make browsers send `Origin: null` on form posts, which the request guard refuses.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

function setInArgs(args: unknown[], name: string): boolean {
  const headers = args.find((a) => a && typeof a === "object") as OutgoingHttpHeaders | [string, string][] | undefined;
  if (!headers) return false;
  if (Array.isArray(headers)) return headers.some(([key]) => key.toLowerCase() === name);
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/**
 * Completes each answer's headers just before they are written:
 * - no Cache-Control yet → `private, no-store` (pages, API answers, redirects: they are personal
 *   or carry a CSRF token; static files and handlers that allow caching set their own);
 * - no Content-Security-Policy yet → the non-page policy (pages get theirs with a nonce);
 * - the request's body was not read to its end (a refusal before reading: 413, 403, 415…) →
 *   `Connection: close` (unread-body.server.ts).
 */
export function finishAnswer(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent) {
      if (!res.hasHeader("cache-control") && !setInArgs(args, "cache-control")) res.setHeader("Cache-Control", NO_STORE);
      if (!res.hasHeader("content-security-policy") && !setInArgs(args, "content-security-policy")) {
        res.setHeader("Content-Security-Policy", NON_PAGE_CONTENT_SECURITY_POLICY);
      }
      closeIfBodyUnread(req, res);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  next();
}
