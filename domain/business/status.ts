/**
 * Business status and the machine that moves it.
 *
 * The specification names the statuses (section 4) but says the server-side transitions "are not
 * shown", so the machine below is our design; docs/decisions/0004-business-status-machine.md has
 * the diagram and the reasons. The API is the only writer of a business status: it turns what
 * happened (an owner action, a Stripe answer, a download job's outcome) into an event and asks
 * `transition` for the next status, so an impossible jump is refused in one place instead of being
 * guarded ad hoc in every handler. The web app only reads the status (see
 * domain/navigation/business-redirects.ts).
 */

export const BUSINESS_STATUSES = [
  "BUSINESS_CREATED",
  "SETUP_DONE",
  "SUBSCRIPTION_REQUESTED",
  "ONBOARDING_EASY_LITE",
  "PMS_CREDENTIALS_REQUESTED",
  "PMS_FAILED",
  "DOWNLOADING_DATA",
  "DOWNLOAD_FAILED",
  "DATA_LOADED",
] as const;

export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** Every new business starts here (spec section 3: status defaults to BUSINESS_CREATED). */
export const INITIAL_BUSINESS_STATUS: BusinessStatus = "BUSINESS_CREATED";

export function isBusinessStatus(value: unknown): value is BusinessStatus {
  return typeof value === "string" && (BUSINESS_STATUSES as readonly string[]).includes(value);
}

/**
 * Which PMS the business imports its data from. It decides the step after onboarding: the
 * built-in PMS needs no credentials and has nothing to download (its data is already ours), an
 * external one needs credentials first.
 */
export type PmsKind = "builtIn" | "external";

export const BUSINESS_EVENT_TYPES = [
  "onboardingSubmitted",
  "subscriptionRequested",
  "subscribed",
  "easyLiteChosen",
  "pmsCredentialsRequested",
  "pmsCredentialsSaved",
  "pmsFailed",
  "downloadStarted",
  "downloadFailed",
  "downloadFinished",
  "setupCompleted",
  "retry",
  "forceStatus",
] as const;

export type BusinessEventType = (typeof BUSINESS_EVENT_TYPES)[number];

export type BusinessEvent =
  /** The owner finished the onboarding wizard and no payment is pending. */
  | { type: "onboardingSubmitted"; pms: PmsKind }
  /** The owner chose a paid plan during onboarding; checkout is still to happen. */
  | { type: "subscriptionRequested" }
  /** Payment went through (subscribe answered success) for a business that was waiting on it. */
  | { type: "subscribed"; pms: PmsKind }
  /** The owner took the Easy Lite path instead of paying now. */
  | { type: "easyLiteChosen" }
  /** The business's PMS needs (new) credentials: PMS changed, or the PMS asked to re-authorise. */
  | { type: "pmsCredentialsRequested" }
  /** Credentials were verified and stored; the import job is queued at once. */
  | { type: "pmsCredentialsSaved" }
  /** The PMS rejected the credentials or the connection (while testing, importing or syncing). */
  | { type: "pmsFailed" }
  /** An import job begins (a re-import, or the worker picking up a queued job). */
  | { type: "downloadStarted" }
  | { type: "downloadFailed" }
  | { type: "downloadFinished" }
  /** The last setup step after the import is done; the business is ready for daily use. */
  | { type: "setupCompleted" }
  /** The owner retries after a failure shown on /setup-in-progress or /pms-credentials. */
  | { type: "retry" }
  /** Administrators only (the API checks admin.businesses before sending it): any status. */
  | { type: "forceStatus"; status: BusinessStatus };

export type TransitionResult =
  { ok: true; status: BusinessStatus } | { ok: false; error: "not_allowed" | "unknown_status"; message: string };

/** Where the owner continues once onboarding (and payment, if any) is behind them. */
function dataStep(pms: PmsKind): BusinessStatus {
  // The built-in PMS's download step is immediate, so there is no DOWNLOADING_DATA to sit in.
  return pms === "builtIn" ? "DATA_LOADED" : "PMS_CREDENTIALS_REQUESTED";
}

type Step = (event: BusinessEvent) => BusinessStatus;
type Table = { readonly [S in BusinessStatus]: Partial<Record<Exclude<BusinessEventType, "forceStatus">, Step>> };

const to =
  (status: BusinessStatus): Step =>
  () =>
    status;
const toDataStep: Step = (event) => dataStep((event as { pms: PmsKind }).pms);

