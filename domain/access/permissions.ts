/**
 * Permissions, roles, and the route checks built on them (spec sections 5 and 6). The spec leaves
 * "how roles map to permissions" and the checks' "inner rules" unshown; the mapping here is ours,
 * explained in docs/decisions/0005-roles-and-permissions.md. The web uses `checkRoute` to decide
 * navigation; the API uses the same functions to refuse calls, and its answer is the one that counts.
 */
import { hasPlan, isGatedPlan, type GatedPlan, type Plan } from "#domain/subscription/state.ts";

/** user.* apply to one business; the last one is used only by the landing rule for "/". */
export const USER_PERMISSIONS = [
  "user.dashboard",
  "user.calendar",
  "user.reservations",
  "user.businesses",
  "user.availability",
  "user.pms-settings",
  "user.price-settings",
  "user.business-intelligence",
  "user.competitor-analysis",
  "user.collaborators",
  "user.learning",
  "user.chat-ai",
  "user.rooms-overview",
] as const;

/** admin.* apply to the whole product, never to one business. */
export const ADMIN_PERMISSIONS = ["admin.users", "admin.businesses", "admin.permissions", "admin.learning"] as const;

export const PERMISSIONS = [...USER_PERMISSIONS, ...ADMIN_PERMISSIONS] as const;

export type UserPermission = (typeof USER_PERMISSIONS)[number];
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
export type Permission = UserPermission | AdminPermission;

export const ROLES = ["administrator", "owner", "collaborator"] as const;
export type Role = (typeof ROLES)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

export function isUserPermission(value: unknown): value is UserPermission {
  return typeof value === "string" && (USER_PERMISSIONS as readonly string[]).includes(value);
}

