import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiEnv } from "#api/context.ts";
import { HttpError } from "#api/errors.ts";

/**
 * Session-cookie mode (the browser talks to the API directly, as a single-page client would):
 * an httpOnly session cookie holds the same kind of token that token mode hands out, and every
 * state-changing request must echo the readable XSRF-TOKEN cookie in the X-XSRF-TOKEN header
 * (double submit). The token is HMAC-signed with SESSION_SECRET so a value planted through a
 * sibling subdomain's cookie is refused. Bearer requests carry no ambient credential and are
 * not checked.
 */
export const SESSION_COOKIE = "tarifa_session";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Laravel's "page expired"; the web treats it as a CSRF mismatch (spec section 8). */
const CSRF_STATUS = 419 as ContentfulStatusCode;

export const csrfMismatch = () => new HttpError(CSRF_STATUS, "api.csrf");

function sign(secret: string, nonce: string): string {
  return createHmac("sha256", secret).update(`xsrf|${nonce}`).digest("base64url");
}

export function newXsrfToken(secret: string): string {
  const nonce = randomBytes(24).toString("base64url");
  return `${nonce}.${sign(secret, nonce)}`;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function signedByUs(secret: string, token: string): boolean {
  const [nonce, signature, extra] = token.split(".");
  return !!nonce && !!signature && extra === undefined && sameString(signature, sign(secret, nonce));
}

export function hasBearer(c: Context): boolean {
  return /^Bearer\s/i.test(c.req.header("authorization") ?? "");
}

export function isUnsafe(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/** A browser client in cookie mode: it holds our cookies and sends no bearer token. */
export function isCookieModeRequest(c: Context): boolean {
  return !hasBearer(c) && (getCookie(c, SESSION_COOKIE) !== undefined || getCookie(c, XSRF_COOKIE) !== undefined);
}

/** 419 unless X-XSRF-TOKEN equals the XSRF-TOKEN cookie and carries our signature. */
export function assertXsrf<E extends ApiEnv>(c: Context<E>): void {
  const cookie = getCookie(c, XSRF_COOKIE);
  const header = c.req.header(XSRF_HEADER);
  const secret = c.var.deps.config.SESSION_SECRET;
  if (!cookie || !header || !sameString(cookie, header) || !signedByUs(secret, cookie)) throw csrfMismatch();
}

const cookieBase = <E extends ApiEnv>(c: Context<E>) =>
  ({ path: "/", sameSite: "Lax", secure: c.var.deps.config.cookieSecure }) as const;

/**
 * Sets the readable XSRF-TOKEN cookie. A still valid `keep` value is kept (several tabs asking
 * for the cookie at once must not invalidate each other's header); otherwise a new one is made.
 */
export function setXsrfCookie<E extends ApiEnv>(c: Context<E>, maxAgeSeconds: number, keep?: string): void {
  const secret = c.var.deps.config.SESSION_SECRET;
  const value = keep && signedByUs(secret, keep) ? keep : newXsrfToken(secret);
  setCookie(c, XSRF_COOKIE, value, {
    ...cookieBase(c),
    httpOnly: false,
    maxAge: maxAgeSeconds,
  });
}

export function setSessionCookie<E extends ApiEnv>(c: Context<E>, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - c.var.deps.now().getTime()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { ...cookieBase(c), httpOnly: true, maxAge });
  setXsrfCookie(c, maxAge);
}

export function clearSessionCookies<E extends ApiEnv>(c: Context<E>): void {
  deleteCookie(c, SESSION_COOKIE, { ...cookieBase(c), httpOnly: true });
  deleteCookie(c, XSRF_COOKIE, cookieBase(c));
}

/**
 * For routes that need no sign-in (login, register, password reset…): a cookie-mode client must
 * still prove the request comes from our pages. Signed-in routes get the same check from
 * requireUser.
 */
export const csrfProtection = createMiddleware<ApiEnv>(async (c, next) => {
  if (isUnsafe(c.req.method) && isCookieModeRequest(c)) assertXsrf(c);
  await next();
});
