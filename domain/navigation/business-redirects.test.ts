import { describe, expect, it } from "vitest";
import { BUSINESS_STATUSES, type BusinessStatus } from "#domain/business/status.ts";
import {
  NO_BUSINESS_PATHS,
  businessRedirect,
  selectedBusinessRedirect,
  type BusinessRedirectInput,
  type RouteFlags,
} from "./business-redirects.ts";

const VERIFIED = "2025-01-10T12:00:00Z";

/** A paying owner with a verified e-mail and one business on an external PMS: nothing redirects. */
function input(
  overrides: Partial<BusinessRedirectInput> & { status?: BusinessStatus; hasDefaultPms?: boolean } = {},
): BusinessRedirectInput {
  const { status = "SETUP_DONE", hasDefaultPms = false, ...rest } = overrides;
  return {
    path: "/calendar",
    business: { status, hasDefaultPms },
    hasActiveSubscription: true,
    businessCount: 1,
    user: { email_verified_at: VERIFIED },
    flags: {},
    ...rest,
  };
}

const target = (i: BusinessRedirectInput) => businessRedirect(i)?.redirect ?? null;

const APP_PAGES = ["/", "/calendar", "/bookings/home", "/account-settings/language", "/manage/users"];

describe("rule 1: SETUP_DONE", () => {
  it("sends the onboarding pages and the setup page to /", () => {
    for (const path of ["/onboarding", "/onboarding/", "/onboarding/easylite", "/onboarding/step-2?x=1", "/setup-in-progress"]) {
      expect(target(input({ path }))).toBe("/");
    }
  });

  it("allows /onboarding/completed", () => {
    expect(target(input({ path: "/onboarding/completed" }))).toBeNull();
  });

  it("allows /onboarding/completed even when rule 4 would otherwise apply (the rule decides)", () => {
    expect(target(input({ path: "/onboarding/completed", hasDefaultPms: true, hasActiveSubscription: false }))).toBeNull();
  });

  it("leaves every other page alone", () => {
    for (const path of [...APP_PAGES, "/pms-credentials", "/onboardingx"]) expect(target(input({ path }))).toBeNull();
  });

  it("does not hide rule 4 on other pages: an unpaid business on the default PMS goes to /subscribe", () => {
    expect(target(input({ path: "/calendar", hasDefaultPms: true, hasActiveSubscription: false }))).toBe("/subscribe");
  });

  it("comes before rule 4 on onboarding pages", () => {
    expect(target(input({ path: "/onboarding/easylite", hasDefaultPms: true, hasActiveSubscription: false }))).toBe("/");
  });
});

describe("rule 2: PMS_CREDENTIALS_REQUESTED or PMS_FAILED", () => {
  for (const status of ["PMS_CREDENTIALS_REQUESTED", "PMS_FAILED"] as const) {
    it(`${status} goes to /pms-credentials from everywhere`, () => {
      for (const path of [...APP_PAGES, "/onboarding", "/onboarding/easylite", "/setup-in-progress"]) {
        expect(target(input({ status, path }))).toBe("/pms-credentials");
      }
    });

    it(`${status} stays on /pms-credentials`, () => {
      expect(target(input({ status, path: "/pms-credentials" }))).toBeNull();
      expect(target(input({ status, path: "/pms-credentials", hasDefaultPms: true, hasActiveSubscription: false }))).toBeNull();
    });

    it(`${status} comes before rule 4`, () => {
      expect(target(input({ status, hasDefaultPms: true, hasActiveSubscription: false }))).toBe("/pms-credentials");
    });
  }
});

