import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  GUEST_ONLY_PATHS,
  LANDING_FALLBACK,
  LANDING_ORDER,
  isGuestOnlyPath,
  isPublicPath,
  landingPath,
  landingRedirect,
  loginPath,
  safeRedirectPath,
  sessionRedirect,
} from "./guard.ts";

describe("isPublicPath", () => {
  it("opens the authentication and verification pages", () => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/check-email", "/verify-email"]) {
      expect(isPublicPath(path)).toBe(true);
    }
  });

  it("opens the verify-email route with its id and hash", () => {
    expect(isPublicPath("/verify-email/42/abc123")).toBe(true);
  });

  it("opens paths starting /p/", () => {
    expect(isPublicPath("/p/pousada-do-sol")).toBe(true);
    expect(isPublicPath("/p/pousada/rooms")).toBe(true);
  });

  it("ignores query strings and trailing slashes", () => {
    expect(isPublicPath("/login?redirectTo=%2Fcalendar")).toBe(true);
    expect(isPublicPath("/reset-password/?token=x")).toBe(true);
  });

  it("keeps every other page closed, including look-alikes", () => {
    for (const path of [
      "/",
      "/calendar",
      "/p",
      "/p/",
      "/pages",
      "/prices/p/x",
      "/login-as",
      "/loginx",
      "/registered",
      "/verify-emails",
      "/unauthorized",
      "/onboarding",
      "/LOGIN",
    ]) {
      expect(isPublicPath(path)).toBe(false);
    }
  });
});

describe("isGuestOnlyPath", () => {
  it("covers login, register and forgot-password only", () => {
    expect(GUEST_ONLY_PATHS).toEqual(["/login", "/register", "/forgot-password"]);
    expect(isGuestOnlyPath("/login")).toBe(true);
    expect(isGuestOnlyPath("/register/")).toBe(true);
    expect(isGuestOnlyPath("/forgot-password?email=a")).toBe(true);
    for (const path of ["/reset-password", "/check-email", "/verify-email/1/x", "/p/x", "/"])
      expect(isGuestOnlyPath(path)).toBe(false);
  });
});

describe("loginPath", () => {
  it("remembers where the visitor was going", () => {
    expect(loginPath("/calendar?month=2025-03")).toBe("/login?redirectTo=%2Fcalendar%3Fmonth%3D2025-03");
  });

  it("adds nothing for the root, nothing or an unsafe target", () => {
    expect(loginPath("/")).toBe("/login");
    expect(loginPath()).toBe("/login");
    expect(loginPath("//evil.example")).toBe("/login");
  });
});

describe("sessionRedirect", () => {
  it("sends a signed-out visitor to /login with the page to return to", () => {
    expect(sessionRedirect({ path: "/calendar", authenticated: false, hasUser: false })).toEqual({
      redirect: "/login?redirectTo=%2Fcalendar",
    });
    expect(sessionRedirect({ path: "/", authenticated: false, hasUser: false })).toEqual({ redirect: "/login" });
  });

  it("lets a signed-out visitor stay on public paths", () => {
    for (const path of [
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password",
      "/check-email",
      "/verify-email/1/h",
      "/p/x",
    ]) {
      expect(sessionRedirect({ path, authenticated: false, hasUser: false })).toBeNull();
    }
  });

  it("sends a signed-in user without user data to /login, without looping on /login", () => {
    expect(sessionRedirect({ path: "/calendar", authenticated: true, hasUser: false })).toEqual({ redirect: "/login" });
    expect(sessionRedirect({ path: "/p/x", authenticated: true, hasUser: false })).toEqual({ redirect: "/login" });
    expect(sessionRedirect({ path: "/login", authenticated: true, hasUser: false })).toBeNull();
  });

  it("sends a signed-in user away from guest-only pages", () => {
    for (const path of GUEST_ONLY_PATHS) {
      expect(sessionRedirect({ path, authenticated: true, hasUser: true })).toEqual({ redirect: "/" });
    }
  });

  it("lets a signed-in user open the other public paths and every app page", () => {
    for (const path of ["/reset-password", "/check-email", "/verify-email/1/h", "/p/x", "/", "/calendar"]) {
      expect(sessionRedirect({ path, authenticated: true, hasUser: true })).toBeNull();
    }
  });
});

