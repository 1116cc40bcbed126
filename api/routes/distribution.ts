import { Hono } from "hono";
import { z } from "zod";
import { daysBetween } from "#domain/pricing/index.ts";
import {
  channelMappingsSchema,
  hotelPoliciesSchema,
  ratePlanRatesQuerySchema,
  ratePlanSchema,
  salesChannelSchema,
  salesChannelUpdateSchema,
} from "#domain/schemas/distribution.ts";
import { createMiddleware } from "hono/factory";
import { HttpError, notFound } from "#api/errors.ts";
import { requireBusiness, type BusinessEnv } from "#api/middleware/business.ts";
import { channelMappingView, saveChannelMappings } from "#api/services/distribution/channel-mappings.ts";
import { channexRatePlansOf } from "#api/services/channels/connections.ts";
import { hotelPoliciesJson, hotelPoliciesOf, saveHotelPolicies } from "#api/services/distribution/hotel-policies.ts";
import { deleteRatePlan, listRatePlans, ratePlanById, ratePlanJson, ratePlanRates, saveRatePlan, type RatePlan } from "#api/services/distribution/rate-plans.ts";
import {
  createSalesChannel,
  listSalesChannels,
  salesChannelById,
  salesChannelJson,
  updateSalesChannel,
  type SalesChannel,
} from "#api/services/distribution/sales-channels.ts";
import { distributionChange, distributionReads } from "#api/services/distribution/activity.ts";
import { userActor } from "#api/services/activity/record.ts";
import { businessToday } from "#api/services/pricing/calendar.ts";
import { fieldError } from "#api/services/businesses.ts";
import { body, idParam, query } from "./bookings-shared.ts";
import { docs } from "#api/openapi/describe.ts";
import { envelope, deletedAnswer } from "#contract/primitives.ts";
import {
  channelMappingAnswer,
  hotelPoliciesAnswer,
  ratePlanAnswer,
  ratePlanRatesAnswer,
  ratePlanWritten,
  salesChannelAnswer,
  salesChannelWritten,
} from "#contract/distribution.ts";


const doc = docs("Distribution");

const base = "/businesses/:id";
const settings = requireBusiness("user.pms-settings");
/** The business (any member), then any of the permissions that show rates. */
const ratesReaders = [
  requireBusiness(),
  createMiddleware<BusinessEnv>(async (c, next) => {
    const held = c.var.access.permissions;
    if (!RATE_READERS.some((p) => held.includes(p))) throw new HttpError(403, "api.missingPermission", undefined, { permission: RATE_READERS.join(" | ") });
    await next();
  }),
] as const;
const RATE_READERS = ["user.pms-settings", "user.calendar", "user.price-settings"] as const;
const CHANNEL = "pms:api.channelNotFound";
const PLAN = "pms:api.planNotFound";
/** Longest window of per-plan rates one call returns. */
const MAX_RATE_DAYS = 92;

/**
 * Distribution settings of the PMS (permission user.pms-settings), mounted under /api/v1:
 * sales channels, rate plans and their nightly rates, channel mappings, hotel policies.
 * docs/api/distribution.md.
 */
