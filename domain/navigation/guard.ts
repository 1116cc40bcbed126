/**
 * The session part of the navigation guard (spec section 2 "Navigation guard"): who may be on a
 * page without signing in, which pages are for signed-out visitors only, where "/" sends a user
 * who may not see the dashboard, and which redirect targets are safe to follow. The business part
 * (statuses, subscription, e-mail verification) is in business-redirects.ts.
 */
import { normalizePath, isWithin } from "./path.ts";

/** Open without signing in: the authentication pages, e-mail verification and public pages. */
export const PUBLIC_PATHS = [
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/check-email",
  "/verify-email",
] as const;

/** Public pages (/p/{slug}) live under this prefix. */
export const PUBLIC_PAGE_PREFIX = "/p/";

export function isPublicPath(path: string): boolean {
  const pathname = normalizePath(path);
  // /verify-email/{id}/{hash} is the real route; the bare path is listed by the spec as well.
  if (PUBLIC_PATHS.some((publicPath) => isWithin(pathname, publicPath))) return true;
  return pathname.startsWith(PUBLIC_PAGE_PREFIX) && pathname.length > PUBLIC_PAGE_PREFIX.length;
}

/** Pages that make no sense once signed in; a signed-in user is sent to "/" instead. */
export const GUEST_ONLY_PATHS = ["/login", "/register", "/forgot-password"] as const;

export function isGuestOnlyPath(path: string): boolean {
  const pathname = normalizePath(path);
  return (GUEST_ONLY_PATHS as readonly string[]).includes(pathname);
}

/** The query parameter carrying the page to return to after login. */
export const REDIRECT_PARAM = "redirectTo";

/** /login, remembering where the visitor was going (path and query) unless that is "/". */
export function loginPath(returnTo?: string): string {
  const target = safeRedirectPath(returnTo, "/");
  return target === "/" ? "/login" : `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

export interface SessionGuardInput {
  /** The requested path, query included so it survives the trip through /login. */
  path: string;
  /** A session (cookie or token) is present. */
  authenticated: boolean;
  /** The user identity could be loaded for that session. */
  hasUser: boolean;
}

/**
 * The first three bullets of the guard, in order: signed out → /login (except public paths);
 * signed in but no user data → /login (a stale session; the login page clears it); signed in on a
 * guest-only page → "/".
 */
export function sessionRedirect({ path, authenticated, hasUser }: SessionGuardInput): { redirect: string } | null {
  const pathname = normalizePath(path);
  if (!authenticated) return isPublicPath(pathname) ? null : { redirect: loginPath(path) };
  if (!hasUser) return pathname === "/login" ? null : { redirect: "/login" };
  return isGuestOnlyPath(pathname) ? { redirect: "/" } : null;
}

/**
 * Where "/" sends a user without user.dashboard, in the spec's order. Note the rule looks at
 * permissions only: /chat and /market-analysis also need a plan, which the target page's own
 * check enforces (sending the user to /unauthorized rather than guessing another page).
 */
export const LANDING_ORDER = [
  { permission: "user.rooms-overview", path: "/bookings/home" },
  { permission: "user.reservations", path: "/bookings" },
  { permission: "user.availability", path: "/availability" },
  { permission: "user.calendar", path: "/calendar" },
  { permission: "user.price-settings", path: "/price-settings" },
  { permission: "user.competitor-analysis", path: "/market-analysis" },
  { permission: "user.business-intelligence", path: "/business-intelligence" },
  { permission: "user.learning", path: "/learning" },
  { permission: "user.businesses", path: "/businesses" },
  { permission: "user.chat-ai", path: "/chat" },
] as const;

export const LANDING_FALLBACK = "/bookings/home";

/** Where a user lands for "/": "/" itself with user.dashboard, else the first permitted page. */
export function landingPath(permissions: Iterable<string>): string {
  const held = new Set(permissions);
  if (held.has("user.dashboard")) return "/";
  return LANDING_ORDER.find((entry) => held.has(entry.permission))?.path ?? LANDING_FALLBACK;
}

/** The landing rule as a redirect: only on "/", and only for users without user.dashboard. */
export function landingRedirect(path: string, permissions: Iterable<string>): { redirect: string } | null {
  if (normalizePath(path) !== "/") return null;
  const target = landingPath(permissions);
  return target === "/" ? null : { redirect: target };
}

// Browsers drop tabs and newlines inside URLs, so "/\t/evil.example" would become "//evil.example".
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * `value` when it is a same-site path, else `fallback`. Accepts only strings that start with one
 * "/" (not "//", not "/\", which browsers read as another host), contain no control characters,
 * and still resolve to this site when parsed as a URL (which also rules out any scheme).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if (value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (CONTROL_CHARACTERS.test(value)) return fallback;
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return value;
}
