import { eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { getConfig } from "#config";
import type { Database } from "#api/db/client.ts";
import { businesses, channelAriState, channexConnections, roomCategories, type ChannexCategoryMapping, type ChannexRatePlanInfo } from "#api/db/schema/index.ts";
import { HttpError, notFound } from "#api/errors.ts";
import { rowsOf } from "#api/db/query.ts";
import { open, seal } from "#api/services/secrets.ts";
import { ChannexError, channexClient, type ChannexClient, type ChannexRatePlan } from "./channex-client.ts";
import { markAllNightsChanged } from "#api/services/outbox/nights-changed.ts";
import type { ConnectionJson } from "#contract/channels.ts";

export type ChannexConnectionRow = typeof channexConnections.$inferSelect;

export interface ConnectInput {
  property_id: string;
  /** Empty keeps the stored key (changing only the mapping). */
  api_key?: string | null;
  mapping: { room_category_uuid: string; room_type_id: string; rate_plan_id: string }[];
}

/** The client for a stored connection (the key is decrypted only here). */
export function clientFor(connection: Pick<ChannexConnectionRow, "apiKeyEncrypted">): ChannexClient {
  return channexClient({ baseUrl: getConfig().CHANNEX_API_URL, apiKey: open(connection.apiKeyEncrypted) });
}

/**
 * Channex's room type and rate plan per category. The seam for the channel mapping screen
 * (pms-rates' `channel_mappings`): once it lands this reads that table instead.
 */
export function mappingFor(connection: Pick<ChannexConnectionRow, "mapping">): ChannexCategoryMapping {
  return connection.mapping ?? {};
}

export async function connectionOf(db: Database, businessId: string): Promise<ChannexConnectionRow | undefined> {
  const [row] = await db.select().from(channexConnections).where(eq(channexConnections.businessId, businessId));
  return row;
}

const invalid = (t: TFunction, field: string, key: string, values: Record<string, unknown> = {}) =>
  new HttpError(422, "api.invalid", { [field]: [t(key, { ns: "channels", ...values })] });

/**
 * PUT /businesses/{id}/channex: checks the key and property against Channex (every page of its
 * room types and rate plans), the property's and each mapped rate plan's currency against the
 * business's, the mapping against those lists and our categories; stores the key encrypted, the
 * property's min_stay_type and how its rate plans are sold, and queues a full push.
 */
export async function connectChannex(db: Database, t: TFunction, businessId: string, input: ConnectInput, now: Date): Promise<void> {
  const existing = await connectionOf(db, businessId);
  const apiKey = input.api_key?.trim() || (existing && existing.propertyId === input.property_id ? open(existing.apiKeyEncrypted) : "");
  if (!apiKey) throw invalid(t, "api_key", "validation.apiKeyRequired");
  const client = channexClient({ baseUrl: getConfig().CHANNEX_API_URL, apiKey });
  const { property, roomTypes, ratePlans } = await readProperty(t, client, input.property_id);
  const [business] = await db.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
  if (property.currency && property.currency !== business.currency) {
    throw invalid(t, "property_id", "validation.propertyCurrency", { theirs: property.currency, ours: business.currency });
  }
  const categories = new Set((await db.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.businessId, businessId))).map((c) => c.id));
  const roomTypeIds = new Set(roomTypes.map((r) => r.id));
  const plans = new Map(ratePlans.map((p) => [p.id, p]));
  const mapping: ChannexCategoryMapping = {};
  const usedRoomTypes = new Set<string>();
  input.mapping.forEach((m, i) => {
    if (!categories.has(m.room_category_uuid)) throw invalid(t, `mapping.${i}.room_category_uuid`, "validation.unknownCategory");
    if (mapping[m.room_category_uuid]) throw invalid(t, `mapping.${i}.room_category_uuid`, "validation.categoryMappedTwice");
    if (!roomTypeIds.has(m.room_type_id)) throw invalid(t, `mapping.${i}.room_type_id`, "validation.unknownRoomType");
    if (usedRoomTypes.has(m.room_type_id)) throw invalid(t, `mapping.${i}.room_type_id`, "validation.roomTypeMappedTwice");
    const plan = plans.get(m.rate_plan_id);
    if (!plan || (plan.room_type_id && plan.room_type_id !== m.room_type_id)) throw invalid(t, `mapping.${i}.rate_plan_id`, "validation.unknownRatePlan");
    if (plan.currency && plan.currency !== business.currency) throw invalid(t, `mapping.${i}.rate_plan_id`, "validation.ratePlanCurrency", { theirs: plan.currency, ours: business.currency });
    usedRoomTypes.add(m.room_type_id);
    mapping[m.room_category_uuid] = { room_type_id: m.room_type_id, rate_plan_id: m.rate_plan_id };
  });

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const values = {
      propertyId: input.property_id,
      apiKeyEncrypted: seal(apiKey),
      mapping,
      ratePlanInfo: ratePlanInfoOf(ratePlans),
      minStayType: property.minStayType,
      active: true,
      lastError: null,
      lastErrorAt: null,
      updatedAt: now,
    };
    await tx
      .insert(channexConnections)
      .values({ businessId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: channexConnections.businessId, set: values });
    await fullResync(tx, businessId, now);
  });
}