describe("landing rule for /", () => {
  it("keeps a user with user.dashboard on /", () => {
    expect(landingPath(["user.dashboard", "user.calendar"])).toBe("/");
    expect(landingRedirect("/", ["user.dashboard"])).toBeNull();
  });

  it("maps each permission to its page, in the spec's order", () => {
    expect(LANDING_ORDER.map((entry) => [entry.permission, entry.path])).toEqual([
      ["user.rooms-overview", "/bookings/home"],
      ["user.reservations", "/bookings"],
      ["user.availability", "/availability"],
      ["user.calendar", "/calendar"],
      ["user.price-settings", "/price-settings"],
      ["user.competitor-analysis", "/market-analysis"],
      ["user.business-intelligence", "/business-intelligence"],
      ["user.learning", "/learning"],
      ["user.businesses", "/businesses"],
      ["user.chat-ai", "/chat"],
    ]);
  });

  it("sends a user holding only one of them to its page", () => {
    for (const { permission, path } of LANDING_ORDER) {
      expect(landingPath([permission])).toBe(path);
      expect(landingRedirect("/", [permission])).toEqual({ redirect: path });
    }
  });

  it("picks the first in the order, not the first the user lists", () => {
    expect(landingPath(["user.chat-ai", "user.learning", "user.calendar"])).toBe("/calendar");
    expect(landingPath(new Set(["user.businesses", "user.competitor-analysis"]))).toBe("/market-analysis");
    // Each entry beats every later one.
    LANDING_ORDER.forEach((entry, index) => {
      const later = LANDING_ORDER.slice(index + 1).map((e) => e.permission);
      expect(landingPath([...later, entry.permission])).toBe(entry.path);
    });
  });

  it("falls back to /bookings/home", () => {
    expect(LANDING_FALLBACK).toBe("/bookings/home");
    expect(landingPath([])).toBe("/bookings/home");
    expect(landingPath(["user.pms-settings", "user.collaborators", "admin.users"])).toBe("/bookings/home");
  });

  it("applies to / only", () => {
    expect(landingRedirect("/calendar", [])).toBeNull();
    expect(landingRedirect("/?tab=x", ["user.calendar"])).toEqual({ redirect: "/calendar" });
  });
});

describe("safeRedirectPath", () => {
  it("accepts same-site paths with query and fragment", () => {
    for (const path of [
      "/",
      "/calendar",
      "/bookings/12/edit?from=list#notes",
      "/p/pousada",
      "/a//b",
      "/javascript:alert(1)",
      "/%2F%2Fx",
    ]) {
      expect(safeRedirectPath(path, "/fallback")).toBe(path);
    }
  });

  it("rejects other hosts, schemes and relative paths", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/path",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
      "calendar",
      "./calendar",
      "../calendar",
      "\\\\evil.example",
      " /calendar",
      "",
    ]) {
      expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
    }
  });

  it("rejects control characters that browsers strip into a second slash", () => {
    for (const value of ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/cal\u0000endar", "/x\u007F"]) {
      expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
    }
  });

  it("rejects anything that is not a string", () => {
    for (const value of [undefined, null, 1, ["/calendar"], { path: "/" }])
      expect(safeRedirectPath(value, "/home")).toBe("/home");
  });

  it("falls back to / by default", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/");
  });

  it("never returns something that leaves the site", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/${s}`),
          fc.webUrl(),
        ),
        (value) => {
          const out = safeRedirectPath(value, "/");
          expect(new URL(out, "https://tarifa.example").origin).toBe("https://tarifa.example");
          expect(out.startsWith("/")).toBe(true);
        },
      ),
    );
  });
});
