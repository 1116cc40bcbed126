import { describe, expect, it } from "vitest";
import {
  BUSINESS_EVENT_TYPES,
  BUSINESS_STATUSES,
  INITIAL_BUSINESS_STATUS,
  allowedEvents,
  canTransition,
  isBusinessStatus,
  transition,
  type BusinessEvent,
  type BusinessEventType,
  type BusinessStatus,
} from "./status.ts";

/** Builds an event of each type; events that branch on the PMS use the given kind. */
function eventOf(type: Exclude<BusinessEventType, "forceStatus">, pms: "builtIn" | "external" = "builtIn"): BusinessEvent {
  if (type === "onboardingSubmitted" || type === "subscribed") return { type, pms };
  return { type } as BusinessEvent;
}

/** The whole machine written out, so any change to it shows up as a failing row. */
const EXPECTED: Record<
  BusinessStatus,
  Partial<
    Record<Exclude<BusinessEventType, "forceStatus">, BusinessStatus | { builtIn: BusinessStatus; external: BusinessStatus }>
  >
> = {
  BUSINESS_CREATED: {
    onboardingSubmitted: { builtIn: "DATA_LOADED", external: "PMS_CREDENTIALS_REQUESTED" },
    subscribed: { builtIn: "DATA_LOADED", external: "PMS_CREDENTIALS_REQUESTED" },
    subscriptionRequested: "SUBSCRIPTION_REQUESTED",
    easyLiteChosen: "ONBOARDING_EASY_LITE",
  },
  SUBSCRIPTION_REQUESTED: {
    subscribed: { builtIn: "DATA_LOADED", external: "PMS_CREDENTIALS_REQUESTED" },
    easyLiteChosen: "ONBOARDING_EASY_LITE",
  },
  ONBOARDING_EASY_LITE: {
    onboardingSubmitted: { builtIn: "DATA_LOADED", external: "PMS_CREDENTIALS_REQUESTED" },
    subscriptionRequested: "SUBSCRIPTION_REQUESTED",
  },
  PMS_CREDENTIALS_REQUESTED: { pmsCredentialsSaved: "DOWNLOADING_DATA", pmsFailed: "PMS_FAILED" },
  PMS_FAILED: { pmsCredentialsSaved: "DOWNLOADING_DATA", pmsFailed: "PMS_FAILED", retry: "PMS_CREDENTIALS_REQUESTED" },
  DOWNLOADING_DATA: {
    downloadStarted: "DOWNLOADING_DATA",
    downloadFinished: "DATA_LOADED",
    downloadFailed: "DOWNLOAD_FAILED",
    pmsFailed: "PMS_FAILED",
  },
  DOWNLOAD_FAILED: {
    retry: "DOWNLOADING_DATA",
    downloadStarted: "DOWNLOADING_DATA",
    pmsCredentialsRequested: "PMS_CREDENTIALS_REQUESTED",
  },
  DATA_LOADED: {
    setupCompleted: "SETUP_DONE",
    downloadStarted: "DOWNLOADING_DATA",
    pmsCredentialsRequested: "PMS_CREDENTIALS_REQUESTED",
  },
  SETUP_DONE: { pmsCredentialsRequested: "PMS_CREDENTIALS_REQUESTED", pmsFailed: "PMS_FAILED" },
};

const ORDINARY_EVENTS = BUSINESS_EVENT_TYPES.filter((t): t is Exclude<BusinessEventType, "forceStatus"> => t !== "forceStatus");

function run(start: BusinessStatus, events: BusinessEvent[]): BusinessStatus {
  return events.reduce<BusinessStatus>((status, event) => {
    const result = transition(status, event);
    if (!result.ok) throw new Error(result.message);
    return result.status;
  }, start);
}

describe("business statuses", () => {
  it("lists the nine statuses of the specification", () => {
    expect([...BUSINESS_STATUSES].sort()).toEqual(
      [
        "BUSINESS_CREATED",
        "SETUP_DONE",
        "SUBSCRIPTION_REQUESTED",
        "ONBOARDING_EASY_LITE",
        "PMS_CREDENTIALS_REQUESTED",
        "PMS_FAILED",
        "DOWNLOADING_DATA",
        "DOWNLOAD_FAILED",
        "DATA_LOADED",
      ].sort(),
    );
  });

  it("starts a new business as BUSINESS_CREATED", () => {
    expect(INITIAL_BUSINESS_STATUS).toBe("BUSINESS_CREATED");
  });

  it("recognises only the known status strings", () => {
    for (const status of BUSINESS_STATUSES) expect(isBusinessStatus(status)).toBe(true);
    for (const value of ["setup_done", "DONE", "", null, undefined, 3, {}]) expect(isBusinessStatus(value)).toBe(false);
  });
});

describe("transition: every status against every event", () => {
  for (const status of BUSINESS_STATUSES) {
    for (const type of ORDINARY_EVENTS) {
      const expected = EXPECTED[status][type];
      if (expected === undefined) {
        it(`${status} refuses ${type}`, () => {
          for (const pms of ["builtIn", "external"] as const) {
            const result = transition(status, eventOf(type, pms));
            expect(result).toEqual({
              ok: false,
              error: "not_allowed",
              message: `Event ${type} is not allowed in status ${status}`,
            });
          }
        });
      } else if (typeof expected === "string") {
        it(`${status} --${type}--> ${expected}`, () => {
          expect(transition(status, eventOf(type))).toEqual({ ok: true, status: expected });
        });
      } else {
        it(`${status} --${type}--> ${expected.builtIn} (built-in PMS) or ${expected.external} (external PMS)`, () => {
          expect(transition(status, eventOf(type, "builtIn"))).toEqual({ ok: true, status: expected.builtIn });
          expect(transition(status, eventOf(type, "external"))).toEqual({ ok: true, status: expected.external });
        });
      }
    }
  }
});

