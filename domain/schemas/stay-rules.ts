import { z } from "zod";
import { isIsoDate } from "#domain/pricing/dates.ts";
import { isoDate } from "#domain/validation.ts";
import { BRAIN_MODES } from "#domain/brain/types.ts";

/**
 * Wire shapes of the stay-rule calls (issue 28), shared by the API and the /stay-rules forms.
 * Nights are counts of nights, days counts of days, weekdays 0 (Sunday) … 6.
 */

/** The longest a listed or changed range of nights may be, and the longest orphan gap. */
export const STAY_RULES_MAX_RANGE = 366;
export const GAP_MAX_NIGHTS_LIMIT = 7;
/** The open gaps the page lists: the next 60 nights (issue 28). */
export const GAPS_LIST_NIGHTS = 60;

const nights = (min: number) => z.number().int("validation.integer").min(min).max(365);
const days = z.number().int("validation.integer").min(0).max(730);
const weekdays = z.array(z.number().int("validation.integer").min(0).max(6)).max(7).default([]);
const rangeOk = (v: { from?: string | null; to?: string | null }) => !v.from || !v.to || !isIsoDate(v.from) || !isIsoDate(v.to) || v.from <= v.to;

export const stayBaseSchema = z
  .object({
    min_stay: nights(1),
    weekend_min_stay: nights(1).nullable().default(null),
    max_stay: nights(1).nullable().default(null),
    closed_to_arrival: weekdays,
    closed_to_departure: weekdays,
    min_advance_days: days.default(0),
    max_advance_days: days.nullable().default(null),
  })
  .refine((v) => v.max_stay == null || v.max_stay >= Math.max(v.min_stay, v.weekend_min_stay ?? 1), { message: "pricing:stayRules.validation.maxBelowMin", path: ["max_stay"] })
  .refine((v) => v.max_advance_days == null || v.max_advance_days >= v.min_advance_days, { message: "pricing:stayRules.validation.windowReversed", path: ["max_advance_days"] });
export type StayBaseInput = z.output<typeof stayBaseSchema>;

/** PUT /businesses/{id}/stay-rules/settings. */
export const staySettingsSchema = z.object({
  gap_fill: z.boolean(),
  gap_max_nights: z.number().int("validation.integer").min(1).max(GAP_MAX_NIGHTS_LIMIT),
  gap_discount_percent: z.number().min(0).max(50),
  mode: z.enum(BRAIN_MODES),
  /** Category uuid → its base rules; a category left out keeps its own. */
  bases: z.record(z.uuid(), stayBaseSchema).default({}),
});
export type StaySettingsInput = z.output<typeof staySettingsSchema>;

/** POST /businesses/{id}/stay-rules/demand-rules. */
export const demandRuleSchema = z
  .object({
    category: z.uuid().nullable().default(null),
    weekdays,
    from: isoDate.nullable().default(null),
    to: isoDate.nullable().default(null),
    applies_to: z.enum(["arrival", "through"]).default("arrival"),
    min_stay: nights(1),
    relax_inside_days: days.default(0),
    relax_below_occupancy_percent: z.number().min(0).max(100).nullable().default(null),
    relaxed_min_stay: nights(1).default(1),
  })
  .refine(rangeOk, { message: "pricing:validation.rangeReversed", path: ["to"] })
  .refine((v) => v.relaxed_min_stay <= v.min_stay, { message: "pricing:stayRules.validation.relaxedAboveMin", path: ["relaxed_min_stay"] });
export type DemandRuleInput = z.output<typeof demandRuleSchema>;

/**
 * PUT /businesses/{id}/stay-rules/overrides: the fields given (null clears one) on the nights
 * `from … to` of one category; `clear: true` removes every override of those nights.
 */
export const stayOverrideSchema = z
  .object({
    category: z.uuid(),
    from: isoDate,
    to: isoDate,
    clear: z.boolean().default(false),
    min_stay_arrival: nights(1).nullable().optional(),
    min_stay_through: nights(1).nullable().optional(),
    max_stay: nights(1).nullable().optional(),
    closed_to_arrival: z.boolean().nullable().optional(),
    closed_to_departure: z.boolean().nullable().optional(),
  })
  .refine(rangeOk, { message: "pricing:validation.rangeReversed", path: ["to"] });
export type StayOverrideInput = z.output<typeof stayOverrideSchema>;

/** GET /businesses/{id}/stay-rules/nights and the what-if: one category or all, a range (default: the next 30 nights). */
export const stayNightsQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional(), category: z.uuid().optional() })
  .refine(rangeOk, { message: "pricing:validation.rangeReversed", path: ["to"] });

/** POST /businesses/{id}/stay-rules/what-if: the settings to compare with the current ones, for one category. */
export const stayWhatIfSchema = staySettingsSchema.extend({ category: z.uuid() });
