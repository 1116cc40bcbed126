/**
 * Where the selected business's state sends the user (spec section 4: "Redirect rules for the
 * selected business" and "Other redirects"). Runs in the app layout's middleware after the session
 * guard (guard.ts); the API never redirects, it only refuses.
 *
 * Evaluation order, each step returning at its first decision:
 *   0. nothing is decided on the guest paths (guard.ts isPublicPath: /login, /check-email,
 *      /verify-email/…, /p/…) nor while loading. The guest paths belong to the session guard, not
 *      to a business; applied there, the spec's rules would bounce an unverified, unpaid owner
 *      between /check-email (rule 4 → /subscribe) and /subscribe (e-mail rule → /check-email)
 *      forever, and would send a new user with no business away from the e-mail verification link.
 *      While loading, every rule would read business data that is not there yet;
 *   1. no businesses → /setup-in-progress;
 *   2. unverified e-mail on a SETUP_DONE business → /check-email (before the business rules, so
 *      an owner verifies before being asked to pay, and in one hop instead of two);
 *   3. the five business rules, first match wins.
 *
 * "First match wins" means the first rule that applies decides — and a rule can decide "stay":
 * rule 3 allowing /onboarding/easylite stops rule 4 from then sending SUBSCRIPTION_REQUESTED to
 * /subscribe, and rules 2 and 5 keep the user on the page they point to. A rule applies when its
 * status matches, except rule 1, which only applies on the onboarding and setup pages (otherwise
 * a SETUP_DONE business would never reach rule 4 and could use the product unpaid).
 */
import type { BusinessStatus } from "#domain/business/status.ts";
import { isPublicPath } from "./guard.ts";
import { isWithin, normalizePath } from "./path.ts";

/**
 * Opt-outs a route declares in its `handle`. Each names the group of rules it switches off:
 * - skipSubscribedMiddleware: all five business rules (spec: "the subscribed check"), e.g. the
 *   account-settings pages, so a user who cannot use the business can still manage the account.
 * - skipOnboarding: the onboarding rules — rule 1 (SETUP_DONE is taken off the onboarding pages)
 *   and rule 3 (SUBSCRIPTION_REQUESTED / ONBOARDING_EASY_LITE are kept on them). /onboarding sets
 *   it so an owner whose business is set up can start another one; with rule 3 off, a
 *   SUBSCRIPTION_REQUESTED business there meets rule 4's second case and goes to /subscribe.
 * - skipSetupCheck: the setup rules, all of which send to a setup page — "no businesses" →
 *   /setup-in-progress, rule 2 → /pms-credentials, rule 5 → /setup-in-progress.
 * - skipEmailVerification: the unverified-e-mail rule.
 * Rule 4 (subscription) is switched off only by skipSubscribedMiddleware.
 */
export interface RouteFlags {
  skipSubscribedMiddleware?: boolean;
  skipOnboarding?: boolean;
  skipSetupCheck?: boolean;
  skipEmailVerification?: boolean;
}

export interface BusinessRedirectInput {
  /** The requested path; query, fragment and trailing slash are ignored. */
  path: string;
  /** The selected business, or null when none is selected. */
  business: { status: BusinessStatus; hasDefaultPms: boolean } | null;
  /** From the selected business's plans (domain/subscription/state.ts hasActiveSubscription). */
  hasActiveSubscription: boolean;
  /** How many businesses the user has. */
  businessCount: number;
  user: { email_verified_at?: string | null };
  flags?: RouteFlags;
  /** The business data is still loading (client-side navigation); nothing is decided meanwhile. */
  loading?: boolean;
}

export type Redirect = { redirect: string };

export const SETUP_IN_PROGRESS_PATH = "/setup-in-progress";
export const PMS_CREDENTIALS_PATH = "/pms-credentials";
export const SUBSCRIBE_PATH = "/subscribe";
export const CHECK_EMAIL_PATH = "/check-email";
export const ONBOARDING_PATH = "/onboarding";
export const ONBOARDING_EASY_LITE_PATH = "/onboarding/easylite";
export const ONBOARDING_COMPLETED_PATH = "/onboarding/completed";

/** With no businesses these are the only pages left (spec section 4, "Other redirects"). */
export const NO_BUSINESS_PATHS = [
  SETUP_IN_PROGRESS_PATH,
  ONBOARDING_PATH,
  ONBOARDING_COMPLETED_PATH,
  ONBOARDING_EASY_LITE_PATH,
] as const;

/**
 * "The onboarding pages" for the e-mail rule: the spec's section 2 group "Onboarding" — /onboarding
 * and everything under it, /setup-in-progress and /pms-credentials.
 */
function isOnboardingPage(path: string): boolean {
  return isWithin(path, ONBOARDING_PATH) || path === SETUP_IN_PROGRESS_PATH || path === PMS_CREDENTIALS_PATH;
}

