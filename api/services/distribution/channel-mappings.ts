import { and, asc, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { ChannelMappingsInput } from "#domain/schemas/distribution.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, channelMappings, ratePlans, roomCategories, salesChannels } from "#api/db/schema/index.ts";
import { invalid, type FieldErrors } from "#api/errors.ts";
import { markAllNightsChanged } from "#api/services/outbox/nights-changed.ts";
import type { ChannelMappingView } from "#contract/distribution.ts";

export type ChannelMapping = typeof channelMappings.$inferSelect;

/** The mappings of one sales channel (room categories and rate plans ↔ the channel's ids). */
export async function listChannelMappings(db: Database, businessId: string, salesChannelId: string): Promise<ChannelMapping[]> {
  return db
    .select()
    .from(channelMappings)
    .where(and(eq(channelMappings.businessId, businessId), eq(channelMappings.salesChannelId, salesChannelId)));
}

/**
 * What the mapping screen and the channel pushes read: every room category and every rate plan
 * of the business beside its mapping on this channel (external id, excluded), unmapped ones with
 * nulls; for a channel connected through Channex also every (category, plan) pair with its
 * Channex rate plan (empty otherwise).
 */
export async function channelMappingView(db: Database, businessId: string, salesChannelId: string): Promise<ChannelMappingView> {
  const [categories, plans, mappings, [channel]] = await Promise.all([
    db.select({ id: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, businessId)).orderBy(asc(roomCategories.position), asc(roomCategories.name)),
    db.select({ id: ratePlans.id, name: ratePlans.name, code: ratePlans.code, active: ratePlans.active }).from(ratePlans).where(eq(ratePlans.businessId, businessId)).orderBy(asc(ratePlans.position), asc(ratePlans.name)),
    listChannelMappings(db, businessId, salesChannelId),
    db.select({ connection: salesChannels.connection }).from(salesChannels).where(eq(salesChannels.id, salesChannelId)),
  ]);
  const ofCategory = new Map(mappings.filter((m) => m.categoryId && !m.ratePlanId).map((m) => [m.categoryId!, m]));
  const ofPlan = new Map(mappings.filter((m) => m.ratePlanId && !m.categoryId).map((m) => [m.ratePlanId!, m]));
  const ofPair = new Map(mappings.filter((m) => m.categoryId && m.ratePlanId).map((m) => [`${m.categoryId}|${m.ratePlanId}`, m]));
  return {
    room_categories: categories.map((c) => ({
      room_category_uuid: c.id,
      name: c.name,
      external_id: ofCategory.get(c.id)?.externalId ?? null,
      excluded: ofCategory.get(c.id)?.excluded ?? false,
    })),
    rate_plans: plans.map((p) => ({
      rate_plan_uuid: p.id,
      name: p.name,
      code: p.code,
      active: p.active,
      external_id: ofPlan.get(p.id)?.externalId ?? null,
      excluded: ofPlan.get(p.id)?.excluded ?? false,
    })),
    rate_plan_pairs:
      channel?.connection === "channex"
        ? categories.flatMap((c) =>
            plans.map((p) => ({
              room_category_uuid: c.id,
              rate_plan_uuid: p.id,
              external_id: ofPair.get(`${c.id}|${p.id}`)?.externalId ?? null,
              excluded: ofPair.get(`${c.id}|${p.id}`)?.excluded ?? false,
            })),
          )
        : [],
  };
}
export type { ChannelMappingView };

type Row = { external_id: string | null; excluded: boolean };

/** Field errors of one list: unknown ids, an id listed twice, one external id given to two rows. */
function checkList<R extends Row>(
  t: TFunction,
  rows: R[],
  idOf: (r: R) => string,
  known: (id: string) => boolean,
  prefix: string,
  idField: string,
  errors: FieldErrors,
) {
  const seenIds = new Set<string>();
  const seenExternal = new Map<string, number>();
  rows.forEach((r, i) => {
    const id = idOf(r);
    const add = (field: string, key: string, values: Record<string, unknown> = {}) =>
      (errors[`${prefix}.${i}.${field}`] ??= []).push(t(key, { ns: "validation", defaultValue: key, ...values }));
    if (!known(id)) add(idField, "pms:validation.unknownTarget");
    else if (seenIds.has(id)) add(idField, "pms:validation.mappedTwice");
    seenIds.add(id);
    if (r.external_id && !r.excluded) {
      const other = seenExternal.get(r.external_id.toLowerCase());
      if (other !== undefined) add("external_id", "pms:validation.externalTaken", { row: other + 1 });
      else seenExternal.set(r.external_id.toLowerCase(), i);
    }
  });
}

/**
 * The connected property's Channex rate plans, as channels/connections.ts reads them (null when
 * not connected): handed in by the route, so distribution does not import the channel layer back.
 */
export type ChannexPlansOf = (
  db: Database,
  businessId: string,
) => Promise<{ id: string; room_type_id: string | null; currency: string | null }[] | null>;

/**
 * Replaces a channel's mapping in one transaction after checking it: every id belongs to the
 * business, no category, plan or (category, plan) pair is listed twice, no external id is given
 * to two of them, and every active rate plan is mapped or explicitly excluded — on a channel
 * connected through Channex per mapped category (a pair for each category with a room type id
 * and each active plan, since a Channex rate plan belongs to one room type), elsewhere once per
 * plan; a Channex rate plan id must be one of the connected property's (asked of Channex), in the
 * room type given and the business's currency. Any failure is a 422 with field errors (`room_categories.{i}.…`, `rate_plans.{i}.…`,
 * `rate_plan_pairs.{i}.…`, or the list's name for something left out of it).
 */
export async function saveChannelMappings(
  db: Database,
  t: TFunction,
  businessId: string,
  salesChannelId: string,
  input: ChannelMappingsInput,
  now: Date,
  channexPlansOf: ChannexPlansOf,
): Promise<void> {
  // The Channex rate plan ids typed here are checked against Channex itself (outside the transaction).
  const channexPlans = input.rate_plan_pairs.some((r) => r.external_id && !r.excluded) ? await channexPlansOf(db, businessId) : null;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [channel] = await tx.select({ connection: salesChannels.connection }).from(salesChannels).where(eq(salesChannels.id, salesChannelId));
    const categories = await tx.select({ id: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, businessId));
    const plans = await tx.select({ id: ratePlans.id, name: ratePlans.name, active: ratePlans.active }).from(ratePlans).where(eq(ratePlans.businessId, businessId));
    const channex = channel?.connection === "channex";
    const categoryIds = new Set(categories.map((c) => c.id));
    const planIds = new Set(plans.map((p) => p.id));
    const errors: FieldErrors = {};
    const add = (field: string, key: string, values: Record<string, unknown> = {}) => (errors[field] ??= []).push(t(key, { ns: "validation", ...values }));
    checkList(t, input.room_categories, (r) => r.room_category_uuid, (id) => categoryIds.has(id), "room_categories", "room_category_uuid", errors);
    checkList(t, input.rate_plans, (r) => r.rate_plan_uuid, (id) => planIds.has(id), "rate_plans", "rate_plan_uuid", errors);
    checkList(
      t,
      input.rate_plan_pairs,
      (r) => `${r.room_category_uuid}|${r.rate_plan_uuid}`,
      (pair) => categoryIds.has(pair.split("|")[0]) && planIds.has(pair.split("|")[1]),
      "rate_plan_pairs",
      "rate_plan_uuid",
      errors,
    );
    if (!channex) {
      if (input.rate_plan_pairs.length) add("rate_plan_pairs", "pms:validation.pairsNeedChannex");
      const listed = new Set(input.rate_plans.map((r) => r.rate_plan_uuid));
      input.rate_plans.forEach((r, i) => {
        const plan = plans.find((p) => p.id === r.rate_plan_uuid);
        if (plan?.active && !r.excluded && !r.external_id) add(`rate_plans.${i}.external_id`, "pms:validation.planNotMapped", { name: plan.name });
      });
      for (const plan of plans) {
        if (plan.active && !listed.has(plan.id)) add("rate_plans", "pms:validation.planNotMapped", { name: plan.name });
      }
    } else {
      // Every active plan of every category given a room type here: a Channex rate plan or excluded.
      const mapped = categories.filter((c) => input.room_categories.some((r) => r.room_category_uuid === c.id && r.external_id && !r.excluded));
      for (const category of mapped) {
        for (const plan of plans.filter((p) => p.active)) {
          const i = input.rate_plan_pairs.findIndex((r) => r.room_category_uuid === category.id && r.rate_plan_uuid === plan.id);
          const names = { plan: plan.name, category: category.name };
          if (i < 0) add("rate_plan_pairs", "pms:validation.pairNotMapped", names);
          else if (!input.rate_plan_pairs[i].excluded && !input.rate_plan_pairs[i].external_id) add(`rate_plan_pairs.${i}.external_id`, "pms:validation.pairNotMapped", names);
        }
      }
      if (channexPlans) {
        const [business] = await tx.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
        input.rate_plan_pairs.forEach((r, i) => {
          if (r.excluded || !r.external_id) return;
          const roomType = input.room_categories.find((c) => c.room_category_uuid === r.room_category_uuid)?.external_id;
          const plan = channexPlans.find((p) => p.id === r.external_id);
          if (!plan || (roomType && plan.room_type_id && plan.room_type_id !== roomType)) add(`rate_plan_pairs.${i}.external_id`, "pms:validation.unknownChannexRatePlan");
          else if (plan.currency && plan.currency !== business.currency) {
            add(`rate_plan_pairs.${i}.external_id`, "pms:validation.channexRatePlanCurrency", { theirs: plan.currency, ours: business.currency });
          }
        });
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);

    await tx.delete(channelMappings).where(and(eq(channelMappings.businessId, businessId), eq(channelMappings.salesChannelId, salesChannelId)));
    const stored = (r: Row) => r.excluded || r.external_id;
    const target = (r: Row) => ({ externalId: r.excluded ? null : r.external_id, excluded: r.excluded });
    const rows = [
      ...input.room_categories.filter(stored).map((r) => ({ categoryId: r.room_category_uuid, ...target(r) })),
      ...input.rate_plans.filter(stored).map((r) => ({ ratePlanId: r.rate_plan_uuid, ...target(r) })),
      ...input.rate_plan_pairs.filter(stored).map((r) => ({ categoryId: r.room_category_uuid, ratePlanId: r.rate_plan_uuid, ...target(r) })),
    ];
    if (rows.length) {
      await tx.insert(channelMappings).values(rows.map((r) => ({ businessId, salesChannelId, ...r, createdAt: now, updatedAt: now })));
    }
    // New or changed Channex rate plans: compare the whole horizon with what Channex has.
    if (channex) await markAllNightsChanged(tx, businessId, "channel_mapping", now.toISOString().slice(0, 10));
  });
}
