import { describe, expect, it } from "vitest";
import {
  ADMIN_PERMISSIONS,
  FEATURES,
  PERMISSIONS,
  ROLES,
  USER_PERMISSIONS,
  checkRoute,
  checkRoutes,
  hasPermission,
  isAdminPermission,
  isAdministrator,
  isPermission,
  isRole,
  isUserPermission,
  permissionsFor,
  type RouteCheck,
  type RouteSubject,
} from "./permissions.ts";
import { GATED_PLANS } from "#domain/subscription/state.ts";

describe("names", () => {
  it("lists the spec's permission names, plus user.rooms-overview for the landing rule", () => {
    expect([...USER_PERMISSIONS].sort()).toEqual(
      [
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
      ].sort(),
    );
    expect([...ADMIN_PERMISSIONS].sort()).toEqual(["admin.businesses", "admin.learning", "admin.permissions", "admin.users"]);
    expect(PERMISSIONS).toHaveLength(17);
    expect(new Set(PERMISSIONS).size).toBe(17);
  });

  it("names the three roles and the competitors feature", () => {
    expect(ROLES).toEqual(["administrator", "owner", "collaborator"]);
    expect(FEATURES).toEqual(["competitors"]);
  });

  it("guards strings at run time", () => {
    expect(isPermission("user.calendar")).toBe(true);
    expect(isPermission("admin.users")).toBe(true);
    expect(isPermission("user.everything")).toBe(false);
    expect(isPermission(undefined)).toBe(false);
    expect(isUserPermission("user.calendar")).toBe(true);
    expect(isUserPermission("admin.users")).toBe(false);
    expect(isAdminPermission("admin.users")).toBe(true);
    expect(isAdminPermission("user.calendar")).toBe(false);
    expect(isRole("owner")).toBe(true);
    expect(isRole("superuser")).toBe(false);
    expect(isAdministrator(["owner", "administrator"])).toBe(true);
    expect(isAdministrator(new Set(["owner"]))).toBe(false);
    expect(hasPermission(new Set(["user.calendar"]), "user.calendar")).toBe(true);
    expect(hasPermission(["user.calendar"], "user.reservations")).toBe(false);
  });
});

