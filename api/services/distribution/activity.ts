import { eq } from "drizzle-orm";
import type { Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { channexConnections } from "#api/db/schema/index.ts";
import { channelMappingView } from "./channel-mappings.ts";
import { hotelPoliciesJson, hotelPoliciesOf } from "./hotel-policies.ts";
import { ratePlanById, ratePlanJson } from "./rate-plans.ts";
import { salesChannelById, salesChannelJson } from "./sales-channels.ts";
import { tracked, type ActivitySnapshot } from "#api/services/activity/tracked.ts";

type DistributionRead = (tx: Database, id: string) => Promise<ActivitySnapshot | null>;

/** What the distribution settings look like in the activity log, one record each (businessId: the business's). */
export const distributionReads = (businessId: string) => ({
  salesChannel: (async (tx, id) => {
    const row = await salesChannelById(tx, businessId, id);
    return row ? { label: row.name, values: salesChannelJson(row) } : null;
  }) satisfies DistributionRead,
  ratePlan: (async (tx, id) => {
    const row = await ratePlanById(tx, businessId, id);
    if (!row) return null;
    // The position is the list's order, not a rule of the plan.
    const { position: _position, effective_min_stay: _effective, ...values } = ratePlanJson(row);
    return { label: row.name, values };
  }) satisfies DistributionRead,
  /** A channel's mapping, keyed by the names the owner reads (not by position in a list). */
  channelMappings: (async (tx, channelId) => {
    const channel = await salesChannelById(tx, businessId, channelId);
    if (!channel) return null;
    const view = await channelMappingView(tx, businessId, channelId);
    const names = new Map([...view.room_categories.map((c) => [c.room_category_uuid, c.name] as const), ...view.rate_plans.map((p) => [p.rate_plan_uuid, p.name] as const)]);
    const entry = (m: { external_id: string | null; excluded: boolean }) => ({ external_id: m.external_id, excluded: m.excluded });
    return {
      label: channel.name,
      values: {
        room_categories: Object.fromEntries(view.room_categories.map((c) => [c.name, entry(c)])),
        rate_plans: Object.fromEntries(view.rate_plans.map((p) => [p.name, entry(p)])),
        rate_plan_pairs: Object.fromEntries(view.rate_plan_pairs.map((p) => [`${names.get(p.room_category_uuid)} / ${names.get(p.rate_plan_uuid)}`, entry(p)])),
      },
    };
  }) satisfies DistributionRead,
  hotelPolicies: (async (tx) => ({ label: null, values: hotelPoliciesJson(await hotelPoliciesOf(tx, businessId)) })) satisfies DistributionRead,
  /** The Channex connection (never its key): the property and which category goes to which room type and rate plan. */
  channex: (async (tx) => {
    const [row] = await tx.select().from(channexConnections).where(eq(channexConnections.businessId, businessId));
    if (!row) return null;
    return { label: "Channex", values: { property_id: row.propertyId, active: row.active, mapping: row.mapping } };
  }) satisfies DistributionRead,
});

/** Runs one write of the distribution settings in a transaction with its line in the activity log (area "distribution"). */
export function distributionChange<T>(
  db: Database,
  change: { businessId: string; actor: Actor; entityId: string | null; read: DistributionRead; idOf?: (result: T) => string | null | undefined },
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  return tracked(db, { ...change, area: "distribution" }, write);
}
