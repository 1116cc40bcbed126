import { z } from "zod";
import { CANCELLATION_SOURCES, GUARANTEES, MEAL_PLANS, RATE_PLAN_KINDS, SALES_CHANNEL_CONNECTIONS } from "#domain/distribution/constants.ts";
import { cents, day, timestamp, uuid } from "./primitives.ts";
import { explanationStep } from "./pricing.ts";

/**
 * The JSON answers of the distribution routes (docs/api/distribution.md): sales channels, rate
 * plans and their rates, channel mappings, hotel policies. doc({ response }), ADR 0022.
 */

export const salesChannelAnswer = z
  .object({
    uuid,
    code: z.string(),
    name: z.string(),
    /** Percent of the room revenue. */
    commission: z.number(),
    markup: z.number(),
    active: z.boolean(),
    connection: z.enum(SALES_CHANNEL_CONNECTIONS),
    external_property_id: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export type SalesChannelJson = z.infer<typeof salesChannelAnswer>;
/** POST /sales-channels (201), PUT /sales-channels/{channelId}. */
export const salesChannelWritten = z.object({ sales_channel: salesChannelAnswer }).strict();
export type SalesChannelWrittenJson = z.infer<typeof salesChannelWritten>;

const weekdays = z.array(z.int().min(0).max(6));

export const ratePlanAnswer = z
  .object({
    uuid,
    name: z.string(),
    code: z.string(),
    kind: z.enum(RATE_PLAN_KINDS),
    adjustment_percent: z.number(),
    amount_per_guest: cents,
    long_stay_min_nights: z.int().nullable(),
    meal_plan: z.enum(MEAL_PLANS),
    cancellation_source: z.enum(CANCELLATION_SOURCES),
    cancellation_text: z.string().nullable(),
    min_stay: z.int().nullable(),
    max_stay: z.int().nullable(),
    effective_min_stay: z.int().nullable(),
    closed_to_arrival: weekdays,
    closed_to_departure: weekdays,
    active: z.boolean(),
    position: z.int(),
  })
  .strict();
export type RatePlanJson = z.infer<typeof ratePlanAnswer>;
/** POST /rate-plans (201), PUT /rate-plans/{planId}. */
export const ratePlanWritten = z.object({ rate_plan: ratePlanAnswer }).strict();
export type RatePlanWrittenJson = z.infer<typeof ratePlanWritten>;

/** The line a plan adds after the engine's steps. */
const ratePlanStep = z
  .object({
    step: z.literal("ratePlan"),
    amount: cents,
    detail: z.object({ planId: z.string(), name: z.string(), kind: z.enum(RATE_PLAN_KINDS), percentage: z.number().nullable(), perGuest: cents.nullable(), guests: z.int() }).strict(),
  })
  .strict();

/** GET /rate-plans/rates: each active plan's rate per night and category, explained. */
export const ratePlanRatesAnswer = z
  .object({
    rate_plans: z.array(ratePlanAnswer),
    data: z.array(
      z
        .object({
          date: day,
          room_category_uuid: uuid,
          rate_plan_uuid: uuid,
          guests: z.int(),
          base_rate: cents,
          rate: cents,
          explanation: z.array(z.union([explanationStep, ratePlanStep])),
        })
        .strict(),
    ),
  })
  .strict();

const mapped = { external_id: z.string().nullable(), excluded: z.boolean() };

/** GET/PUT /channel-mappings/{channelId}: the channel and how its rooms and plans are named there. */
export const channelMappingAnswer = z
  .object({
    sales_channel: salesChannelAnswer,
    room_categories: z.array(z.object({ room_category_uuid: uuid, name: z.string(), ...mapped }).strict()),
    rate_plans: z.array(z.object({ rate_plan_uuid: uuid, name: z.string(), code: z.string(), active: z.boolean(), ...mapped }).strict()),
    /** Only for a Channex connection: each category × plan pair. */
    rate_plan_pairs: z.array(z.object({ room_category_uuid: uuid, rate_plan_uuid: uuid, ...mapped }).strict()),
  })
  .strict();
export type ChannelMappingJson = z.infer<typeof channelMappingAnswer>;
export type ChannelMappingView = Omit<ChannelMappingJson, "sales_channel">;

/** The house rules (times `HH:MM`). */
export const hotelPoliciesAnswer = z
  .object({
    check_in_from: z.string(),
    check_in_until: z.string().nullable(),
    check_out_until: z.string(),
    free_cancellation_days: z.int().nullable(),
    cancellation_policy: z.string().nullable(),
    no_show_policy: z.string().nullable(),
    guarantee: z.enum(GUARANTEES),
    deposit_percent: z.number(),
    children_allowed: z.boolean(),
    children_policy: z.string().nullable(),
    pets_allowed: z.boolean(),
    pets_policy: z.string().nullable(),
    /** Null until the hotel saves its rules (the defaults are shown). */
    updated_at: timestamp.nullable(),
  })
  .strict();
export type HotelPoliciesJson = z.infer<typeof hotelPoliciesAnswer>;
export type RatePlanRatesJson = z.infer<typeof ratePlanRatesAnswer>;