describe("permissionsFor", () => {
  it("gives an owner every user.* on their own business and no admin.*", () => {
    expect(permissionsFor({ roles: ["owner"], grantedOnBusiness: [], isOwnerOfBusiness: true })).toEqual([...USER_PERMISSIONS]);
  });

  it("ignores grants for the owner: ownership already holds everything", () => {
    expect(permissionsFor({ roles: ["owner"], grantedOnBusiness: ["user.calendar"], isOwnerOfBusiness: true })).toEqual([
      ...USER_PERMISSIONS,
    ]);
  });

  it("gives a collaborator exactly the user.* granted on that business, in canonical order", () => {
    expect(
      permissionsFor({
        roles: ["collaborator"],
        grantedOnBusiness: ["user.reservations", "user.calendar"],
        isOwnerOfBusiness: false,
      }),
    ).toEqual(["user.calendar", "user.reservations"]);
  });

  it("gives a collaborator nothing on a business where nothing was granted", () => {
    expect(permissionsFor({ roles: ["collaborator"], grantedOnBusiness: [], isOwnerOfBusiness: false })).toEqual([]);
  });

  it("drops admin.* and unknown names from grants", () => {
    expect(
      permissionsFor({
        roles: ["collaborator"],
        grantedOnBusiness: ["admin.users", "user.learning", "user.superpowers", "user.learning"],
        isOwnerOfBusiness: false,
      }),
    ).toEqual(["user.learning"]);
  });

  it("gives the owner role nothing on someone else's business beyond grants", () => {
    expect(permissionsFor({ roles: ["owner"], grantedOnBusiness: ["user.calendar"], isOwnerOfBusiness: false })).toEqual([
      "user.calendar",
    ]);
  });

  it("gives an administrator every admin.* and no user.* on other people's businesses", () => {
    expect(permissionsFor({ roles: ["administrator"], grantedOnBusiness: [], isOwnerOfBusiness: false })).toEqual([
      ...ADMIN_PERMISSIONS,
    ]);
  });

  it("adds an administrator's grants or ownership like anyone else's", () => {
    expect(permissionsFor({ roles: ["administrator"], grantedOnBusiness: ["user.dashboard"], isOwnerOfBusiness: false })).toEqual(
      ["user.dashboard", ...ADMIN_PERMISSIONS],
    );
    expect(permissionsFor({ roles: ["administrator", "owner"], grantedOnBusiness: [], isOwnerOfBusiness: true })).toEqual([
      ...PERMISSIONS,
    ]);
  });

  it("gives a non-administrator exactly the admin.* granted to the account directly", () => {
    expect(
      permissionsFor({ roles: ["collaborator"], grantedOnBusiness: [], isOwnerOfBusiness: false, grantedDirectly: ["admin.learning"] }),
    ).toEqual(["admin.learning"]);
    expect(
      permissionsFor({
        roles: ["owner"],
        grantedOnBusiness: [],
        isOwnerOfBusiness: true,
        grantedDirectly: new Set(["admin.businesses", "admin.users"]),
      }),
    ).toEqual([...USER_PERMISSIONS, "admin.users", "admin.businesses"]);
  });

  it("ignores direct grants of user.* (they belong to a business) and of custom names", () => {
    expect(
      permissionsFor({
        roles: [],
        grantedOnBusiness: [],
        isOwnerOfBusiness: false,
        grantedDirectly: ["user.calendar", "admin.reports", "admin.learning", "anything"],
      }),
    ).toEqual(["admin.learning"]);
  });

  it("adds nothing for an administrator's direct grants: the role already holds every admin.*", () => {
    expect(
      permissionsFor({ roles: ["administrator"], grantedOnBusiness: [], isOwnerOfBusiness: false, grantedDirectly: ["admin.users"] }),
    ).toEqual([...ADMIN_PERMISSIONS]);
  });

  it("gives no role at all nothing", () => {
    expect(permissionsFor({ roles: [], grantedOnBusiness: [], isOwnerOfBusiness: false })).toEqual([]);
    expect(permissionsFor({ roles: ["superuser"], grantedOnBusiness: [], isOwnerOfBusiness: false })).toEqual([]);
  });

  it("accepts sets as well as arrays", () => {
    expect(
      permissionsFor({
        roles: new Set(["collaborator"]),
        grantedOnBusiness: new Set(["user.chat-ai"]),
        isOwnerOfBusiness: false,
      }),
    ).toEqual(["user.chat-ai"]);
  });
});

const signedOut: RouteSubject = { authenticated: false };
const owner: RouteSubject = {
  authenticated: true,
  roles: ["owner"],
  permissions: permissionsFor({ roles: ["owner"], grantedOnBusiness: [], isOwnerOfBusiness: true }),
  features: ["competitors"],
  plans: [
    { plan_identifier: "pro", stripe_status: "active" },
    { plan_identifier: "ai", stripe_status: "trialing", is_add_on: true },
    { plan_identifier: "motor", stripe_status: "canceled", is_add_on: true },
  ],
};
const collaborator: RouteSubject = { authenticated: true, roles: ["collaborator"], permissions: ["user.calendar"] };
const admin: RouteSubject = { authenticated: true, roles: ["administrator"], permissions: [...ADMIN_PERMISSIONS] };

