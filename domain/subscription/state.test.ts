import { describe, expect, it } from "vitest";
import {
  DEFAULT_TRIAL_DAYS,
  GATED_PLANS,
  currentPlan,
  hasActiveSubscription,
  hasPlan,
  includesChannel,
  isActive,
  isActiveOrCanceled,
  isActiveOrTrialing,
  isAddOn,
  isGatedPlan,
  isUpgradeAvailable,
  trialDays,
  type Plan,
} from "./state.ts";

const plan = (plan_identifier: string, stripe_status?: string | null, extra: Partial<Plan> = {}): Plan => ({
  plan_identifier,
  stripe_status,
  ...extra,
});
const addOn = (plan_identifier: string, stripe_status?: string | null): Plan =>
  plan(plan_identifier, stripe_status, { is_add_on: true });

const STRIPE_STATUSES = ["active", "trialing", "canceled", "past_due", "unpaid", "incomplete", "incomplete_expired", "paused"];

describe("plan status", () => {
  it("counts active and trialing as active", () => {
    expect(isActive(plan("pro", "active"))).toBe(true);
    expect(isActive(plan("pro", "trialing"))).toBe(true);
  });

  it("counts a plan with no stripe_status as active", () => {
    expect(isActive(plan("pro"))).toBe(true);
    expect(isActive(plan("pro", null))).toBe(true);
    expect(isActive(plan("pro", ""))).toBe(true);
  });

  it("does not count other Stripe statuses as active", () => {
    for (const status of ["canceled", "past_due", "unpaid", "incomplete", "incomplete_expired", "paused", "ACTIVE"]) {
      expect(isActive(plan("pro", status))).toBe(false);
    }
  });

  it("counts canceled as active-or-canceled, alongside everything active", () => {
    for (const status of STRIPE_STATUSES) {
      expect(isActiveOrCanceled(plan("pro", status))).toBe(["active", "trialing", "canceled"].includes(status));
    }
    expect(isActiveOrCanceled(plan("pro"))).toBe(true);
  });

  it("isActiveOrTrialing looks at Stripe's status only", () => {
    expect(isActiveOrTrialing(plan("pro", "active"))).toBe(true);
    expect(isActiveOrTrialing(plan("pro", "trialing"))).toBe(true);
    expect(isActiveOrTrialing(plan("pro"))).toBe(false);
    expect(isActiveOrTrialing(plan("pro", "canceled"))).toBe(false);
  });

  it("reads the flags as booleans or 0/1", () => {
    expect(isAddOn(plan("x", "active", { is_add_on: 1 }))).toBe(true);
    expect(isAddOn(plan("x", "active", { is_add_on: 0 }))).toBe(false);
    expect(isAddOn(plan("x", "active", { is_add_on: null }))).toBe(false);
    expect(isAddOn(plan("x"))).toBe(false);
    expect(includesChannel(plan("x", "active", { includes_channel: 1 }))).toBe(true);
    expect(includesChannel(plan("x", "active", { includes_channel: true }))).toBe(true);
    expect(includesChannel(plan("x", "active", { includes_channel: 0 }))).toBe(false);
    expect(includesChannel(plan("x", "active", { includes_channel: 2 }))).toBe(false);
    expect(isUpgradeAvailable(plan("x", "active", { upgrade_available: true }))).toBe(true);
    expect(isUpgradeAvailable(plan("x", "active", { upgrade_available: 1 }))).toBe(true);
    expect(isUpgradeAvailable(plan("x", "active", { upgrade_available: false }))).toBe(false);
  });
});

