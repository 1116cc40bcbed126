import { z } from "zod";
import { CANCELLATION_SOURCES, GUARANTEES, MEAL_PLANS, RATE_PLAN_KINDS, SALES_CHANNEL_CONNECTIONS } from "#domain/distribution/constants.ts";
import { requiredText, updateCollaboratorSchema, uuidString } from "./business.ts";
import { isoDate } from "#domain/validation.ts";

/**
 * Schemas of the distribution settings (sales channels, rate plans, channel mappings, hotel
 * policies), shared by the API (JSON) and the PMS settings forms (Conform turns form text into
 * numbers and booleans). Messages are translation keys: `validation.*` or `pms:validation.*`.
 */

export const MAX_STAY_LIMIT = 365;
export const POLICY_TEXT_MAX = 1000;

/** Lower-case identifier shared with reservations.channel / the channel's own codes. */
export const channelCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, "pms:validation.code");

const percent = z.number().min(0).max(100);

/** Optional free text kept as typed (trimmed); blank becomes null. Rendered as text, never HTML. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()));

const nights = z.number().int().min(1).max(MAX_STAY_LIMIT);
const weekdays = z.array(z.number().int().min(0).max(6)).max(7).default([]);

export const salesChannelFields = {
  name: requiredText(80),
  commission: percent,
  markup: percent.default(0),
  active: z.boolean().default(true),
  connection: z.enum(SALES_CHANNEL_CONNECTIONS).default("none"),
  external_property_id: optionalText(60),
};

/** POST /sales-channels. */
export const salesChannelSchema = z.object({ code: channelCode, ...salesChannelFields });
export type SalesChannelInput = z.output<typeof salesChannelSchema>;

/**
 * PUT /sales-channels/{id}: everything but the code (reservations already carry it). No defaults:
 * a field left out keeps its value (`{ "markup": 0 }` must not reset `active` or `connection`).
 */
export const salesChannelUpdateSchema = z
  .object({ ...salesChannelFields, markup: percent, active: z.boolean(), connection: z.enum(SALES_CHANNEL_CONNECTIONS) })
  .partial();
export type SalesChannelUpdate = z.output<typeof salesChannelUpdateSchema>;

export const ratePlanObject = z.object({
  name: requiredText(80),
  code: channelCode,
  kind: z.enum(RATE_PLAN_KINDS).default("standard"),
  adjustment_percent: z.number().min(-100).max(500).default(0),
  /** Cents per guest per night. */
  amount_per_guest: z.number().int().min(0).max(10_000_000).default(0),
  long_stay_min_nights: z.number().int().min(2).max(MAX_STAY_LIMIT).nullish(),
  meal_plan: z.enum(MEAL_PLANS).default("room_only"),
  cancellation_source: z.enum(CANCELLATION_SOURCES).default("hotel"),
  cancellation_text: optionalText(POLICY_TEXT_MAX),
  min_stay: nights.nullish(),
  max_stay: nights.nullish(),
  closed_to_arrival: weekdays,
  closed_to_departure: weekdays,
  active: z.boolean().default(true),
});

/** The rules across fields of a rate plan. */
export function checkRatePlan(v: Partial<z.output<typeof ratePlanObject>>, ctx: z.RefinementCtx) {
  if (v.kind === "long_stay" && v.long_stay_min_nights == null) {
    ctx.addIssue({ code: "custom", path: ["long_stay_min_nights"], message: "pms:validation.longStayNights" });
  }
  if ((v.kind === "percent" || v.kind === "long_stay") && !v.adjustment_percent) {
    ctx.addIssue({ code: "custom", path: ["adjustment_percent"], message: "pms:validation.adjustmentNeeded" });
  }
  if (v.kind === "per_guest" && !v.amount_per_guest) {
    ctx.addIssue({ code: "custom", path: ["amount_per_guest"], message: "pms:validation.amountNeeded" });
  }
  if (v.cancellation_source === "custom" && !v.cancellation_text) {
    ctx.addIssue({ code: "custom", path: ["cancellation_text"], message: "pms:validation.cancellationText" });
  }
  if (v.min_stay != null && v.max_stay != null && v.max_stay < v.min_stay) {
    ctx.addIssue({ code: "custom", path: ["max_stay"], message: "pms:validation.maxStayBelowMin" });
  }
}

/** POST and PUT /rate-plans (a PUT sends the whole plan). */
export const ratePlanSchema = ratePlanObject.superRefine(checkRatePlan);
export type RatePlanInput = z.output<typeof ratePlanSchema>;

/** GET /rate-plans/rates query: a range of nights, one category or all. */
export const ratePlanRatesQuerySchema = z.object({ from: isoDate, to: isoDate, room_category_uuid: z.uuid().optional() });

const mappingRow = {
  external_id: optionalText(100),
  excluded: z.boolean().default(false),
};

/** PUT /channel-mappings/{salesChannelId}: the channel's whole mapping, replaced at once. */
export const channelMappingsSchema = z.object({
  room_categories: z.array(z.object({ room_category_uuid: uuidString, ...mappingRow })).max(200).default([]),
  rate_plans: z.array(z.object({ rate_plan_uuid: uuidString, ...mappingRow })).max(200).default([]),
  /** Channex channels only: the Channex rate plan of each (category, rate plan) pair. */
  rate_plan_pairs: z.array(z.object({ room_category_uuid: uuidString, rate_plan_uuid: uuidString, ...mappingRow })).max(2000).default([]),
});
export type ChannelMappingsInput = z.output<typeof channelMappingsSchema>;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "pms:validation.time");

/** PUT /hotel-policies: the whole set of house rules. */
export const hotelPoliciesSchema = z
  .object({
    check_in_from: time,
    check_in_until: z
      .union([time, z.literal("")])
      .nullish()
      .transform((v) => v || null),
    check_out_until: time,
    free_cancellation_days: z.number().int().min(0).max(MAX_STAY_LIMIT).nullish(),
    cancellation_policy: optionalText(POLICY_TEXT_MAX),
    no_show_policy: optionalText(POLICY_TEXT_MAX),
    guarantee: z.enum(GUARANTEES).default("none"),
    deposit_percent: percent.default(0),
    children_allowed: z.boolean().default(false),
    children_policy: optionalText(POLICY_TEXT_MAX),
    pets_allowed: z.boolean().default(false),
    pets_policy: optionalText(POLICY_TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.check_in_until && v.check_in_until < v.check_in_from) {
      ctx.addIssue({ code: "custom", path: ["check_in_until"], message: "pms:validation.checkInUntil" });
    }
    if (v.guarantee === "deposit" && !(v.deposit_percent > 0)) {
      ctx.addIssue({ code: "custom", path: ["deposit_percent"], message: "pms:validation.depositNeeded" });
    }
  });
export type HotelPoliciesInput = z.output<typeof hotelPoliciesSchema>;

/** PUT /collaborators (the permission matrix): every collaborator's user.* at once. */
export const permissionMatrixSchema = z.object({
  collaborators: z
    .array(z.object({ user_uuid: uuidString, ...updateCollaboratorSchema.shape }))
    .min(1)
    .max(200),
});
