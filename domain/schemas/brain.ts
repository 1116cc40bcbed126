import { z } from "zod";
import { isIsoDate } from "#domain/pricing/dates.ts";
import { isoDate, isoInstant } from "#domain/validation.ts";
import { sanitizedTitle } from "./pricing.ts";
import { BRAIN_MODES, RECOMMENDED_FIELDS } from "#domain/brain/types.ts";

/**
 * Wire shapes of the revenue brain's calls (issue 27), shared by the API and the web's forms.
 * Percentages are plain numbers (10 = 10 %); dates `YYYY-MM-DD` in the business's calendar.
 */

/** The furthest a recommendation looks ahead, and the longest range one call lists or decides. */
export const BRAIN_HORIZON_DAYS = 365;

export const brainMode = z.enum(BRAIN_MODES);
const percent = (min: number, max: number) => z.number().min(min).max(max);

/** PUT /businesses/{id}/recommendations/settings. */
export const brainSettingsSchema = z.object({
  mode: brainMode,
  /** Category uuid → its own mode; a category left out follows `mode`. */
  category_modes: z.record(z.uuid(), brainMode).default({}),
  max_daily_change_percent: percent(0, 100),
  max_weekly_change_percent: percent(0, 200),
  freeze_days: z.number().int("validation.integer").min(0).max(60),
  max_interval_percent: percent(1, 1000),
  max_move_per_booking_percent: percent(0, 50),
  target_occupancy_percent: percent(1, 100),
  demand_sensitivity: z.number().min(0).max(5),
  market_weight_percent: percent(0, 100),
  holiday_effect_percent: percent(-50, 100),
});
export type BrainSettingsInput = z.output<typeof brainSettingsSchema>;

/** POST /businesses/{id}/recommendations/events. */
export const brainEventSchema = z
  .object({
    name: sanitizedTitle,
    starts_at: isoDate,
    ends_at: isoDate,
    effect_percent: percent(-50, 100),
  })
  .refine((v) => !isIsoDate(v.starts_at) || !isIsoDate(v.ends_at) || v.starts_at <= v.ends_at, { message: "pricing:validation.rangeReversed", path: ["ends_at"] });
export type BrainEventInput = z.output<typeof brainEventSchema>;

const rangeRefine = (v: { from?: string; to?: string }) => !v.from || !v.to || !isIsoDate(v.from) || !isIsoDate(v.to) || v.from <= v.to;

/** GET /businesses/{id}/recommendations query: a range of nights (default: the next 30), one category or all. */
export const recommendationsQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional(), category: z.uuid().optional() })
  .refine(rangeRefine, { message: "pricing:validation.rangeReversed", path: ["to"] });

/**
 * POST /businesses/{id}/recommendations/accept and /reject: one night (`night`), a range
 * (`from`–`to`), or every pending one (`all: true`); one category or all.
 */
export const recommendationDecisionSchema = z
  .object({
    category: z.uuid().optional(),
    night: isoDate.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    all: z.boolean().optional(),
    /** Only this field's recommendations (absent: the price and the stay rules alike). */
    field: z.enum(RECOMMENDED_FIELDS).optional(),
  })
  .refine(rangeRefine, { message: "pricing:validation.rangeReversed", path: ["to"] })
  .refine((v) => v.all === true || v.night !== undefined || (v.from !== undefined && v.to !== undefined), { message: "pricing:validation.dateOrRange", path: ["night"] });
export type RecommendationDecision = z.output<typeof recommendationDecisionSchema>;

/** POST /businesses/{id}/recommendations/undo: the prices of `moment` back on one category's `from`–`to`. */
export const undoSchema = z
  .object({ category: z.uuid(), from: isoDate, to: isoDate, moment: isoInstant, kind: z.enum(["price", "stay_rules"]).default("price") })
  .refine(rangeRefine, { message: "pricing:validation.rangeReversed", path: ["to"] });
export type UndoInput = z.output<typeof undoSchema>;
