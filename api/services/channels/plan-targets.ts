import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { channelMappings, ratePlans, salesChannels } from "#api/db/schema/index.ts";
import type { RestrictionValue } from "./channex-client.ts";

/** One Channex rate plan fed from one of our (category, rate plan) pairs on a Channex sales channel. */
export interface PlanTarget {
  categoryId: string;
  planId: string;
  /** The Channex rate plan id. */
  ratePlanKey: string;
  /** The sales channel's markup percent (0: none). */
  markup: number;
  /** False: mapped but not for sale now (plan or channel deactivated) — Channex gets stop_sell. */
  sellable: boolean;
}

/**
 * The mapped (category, plan) pairs of the business's sales channels connected through Channex:
 * sellable when the channel and the plan are active. Excluded pairs (no Channex rate plan) and
 * plain category/plan rows are not targets.
 */
export async function planTargets(db: Database, businessId: string): Promise<PlanTarget[]> {
  const rows = await db
    .select({
      categoryId: channelMappings.categoryId,
      planId: channelMappings.ratePlanId,
      externalId: channelMappings.externalId,
      markup: salesChannels.markup,
      channelActive: salesChannels.active,
      planActive: ratePlans.active,
    })
    .from(channelMappings)
    .innerJoin(salesChannels, eq(salesChannels.id, channelMappings.salesChannelId))
    .innerJoin(ratePlans, eq(ratePlans.id, channelMappings.ratePlanId))
    .where(
      and(
        eq(channelMappings.businessId, businessId),
        eq(salesChannels.connection, "channex"),
        eq(channelMappings.excluded, false),
        isNotNull(channelMappings.categoryId),
        isNotNull(channelMappings.externalId),
      ),
    );
  return rows.map((r) => ({ categoryId: r.categoryId!, planId: r.planId!, ratePlanKey: r.externalId!, markup: Number(r.markup), sellable: r.channelActive && r.planActive }));
}

export type PlanRestrictions = Pick<RestrictionValue, "min_stay_arrival" | "min_stay_through" | "max_stay" | "closed_to_arrival" | "closed_to_departure">;