/** The property, its room types and rate plans (every page), Channex's refusals as field errors. */
async function readProperty(t: TFunction, client: ChannexClient, propertyId: string) {
  try {
    const property = await client.property(propertyId);
    const [roomTypes, ratePlans] = await Promise.all([client.roomTypes(propertyId), client.ratePlans(propertyId)]);
    return { property, roomTypes, ratePlans };
  } catch (error) {
    if (error instanceof ChannexError && (error.status === 401 || error.status === 403)) throw invalid(t, "api_key", "validation.apiKeyRejected");
    if (error instanceof ChannexError && error.status === 404) throw invalid(t, "property_id", "validation.propertyNotFound");
    throw new HttpError(502, "channels:api.channexUnreachable");
  }
}

/** How each Channex rate plan is sold, as the push needs it. */
export function ratePlanInfoOf(plans: ChannexRatePlan[]): ChannexRatePlanInfo {
  return Object.fromEntries(plans.map((p) => [p.id, { sellMode: p.sellMode, occupancies: p.occupancies, currency: p.currency }]));
}

/**
 * The Channex rate plans of the business's connected property (every page), for checking ids
 * typed into a channel mapping; refreshes what the connection knows of how they are sold.
 * Null when the business has no active connection.
 */
export async function channexRatePlansOf(db: Database, businessId: string): Promise<ChannexRatePlan[] | null> {
  const connection = await connectionOf(db, businessId);
  if (!connection?.active) return null;
  let plans: ChannexRatePlan[];
  try {
    plans = await clientFor(connection).ratePlans(connection.propertyId);
  } catch {
    throw new HttpError(502, "channels:api.channexUnreachable");
  }
  await db.update(channexConnections).set({ ratePlanInfo: ratePlanInfoOf(plans) }).where(eq(channexConnections.businessId, businessId));
  return plans;
}

/** Forgets what the channel was sent and queues every night of the horizon again. */
export async function fullResync(tx: Database, businessId: string, now: Date): Promise<void> {
  await tx.delete(channelAriState).where(eq(channelAriState.businessId, businessId));
  await markAllNightsChanged(tx, businessId, "full_resync", now.toISOString().slice(0, 10));
}

export async function requestResync(db: Database, businessId: string, now: Date): Promise<void> {
  const connection = await connectionOf(db, businessId);
  if (!connection?.active) throw notFound("channels:api.notConnected");
  await db.transaction((tx) => fullResync(tx as unknown as Database, businessId, now));
}

/** DELETE: the business goes back to publishing by hand; nothing more is pushed. */
export async function disconnectChannex(db: Database, businessId: string): Promise<void> {
  const connection = await connectionOf(db, businessId);
  if (!connection) throw notFound("channels:api.notConnected");
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from channel_outbox where business_id = ${businessId}`);
    await tx.delete(channelAriState).where(eq(channelAriState.businessId, businessId));
    await tx.delete(channexConnections).where(eq(channexConnections.businessId, businessId));
  });
}

/** The connection as the API shows it (never the key). */
export async function connectionJson(db: Database, businessId: string): Promise<ConnectionJson> {
  const connection = await connectionOf(db, businessId);
  if (!connection) return { connected: false as const };
  const [pending] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from channel_outbox where business_id = ${businessId}`);
  const [failed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channelAriState)
    .where(sql`${channelAriState.businessId} = ${businessId} and ${channelAriState.status} = 'failed'`);
  return {
    connected: true as const,
    property_id: connection.propertyId,
    active: connection.active,
    mapping: Object.entries(mappingFor(connection)).map(([room_category_uuid, m]) => ({ room_category_uuid, ...m })),
    last_sync_at: connection.lastSyncAt?.toISOString() ?? null,
    last_feed_at: connection.lastFeedAt?.toISOString() ?? null,
    last_error: connection.lastError,
    last_error_at: connection.lastErrorAt?.toISOString() ?? null,
    queued_changes: Number(pending?.n ?? 0),
    failed_nights: Number(failed?.n ?? 0),
  };
}
