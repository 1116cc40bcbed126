import { createContext, redirect, type MiddlewareFunction } from "react-router";
import type { Feature, Permission, RouteCheck } from "#domain/access/permissions";
import { checkRoutes } from "#domain/access/permissions";
import { businessRedirect, type RouteFlags } from "#domain/navigation/business-redirects";
import { landingRedirect } from "#domain/navigation/guard";
import type { BusinessJson } from "#contract/business";
import { hasActiveSubscription, type GatedPlan, type Plan } from "#domain/subscription/state";
import { getRequestState } from "./request-context.server";

/** What a route declares about itself in `export const handle` (ARCHITECTURE.md section 4). */
export interface RouteHandle extends RouteFlags {
  permission?: Permission;
  plan?: GatedPlan;
  feature?: Feature;
  /** The landing rule of spec section 2 applies (only the dashboard at /). */
  landing?: boolean;
}

export interface AppState {
  businesses: BusinessJson[];
  business: BusinessJson | null;
  plans: Plan[];
}

export const appContext = createContext<AppState>();

/**
 * App-layout middleware: the user's businesses, the selected one (remembered on the server)
 * and its plans, for the guard and the layout. The root's session middleware loaded them with
 * the user in one call (GET /api/v1/user/app-state); this runs after requireUserMiddleware.
 */
export const appStateMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { shell } = getRequestState(context);
  if (!shell) throw redirect("/login");
  const { businesses, selected_business_uuid, plans } = shell;
  const business = businesses.find((b) => b.uuid === selected_business_uuid) ?? businesses[0] ?? null;
  context.set(appContext, { businesses, business, plans: business ? plans : [] });
  return next();
};

const ADMIN_FLAGS: RouteFlags = { skipSubscribedMiddleware: true, skipSetupCheck: true, skipOnboarding: true, skipEmailVerification: true };

/**
 * Route middleware built from a route's handle: the business-status redirects of spec section 4
 * (honouring the route's flags), the landing rule for /, then the permission, plan and feature
 * checks. Denied permissions go to /unauthorized; a missing plan or feature to the subscriptions page.
 */
export function guard(handle: RouteHandle = {}): MiddlewareFunction<Response> {
  const checks: RouteCheck[] = [];
  if (handle.permission) checks.push({ kind: "permission", name: handle.permission });
  if (handle.plan) checks.push({ kind: "plan", plan: handle.plan });
  if (handle.feature) checks.push({ kind: "feature", feature: handle.feature });
  const adminArea = handle.permission?.startsWith("admin.") ?? false;
  const flags: RouteFlags = adminArea ? { ...ADMIN_FLAGS, ...handle } : handle;

  const middleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
    const { user } = getRequestState(context);
    const { businesses, business, plans } = context.get(appContext);
    if (!user) throw redirect("/login");
    const url = new URL(request.url);
    const path = url.pathname;
    // Administrators turn on two-factor sign-in before any administration page (ADR 0024).
    const target2fa = twoFactorEnrolmentRedirect(path, url.search, user);
    if (target2fa) throw redirect(target2fa);
    const permissions = user.permissions.map((p) => p.name);

    const target = businessRedirect({
      path,
      business: business ? { status: business.status, hasDefaultPms: !!business.pms?.pms_default } : null,
      hasActiveSubscription: hasActiveSubscription(plans),
      businessCount: businesses.length,
      user,
      flags,
    });
    if (target) throw redirect(target.redirect);

    if (handle.landing) {
      const landing = landingRedirect(path, permissions);
      if (landing) throw redirect(landing.redirect);
    }

    const verdict = checkRoutes(checks, {
      authenticated: true,
      roles: user.roles,
      permissions,
      features: user.features,
      plans,
    });
    if (!verdict.allowed) {
      if (verdict.reason === "missing_plan" || verdict.reason === "missing_feature") {
        throw redirect(`/account-settings/subscriptions?required=${encodeURIComponent(handle.plan ?? handle.feature ?? "")}`);
      }
      throw redirect("/unauthorized");
    }
    return next();
  };
  return Object.assign(middleware, { [GUARD]: true });
}

const GUARD = Symbol.for("tarifa.guard");

/** Where an administrator without two-factor sign-in goes instead of a /manage page, or null. */
export function twoFactorEnrolmentRedirect(path: string, search: string, user: { roles: string[]; two_factor_enabled?: boolean }): string | null {
  const adminArea = path === "/manage" || path.startsWith("/manage/");
  if (!adminArea || !user.roles.includes("administrator") || user.two_factor_enabled) return null;
  return `/account-settings/two-factor?redirectTo=${encodeURIComponent(path + search)}`;
}

/** True for middleware made by guard(); a test checks every page behind sign-in has one. */
export function isGuard(fn: unknown): boolean {
  return typeof fn === "function" && (fn as unknown as Record<symbol, unknown>)[GUARD] === true;
}

/** A route whose parameters fail validation, or name what the API does not know, answers 404 'Page Not Found' (spec section 2). */
export function pageNotFound(): never {
  throw new Response("Page Not Found", { status: 404, statusText: "Page Not Found" });
}

/** `pageNotFound()` unless the condition holds. */
export function notFoundUnless(condition: unknown): asserts condition {
  if (!condition) pageNotFound();
}