describe("rule 3: SUBSCRIPTION_REQUESTED and ONBOARDING_EASY_LITE", () => {
  it("SUBSCRIPTION_REQUESTED is allowed on /onboarding/easylite", () => {
    expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/onboarding/easylite" }))).toBeNull();
    expect(
      target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/onboarding/easylite", hasActiveSubscription: false })),
    ).toBeNull();
  });

  it("SUBSCRIPTION_REQUESTED is allowed on /subscribe", () => {
    expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/subscribe" }))).toBeNull();
  });

  it("SUBSCRIPTION_REQUESTED goes to /onboarding/easylite from everywhere else (before rule 4)", () => {
    for (const path of [...APP_PAGES, "/onboarding", "/onboarding/completed", "/setup-in-progress", "/pms-credentials"]) {
      expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path }))).toBe("/onboarding/easylite");
      expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path, hasDefaultPms: true, hasActiveSubscription: false }))).toBe(
        "/onboarding/easylite",
      );
    }
  });

  it("ONBOARDING_EASY_LITE is allowed only on /onboarding", () => {
    expect(target(input({ status: "ONBOARDING_EASY_LITE", path: "/onboarding" }))).toBeNull();
    expect(target(input({ status: "ONBOARDING_EASY_LITE", path: "/onboarding/?step=3" }))).toBeNull();
    for (const path of [
      ...APP_PAGES,
      "/onboarding/easylite",
      "/onboarding/completed",
      "/setup-in-progress",
      "/pms-credentials",
    ]) {
      expect(target(input({ status: "ONBOARDING_EASY_LITE", path }))).toBe("/onboarding");
    }
  });

  it("ONBOARDING_EASY_LITE stays on /onboarding even unpaid on the default PMS (before rule 4)", () => {
    expect(
      target(input({ status: "ONBOARDING_EASY_LITE", path: "/onboarding", hasDefaultPms: true, hasActiveSubscription: false })),
    ).toBeNull();
  });
});

describe("rule 4: /subscribe", () => {
  const unpaid = { hasDefaultPms: true, hasActiveSubscription: false };

  it("first case: no active subscription, not SUBSCRIPTION_REQUESTED, default PMS", () => {
    for (const status of ["SETUP_DONE", "BUSINESS_CREATED", "DOWNLOADING_DATA", "DOWNLOAD_FAILED", "DATA_LOADED"] as const) {
      expect(target(input({ status, path: "/calendar", ...unpaid }))).toBe("/subscribe");
    }
  });

  it("first case needs all three conditions", () => {
    expect(target(input({ status: "BUSINESS_CREATED", hasDefaultPms: true, hasActiveSubscription: true }))).toBeNull();
    expect(target(input({ status: "BUSINESS_CREATED", hasDefaultPms: false, hasActiveSubscription: false }))).toBeNull();
  });

  it("second case: SUBSCRIPTION_REQUESTED off /subscribe, reachable once rule 3 is skipped", () => {
    const flags: RouteFlags = { skipOnboarding: true };
    expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/onboarding", flags }))).toBe("/subscribe");
    expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/onboarding/easylite", flags }))).toBe("/subscribe");
    // Neither PMS nor subscription matters for the second case.
    expect(target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/calendar", flags, hasDefaultPms: false }))).toBe(
      "/subscribe",
    );
  });

  it("is skipped on /subscribe itself", () => {
    expect(target(input({ status: "BUSINESS_CREATED", path: "/subscribe", ...unpaid }))).toBeNull();
    expect(
      target(input({ status: "SUBSCRIPTION_REQUESTED", path: "/subscribe/?plan=pro", flags: { skipOnboarding: true } })),
    ).toBeNull();
  });

  it("is not switched off by skipOnboarding, skipSetupCheck or skipEmailVerification", () => {
    const flags: RouteFlags = { skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true };
    expect(target(input({ status: "DATA_LOADED", flags, ...unpaid }))).toBe("/subscribe");
  });

  it("comes before rule 5", () => {
    expect(target(input({ status: "DOWNLOADING_DATA", path: "/setup-in-progress", ...unpaid }))).toBe("/subscribe");
  });
});

describe("rule 5: download in progress, failed or loaded", () => {
  for (const status of ["DOWNLOADING_DATA", "DOWNLOAD_FAILED", "DATA_LOADED"] as const) {
    it(`${status} goes to /setup-in-progress and stays there`, () => {
      for (const path of [...APP_PAGES, "/onboarding", "/onboarding/easylite", "/onboarding/completed", "/pms-credentials"]) {
        expect(target(input({ status, path }))).toBe("/setup-in-progress");
      }
      expect(target(input({ status, path: "/setup-in-progress" }))).toBeNull();
    });
  }
});