/** A rule's verdict: go somewhere, stay (decided, stop looking), or not applicable (undefined). */
type Verdict = { go: string } | "stay" | undefined;

const go = (target: string, path: string): Verdict => (target === path ? "stay" : { go: target });

interface RuleContext {
  path: string;
  status: BusinessStatus;
  hasDefaultPms: boolean;
  hasActiveSubscription: boolean;
}

interface Rule {
  /** The spec's rule number and gist, for whoever steps through this in a debugger. */
  name: string;
  /** The flag that switches this rule off besides skipSubscribedMiddleware. */
  skippedBy?: keyof RouteFlags;
  verdict(ctx: RuleContext): Verdict;
}

const BUSINESS_RULES: readonly Rule[] = [
  {
    name: "1. setup done: off the onboarding and setup pages",
    skippedBy: "skipOnboarding",
    verdict: ({ path, status }) => {
      if (status !== "SETUP_DONE") return undefined;
      if (path === ONBOARDING_COMPLETED_PATH) return "stay";
      if (isWithin(path, ONBOARDING_PATH) || path === SETUP_IN_PROGRESS_PATH) return { go: "/" };
      return undefined;
    },
  },
  {
    name: "2. PMS credentials requested or failed",
    skippedBy: "skipSetupCheck",
    verdict: ({ path, status }) =>
      status === "PMS_CREDENTIALS_REQUESTED" || status === "PMS_FAILED" ? go(PMS_CREDENTIALS_PATH, path) : undefined,
  },
  {
    name: "3. subscription requested / Easy Lite onboarding",
    skippedBy: "skipOnboarding",
    verdict: ({ path, status }) => {
      if (status === "SUBSCRIPTION_REQUESTED") {
        return path === ONBOARDING_EASY_LITE_PATH || path === SUBSCRIBE_PATH ? "stay" : { go: ONBOARDING_EASY_LITE_PATH };
      }
      if (status === "ONBOARDING_EASY_LITE") return go(ONBOARDING_PATH, path);
      return undefined;
    },
  },
  {
    name: "4. subscribe",
    verdict: ({ path, status, hasDefaultPms, hasActiveSubscription }) => {
      const unpaidOnDefaultPms = !hasActiveSubscription && status !== "SUBSCRIPTION_REQUESTED" && hasDefaultPms;
      const awaitingCheckout = status === "SUBSCRIPTION_REQUESTED" && path !== SUBSCRIBE_PATH;
      return unpaidOnDefaultPms || awaitingCheckout ? go(SUBSCRIBE_PATH, path) : undefined;
    },
  },
  {
    name: "5. data download in progress",
    skippedBy: "skipSetupCheck",
    verdict: ({ path, status }) =>
      status === "DOWNLOADING_DATA" || status === "DOWNLOAD_FAILED" || status === "DATA_LOADED"
        ? go(SETUP_IN_PROGRESS_PATH, path)
        : undefined,
  },
];

/** The five rules for the selected business, or null when they are skipped or none redirects. */
export function selectedBusinessRedirect(input: BusinessRedirectInput): Redirect | null {
  const path = normalizePath(input.path);
  const flags = input.flags ?? {};
  if (flags.skipSubscribedMiddleware || path === SUBSCRIBE_PATH || input.loading || !input.business) return null;
  if (isPublicPath(path)) return null;
  const ctx: RuleContext = {
    path,
    status: input.business.status,
    hasDefaultPms: input.business.hasDefaultPms,
    hasActiveSubscription: input.hasActiveSubscription,
  };
  for (const rule of BUSINESS_RULES) {
    if (rule.skippedBy && flags[rule.skippedBy]) continue;
    const verdict = rule.verdict(ctx);
    if (verdict === "stay") return null;
    if (verdict) return { redirect: verdict.go };
  }
  return null;
}

/** Every redirect of this module, in the order described at the top. */
export function businessRedirect(input: BusinessRedirectInput): Redirect | null {
  const path = normalizePath(input.path);
  if (input.loading || isPublicPath(path)) return null;
  const flags = input.flags ?? {};

  if (input.businessCount === 0) {
    // With nothing to work on, only the pages that create a business or report on setup remain.
    if (flags.skipSetupCheck || (NO_BUSINESS_PATHS as readonly string[]).includes(path)) return null;
    return { redirect: SETUP_IN_PROGRESS_PATH };
  }

  if (
    input.business?.status === "SETUP_DONE" &&
    !input.user.email_verified_at &&
    !flags.skipEmailVerification &&
    path !== CHECK_EMAIL_PATH &&
    !isWithin(path, "/verify-email") &&
    !isOnboardingPage(path)
  ) {
    return { redirect: CHECK_EMAIL_PATH };
  }

  return selectedBusinessRedirect(input);
}