export function isAdminPermission(value: unknown): value is AdminPermission {
  return typeof value === "string" && (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function isAdministrator(roles: Iterable<string>): boolean {
  return [...roles].includes("administrator");
}

export interface PermissionContext {
  /** The user's roles; unknown names are ignored. */
  roles: Iterable<string>;
  /** What the owner granted this user on the selected business (empty when none is selected). */
  grantedOnBusiness: Iterable<string>;
  /** Whether the user owns the selected business (false when none is selected). */
  isOwnerOfBusiness: boolean;
  /**
   * Permissions given to the account itself by an administrator (the user_permissions records),
   * e.g. an editor who holds only admin.learning. Only admin.* count here: user.* belong to a
   * business and come from its owner, and custom names gate nothing.
   */
  grantedDirectly?: Iterable<string>;
}

/**
 * The permissions a user holds on the selected business, in PERMISSIONS order.
 * - Ownership of the business (a fact on the business, not the role list) gives every user.*.
 * - Grants give the user.* the owner ticked for this user on this business. Grants never carry
 *   admin.*: an owner cannot make someone an administrator, so such grants are dropped.
 * - The administrator role gives every admin.* and nothing on other people's businesses; an
 *   administrator who should work in a hotel is granted (or owns) it like anyone else.
 * - The owner and collaborator roles add nothing by themselves: they describe the account (may
 *   create businesses / was invited), while what it may do in a hotel follows from that hotel.
 * - A non-administrator holds the admin.* granted to the account directly (`grantedDirectly`).
 */
export function permissionsFor(context: PermissionContext): Permission[] {
  const held = new Set<Permission>();
  if (context.isOwnerOfBusiness) {
    for (const name of USER_PERMISSIONS) held.add(name);
  } else {
    for (const name of context.grantedOnBusiness) if (isUserPermission(name)) held.add(name);
  }
  if (isAdministrator(context.roles)) {
    for (const name of ADMIN_PERMISSIONS) held.add(name);
  }
  for (const name of context.grantedDirectly ?? []) if (isAdminPermission(name)) held.add(name);
  return PERMISSIONS.filter((name) => held.has(name));
}

export function hasPermission(permissions: Iterable<string>, name: Permission): boolean {
  return [...permissions].includes(name);
}

/** The features a user account may carry (spec section 6); competitors gates the rate shopper. */
export const FEATURES = ["competitors"] as const;
export type Feature = (typeof FEATURES)[number];

export type RouteCheck =
  | { kind: "permission"; name: Permission }
  | { kind: "plan"; plan: GatedPlan }
  | { kind: "feature"; feature: Feature }
  | { kind: "admin" }
  | { kind: "authenticated" }
  | { kind: "guest" };

/** Who is asking: enough of the session, user and selected business to answer every check. */
export interface RouteSubject {
  authenticated: boolean;
  roles?: Iterable<string>;
  /** Usually the result of permissionsFor for the selected business. */
  permissions?: Iterable<string>;
  /** The user account's features list. */
  features?: Iterable<string>;
  /** The selected business's plans (GET /subscriptions/{id}). */
  plans?: readonly Plan[];
}

export type DenialReason =
  "unauthenticated" | "authenticated" | "not_admin" | "missing_permission" | "missing_plan" | "missing_feature";

export type RouteCheckResult = { allowed: true } | { allowed: false; reason: DenialReason; message: string };

const ALLOWED: RouteCheckResult = { allowed: true };

function deny(reason: DenialReason, message: string): RouteCheckResult {
  return { allowed: false, reason, message };
}

/**
 * Whether `subject` may open a route guarded by `check`. Every check but "guest" first needs a
 * signed-in user, so an anonymous visitor is always told "unauthenticated" (send to /login), never
 * "missing_permission" (send to /unauthorized).
 *
 * Throws on a check this module does not know, including an unknown permission, plan or feature
 * name: that is a mistake in a route's configuration, and failing loudly beats silently locking
 * every user out of the page.
 */
export function checkRoute(check: RouteCheck, subject: RouteSubject): RouteCheckResult {
  const kind = (check as { kind?: unknown } | null | undefined)?.kind;
  switch (kind) {
    case "guest":
      return subject.authenticated ? deny("authenticated", "This page is for signed-out visitors only") : ALLOWED;
    case "authenticated":
    case "admin":
    case "permission":
    case "plan":
    case "feature":
      break;
    default:
      throw new Error(`Unknown route check kind: ${String(kind)}`);
  }
  assertKnownTarget(check);
  if (!subject.authenticated) return deny("unauthenticated", "Sign in to open this page");

  switch (check.kind) {
    case "authenticated":
      return ALLOWED;
    case "admin":
      return isAdministrator(subject.roles ?? []) ? ALLOWED : deny("not_admin", "Administrators only");
    case "permission":
      return hasPermission(subject.permissions ?? [], check.name)
        ? ALLOWED
        : deny("missing_permission", `Permission ${check.name} is required`);
    case "plan":
      return hasPlan(subject.plans ?? [], check.plan) ? ALLOWED : deny("missing_plan", `Plan ${check.plan} is required`);
    case "feature":
      return [...(subject.features ?? [])].includes(check.feature)
        ? ALLOWED
        : deny("missing_feature", `Feature ${check.feature} is required`);
  }
  // Unreachable: the first switch already threw for anything else.
  throw new Error(`Unknown route check kind: ${String(kind)}`);
}

function assertKnownTarget(check: RouteCheck): void {
  if (check.kind === "permission" && !isPermission(check.name)) {
    throw new Error(`Unknown permission in route check: ${String(check.name)}`);
  }
  if (check.kind === "plan" && !isGatedPlan(check.plan)) {
    throw new Error(`Unknown plan in route check: ${String(check.plan)}`);
  }
  if (check.kind === "feature" && !(FEATURES as readonly string[]).includes(check.feature)) {
    throw new Error(`Unknown feature in route check: ${String(check.feature)}`);
  }
}

/**
 * All checks must pass; the first denial in list order is returned. Every check is evaluated, so
 * a misconfigured one throws even when an earlier one already denied.
 */
export function checkRoutes(checks: readonly RouteCheck[], subject: RouteSubject): RouteCheckResult {
  const results = checks.map((check) => checkRoute(check, subject));
  return results.find((result) => !result.allowed) ?? ALLOWED;
}