export const distributionRoutes = new Hono<BusinessEnv>()
  .get(`${base}/sales-channels`, doc({ response: envelope(z.array(salesChannelAnswer)) }), settings, async (c) => {
    const rows = await listSalesChannels(c.var.deps.db, c.var.access.business.id);
    return c.json({ data: rows.map(salesChannelJson) });
  })
  .post(`${base}/sales-channels`, doc({ body: salesChannelSchema, status: 201, response: salesChannelWritten }), settings, async (c) => {
    const input = await body(c, salesChannelSchema);
    const businessId = c.var.access.business.id;
    const row = await distributionChange<SalesChannel>(
      c.var.deps.db,
      { businessId, actor: userActor(c.var.user.id), entityId: null, read: distributionReads(businessId).salesChannel, idOf: (r) => r.id },
      (tx) => createSalesChannel(tx, c.var.t, businessId, input, c.var.deps.now()),
    );
    return c.json({ sales_channel: salesChannelJson(row) }, 201);
  })
  .get(`${base}/sales-channels/:channelId`, doc({ response: envelope(salesChannelAnswer) }), settings, async (c) => {
    const row = await salesChannelById(c.var.deps.db, c.var.access.business.id, idParam(c, "channelId", CHANNEL));
    if (!row) throw notFound(CHANNEL);
    return c.json({ data: salesChannelJson(row) });
  })
  .put(`${base}/sales-channels/:channelId`, doc({ body: salesChannelUpdateSchema, response: salesChannelWritten }), settings, async (c) => {
    const id = idParam(c, "channelId", CHANNEL);
    const input = await body(c, salesChannelUpdateSchema);
    const businessId = c.var.access.business.id;
    const row = await distributionChange(c.var.deps.db, { businessId, actor: userActor(c.var.user.id), entityId: id, read: distributionReads(businessId).salesChannel }, (tx) =>
      updateSalesChannel(tx, businessId, id, input, c.var.deps.now()),
    );
    if (!row) throw notFound(CHANNEL);
    return c.json({ sales_channel: salesChannelJson(row) });
  })

  .get(`${base}/rate-plans`, doc({ response: envelope(z.array(ratePlanAnswer)) }), settings, async (c) => {
    const rows = await listRatePlans(c.var.deps.db, c.var.access.business.id);
    return c.json({ data: rows.map(ratePlanJson) });
  })
  .post(`${base}/rate-plans`, doc({ body: ratePlanSchema, status: 201, response: ratePlanWritten }), settings, async (c) => {
    const input = await body(c, ratePlanSchema);
    const businessId = c.var.access.business.id;
    const row = await distributionChange<RatePlan | null>(
      c.var.deps.db,
      { businessId, actor: userActor(c.var.user.id), entityId: null, read: distributionReads(businessId).ratePlan, idOf: (r) => r?.id },
      (tx) => saveRatePlan(tx, c.var.t, businessId, null, input, c.var.deps.now()),
    );
    return c.json({ rate_plan: ratePlanJson(row!) }, 201);
  })
  // Registered before /:planId, which would otherwise take "rates" for an id. Whoever sees the
  // calendar sees the per-plan rates too (its day panel shows them).
  .get(`${base}/rate-plans/rates`, doc({ query: ratePlanRatesQuerySchema, response: ratePlanRatesAnswer }), ...ratesReaders, async (c) => {
    const { from, to, room_category_uuid } = query(c, ratePlanRatesQuerySchema);
    const span = daysBetween(from, to);
    if (span < 0) throw fieldError(c.var.t, "to", "pms:validation.toBeforeFrom");
    if (span >= MAX_RATE_DAYS) throw fieldError(c.var.t, "to", "pms:validation.rangeTooLong", { max: MAX_RATE_DAYS });
    const business = c.var.access.business;
    const today = businessToday(c.var.deps.now(), business.timezone);
    const categoryIds = room_category_uuid ? [room_category_uuid.toLowerCase()] : undefined;
    const { plans, rates } = await ratePlanRates(c.var.deps.db, business.id, { from, to, today, categoryIds });
    return c.json({
      rate_plans: plans.map(ratePlanJson),
      data: rates.map((r) => ({
        date: r.date,
        room_category_uuid: r.categoryId,
        rate_plan_uuid: r.planId,
        guests: r.guests,
        base_rate: r.baseRate,
        rate: r.rate,
        explanation: r.explanation,
      })),
    });
  })
  .get(`${base}/rate-plans/:planId`, doc({ response: envelope(ratePlanAnswer) }), settings, async (c) => {
    const row = await ratePlanById(c.var.deps.db, c.var.access.business.id, idParam(c, "planId", PLAN));
    if (!row) throw notFound(PLAN);
    return c.json({ data: ratePlanJson(row) });
  })
  .put(`${base}/rate-plans/:planId`, doc({ body: ratePlanSchema, response: ratePlanWritten }), settings, async (c) => {
    const id = idParam(c, "planId", PLAN);
    const input = await body(c, ratePlanSchema);
    const businessId = c.var.access.business.id;
    const row = await distributionChange(c.var.deps.db, { businessId, actor: userActor(c.var.user.id), entityId: id, read: distributionReads(businessId).ratePlan }, (tx) =>
      saveRatePlan(tx, c.var.t, businessId, id, input, c.var.deps.now()),
    );
    if (!row) throw notFound(PLAN);
    return c.json({ rate_plan: ratePlanJson(row) });
  })
  .delete(`${base}/rate-plans/:planId`, doc({ response: deletedAnswer }), settings, async (c) => {
    const businessId = c.var.access.business.id;
    const id = idParam(c, "planId", PLAN);
    const deleted = await distributionChange(c.var.deps.db, { businessId, actor: userActor(c.var.user.id), entityId: id, read: distributionReads(businessId).ratePlan }, (tx) => deleteRatePlan(tx, businessId, id));
    if (!deleted) throw notFound(PLAN);
    return c.json({ deleted: true });
  })

  .get(`${base}/channel-mappings/:channelId`, doc({ response: channelMappingAnswer }), settings, async (c) => {
    const businessId = c.var.access.business.id;
    const channel = await salesChannelById(c.var.deps.db, businessId, idParam(c, "channelId", CHANNEL));
    if (!channel) throw notFound(CHANNEL);
    return c.json({ sales_channel: salesChannelJson(channel), ...(await channelMappingView(c.var.deps.db, businessId, channel.id)) });
  })
  .put(`${base}/channel-mappings/:channelId`, doc({ body: channelMappingsSchema, response: channelMappingAnswer }), settings, async (c) => {
    const { db, now } = c.var.deps;
    const businessId = c.var.access.business.id;
    const channel = await salesChannelById(db, businessId, idParam(c, "channelId", CHANNEL));
    if (!channel) throw notFound(CHANNEL);
    const input = await body(c, channelMappingsSchema);
    await distributionChange(db, { businessId, actor: userActor(c.var.user.id), entityId: channel.id, read: distributionReads(businessId).channelMappings }, (tx) =>
      saveChannelMappings(tx, c.var.t, businessId, channel.id, input, now(), channexRatePlansOf),
    );
    return c.json({ sales_channel: salesChannelJson(channel), ...(await channelMappingView(db, businessId, channel.id)) });
  })

  .get(`${base}/hotel-policies`, doc({ response: envelope(hotelPoliciesAnswer) }), settings, async (c) => {
    return c.json({ data: hotelPoliciesJson(await hotelPoliciesOf(c.var.deps.db, c.var.access.business.id)) });
  })
  .put(`${base}/hotel-policies`, doc({ body: hotelPoliciesSchema, response: envelope(hotelPoliciesAnswer) }), settings, async (c) => {
    const { db, now } = c.var.deps;
    const businessId = c.var.access.business.id;
    const input = await body(c, hotelPoliciesSchema);
    await distributionChange(db, { businessId, actor: userActor(c.var.user.id), entityId: businessId, read: distributionReads(businessId).hotelPolicies }, (tx) =>
      saveHotelPolicies(tx, businessId, input, now()),
    );
    return c.json({ data: hotelPoliciesJson(await hotelPoliciesOf(db, businessId)) });
  });
