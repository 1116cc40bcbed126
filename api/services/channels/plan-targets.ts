import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { channelMappings, ratePlans, salesChannels } from "#api/db/schema/index.ts";
import type { RestrictionValue } from "./channex-client.ts";
import { effectiveMinStay } from "#domain/pricing/rate-plans.ts";
import { weekday } from "#domain/pricing/dates.ts";
import type { RatePlan } from "#api/services/distribution/rate-plans.ts";
import { ratePlanRule } from "#api/services/distribution/rate-plans.ts";

/** One Channex rate plan fed from one of our (category, rate plan) pairs on a Channex sales channel. */
export interface PlanTarget {
  categoryId: string;
  planId: string;
  /** The Channex rate plan id. */
  ratePlanKey: string;
  /** The sales channel's markup percent (0: none). */
  markup: number;
}

/**
 * The mapped (category, plan) pairs of the business's active sales channels connected through
 * Channex, for active plans only; excluded pairs and plain category/plan rows are not targets.
 */
export async function planTargets(db: Database, businessId: string): Promise<PlanTarget[]> {
  const rows = await db
    .select({ categoryId: channelMappings.categoryId, planId: channelMappings.ratePlanId, externalId: channelMappings.externalId, markup: salesChannels.markup })
    .from(channelMappings)
    .innerJoin(salesChannels, eq(salesChannels.id, channelMappings.salesChannelId))
    .innerJoin(ratePlans, eq(ratePlans.id, channelMappings.ratePlanId))
    .where(
      and(
        eq(channelMappings.businessId, businessId),
        eq(salesChannels.connection, "channex"),
        eq(salesChannels.active, true),
        eq(ratePlans.active, true),
        eq(channelMappings.excluded, false),
        isNotNull(channelMappings.categoryId),
        isNotNull(channelMappings.externalId),
      ),
    );
  return rows.map((r) => ({ categoryId: r.categoryId!, planId: r.planId!, ratePlanKey: r.externalId!, markup: Number(r.markup) }));
}

export type PlanRestrictions = Pick<RestrictionValue, "min_stay_arrival" | "max_stay" | "closed_to_arrival" | "closed_to_departure">;

/**
 * A plan's stay restrictions on one night, in Channex's fields: the shortest stay arriving that
 * night (1 = none), the longest (0 = none), and whether a stay may start / end on that date.
 */
export function planRestrictions(plan: RatePlan, night: string): Required<PlanRestrictions> {
  const rule = ratePlanRule(plan);
  const day = weekday(night);
  return {
    min_stay_arrival: effectiveMinStay(rule) ?? 1,
    max_stay: rule.max_stay ?? 0,
    closed_to_arrival: rule.closed_to_arrival.includes(day),
    closed_to_departure: rule.closed_to_departure.includes(day),
  };
}