describe("checkRoute", () => {
  it("guest: allows signed-out visitors only", () => {
    expect(checkRoute({ kind: "guest" }, signedOut)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "guest" }, owner)).toMatchObject({ allowed: false, reason: "authenticated" });
  });

  it("authenticated: allows any signed-in user", () => {
    expect(checkRoute({ kind: "authenticated" }, collaborator)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "authenticated" }, signedOut)).toMatchObject({ allowed: false, reason: "unauthenticated" });
  });

  it("admin: needs the administrator role", () => {
    expect(checkRoute({ kind: "admin" }, admin)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "admin" }, owner)).toMatchObject({ allowed: false, reason: "not_admin" });
    expect(checkRoute({ kind: "admin" }, { authenticated: true })).toMatchObject({ allowed: false, reason: "not_admin" });
  });

  it("permission: needs that permission", () => {
    expect(checkRoute({ kind: "permission", name: "user.calendar" }, collaborator)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "permission", name: "user.reservations" }, collaborator)).toEqual({
      allowed: false,
      reason: "missing_permission",
      message: "Permission user.reservations is required",
    });
    expect(checkRoute({ kind: "permission", name: "admin.businesses" }, admin)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "permission", name: "admin.businesses" }, owner)).toMatchObject({ reason: "missing_permission" });
  });

  it("permission: administrators get no user.* for free", () => {
    expect(checkRoute({ kind: "permission", name: "user.dashboard" }, admin)).toMatchObject({ allowed: false });
  });

  it("plan: needs an active plan with that identifier, add-ons included", () => {
    expect(checkRoute({ kind: "plan", plan: "ai" }, owner)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "plan", plan: "motor" }, owner)).toMatchObject({ allowed: false, reason: "missing_plan" });
    expect(checkRoute({ kind: "plan", plan: "competitorAnalysis" }, owner)).toMatchObject({
      allowed: false,
      reason: "missing_plan",
    });
    expect(checkRoute({ kind: "plan", plan: "ai" }, collaborator)).toMatchObject({ allowed: false, reason: "missing_plan" });
  });

  it("feature: needs the feature on the user account", () => {
    expect(checkRoute({ kind: "feature", feature: "competitors" }, owner)).toEqual({ allowed: true });
    expect(checkRoute({ kind: "feature", feature: "competitors" }, collaborator)).toMatchObject({
      allowed: false,
      reason: "missing_feature",
    });
  });

  it("tells a signed-out visitor to sign in for every check but guest", () => {
    const checks: RouteCheck[] = [
      { kind: "authenticated" },
      { kind: "admin" },
      { kind: "permission", name: "user.calendar" },
      { kind: "plan", plan: "ai" },
      { kind: "feature", feature: "competitors" },
    ];
    for (const check of checks) {
      expect(checkRoute(check, { ...owner, authenticated: false })).toMatchObject({ allowed: false, reason: "unauthenticated" });
    }
  });

  it("throws on an unknown check kind", () => {
    expect(() => checkRoute({ kind: "role", name: "owner" } as unknown as RouteCheck, owner)).toThrow(
      "Unknown route check kind: role",
    );
    expect(() => checkRoute({} as RouteCheck, owner)).toThrow("Unknown route check kind: undefined");
    expect(() => checkRoute(null as unknown as RouteCheck, owner)).toThrow(Error);
    // Even for a visitor who would be denied anyway: the configuration is wrong either way.
    expect(() => checkRoute({ kind: "nope" } as unknown as RouteCheck, signedOut)).toThrow(Error);
  });

  it("throws on an unknown permission, plan or feature name", () => {
    expect(() => checkRoute({ kind: "permission", name: "user.everything" } as unknown as RouteCheck, owner)).toThrow(
      "Unknown permission",
    );
    expect(() => checkRoute({ kind: "plan", plan: "gold" } as unknown as RouteCheck, owner)).toThrow("Unknown plan");
    expect(() => checkRoute({ kind: "feature", feature: "teleport" } as unknown as RouteCheck, signedOut)).toThrow(
      "Unknown feature",
    );
  });

  it("knows every gated plan and every permission", () => {
    for (const plan of GATED_PLANS) expect(() => checkRoute({ kind: "plan", plan }, owner)).not.toThrow();
    for (const name of PERMISSIONS) expect(() => checkRoute({ kind: "permission", name }, owner)).not.toThrow();
  });
});

describe("checkRoutes", () => {
  it("allows when every check passes, and when there are none", () => {
    expect(checkRoutes([], signedOut)).toEqual({ allowed: true });
    expect(
      checkRoutes([{ kind: "authenticated" }, { kind: "plan", plan: "ai" }, { kind: "permission", name: "user.chat-ai" }], owner),
    ).toEqual({
      allowed: true,
    });
  });

  it("returns the first denial in list order", () => {
    expect(
      checkRoutes(
        [
          { kind: "permission", name: "user.chat-ai" },
          { kind: "plan", plan: "ai" },
        ],
        collaborator,
      ),
    ).toMatchObject({ reason: "missing_permission" });
    expect(
      checkRoutes(
        [
          { kind: "plan", plan: "ai" },
          { kind: "permission", name: "user.chat-ai" },
        ],
        collaborator,
      ),
    ).toMatchObject({ reason: "missing_plan" });
  });

  it("still throws for a bad check after a denial", () => {
    expect(() => checkRoutes([{ kind: "admin" }, { kind: "bogus" } as unknown as RouteCheck], owner)).toThrow(Error);
  });
});
