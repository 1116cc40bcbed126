import { createMiddleware } from "hono/factory";
import type { Feature } from "#domain/access/permissions.ts";
import { hasPlan, type GatedPlan } from "#domain/subscription/state.ts";
import { HttpError } from "#api/errors.ts";
import { businessPlans } from "#api/services/billing/plans.ts";
import type { BusinessEnv } from "./business.ts";
import { perRequest } from "#api/observability/request-context.ts";

/**
 * The API side of the plan gates (spec section 6): after requireBusiness, the business must hold
 * `plan` active (active, trialing or without a billing status), or the call is refused with 403.
 * The web hides and blocks the same pages; this is the check that counts.
 */
export function requirePlan(plan: GatedPlan) {
  return createMiddleware<BusinessEnv>(async (c, next) => {
    const id = c.var.access.business.id;
    const plans = await perRequest(plansKey(id), () => businessPlans(c.var.deps.db, id));
    if (!hasPlan(plans, plan)) throw new HttpError(403, "api.planRequired", undefined, { plan });
    await next();
  });
}

/** The feature gate (spec section 6): the caller's account must carry `feature`. */
export function requireFeature(feature: Feature) {
  return createMiddleware<BusinessEnv>(async (c, next) => {
    if (!c.var.user.features.includes(feature)) throw new HttpError(403, "api.featureRequired", undefined, { feature });
    await next();
  });
}

/** The key under which a request remembers a business's plans. */
export function plansKey(businessId: string): string {
  return `plans:${businessId}`;
}