/**
 * Status → event → next status. Anything absent is not allowed. Two self-transitions are on
 * purpose: jobs are delivered at least once, so a repeated `pmsFailed` or `downloadStarted` must
 * not turn into an error.
 */
const TABLE: Table = {
  BUSINESS_CREATED: {
    onboardingSubmitted: toDataStep,
    subscriptionRequested: to("SUBSCRIPTION_REQUESTED"),
    easyLiteChosen: to("ONBOARDING_EASY_LITE"),
    // Rule 4 sends an unpaid business on the built-in PMS to /subscribe straight from here.
    subscribed: toDataStep,
  },
  SUBSCRIPTION_REQUESTED: {
    subscribed: toDataStep,
    // /onboarding/easylite is where a business waiting for payment is offered Easy Lite instead.
    easyLiteChosen: to("ONBOARDING_EASY_LITE"),
  },
  ONBOARDING_EASY_LITE: {
    onboardingSubmitted: toDataStep,
    subscriptionRequested: to("SUBSCRIPTION_REQUESTED"),
  },
  PMS_CREDENTIALS_REQUESTED: {
    pmsCredentialsSaved: to("DOWNLOADING_DATA"),
    pmsFailed: to("PMS_FAILED"),
  },
  PMS_FAILED: {
    pmsCredentialsSaved: to("DOWNLOADING_DATA"),
    pmsFailed: to("PMS_FAILED"),
    // Clears the failure message and shows a fresh credentials form.
    retry: to("PMS_CREDENTIALS_REQUESTED"),
  },
  DOWNLOADING_DATA: {
    downloadStarted: to("DOWNLOADING_DATA"),
    downloadFinished: to("DATA_LOADED"),
    downloadFailed: to("DOWNLOAD_FAILED"),
    // Rejected credentials are not fixed by retrying the download; the owner must enter new ones.
    pmsFailed: to("PMS_FAILED"),
  },
  DOWNLOAD_FAILED: {
    retry: to("DOWNLOADING_DATA"),
    downloadStarted: to("DOWNLOADING_DATA"),
    pmsCredentialsRequested: to("PMS_CREDENTIALS_REQUESTED"),
  },
  DATA_LOADED: {
    setupCompleted: to("SETUP_DONE"),
    downloadStarted: to("DOWNLOADING_DATA"),
    pmsCredentialsRequested: to("PMS_CREDENTIALS_REQUESTED"),
  },
  SETUP_DONE: {
    // A live business is only pulled back into setup when its PMS connection breaks; routine
    // syncs and subscription changes leave the status alone (rule 4 handles an unpaid business).
    pmsCredentialsRequested: to("PMS_CREDENTIALS_REQUESTED"),
    pmsFailed: to("PMS_FAILED"),
  },
};

/** The next status for `event`, or a "not allowed" result that names the status and the event. */
export function transition(status: BusinessStatus, event: BusinessEvent): TransitionResult {
  if (!isBusinessStatus(status)) {
    return { ok: false, error: "unknown_status", message: `Unknown business status: ${String(status)}` };
  }
  if (event.type === "forceStatus") {
    // The target usually comes from an admin form, so it is checked at run time as well.
    if (!isBusinessStatus(event.status)) {
      return { ok: false, error: "unknown_status", message: `Unknown business status: ${String(event.status)}` };
    }
    return { ok: true, status: event.status };
  }
  if (event.type === "onboardingSubmitted" || event.type === "subscribed") {
    if (event.pms !== "builtIn" && event.pms !== "external") {
      return { ok: false, error: "not_allowed", message: `Event ${event.type} needs pms "builtIn" or "external"` };
    }
  }
  const row = TABLE[status];
  // Own keys only: an event typed "toString" must not find Object.prototype's function.
  const step = Object.hasOwn(row, event.type) ? row[event.type as keyof typeof row] : undefined;
  if (!step) {
    return { ok: false, error: "not_allowed", message: `Event ${String(event.type)} is not allowed in status ${status}` };
  }
  return { ok: true, status: step(event) };
}

/** Event types `transition` accepts in `status`; forceStatus is always among them (for admins). */
export function allowedEvents(status: BusinessStatus): BusinessEventType[] {
  if (!isBusinessStatus(status)) return [];
  const row = TABLE[status];
  return BUSINESS_EVENT_TYPES.filter((type) => type === "forceStatus" || Object.hasOwn(row, type));
}

/** Shorthand for `allowedEvents(status).includes(type)`. */
export function canTransition(status: BusinessStatus, type: BusinessEventType): boolean {
  return allowedEvents(status).includes(type);
}