describe("currentPlan", () => {
  it("is undefined without base plans", () => {
    expect(currentPlan([])).toBeUndefined();
    expect(currentPlan([addOn("ai", "active")])).toBeUndefined();
  });

  it("prefers the first non-add-on that is active or trialing", () => {
    const plans = [
      addOn("ai", "active"),
      plan("basic", "canceled"),
      plan("legacy"),
      plan("pro", "trialing"),
      plan("max", "active"),
    ];
    expect(currentPlan(plans)?.plan_identifier).toBe("pro");
  });

  it("ignores an active add-on even when it comes first", () => {
    expect(currentPlan([addOn("ai", "active"), plan("basic", "canceled")])?.plan_identifier).toBe("basic");
  });

  it("falls back to the first non-add-on without stripe_status", () => {
    const plans = [plan("basic", "canceled"), addOn("ai"), plan("granted", null), plan("other")];
    expect(currentPlan(plans)?.plan_identifier).toBe("granted");
  });

  it("falls back to the first non-add-on whatever its status", () => {
    const plans = [addOn("ai", "active"), plan("basic", "past_due"), plan("pro", "canceled")];
    expect(currentPlan(plans)?.plan_identifier).toBe("basic");
  });
});

describe("hasActiveSubscription", () => {
  it("is true when a base plan is active, trialing or outside Stripe", () => {
    expect(hasActiveSubscription([plan("pro", "active")])).toBe(true);
    expect(hasActiveSubscription([plan("pro", "trialing")])).toBe(true);
    expect(hasActiveSubscription([plan("pro")])).toBe(true);
    expect(hasActiveSubscription([plan("old", "canceled"), plan("pro", "active")])).toBe(true);
  });

  it("is false with no plans, only add-ons, or only lapsed base plans", () => {
    expect(hasActiveSubscription([])).toBe(false);
    expect(hasActiveSubscription([addOn("ai", "active")])).toBe(false);
    expect(hasActiveSubscription([plan("pro", "canceled"), plan("basic", "past_due"), addOn("ai", "active")])).toBe(false);
  });
});

describe("trialDays", () => {
  it("defaults to 14", () => {
    expect(DEFAULT_TRIAL_DAYS).toBe(14);
    expect(trialDays([])).toBe(14);
    expect(trialDays([plan("pro")])).toBe(14);
    expect(trialDays([plan("pro", "active", { trial_days: null })])).toBe(14);
  });

  it("uses the first plan's trial_days when it is a number, 0 included", () => {
    expect(trialDays([plan("pro", "active", { trial_days: 30 })])).toBe(30);
    expect(trialDays([plan("pro", "active", { trial_days: 0 })])).toBe(0);
  });

  it("looks only at the first plan", () => {
    expect(trialDays([plan("pro"), plan("max", "active", { trial_days: 7 })])).toBe(14);
    expect(trialDays([{ ...addOn("ai"), trial_days: 3 }, plan("max")])).toBe(3);
  });

  it("ignores values that are not numbers", () => {
    expect(trialDays([plan("pro", "active", { trial_days: "30" as unknown as number })])).toBe(14);
    expect(trialDays([plan("pro", "active", { trial_days: Number.NaN })])).toBe(14);
  });
});

describe("hasPlan", () => {
  it("names the three gated plans", () => {
    expect(GATED_PLANS).toEqual(["ai", "motor", "competitorAnalysis"]);
    expect(isGatedPlan("motor")).toBe(true);
    expect(isGatedPlan("pro")).toBe(false);
  });

  it("counts add-ons and base plans alike when they are active", () => {
    const plans = [plan("motor", "active"), addOn("ai", "trialing"), addOn("competitorAnalysis")];
    expect(hasPlan(plans, "motor")).toBe(true);
    expect(hasPlan(plans, "ai")).toBe(true);
    expect(hasPlan(plans, "competitorAnalysis")).toBe(true);
  });

  it("does not count a plan that is not active", () => {
    for (const status of ["canceled", "past_due", "unpaid", "incomplete"]) {
      expect(hasPlan([addOn("ai", status)], "ai")).toBe(false);
    }
  });

  it("is true when any of several same-named plans is active", () => {
    expect(hasPlan([addOn("ai", "canceled"), addOn("ai", "active")], "ai")).toBe(true);
  });

  it("matches the identifier exactly", () => {
    expect(hasPlan([addOn("AI", "active"), addOn("ai-pro", "active")], "ai")).toBe(false);
    expect(hasPlan([], "ai")).toBe(false);
  });
});