describe("BUSINESS_CREATED", () => {
  it("is free to move when paid or on an external PMS (no rule names it)", () => {
    for (const path of [...APP_PAGES, "/onboarding", "/onboarding/easylite", "/setup-in-progress"]) {
      expect(target(input({ status: "BUSINESS_CREATED", path }))).toBeNull();
    }
  });
});

describe("when the five rules are skipped", () => {
  const awkward = input({ status: "PMS_FAILED", path: "/calendar", hasDefaultPms: true, hasActiveSubscription: false });

  it("on a route flagged skipSubscribedMiddleware, for every status", () => {
    for (const status of BUSINESS_STATUSES) {
      const i = input({ status, path: "/account-settings/language", hasDefaultPms: true, hasActiveSubscription: false });
      expect(target({ ...i, flags: { skipSubscribedMiddleware: true } })).toBeNull();
      expect(selectedBusinessRedirect({ ...i, flags: { skipSubscribedMiddleware: true } })).toBeNull();
    }
  });

  it("on /subscribe, for every status", () => {
    for (const status of BUSINESS_STATUSES) {
      expect(target(input({ status, path: "/subscribe", hasDefaultPms: true, hasActiveSubscription: false }))).toBeNull();
    }
  });

  it("while loading", () => {
    expect(target({ ...awkward, loading: true })).toBeNull();
    expect(target({ ...awkward, loading: false })).toBe("/pms-credentials");
  });

  it("when no business is selected", () => {
    expect(target({ ...awkward, business: null })).toBeNull();
  });
});

describe("skipOnboarding", () => {
  const flags: RouteFlags = { skipOnboarding: true };

  it("switches off rule 1, so a set-up owner can start another business on /onboarding", () => {
    expect(target(input({ path: "/onboarding", flags }))).toBeNull();
    expect(target(input({ path: "/setup-in-progress", flags }))).toBeNull();
  });

  it("switches off rule 3", () => {
    expect(target(input({ status: "ONBOARDING_EASY_LITE", path: "/calendar", flags }))).toBeNull();
  });

  it("leaves rules 2 and 5 on", () => {
    expect(target(input({ status: "PMS_FAILED", path: "/onboarding", flags }))).toBe("/pms-credentials");
    expect(target(input({ status: "DATA_LOADED", path: "/onboarding", flags }))).toBe("/setup-in-progress");
  });
});

describe("skipSetupCheck", () => {
  const flags: RouteFlags = { skipSetupCheck: true };

  it("switches off rules 2 and 5", () => {
    for (const status of [
      "PMS_CREDENTIALS_REQUESTED",
      "PMS_FAILED",
      "DOWNLOADING_DATA",
      "DOWNLOAD_FAILED",
      "DATA_LOADED",
    ] as const) {
      expect(target(input({ status, path: "/onboarding/completed", flags }))).toBeNull();
    }
  });

  it("leaves rules 1 and 3 on", () => {
    expect(target(input({ path: "/onboarding", flags }))).toBe("/");
    expect(target(input({ status: "ONBOARDING_EASY_LITE", path: "/calendar", flags }))).toBe("/onboarding");
  });

  it("lets a later rule match once an earlier one is skipped", () => {
    expect(target(input({ status: "PMS_FAILED", flags, hasDefaultPms: true, hasActiveSubscription: false }))).toBe("/subscribe");
  });
});

describe("/onboarding/completed with the spec's flags", () => {
  const flags: RouteFlags = { skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true };

  it("lets every status through except an unpaid default-PMS business", () => {
    for (const status of BUSINESS_STATUSES) {
      expect(target(input({ status, path: "/onboarding/completed", flags }))).toBe(
        status === "SUBSCRIPTION_REQUESTED" ? "/subscribe" : null,
      );
    }
    expect(target(input({ path: "/onboarding/completed", flags, hasDefaultPms: true, hasActiveSubscription: false }))).toBe(
      "/subscribe",
    );
  });
});