describe("forceStatus (administrators)", () => {
  it("moves any status to any status, itself included", () => {
    for (const from of BUSINESS_STATUSES) {
      for (const target of BUSINESS_STATUSES) {
        expect(transition(from, { type: "forceStatus", status: target })).toEqual({ ok: true, status: target });
      }
    }
  });

  it("refuses a target that is not a status", () => {
    const result = transition("SETUP_DONE", { type: "forceStatus", status: "FINISHED" as BusinessStatus });
    expect(result).toEqual({ ok: false, error: "unknown_status", message: "Unknown business status: FINISHED" });
  });
});

describe("transition: bad input from outside the type system", () => {
  it("refuses an unknown current status", () => {
    expect(transition("NOPE" as BusinessStatus, { type: "retry" })).toMatchObject({ ok: false, error: "unknown_status" });
  });

  it("refuses an unknown event type", () => {
    expect(transition("SETUP_DONE", { type: "explode" } as unknown as BusinessEvent)).toMatchObject({
      ok: false,
      error: "not_allowed",
    });
  });

  it("refuses a PMS-branching event without a PMS kind", () => {
    const result = transition("BUSINESS_CREATED", { type: "onboardingSubmitted" } as unknown as BusinessEvent);
    expect(result).toMatchObject({ ok: false, error: "not_allowed" });
  });

  it("does not treat inherited object keys as events", () => {
    expect(transition("SETUP_DONE", { type: "toString" } as unknown as BusinessEvent)).toMatchObject({ ok: false });
  });
});

describe("allowedEvents", () => {
  it("matches the table for every status, with forceStatus always allowed", () => {
    for (const status of BUSINESS_STATUSES) {
      const expected = [...Object.keys(EXPECTED[status]), "forceStatus"].sort();
      expect([...allowedEvents(status)].sort()).toEqual(expected);
    }
  });

  it("agrees with transition: an event is allowed exactly when transition succeeds", () => {
    for (const status of BUSINESS_STATUSES) {
      for (const type of ORDINARY_EVENTS) {
        expect(canTransition(status, type)).toBe(transition(status, eventOf(type)).ok);
      }
    }
  });

  it("is empty for an unknown status", () => {
    expect(allowedEvents("NOPE" as BusinessStatus)).toEqual([]);
  });

  it("keeps every status reachable from BUSINESS_CREATED without forceStatus", () => {
    const seen = new Set<BusinessStatus>([INITIAL_BUSINESS_STATUS]);
    const queue: BusinessStatus[] = [INITIAL_BUSINESS_STATUS];
    while (queue.length) {
      const status = queue.shift()!;
      for (const type of ORDINARY_EVENTS) {
        for (const pms of ["builtIn", "external"] as const) {
          const result = transition(status, eventOf(type, pms));
          if (result.ok && !seen.has(result.status)) {
            seen.add(result.status);
            queue.push(result.status);
          }
        }
      }
    }
    expect([...seen].sort()).toEqual([...BUSINESS_STATUSES].sort());
  });

  it("only reaches SETUP_DONE from DATA_LOADED (besides forceStatus)", () => {
    for (const status of BUSINESS_STATUSES) {
      for (const type of ORDINARY_EVENTS) {
        const result = transition(status, eventOf(type));
        if (result.ok && result.status === "SETUP_DONE") expect(status).toBe("DATA_LOADED");
      }
    }
  });
});

describe("the flows an owner goes through", () => {
  it("built-in PMS, already paying: onboarding → data loaded at once → setup done", () => {
    expect(run("BUSINESS_CREATED", [{ type: "onboardingSubmitted", pms: "builtIn" }, { type: "setupCompleted" }])).toBe(
      "SETUP_DONE",
    );
  });

  it("built-in PMS, plan chosen during onboarding: subscription requested → subscribed → setup done", () => {
    expect(
      run("BUSINESS_CREATED", [
        { type: "subscriptionRequested" },
        { type: "subscribed", pms: "builtIn" },
        { type: "setupCompleted" },
      ]),
    ).toBe("SETUP_DONE");
  });

  it("Easy Lite instead of paying, then an external PMS with one wrong password and one failed download", () => {
    expect(
      run("BUSINESS_CREATED", [
        { type: "subscriptionRequested" },
        { type: "easyLiteChosen" },
        { type: "onboardingSubmitted", pms: "external" },
        { type: "pmsFailed" },
        { type: "retry" },
        { type: "pmsCredentialsSaved" },
        { type: "downloadStarted" },
        { type: "downloadFailed" },
        { type: "retry" },
        { type: "downloadFinished" },
        { type: "setupCompleted" },
      ]),
    ).toBe("SETUP_DONE");
  });

  it("a live business whose PMS revokes access goes back through credentials and a fresh import", () => {
    expect(run("SETUP_DONE", [{ type: "pmsFailed" }, { type: "pmsCredentialsSaved" }, { type: "downloadFinished" }])).toBe(
      "DATA_LOADED",
    );
  });

  it("a business cannot skip setup by marking itself done early", () => {
    for (const status of ["BUSINESS_CREATED", "DOWNLOADING_DATA", "DOWNLOAD_FAILED", "PMS_FAILED"] as const) {
      expect(transition(status, { type: "setupCompleted" }).ok).toBe(false);
    }
  });
});
