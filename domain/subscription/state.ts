/**
 * Reading a business's subscription from its plans (spec section 4 "Subscription state", section 9
 * trial days). The plans come from GET /subscriptions/{id} (data.plans), in the server's order;
 * "first" below always means first in that order.
 */

/** Spec section 3, wire names kept. Flags may arrive as booleans or 0/1 from the API. */
export interface Plan {
  plan_identifier: string;
  /** Stripe's subscription status; absent or null when the plan is not billed through Stripe. */
  stripe_status?: string | null;
  /** 1 means the plan includes channels. */
  includes_channel?: number | boolean | null;
  is_add_on?: boolean | number | null;
  upgrade_available?: boolean | number | null;
  trial_days?: number | null;
}

/** The plans that gate areas (spec section 6): AI chat, booking engine, market analysis. */
export const GATED_PLANS = ["ai", "motor", "competitorAnalysis"] as const;
export type GatedPlan = (typeof GATED_PLANS)[number];

export function isGatedPlan(value: unknown): value is GatedPlan {
  return typeof value === "string" && (GATED_PLANS as readonly string[]).includes(value);
}

export const DEFAULT_TRIAL_DAYS = 14;

function hasNoStripeStatus(plan: Plan): boolean {
  // An empty string carries no more information than null; treat it the same.
  return plan.stripe_status === undefined || plan.stripe_status === null || plan.stripe_status === "";
}

export function isAddOn(plan: Plan): boolean {
  return plan.is_add_on === true || plan.is_add_on === 1;
}

export function includesChannel(plan: Plan): boolean {
  return plan.includes_channel === 1 || plan.includes_channel === true;
}

export function isUpgradeAvailable(plan: Plan): boolean {
  return plan.upgrade_available === true || plan.upgrade_available === 1;
}

/** Active or trialing in Stripe's words. */
export function isActiveOrTrialing(plan: Plan): boolean {
  return plan.stripe_status === "active" || plan.stripe_status === "trialing";
}

/**
 * Counts as active: active, trialing, or no stripe_status at all (a plan granted outside Stripe,
 * e.g. by an administrator, has nothing to lapse).
 */
export function isActive(plan: Plan): boolean {
  return isActiveOrTrialing(plan) || hasNoStripeStatus(plan);
}

/** Active, or canceled but still listed (the screens offer "resume" for those). */
export function isActiveOrCanceled(plan: Plan): boolean {
  return isActive(plan) || plan.stripe_status === "canceled";
}

/**
 * The base plan the business is on: the first non-add-on that is active or trialing; else the
 * first non-add-on without stripe_status; else the first non-add-on (so a lapsed plan is still
 * shown, with its status). Undefined when there is no base plan at all.
 */
export function currentPlan(plans: readonly Plan[]): Plan | undefined {
  const base = plans.filter((plan) => !isAddOn(plan));
  return base.find(isActiveOrTrialing) ?? base.find(hasNoStripeStatus) ?? base[0];
}

/**
 * What the redirect rules call "an active subscription": the current base plan counts as active.
 * An add-on alone is not a subscription.
 */
export function hasActiveSubscription(plans: readonly Plan[]): boolean {
  const plan = currentPlan(plans);
  return plan !== undefined && isActive(plan);
}

/** 14, unless the first plan's trial_days is a number (0 included: a plan may have no trial). */
export function trialDays(plans: readonly Plan[]): number {
  const days = plans[0]?.trial_days;
  return typeof days === "number" && Number.isFinite(days) ? days : DEFAULT_TRIAL_DAYS;
}

/** Gating: some plan, base or add-on, with this identifier counts as active. */
export function hasPlan(plans: readonly Plan[], identifier: GatedPlan | string): boolean {
  return plans.some((plan) => plan.plan_identifier === identifier && isActive(plan));
}