describe("no businesses", () => {
  const none = (path: string, flags: RouteFlags = {}) => input({ path, business: null, businessCount: 0, flags });

  it("sends every page to /setup-in-progress", () => {
    for (const path of [...APP_PAGES, "/pms-credentials", "/subscribe", "/onboarding/other"]) {
      expect(target(none(path))).toBe("/setup-in-progress");
    }
  });

  it("except setup-in-progress, onboarding, onboarding/completed and onboarding/easylite", () => {
    expect(NO_BUSINESS_PATHS).toEqual(["/setup-in-progress", "/onboarding", "/onboarding/completed", "/onboarding/easylite"]);
    for (const path of NO_BUSINESS_PATHS) {
      expect(target(none(path))).toBeNull();
      expect(target(none(`${path}/?x=1`))).toBeNull();
    }
  });

  it("applies even on routes that skip the subscribed check", () => {
    expect(target(none("/account-settings/language", { skipSubscribedMiddleware: true }))).toBe("/setup-in-progress");
  });

  it("is opted out of with skipSetupCheck", () => {
    expect(target(none("/account-settings/language", { skipSetupCheck: true }))).toBeNull();
  });

  it("waits while loading", () => {
    expect(target({ ...none("/calendar"), loading: true })).toBeNull();
  });

  it("comes before the e-mail rule", () => {
    expect(target({ ...none("/calendar"), user: { email_verified_at: null } })).toBe("/setup-in-progress");
  });
});

describe("unverified e-mail", () => {
  const unverified = (overrides: Parameters<typeof input>[0] = {}) => input({ user: { email_verified_at: null }, ...overrides });

  it("sends a SETUP_DONE business's user to /check-email", () => {
    for (const path of APP_PAGES) expect(target(unverified({ path }))).toBe("/check-email");
    expect(target(input({ user: {} }))).toBe("/check-email");
    expect(target(input({ user: { email_verified_at: "" } }))).toBe("/check-email");
  });

  it("only while the business is SETUP_DONE", () => {
    for (const status of BUSINESS_STATUSES.filter((s) => s !== "SETUP_DONE")) {
      for (const path of APP_PAGES) expect(target(unverified({ status, path }))).not.toBe("/check-email");
    }
  });

  it("except on /check-email, the onboarding pages and the verify-email route", () => {
    expect(target(unverified({ path: "/verify-email" }))).toBeNull();
    expect(target(unverified({ path: "/check-email" }))).toBeNull();
    expect(target(unverified({ path: "/verify-email/7/abc" }))).toBeNull();
    expect(target(unverified({ path: "/onboarding/completed" }))).toBeNull();
    expect(target(unverified({ path: "/pms-credentials" }))).toBeNull();
    // Excepted from the e-mail rule, these still meet rule 1.
    expect(target(unverified({ path: "/onboarding/easylite" }))).toBe("/");
    expect(target(unverified({ path: "/setup-in-progress" }))).toBe("/");
  });

  it("except on routes flagged skipEmailVerification", () => {
    expect(target(unverified({ flags: { skipEmailVerification: true } }))).toBeNull();
  });

  it("is not switched off by skipSubscribedMiddleware, and applies on /subscribe", () => {
    expect(target(unverified({ flags: { skipSubscribedMiddleware: true } }))).toBe("/check-email");
    expect(target(unverified({ path: "/subscribe" }))).toBe("/check-email");
  });

  it("comes before the business rules", () => {
    expect(target(unverified({ hasDefaultPms: true, hasActiveSubscription: false }))).toBe("/check-email");
  });

  it("does not apply when no business is selected or while loading", () => {
    expect(target(unverified({ business: null }))).toBeNull();
    expect(target(unverified({ loading: true }))).toBeNull();
  });
});

