import type { BusinessStatus } from "#domain/business/status";

/**
 * The page that moves a business on from `status`, the same places the redirect rules of spec
 * section 4 send it to (domain/navigation/business-redirects.ts); actions redirect there after a
 * step so the user does not bounce through a page that would only redirect again.
 */
export function pageForStatus(status: BusinessStatus | null | undefined): string {
  switch (status) {
    case "BUSINESS_CREATED":
    case "ONBOARDING_EASY_LITE":
      return "/onboarding";
    case "SUBSCRIPTION_REQUESTED":
      return "/subscribe";
    case "PMS_CREDENTIALS_REQUESTED":
    case "PMS_FAILED":
      return "/pms-credentials";
    case "DOWNLOADING_DATA":
    case "DOWNLOAD_FAILED":
    case "DATA_LOADED":
      return "/setup-in-progress";
    case "SETUP_DONE":
      return "/onboarding/completed";
    default:
      return "/setup-in-progress";
  }
}

/** Statuses in which the onboarding wizard is still open for the business. */
export function isDraft(status: BusinessStatus | null | undefined): boolean {
  return status === "BUSINESS_CREATED" || status === "ONBOARDING_EASY_LITE";
}