describe("guest paths", () => {
  const GUEST = [
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/check-email",
    "/verify-email/7/abc",
    "/p/pousada",
  ];

  it("are never redirected by business state, for any status, payment or verification", () => {
    for (const path of GUEST) {
      for (const status of BUSINESS_STATUSES) {
        for (const email_verified_at of [VERIFIED, null]) {
          expect(
            target(input({ status, path, hasDefaultPms: true, hasActiveSubscription: false, user: { email_verified_at } })),
          ).toBeNull();
        }
      }
    }
  });

  it("stay reachable for a user with no business (the verification link must work)", () => {
    for (const path of GUEST) expect(target(input({ path, business: null, businessCount: 0 }))).toBeNull();
  });

  it("break the loop an unverified, unpaid owner would otherwise be caught in", () => {
    const owner = { hasDefaultPms: true, hasActiveSubscription: false, user: { email_verified_at: null } };
    expect(target(input({ path: "/calendar", ...owner }))).toBe("/check-email");
    expect(target(input({ path: "/check-email", ...owner }))).toBeNull();
    expect(target(input({ path: "/subscribe", ...owner }))).toBe("/check-email");
  });
});

describe("first match wins across all statuses", () => {
  /** Expected target for each status on /calendar when unpaid on the default PMS, no flags. */
  const EXPECTED: Record<BusinessStatus, string | null> = {
    SETUP_DONE: "/subscribe",
    BUSINESS_CREATED: "/subscribe",
    PMS_CREDENTIALS_REQUESTED: "/pms-credentials",
    PMS_FAILED: "/pms-credentials",
    SUBSCRIPTION_REQUESTED: "/onboarding/easylite",
    ONBOARDING_EASY_LITE: "/onboarding",
    DOWNLOADING_DATA: "/subscribe",
    DOWNLOAD_FAILED: "/subscribe",
    DATA_LOADED: "/subscribe",
  };

  for (const status of BUSINESS_STATUSES) {
    it(`${status} on /calendar, unpaid on the default PMS → ${EXPECTED[status]}`, () => {
      expect(target(input({ status, hasDefaultPms: true, hasActiveSubscription: false }))).toBe(EXPECTED[status]);
    });
  }

  it("never redirects to the page the user is already on", () => {
    const paths = [
      "/",
      "/calendar",
      "/onboarding",
      "/onboarding/easylite",
      "/onboarding/completed",
      "/setup-in-progress",
      "/pms-credentials",
      "/subscribe",
      "/check-email",
    ];
    const flagSets: RouteFlags[] = [
      {},
      { skipOnboarding: true },
      { skipSetupCheck: true },
      { skipOnboarding: true, skipSetupCheck: true },
    ];
    for (const status of BUSINESS_STATUSES) {
      for (const path of paths) {
        for (const flags of flagSets) {
          for (const hasDefaultPms of [true, false]) {
            for (const hasActiveSubscription of [true, false]) {
              for (const email_verified_at of [VERIFIED, null]) {
                const result = target(
                  input({ status, path, flags, hasDefaultPms, hasActiveSubscription, user: { email_verified_at } }),
                );
                expect(result).not.toBe(path);
              }
            }
          }
        }
      }
    }
  });

  it("settles: following redirects from any page ends within three hops (no loops)", () => {
    const flagsFor = (path: string): RouteFlags =>
      path === "/onboarding"
        ? { skipOnboarding: true }
        : path === "/onboarding/completed"
          ? { skipOnboarding: true, skipSetupCheck: true, skipEmailVerification: true }
          : {};
    for (const status of BUSINESS_STATUSES) {
      for (const hasDefaultPms of [true, false]) {
        for (const hasActiveSubscription of [true, false]) {
          for (const email_verified_at of [VERIFIED, null]) {
            for (const start of [
              "/",
              "/calendar",
              "/onboarding",
              "/onboarding/easylite",
              "/setup-in-progress",
              "/pms-credentials",
              "/subscribe",
              "/check-email",
            ]) {
              let path = start;
              let hops = 0;
              for (;;) {
                const next = target(
                  input({
                    status,
                    path,
                    flags: flagsFor(path),
                    hasDefaultPms,
                    hasActiveSubscription,
                    user: { email_verified_at },
                  }),
                );
                if (next === null) break;
                path = next;
                hops += 1;
                expect(hops).toBeLessThanOrEqual(3);
              }
            }
          }
        }
      }
    }
  });
});
